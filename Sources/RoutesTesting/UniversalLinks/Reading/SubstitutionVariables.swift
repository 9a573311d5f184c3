import Foundation

/// The substitution variables that every file has, as Apple's documentation of
/// `applinks.substitutionVariables` lists them: each value one character, or an ISO code.
enum SubstitutionVariables {
    static let predefined: [String: [String]] = {
        let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        let lower = upper.map { $0.lowercased() }
        let digits = (0...9).map(String.init)
        return [
            "alpha": upper + lower,
            "upper": upper,
            "lower": lower,
            "alnum": upper + lower + digits,
            "digit": digits,
            "xdigit": digits + ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"],
            "region": NSLocale.isoCountryCodes,
            "lang": NSLocale.isoLanguageCodes,
        ]
    }()
}
