/// The hosts a table accepts (``RouteTable/hosts``): exact names, or `*.domain` for any
/// subdomain of `domain` (not `domain` itself). Compared ignoring case, after percent-decoding.
struct HostFilter {
    private var exact: Set<String> = []
    private var suffixes: [String] = []

    init(_ hosts: [String]) {
        for host in hosts.map({ String(decoding: $0.utf8.map(HostFilter.asciiLowercased), as: UTF8.self) }) {
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
        // ASCII case folding only: a Unicode fold would let "\u{212A}" (the Kelvin sign) pass for "k".
        let name = String(
            decoding: PercentDecoding.decodeOrKeep(host).utf8.map(HostFilter.asciiLowercased), as: UTF8.self)
        if exact.contains(name) { return true }
        return suffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
