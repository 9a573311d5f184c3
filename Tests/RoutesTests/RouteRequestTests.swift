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
                RouteRequest(parts: $0, options: [])
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

    @Test func queryItemsKeepOrderAndValuelessNames() throws {
        var items: [(name: Substring, value: Substring?)] = []
        RouteRequest.forEachRawQueryItem(in: "a=1&b&&=x&c=&d=1=2&") { name, value in
            items.append((name, value))
            return true
        }
        #expect(items.map(\.name) == ["a", "b", "c", "d"])
        #expect(items.map(\.value) == ["1", nil, "", "1=2"])
    }
}
