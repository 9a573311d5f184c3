extension RoutePattern {
    /// Text after a `#` of a segment that a table reading web anchors reads as an anchor, and
    /// so never as part of the path (the "Routing rules" article, *Web anchors*).
    package struct AnchorText {
        /// The text after the `#` (`comments` for `post#comments`).
        package let anchor: String
        /// Whether the pattern matches no URL in such a table: a template's fixed text is compared
        /// with the URL as written, where the `#` is never part of the path; a literal is still
        /// matched by a `#` written `%23`.
        package let matchesNoURL: Bool
    }

    /// The first literal or template with text after a `#` that does not start with `/` or `?`
    /// (`post#comments`, `{id:int}#{anchor}`): in a table that reads web anchors, a URL's
    /// fragment that starts with that text is an anchor. `nil` when there is none. Lint and the
    /// universal-links file read it here.
    package var textReadAsAnchor: AnchorText? {
        withSegmentReader { reader in
            for segment in reader where segment.kind == .literal || segment.kind == .template {
                // A literal's decoded text is what a URL's segment is compared with.
                let text = segment.kind == .literal ? segment.key : segment.written
                guard let hash = text.firstIndex(of: .hash), hash + 1 < text.count,
                    text[hash + 1] != .slash, text[hash + 1] != .questionMark
                else { continue }
                return AnchorText(
                    anchor: String(decoding: text[(hash + 1)...], as: UTF8.self),
                    matchesNoURL: segment.kind == .template)
            }
            return nil
        }
    }
}
