import Foundation
import Testing

@testable import Routes

@Test func smoke() throws {
    let router = Router()
    var got: [String: Any] = [:]
    router.default.add(pattern: "/user/view/:userID") { params in
        got = params.dictionary
        return true
    }
    #expect(router.route(to: "myapp://user/view/7?userID=evil&a=1&a=2#x=y"))
    #expect(got["userID"] as? String == "7")
    #expect(got["a"] as? [String] == ["1", "2"])
    #expect(got["x"] as? String == "y")
    #expect(got[Definition.Keys.scheme] as? String == Router.defaultScheme)
    #expect(
        try Router.expand(pattern: "/the(/foo/:a)(/bar/:b)") == [
            "/the/foo/:a/bar/:b", "/the/foo/:a", "/the/bar/:b", "/the",
        ])
}
