/// The hosts a table accepts (``RouteTable/hosts``): exact names, or `*.domain` for any
/// subdomain of `domain` (not `domain` itself). Compared ignoring ASCII case, after
/// percent-decoding (the "Routing rules" article, *Tables, hosts and fallback*).
///
/// A host whose escapes could hide a separator is refused outright: an escape may stand for an
/// ASCII letter, digit, `-`, `_` or `~`, or for a byte of a non-ASCII character (`caf%C3%A9`), and
/// nothing else — not `%2E` (`.`), `%2F` (`/`), `%40` (`@`), `%3A` (`:`) or `%25` (`%`). A host
/// whose escapes do not decode (not UTF-8) is refused too. So `evil.com%2F.example.com` never
/// passes `*.example.com`.
package struct HostFilter {
    private var exact: Set<String> = []
    private var suffixes: [String] = []

    package init(_ hosts: [String]) {
        for host in hosts.map({ $0.asciiLowercased() }) {
            if host.hasPrefix("*.") {
                suffixes.append(String(host.dropFirst()))
            } else {
                exact.insert(host)
            }
        }
    }

    /// Whether a URL with this (percent-encoded) host may be routed; no host never is.
    package func accepts(_ host: Substring?) -> Bool {
        guard let host, !host.isEmpty, let name = HostFilter.decodedName(host) else { return false }
        if exact.contains(name) { return true }
        return suffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// The host decoded and ASCII-lowercased, or `nil` when an escape stands for anything but a
    /// letter, digit, `-`, `_`, `~` or a non-ASCII byte, or when the result is not UTF-8.
    private static func decodedName(_ host: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(host.utf8.count)
        var iterator = host.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == .percent else {
                bytes.append(byte.asciiLowercased)
                continue
            }
            guard let high = iterator.next().flatMap(PercentDecoding.hexValue),
                let low = iterator.next().flatMap(PercentDecoding.hexValue)
            else { return nil }
            let decoded = high << 4 | low
            guard decoded >= 0x80 || isNameByte(decoded) else { return nil }
            bytes.append(decoded.asciiLowercased)
        }
        return PercentDecoding.isValidUTF8(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// An ASCII letter, digit, `-`, `_` or `~`: the unreserved bytes other than `.`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
