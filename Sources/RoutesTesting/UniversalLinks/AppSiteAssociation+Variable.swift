#if !ROUTES_ONE_MODULE
    import Routes
#endif

extension AppSiteAssociation {
    /// A substitution variable for a template that is one capture with listed values
    /// (`{tab:posts|likes}`): `$(tab)` in the entries, `"tab": ["posts", "likes"]` in the file's
    /// `substitutionVariables`. Each value is written as a URL writes it (``encoded(_:)``); the
    /// router compares the decoded segment with the values, byte for byte, case included, as
    /// Apple's default `caseSensitive` compares the written text.
    ///
    /// While the entries are made, the variable stands in them as a placeholder (characters no
    /// pattern has), named when the file is written: two templates with the same name and
    /// other values get two variables (`tab`, `tab2`).
    struct Variable: Hashable {
        var name: String
        var values: [String]

        /// The variable of a template that is one capture with listed values, or `nil` (the
        /// template is then `*`): also for values that a variable cannot hold (`$(`, `)`, none).
        init?(_ template: SegmentTemplate) {
            guard template.isOneCapture, let capture = template.captures.first,
                let listed = capture.allowedValues
            else { return nil }
            let values = listed.filter { !$0.isEmpty }.map(AppSiteAssociation.encoded)
            guard !values.isEmpty, !values.contains(where: { $0.contains("$(") || $0.contains(")") }) else {
                return nil
            }
            name = capture.name
            self.values = values
        }

        private init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }

        private static let mark: Character = "\u{1}"
        private static let separator: Character = "\u{2}"

        /// The variable's stand-in in a pattern, until it is named.
        var placeholder: String {
            String(Self.mark) + ([name] + values).joined(separator: String(Self.separator))
                + String(Self.mark)
        }

        /// The components with each placeholder replaced by `$(name)`, and the variables in the
        /// order they first appear. A name is the capture's, unless it is predefined, holds a
        /// character a name cannot have, or an earlier variable has it with other values: then a
        /// number follows it.
        static func named(_ components: [Component]) -> ([Component], [(String, [String])]) {
            var names: [Variable: String] = [:]
            var variables: [(String, [String])] = []
            func replaced(_ pattern: String) -> String {
                let parts = pattern.split(separator: mark, omittingEmptySubsequences: false)
                guard parts.count > 1 else { return pattern }
                var result = ""
                for (index, part) in parts.enumerated() {
                    guard index % 2 == 1 else {
                        result += part
                        continue
                    }
                    let fields = part.split(separator: separator, omittingEmptySubsequences: false).map(
                        String.init)
                    let variable = Variable(name: fields[0], values: Array(fields.dropFirst()))
                    if names[variable] == nil {
                        let base =
                            variable.name.contains(where: { "$()".contains($0) }) ? "value" : variable.name
                        var name = base
                        var number = 1
                        while predefined.contains(name) || variables.contains(where: { $0.0 == name }) {
                            number += 1
                            name = base + String(number)
                        }
                        names[variable] = name
                        variables.append((name, variable.values))
                    }
                    result += "$(" + names[variable]! + ")"
                }
                return result
            }
            let named = components.map { component in
                Component(
                    path: replaced(component.path), fragment: component.fragment.map(replaced),
                    exclude: component.exclude)
            }
            return (named, variables)
        }

        /// The names Apple's system defines.
        private static let predefined: Set<String> = [
            "alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang",
        ]
    }
}
