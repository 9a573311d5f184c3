import Foundation
import Testing

@testable import Routes

/// The typed accessors read a route value or query text directly (`RouteParameters.holdsText`),
/// without going through `Any`. These tests check that this gives exactly the answers of the
/// general rule: take `params[key]`, return it if it already has the type, else convert its
/// first text (`ParameterText`).
@Suite struct TypedFastPathTests {
    /// The general rule, through `Any`, as `value(_:as:)` applies it to any other type.
    func throughAny<Value>(_ params: RouteParameters, _ key: String, as type: Value.Type) -> Value? {
        guard let raw = params[key] else { return nil }
        if let value = raw as? Value { return value }
        return ParameterText.firstText(of: raw).flatMap { ParameterText.value($0, as: type) }
    }

    func expectSameAnswers(_ params: RouteParameters, _ key: String) {
        #expect(params.string(key) == throughAny(params, key, as: String.self), "string \(key)")
        #expect(params.int(key) == throughAny(params, key, as: Int.self), "int \(key)")
        #expect(params.bool(key) == throughAny(params, key, as: Bool.self), "bool \(key)")
        let double = params.double(key)
        let expected = throughAny(params, key, as: Double.self)
        #expect(double == expected || (double?.isNaN == true && expected?.isNaN == true), "double \(key)")
        #expect(params.value(key, as: UUID.self) == throughAny(params, key, as: UUID.self), "UUID \(key)")
        #expect(params.value(key, as: URL.self) == throughAny(params, key, as: URL.self), "URL \(key)")
        #expect(params.value(key, as: String.self) == params.string(key), "value(as: String) \(key)")
        #expect(params.value(key, as: Int.self) == params.int(key), "value(as: Int) \(key)")
    }

    /// Every key of the parameters, plus keys that are not there.
    func keys(_ params: RouteParameters) -> [String] {
        Array(params.dictionary.keys) + ["missing", "", "v ", RouteParameters.Keys.wildcard]
    }

    static let urls = [
        "myapp://p/42/x?v=7&v=8&flag=YES&lat=-1.5e3&name=Ada+L&empty=&bare&id=evil",
        "myapp://p/%2D12/x?u=E621E1F8-C36C-495A-93FC-0C247A3E6E5F&next=https%3A%2F%2Fexample.com%2Fa",
        "myapp://p/nan/x#/frag?q=1&q=two&inf=inf",
        "myapp://p/0x1F/x?%76=encoded+name&v=first&n=%2B5&d=1_000",
        "myapp://p/true/x?a=%E2%9C%93&b=+1&c=1.0.0&v=00042",
    ]

    @Test(arguments: urls)
    func routeValuesAndQueryTextReadAsThroughAny(url: String) throws {
        let router = Router()
        var seen: [RouteParameters] = []
        router.default.add(pattern: "/p/:id/:rest") { params in
            seen.append(params)
            return true
        }
        router.default.add(pattern: "/p/:id/x#/frag") { params in
            seen.append(params)
            return true
        }
        #expect(router.route(to: url))
        let params = try #require(seen.first)
        for key in keys(params) { expectSameAnswers(params, key) }
    }

    /// `int(_:)` reads a route value's digits in place (`ParameterText.int(fromDigits:)`): the
    /// same answers as `Int(text)`, for signs, leading zeros, the limits, overflow, `+` read as a
    /// space or not, escapes and a fragment's `#`.
    @Test(arguments: [false, true]) func routeIntegersReadAsIntOfTheirText(plusIsSpace: Bool) throws {
        let values = [
            "0", "7", "-0", "+5", "-", "+", "007", "12a", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "99999999999999999999", "%35", "1%30",
            "--1", "+-1", " 1", "1e3", "٣",
            // 18 digits, the most the unchecked loop reads; 19 go through the checked one.
            "999999999999999999", "-999999999999999999", "+000000000000000001", "1000000000000000000",
            "-1000000000000000000",
        ]
        let router = Router()
        if !plusIsSpace { router.default.options = [] }
        var seen: RouteParameters?
        router.default.add(pattern: "/n/:v") { params in
            seen = params
            return true
        }
        for value in values {
            let encoded = value.addingPercentEncoding(
                withAllowedCharacters: .urlPathAllowed.subtracting(["+"]))!
            for url in [
                "myapp://n/\(value.contains(" ") || value == "٣" ? encoded : value)", "myapp://n/\(encoded)#",
            ] {
                seen = nil
                guard router.route(to: url) else { continue }
                let params = try #require(seen)
                #expect(params.int("v") == params.string("v").flatMap { Int($0) }, "\(url)")
            }
        }
        var bytes: [UInt8] = Array("-123".utf8)
        #expect(
            bytes.withUnsafeBufferPointer { ParameterText.int(fromDigits: $0, plusIsSpace: false) } == -123)
        bytes = Array("+12".utf8)
        #expect(bytes.withUnsafeBufferPointer { ParameterText.int(fromDigits: $0, plusIsSpace: true) } == nil)
    }

    @Test func extraParametersReservedKeysAndWildcardReadAsThroughAny() throws {
        let router = Router()
        var seen: RouteParameters?
        router.default.add(pattern: "/files/:id/*") { params in
            seen = params
            return true
        }
        let extra: [String: Any] = [
            "id": 9, "count": "12", "list": ["3", "4"], "numbers": [5, 6], "maybe": Int?.some(7) as Any,
            "none": Int?.none as Any, "flag": true, "ratio": 0.25, "v": "extra wins",
        ]
        #expect(router.route(to: "myapp://files/1/a/b?v=query&count=1", parameters: extra))
        let params = try #require(seen)
        for key in keys(params) + Array(extra.keys) { expectSameAnswers(params, key) }
        // The extra parameter wins over the route value and the query item, typed or not.
        #expect(params.int("id") == 9)
        #expect(params.string("v") == "extra wins")
        #expect(params.string(RouteParameters.Keys.pattern) == "/files/:id/*")
        #expect(params.string(RouteParameters.Keys.wildcard) == "a")
    }
}
