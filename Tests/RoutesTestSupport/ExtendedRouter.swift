import Routes

/// A router whose `myapp` table reads braces, and the patterns each URL reached.
func extended(_ patterns: [String]) -> (Router, () -> [String]) {
    let router = Router()
    router.myapp.options.insert(.extendedPatterns)
    var reached: [String] = []
    for pattern in patterns {
        router.myapp.add(pattern: pattern) { params in
            reached.append(
                "\(pattern) \(params.dictionary.filter { !$0.key.hasPrefix("JLRoute") }.sorted { $0.key < $1.key })"
            )
            return true
        }
    }
    return (
        router,
        {
            defer { reached = [] }
            return reached
        }
    )
}
