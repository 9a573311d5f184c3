/// The built-in sample table: the table `routes` uses without `--table`.
///
/// The same text ships as `Tools/sample-routes.txt`; a test checks that both parse alike.
enum SampleTable {
    static let text = """
        # The sample route table of `routes`: the deep links of a small social app, "myapp", and its
        # universal links on example.com. `routes` uses this table when no --table is given (the same
        # text is built in: Sources/RoutesCLI/SampleTable.swift, checked by the tests).
        #
        # A route line is   [SCHEME] PATTERN [priority=N] [name=LABEL] [declines|may-decline]
        # (no scheme: the global table); a directive is   @SCHEME [fallback] [hosts=LIST] [options=LIST].
        # A '#' at the start of a line or after whitespace starts a comment; inside a pattern
        # (/docs#/:page) it is part of the pattern.

        # Deep links: myapp://user/view/42 (the host "user" is the first path segment).
        # What no myapp route handles is tried on the global table.
        @myapp fallback

        myapp  /user/new                              priority=10   name=new-user    # asked before /user/:id
        myapp  /user/:id                                            name=user
        myapp  /user/view/:id                                       name=user-profile
        myapp  /user/:id/posts(/:tab)                               name=user-posts
        myapp  /post/:postID                                        name=post
        myapp  /post/:postID/comments(/:commentID)                  name=post-comments
        myapp  /settings(/:section)                                 name=settings
        myapp  /search                                              name=search      # ?q=...&scope=...
        myapp  /docs#/:page                                         name=docs-page   # myapp://docs#/intro
        myapp  /files/*                                             name=files

        # Universal links: https://example.com/... and its subdomains, no other host.
        @https hosts=example.com,*.example.com

        https  /user/view/:id                                       name=web-user
        https  /post/:postID(/comments)                             name=web-post
        https  /search                                              name=web-search
        https  /*                                     priority=-100 name=web-other   # open in the browser

        # The global table: URLs of schemes without a table of their own, and myapp's fallback.
        /home                                                       name=home
        /promo/:code                                                name=promo

        # Policy: a redirect line is   [SCHEME] redirect FROM TO [priority=N] [name=LABEL],   a guard line
        # [SCHEME] guard PATTERN refuse|hold.   Old short links: myapp://u/42 is routed as myapp://user/42;
        # links never open the private files.
        myapp  redirect /u/:id /user/:id                            name=short-link
        myapp  guard    /files/private/* refuse
        """
}
