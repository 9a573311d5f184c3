import Foundation
import Testing

@testable import Routes

@Suite struct RouteRequestTests {
    @Test func hostBecomesTheFirstSegmentWhenItHasNoDot() {
        #expect(segments("myapp://user/view/7") == ["user", "view", "7"])
        #expect(segments("https://example.com/user/view/7") == ["user", "view", "7"])
        #expect(segments("myapp://localhost/user") == ["user"])
        #expect(
            segments("https://example.com/user", options: .treatHostAsPathComponent) == [
                "example.com", "user",
            ])
        #expect(
            segments("myapp://localhost/user", options: .treatHostAsPathComponent) == ["localhost", "user"])
    }

    @Test func oneLeadingAndOneTrailingSlashAreRemoved() {
        #expect(segments("myapp://") == [""])
        #expect(segments("myapp:///") == [""])
        #expect(segments("myapp://user/") == ["user"])
        #expect(segments("myapp://user//") == ["user", ""])
        #expect(segments("/a/b/") == ["a", "b"])
        #expect(segments("//example.com//a//") == ["", "a", ""])
        #expect(segments("myapp:user/view") == ["user", "view"])
    }

    @Test func fragmentPathIsAppendedWithAHash() {
        #expect(segments("myapp://user#/view/7?ref=a") == ["user#", "view", "7"])
        #expect(segments("myapp://user#") == ["user#"])
        // The host joins the path as JLRoutes' `appendingPathComponent` does, dropping the trailing "/".
        #expect(segments("myapp://user/#/view") == ["user#", "view"])
        #expect(segments("myapp://a.b/c/#/view") == ["c", "#", "view"])
        #expect(segments("myapp://a.b/c#d") == ["c#d"])
    }

    @Test func fragmentMadeOfQueryItemsJoinsTheQuery() throws {
        let request = try #require(
            URLParts(string: "myapp://user?a=1#foo=bar&x=y").map {
                RouteRequest(parts: $0, options: [], readsAnchors: false)
            })
        #expect(request.encodedSegments == ["user"])
        var items: [String] = []
        request.forEachQueryItem { name, value in
            items.append("\(name)=\(value)")
            return true
        }
        #expect(items == ["a=1", "foo=bar", "x=y"])
        // A first item without a value does not make the fragment a query.
        #expect(segments("myapp://user#foo&x=y") == ["user#foo&x=y"])
    }

    /// Issue 15, finding 8: the host segment is compared ignoring ASCII case, in the bytes that
    /// came from the host only; `verdict(for:)` (for explanations) must agree with routing.
    @Test func theHostSegmentsVerdictIgnoresCaseInTheHostsBytesOnly() throws {
        func verdict(_ url: String, _ pattern: String, _ options: RouteOptions = []) throws -> PatternVerdict
        {
            let parts = try #require(URLParts(string: url))
            let definition = try #require(Router().default.add(pattern: pattern).first)
            return RouteRequest(parts: parts, options: options, readsAnchors: false).verdict(
                for: definition.parsed)
        }
        #expect(try verdict("FOOBAR://FOO/bar", "/foo/bar") == .matches)
        #expect(try verdict("myapp://f%4FO/bar", "/Foo/bar") == .matches)
        #expect(try verdict("myapp://USER#/Tab", "/user#/Tab") == .matches)
        #expect(try verdict("myapp://USER#Ab/x", "/user#Ab/x") == .matches)
        #expect(try verdict("myapp://USER#Ab/x", "/user#ab/x") != .matches)
        #expect(try verdict("myapp://foo/BAR", "/foo/bar") != .matches)
        #expect(try verdict("https://Example.COM/p", "/example.com/p", .treatHostAsPathComponent) == .matches)
        #expect(try verdict("https://Example.COM/p", "/p") == .matches)
        #expect(try verdict("myapp://%E9x/p", "/%E9X/p") == .matches)  // undecodable: compared as written
        // Segments are still written as in the URL.
        let parts = try #require(URLParts(string: "FOOBAR://FOO/bar"))
        #expect(
            RouteRequest(parts: parts, options: [], readsAnchors: false).encodedSegments == ["FOO", "bar"])
    }

    @Test func queryItemsKeepOrderAndValuelessNames() throws {
        let text = "a=1&b&&=x&c=&d=1=2&"
        var reader = QueryItems(text, query: 0..<text.utf8.count, plusAsSpace: false)
        var items: [(name: Substring, value: Substring?)] = []
        while let item = reader.nextWritten() { items.append(item) }
        #expect(items.map(\.name) == ["a", "b", "c", "d"])
        #expect(items.map(\.value) == ["1", nil, "", "1=2"])
    }
}
