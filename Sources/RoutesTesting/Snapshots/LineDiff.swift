/// A line diff of two texts, as `diff -u` prints it: removed lines `-`, added lines `+`, two
/// lines of context ` `, hunks apart by `@@`; a text without a final newline is marked
/// `\ No newline at end of file`, so that a difference of one newline shows.
enum LineDiff {
    static func text(expected: String, actual: String, expectedName: String, actualName: String) -> String {
        let (old, oldEndsLine) = lines(expected)
        let (new, newEndsLine) = lines(actual)
        // The longest common subsequence of lines, from the end.
        var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] =
                    old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var script: [(mark: Character, line: String)] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                script.append((" ", old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                script.append(("-", old[i]))
                i += 1
            } else {
                script.append(("+", new[j]))
                j += 1
            }
        }
        // The newline at the end: a last line that has it in one text only differs.
        if oldEndsLine != newEndsLine, let last = script.indices.last, script[last].mark == " " {
            let line = script.removeLast().line
            script += [("-", line), ("+", line)]
        }
        let noNewline = "\\ No newline at end of file"
        var output = ["--- " + expectedName, "+++ " + actualName]
        let changed = script.indices.filter { script[$0].mark != " " }
        var shown = Set<Int>()
        for index in changed { shown.formUnion(max(0, index - 2)...min(script.count - 1, index + 2)) }
        // The last line of each text, after which a missing final newline is marked.
        let lastOld = script.lastIndex { $0.mark != "+" }
        let lastNew = script.lastIndex { $0.mark != "-" }
        var previous: Int?
        for index in shown.sorted() {
            if previous.map({ $0 + 1 != index }) ?? true { output.append("@@") }
            previous = index
            output.append(String(script[index].mark) + script[index].line)
            if (index == lastOld && !oldEndsLine)
                || (index == lastNew && !newEndsLine && script[index].mark == "+")
            {
                output.append(noNewline)
            }
        }
        return output.joined(separator: "\n")
    }

    /// The lines of a text, and whether its last line ends with a newline (an empty text has
    /// no line, and ends as it should).
    private static func lines(_ text: String) -> ([String], Bool) {
        guard !text.isEmpty else { return ([], true) }
        // Cut at each line feed byte (a `Character` `\r\n` holds one): a carriage return stays
        // in its line, shown as `\r` so that line ends that differ show.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            line in
            var bytes: [UInt8] = []
            for byte in line {
                if byte == UInt8(ascii: "\r") {
                    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let endsLine = lines.last == ""
        if endsLine { lines.removeLast() }
        return (lines, endsLine)
    }
}
