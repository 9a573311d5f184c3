import Foundation
import Testing

@testable import RoutesCLI

/// `routes aasa check FILE`: a file checked against the table, text and JSON, exit statuses.
@Suite struct AASACheckCommandTests {
    let table = """
        @https hosts=example.com
        https /post/:id
        https /settings
        https /post/:id/edit declines
        """

    func file(_ components: String) throws -> String {
        let json = #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [\#(components)]}]}}"#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aasa-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func agreementExitsZero() throws {
        let aasa = try file(#"{ "/": "/post/*" }, { "/": "/settings" }"#)
        let result = routes("aasa", "check", aasa, "--table", try temporaryTable(table))
        #expect(result.status == 0)
        #expect(result.stdout == "the file and the routes agree\n")
    }

    @Test func findingsNameTheRouteAndTheEntryAndExitOne() throws {
        let aasa = try file(#"{ "/": "/post/*" }, { "/": "/shop/*" }"#)
        let result = routes("aasa", "check", aasa, "--table", try temporaryTable(table))
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                example.com:
                  routed, not admitted: /settings: https://example.com/settings is not admitted (no entry matches)
                  admitted, not routed: applinks.details[0].components[1] { "/": "/shop/*" } admits \
                https://example.com/shop/1, which no route handles

                """)
    }

    @Test func json() throws {
        let aasa = try file(#"{ "/": "/settings", "exclude": true }, { "/": "/post/*" }"#)
        let result = routes(
            "aasa", "check", aasa, "--table", try temporaryTable(table), "--host", "example.com", "--json")
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                {
                  "file": "\(aasa)",
                  "hosts": [
                    "example.com"
                  ],
                  "agree": false,
                  "notAdmitted": [
                    {
                      "host": "example.com",
                      "pattern": "/settings",
                      "link": "https://example.com/settings",
                      "excludedBy": "applinks.details[0].components[0]"
                    }
                  ],
                  "unrouted": [],
                  "unchecked": []
                }

                """)
    }

    @Test func aMalformedFileOrNoHostIsInvalidInput() throws {
        let bad = try file(#"{ "/": "/post/*", "exclude": "yes" }"#)
        let result = routes("aasa", "check", bad, "--table", try temporaryTable(table))
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "error: \(bad): applinks.details[0].components[0].exclude: expected a boolean, found a string\n"
        )
        let missing = routes("aasa", "check", "/nonexistent/aasa.json")
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: cannot read /nonexistent/aasa.json: no such file or unreadable\n")
        let noHost = routes(
            "aasa", "check", try file(#"{ "/": "/*" }"#), "--table", try temporaryTable("https /a"))
        #expect(noHost.status == 2)
        #expect(noHost.stderr == "error: give --host: the table's https routes list no host\n")
    }

    @Test func theAASACommandStillPrintsTheFile() {
        let result = routes("aasa", "--app-id", "ABCDE12345.com.example.app")
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""applinks""#))
    }
}
