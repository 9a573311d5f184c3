import Foundation
import Testing

@testable import RoutesCLI

@Suite struct SampleTableTests {
    /// The built-in table and `Tools/sample-routes.txt` must not drift apart.
    @Test func builtInTableEqualsTheShippedFile() throws {
        let text = try String(
            contentsOf: toolsDirectory.appendingPathComponent("sample-routes.txt"), encoding: .utf8)
        let shipped = RouteTableFile.parse(text, name: "sample")
        let builtIn = RouteTableFile.parse(SampleTable.text, name: "sample")
        #expect(shipped.diagnostics.isEmpty)
        #expect(builtIn == shipped)
        #expect(LoadedTable(builtIn).router.description == LoadedTable(shipped).router.description)
        #expect(
            routes("show").stdout
                == routes("show", "--table", toolsDirectory.path + "/sample-routes.txt").stdout)
    }

    @Test func coversTheFeaturesOfARealisticApp() {
        let file = RouteTableFile.parse(SampleTable.text, name: "sample")
        let patterns = file.routes.map(\.pattern)
        for pattern in [
            "/user/view/:id", "/user/:id/posts(/:tab)", "/settings(/:section)", "/search", "/docs#/:page",
            "/files/*",
        ] {
            #expect(patterns.contains(pattern))
        }
        #expect(file.tables.first { $0.scheme == "https" }?.hosts == ["example.com", "*.example.com"])
        #expect(file.routes.contains { $0.priority != 0 })
    }

    @Test func show() {
        let result = routes("show")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("global table (JLRoutesGlobalRoutesScheme)\n  /home  priority 0\n"))
        #expect(result.stdout.contains("table https [hosts example.com, *.example.com]\n"))
        // Guards first, then the definitions in routing order, redirects with their targets.
        #expect(
            result.stdout.contains(
                "table myapp [falls back]\n  guard /files/private/*\n  /user/new  priority 10\n"))
        #expect(result.stdout.contains("  /u/:id  priority 0  redirects to /user/:id\n"))
    }
}
