import Foundation

/// An `apple-app-site-association` file, read, which decides as the system does whether a
/// universal link opens an app.
///
/// It reads the `applinks` part as Apple documents it: `details` with `appIDs` (or `appID`)
/// and `components` (`/`, `?` as a pattern or per query item, `#`, `exclude`, `caseSensitive`,
/// `percentEncoded`, `comment`) or the legacy `paths` (`NOT ` excludes), the `defaults` of the
/// file and of each detail, and `substitutionVariables`, the predefined ones included
/// (`$(alpha)`, `$(upper)`, `$(lower)`, `$(alnum)`, `$(digit)`, `$(xdigit)`, `$(region)`,
/// `$(lang)`). The entries are tried in order, and the first that matches a URL decides.
///
/// ```swift
/// let file = try AppSiteAssociationFile(json: """
///     {"applinks": {"details": [{
///         "appIDs": ["ABCDE12345.com.example.app"],
///         "components": [{ "/": "/buy/*" }]
///     }]}}
///     """)
/// file.admits(URL(string: "https://example.com/buy/7")!)   // true
/// file.admits(URL(string: "https://example.com/sell/7")!)  // false
/// ```
///
/// Check a file against the app's routes with ``Routes/Router/checkUniversalLinks(_:hosts:appID:declines:)``.
public struct AppSiteAssociationFile: Sendable, Equatable {
    /// Every pattern of the file, in the order the system tries them.
    ///
    /// ```swift
    /// for entry in file.entries { print(entry) }
    /// // applinks.details[0].components[0] { "/": "/buy/*" }
    /// ```
    public let entries: [Entry]

    /// Reads a file's JSON text.
    ///
    /// ```swift
    /// let text = try String(contentsOfFile: "aasa.json", encoding: .utf8)
    /// let file = try AppSiteAssociationFile(json: text)
    /// ```
    /// - Parameter json: the whole file; other services (`webcredentials`, `appclips`) are
    ///   ignored.
    /// - Throws: ``FormatError``, naming the key path of the first value it cannot read.
    public init(json: String) throws(FormatError) {
        try self.init(data: Data(json.utf8))
    }

    /// Reads a file's bytes (UTF-8 JSON).
    ///
    /// ```swift
    /// let data = try Data(contentsOf: fileURL)
    /// let file = try AppSiteAssociationFile(data: data)
    /// ```
    /// - Parameter data: the whole file.
    /// - Throws: ``FormatError``, naming the key path of the first value it cannot read.
    public init(data: Data) throws(FormatError) {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw FormatError(keyPath: "(root)", reason: "not valid JSON")
        }
        var reader = FileReader()
        entries = try reader.entries(root)
    }

    /// The entry that decides for a URL: the first that matches it, or `nil` when none does
    /// (the URL opens in the browser).
    ///
    /// ```swift
    /// let url = URL(string: "https://example.com/help/website/faq")!
    /// file.decidingEntry(for: url)?.isExcluded  // true
    /// ```
    /// - Parameter url: a universal link; only its path, query and fragment count.
    /// - Returns: the first entry whose patterns all match the URL.
    public func decidingEntry(for url: URL) -> Entry? {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        return entries.first { $0.matches(parts) }
    }

    /// Whether a URL opens an app: the entry that decides admits it, for that app.
    ///
    /// ```swift
    /// file.admits(URL(string: "https://example.com/buy/7")!)  // true
    /// file.admits(
    ///     URL(string: "https://example.com/buy/7")!,
    ///     appID: "ABCDE12345.com.example.other")  // false
    /// ```
    /// - Parameters:
    ///   - url: a universal link.
    ///   - appID: the app, as `TEAMID.bundle.identifier`; `nil` for any app of the file.
    /// - Returns: whether the first matching entry is not an exclusion and names the app.
    public func admits(_ url: URL, appID: String? = nil) -> Bool {
        guard let entry = decidingEntry(for: url), !entry.isExcluded else { return false }
        return appID.map(entry.appIDs.contains) ?? true
    }
}

/// Reads the JSON of a file into entries, keeping the key path of what it reads for errors.
private struct FileReader {
    /// The settings in force: the file's defaults, then a detail's.
    struct Settings {
        var caseSensitive = true
        var percentEncoded = true
    }

    var variables = SubstitutionVariables.predefined

    mutating func entries(_ root: JSONValue) throws(AppSiteAssociationFile.FormatError)
        -> [AppSiteAssociationFile.Entry]
    {
        let rootObject = try object(root, "(root)")
        guard let applinks = rootObject["applinks"] else { throw error("applinks", "missing") }
        let links = try object(applinks, "applinks")
        try allow(links, ["details", "defaults", "substitutionVariables", "apps"], "applinks")
        var settings = Settings()
        if let defaults = links["defaults"] {
            settings = try read(defaults, over: settings, "applinks.defaults")
        }
        if let custom = links["substitutionVariables"] {
            for (name, values) in try object(custom, "applinks.substitutionVariables") {
                let path = "applinks.substitutionVariables" + key(name)
                guard !name.contains(where: { "$()".contains($0) }) else {
                    throw error(path, "a variable's name cannot contain $, ( or )")
                }
                variables[name] = try strings(values, path)
            }
        }
        guard let details = links["details"] else { throw error("applinks.details", "missing") }
        var entries: [AppSiteAssociationFile.Entry] = []
        switch details {
        case .object(let byApp):
            // The oldest form: each app ID a key, its value holding `paths`.
            for (appID, detail) in byApp.sorted(by: { $0.key < $1.key }) {
                let path = "applinks.details" + key(appID)
                entries += try self.detail(detail, appIDs: [appID], settings, path)
            }
        default:
            for (index, detail) in try array(details, "applinks.details").enumerated() {
                entries += try self.detail(detail, appIDs: nil, settings, "applinks.details[\(index)]")
            }
        }
        return entries
    }

    private func detail(_ value: JSONValue, appIDs given: [String]?, _ inherited: Settings, _ path: String)
        throws(AppSiteAssociationFile.FormatError) -> [AppSiteAssociationFile.Entry]
    {
        let detail = try object(value, path)
        try allow(detail, ["appID", "appIDs", "components", "paths", "defaults"], path)
        var appIDs = given ?? []
        if let ids = detail["appIDs"] { appIDs += try strings(ids, path + ".appIDs") }
        if let id = detail["appID"] { appIDs.append(try string(id, path + ".appID")) }
        guard !appIDs.isEmpty else { throw error(path, "no appIDs or appID") }
        var settings = inherited
        if let defaults = detail["defaults"] {
            settings = try read(defaults, over: settings, path + ".defaults")
        }
        var entries: [AppSiteAssociationFile.Entry] = []
        if let components = detail["components"] {
            for (index, component) in try array(components, path + ".components").enumerated() {
                entries.append(
                    try self.component(component, appIDs, settings, path + ".components[\(index)]"))
            }
        }
        if let paths = detail["paths"] {
            for (index, text) in try strings(paths, path + ".paths").enumerated() {
                let excluded = text.hasPrefix("NOT ")
                let pattern = excluded ? String(text.dropFirst(4)) : text
                entries.append(
                    try entry(
                        path + ".paths[\(index)]", appIDs, settings, path: pattern, query: nil,
                        fragment: nil, excluded: excluded, comment: nil))
            }
        }
        if detail["components"] == nil && detail["paths"] == nil {
            throw error(path, "no components or paths")
        }
        return entries
    }

    private func component(_ value: JSONValue, _ appIDs: [String], _ inherited: Settings, _ path: String)
        throws(AppSiteAssociationFile.FormatError) -> AppSiteAssociationFile.Entry
    {
        let component = try object(value, path)
        try allow(component, ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"], path)
        let settings = try read(value, over: inherited, path)
        var query: AppSiteAssociationFile.Entry.Query?
        switch component["?"] {
        case nil: break
        case .string(let pattern)?: query = .pattern(pattern)
        case .object(let items)?:
            var patterns: [String: String] = [:]
            for (name, value) in items { patterns[name] = try string(value, path + key("?") + key(name)) }
            query = .items(patterns)
        case let other?: throw error(path + key("?"), "expected a string or an object, found " + other.kind)
        }
        return try entry(
            path, appIDs, settings,
            path: try component["/"].map { value throws(AppSiteAssociationFile.FormatError) in
                try string(value, path + key("/"))
            },
            query: query,
            fragment: try component["#"].map { value throws(AppSiteAssociationFile.FormatError) in
                try string(value, path + key("#"))
            },
            excluded: try component["exclude"].map { value throws(AppSiteAssociationFile.FormatError) in
                try bool(value, path + ".exclude")
            } ?? false,
            comment: try component["comment"].map { value throws(AppSiteAssociationFile.FormatError) in
                try string(value, path + ".comment")
            })
    }

    private func entry(
        _ keyPath: String, _ appIDs: [String], _ settings: Settings, path: String?,
        query: AppSiteAssociationFile.Entry.Query?, fragment: String?, excluded: Bool, comment: String?
    ) throws(AppSiteAssociationFile.FormatError) -> AppSiteAssociationFile.Entry {
        func compiled(_ text: String?, _ where: String) throws(AppSiteAssociationFile.FormatError)
            -> LinkPattern?
        {
            guard let text else { return nil }
            do throws(LinkPattern.UnknownVariable) {
                return try LinkPattern(text, variables: variables, caseSensitive: settings.caseSensitive)
            } catch {
                throw self.error(`where`, "no substitution variable named \(error.name)")
            }
        }
        let isLegacy = keyPath.hasSuffix("]") && keyPath.contains(".paths[")
        var itemPatterns: [LinkPattern.QueryItem] = []
        var queryPattern: LinkPattern?
        switch query {
        case .pattern(let text)?: queryPattern = try compiled(text, keyPath + key("?"))
        case .items(let items)?:
            for (name, value) in items.sorted(by: { $0.key < $1.key }) {
                let pattern = try compiled(value, keyPath + key("?") + key(name))!
                itemPatterns.append(
                    LinkPattern.QueryItem(
                        name: settings.caseSensitive ? name : name.lowercased(), value: pattern))
            }
        case nil: break
        }
        return AppSiteAssociationFile.Entry(
            keyPath: keyPath, appIDs: appIDs, path: path, query: query, fragment: fragment,
            isExcluded: excluded,
            isCaseSensitive: settings.caseSensitive, isPercentEncoded: settings.percentEncoded,
            comment: comment,
            pathPattern: try compiled(path, isLegacy ? keyPath : keyPath + key("/")),
            queryPattern: queryPattern, queryItemPatterns: itemPatterns,
            fragmentPattern: try compiled(fragment, keyPath + key("#")))
    }

    /// `settings` with the `caseSensitive` and `percentEncoded` of an object (defaults or a
    /// component) applied.
    private func read(_ value: JSONValue, over settings: Settings, _ path: String)
        throws(AppSiteAssociationFile.FormatError) -> Settings
    {
        let object = try object(value, path)
        if path.hasSuffix(".defaults") {
            try allow(object, ["caseSensitive", "percentEncoded", "comment"], path)
        }
        var settings = settings
        if let value = object["caseSensitive"] {
            settings.caseSensitive = try bool(value, path + ".caseSensitive")
        }
        if let value = object["percentEncoded"] {
            settings.percentEncoded = try bool(value, path + ".percentEncoded")
        }
        return settings
    }

    // MARK: Values

    private func error(_ path: String, _ reason: String) -> AppSiteAssociationFile.FormatError {
        AppSiteAssociationFile.FormatError(keyPath: path, reason: reason)
    }

    private func mismatch(_ value: JSONValue, _ expected: String, _ path: String)
        -> AppSiteAssociationFile.FormatError
    {
        error(path, "expected " + expected + ", found " + value.kind)
    }

    /// A key after a key path: `.name` for a plain name, `["/"]` for any other.
    private func key(_ name: String) -> String {
        let plain =
            name.first.map { $0.isLetter && $0.isASCII } == true
            && name.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
        return plain ? "." + name : "[" + JSONText.quoted(name) + "]"
    }

    private func allow(_ object: [String: JSONValue], _ keys: Set<String>, _ path: String)
        throws(AppSiteAssociationFile.FormatError)
    {
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw error(path + key(unknown), "unknown key (known: \(keys.sorted().joined(separator: ", ")))")
        }
    }

    private func object(_ value: JSONValue, _ path: String) throws(AppSiteAssociationFile.FormatError)
        -> [String: JSONValue]
    {
        guard case .object(let object) = value else { throw mismatch(value, "an object", path) }
        return object
    }

    private func array(_ value: JSONValue, _ path: String) throws(AppSiteAssociationFile.FormatError)
        -> [JSONValue]
    {
        guard case .array(let array) = value else { throw mismatch(value, "an array", path) }
        return array
    }

    private func string(_ value: JSONValue, _ path: String) throws(AppSiteAssociationFile.FormatError)
        -> String
    {
        guard case .string(let string) = value else { throw mismatch(value, "a string", path) }
        return string
    }

    private func bool(_ value: JSONValue, _ path: String) throws(AppSiteAssociationFile.FormatError) -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(value, "a boolean", path) }
        return bool
    }

    private func strings(_ value: JSONValue, _ path: String) throws(AppSiteAssociationFile.FormatError)
        -> [String]
    {
        var result: [String] = []
        for (index, element) in try array(value, path).enumerated() {
            result.append(try string(element, path + "[\(index)]"))
        }
        return result
    }
}
