/// The hosts a table accepts (``RouteTable/hosts``): exact names, or `*.domain` for any
/// subdomain of `domain` (not `domain` itself). Compared ignoring case, after percent-decoding.
struct HostFilter {
    private var exact: Set<String> = []
    private var suffixes: [String] = []

    init(_ hosts: [String]) {
        for host in hosts.map({ $0.asciiLowercased() }) {
            if host.hasPrefix("*.") {
                suffixes.append(String(host.dropFirst()))
            } else {
                exact.insert(host)
            }
        }
    }

    /// Whether a URL with this (percent-encoded) host may be routed; no host never is.
    func accepts(_ host: Substring?) -> Bool {
        guard let host, !host.isEmpty else { return false }
        let name = PercentDecoding.decodeOrKeep(host).asciiLowercased()
        if exact.contains(name) { return true }
        return suffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }
}
