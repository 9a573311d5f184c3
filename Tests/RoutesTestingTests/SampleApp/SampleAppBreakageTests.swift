import Foundation
import Routes
import RoutesTesting
import Testing

/// The kit suite's checks still fail when the app is broken on purpose, and name what broke:
/// a route, the guard, the redirect or the universal-links file (issue 37, "Done when").
@MainActor @Suite struct SampleAppBreakageTests {
    /// The report of each check of SampleAppKitTests that fails for an app with `breakage`,
    /// by the check's name. Snapshots are compared, never recorded, here.
    static func failures(of breakage: SampleApp.Breakage) throws -> [String: String] {
        var failures: [String: String] = [:]
        let links = SampleAppKitTests.links(of: SampleApp(breakage: breakage))
        if !links.isEmpty { failures["links"] = "\(links)" }
        let launch = SampleAppKitTests.launch(of: SampleApp(breakage: breakage))
        if !launch.isEmpty { failures["launch"] = "\(launch)" }
        let trips = SampleApp(breakage: breakage).screens.checkRoundTrips()
        if !trips.isEmpty { failures["roundTrips"] = "\(trips)" }
        let table = SampleAppKitTests.routeTable(of: SampleApp(breakage: breakage), environment: [:])
        if !table.matches { failures["routeTable"] = "\(table)" }
        let file = try SampleAppKitTests.universalLinks(of: SampleApp(breakage: breakage))
        if !file.isEmpty { failures["universalLinksFile"] = "\(file)" }
        return failures
    }

    @Test func theIntactAppPassesEveryCheck() throws {
        #expect(try Self.failures(of: .none) == [:])
    }

    /// Each breakage: the checks that fail, and the one whose report names the broken link.
    nonisolated static let breakages: [(SampleApp.Breakage, Set<String>, String, String)] = [
        (.routeChanged, ["links", "launch", "routeTable"], "links", "myapp://user/7/post/3"),
        (.guardNotHolding, ["links", "launch", "routeTable"], "launch", "account/orders"),
        (.redirectElsewhere, ["links", "routeTable"], "links", "myapp://u/7"),
        (
            .universalLinksFileEdited, ["universalLinksFile"], "universalLinksFile",
            "https://example.com/user/1"
        ),
    ]

    @Test(arguments: breakages)
    func aBreakageFailsTheChecksThatNameIt(
        breakage: SampleApp.Breakage, failing: Set<String>, naming: String, link: String
    ) throws {
        let failures = try Self.failures(of: breakage)
        #expect(Set(failures.keys) == failing, "\(breakage): \(failures)")
        #expect(failures[naming]?.contains(link) == true, "\(failures[naming] ?? "passed")")
    }

    /// The link table's report for a changed route: the link, expected and actual stacks.
    @Test func theLinkTableNamesTheLinkOfAChangedRoute() throws {
        let report = SampleAppKitTests.links(of: SampleApp(breakage: .routeChanged))
        let mismatch = try #require(report.mismatches.first)
        #expect(report.mismatches.count == 5)
        #expect(mismatch.link == "myapp://user/7/post/3")
        #expect(mismatch.expected == "the stack [user(7), post(3)]")
        #expect(mismatch.actual.hasPrefix("the stack [user(7)]"))
        let unreached = report.unreached.map { "\($0.pattern) in \($0.scheme)" }
        #expect(unreached == ["/user/:id/posts/:pid in https", "/user/:id/posts/:pid in myapp"])
    }

    /// The link table's report for a legacy link redirected elsewhere.
    @Test func theLinkTableNamesTheLegacyLinkRedirectedElsewhere() throws {
        let report = SampleAppKitTests.links(of: SampleApp(breakage: .redirectElsewhere))
        #expect(
            report.mismatches.map(\.link) == [
                "myapp://u/7", "myapp://u/7?ref=mail", "https://example.com/u/7",
                "https://example.com/u/7/",
            ])
        let mismatch = try #require(report.mismatches.first)
        #expect(mismatch.actual.contains("the stack [post(7)]"), "\(mismatch)")
    }
}
