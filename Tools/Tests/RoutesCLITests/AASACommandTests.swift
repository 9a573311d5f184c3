import Foundation
import Testing

@testable import RoutesCLI

@Suite struct AASACommandTests {
    let appID = "ABCDE12345.com.example.app"

    /// The components of the printed document, each as `{"/": ...}` text with its keys in order.
    func components(_ result: CommandResult) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let root = try #require(object as? [String: Any])
        let applinks = try #require(root["applinks"] as? [String: Any])
        let details = try #require(applinks["details"] as? [[String: Any]])
        let components = try #require(details.first?["components"] as? [[String: Any]])
        return components.map { component in
            ["/", "#", "exclude"].compactMap { key in component[key].map { "\(key)=\($0)" } }
                .joined(separator: " ")
        }
    }

    @Test func theSampleTableGivesItsHttpsRoutes() throws {
        let result = routes("aasa", "--app-id", appID)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            try components(result) == [
                "/=/user/view/*", "/=/post/*/comments", "/=/post/*/comments/", "/=/post/*", "/=/search",
                "/=/search/", "/=/*",
            ])
        #expect(result.stdout.contains(#"{ "/": "/user/view/*" }"#))
        #expect(result.stdout.contains(#"{ "/": "/search" }"#))
        #expect(result.stdout.contains(#""appIDs": ["ABCDE12345.com.example.app"]"#))
    }

    @Test func aHostTheTableDoesNotRouteGetsNoHttpsRoutes() throws {
        #expect(try components(routes("aasa", "--app-id", appID, "--host", "www.example.com")).count == 7)
        let result = routes("aasa", "--app-id", appID, "--host", "example.org")
        #expect(result.status == 0)
        #expect(try components(result) == [])
    }

    @Test func severalAppsAndATableFile() throws {
        let table = try temporaryTable(
            """
            @https fallback hosts=example.com
            https /docs#/:page
            https /post/:id/edit   declines
            https /post/:id
            https /café
            /home
            """)
        let result = routes(
            "aasa", "--table", table, "--app-id", appID, "--app-id", "ABCDE12345.com.example.clip")
        #expect(result.status == 0)
        #expect(
            try components(result) == [
                "/=/post/*/edit exclude=1", "/=/post/*/edit/ exclude=1", "/=/docs #=/*", "/=/docs%23/*",
                "/=/post/*", "/=/caf%C3%A9", "/=/caf%C3%A9/", "/=/home", "/=/home/",
            ])
        #expect(
            result.stdout.contains(
                #""appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.clip"]"#))
    }

    @Test func declinesFromTheTableFile() throws {
        let result = routes("aasa", "--table", fixture("declines.txt"), "--app-id", appID)
        // No https table: the global table routes https URLs; /help declines and nothing else
        // handles it, so it is excluded.
        #expect(try components(result) == ["/=/help exclude=1", "/=/help/ exclude=1", "/=/promo/*"])
    }

    @Test func usageErrors() {
        let missing = routes("aasa")
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--app-id"))
        let invalid = routes("aasa", "--app-id", "com.example.app.")
        #expect(invalid.status == 0, "TEAMID.bundle is all it checks")
        let noDot = routes("aasa", "--app-id", "ABCDE12345")
        #expect(noDot.status == 64)
        #expect(noDot.stderr.contains("is not an app ID"))
        let badHost = routes("aasa", "--app-id", appID, "--host", "https://example.com")
        #expect(badHost.status == 64)
        #expect(badHost.stderr.contains("is not a host name"))
    }

    @Test func aTableWithErrorsIsRefused() {
        let result = routes("aasa", "--table", fixture("broken.txt"), "--app-id", appID)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("has 12 errors"))
    }

    @Test func theExecutablePrintsTheSameDocument() throws {
        let run = try ExecutableTests.run(["aasa", "--app-id", appID])
        let inProcess = routes("aasa", "--app-id", appID)
        #expect(run.status == 0)
        #expect(run.stdout == inProcess.stdout)
        #expect(run.stderr == "")
        let usage = try ExecutableTests.run(["aasa"])
        #expect(usage.status == 64)
    }
}
