/// What one run of `routes` produced: the text for standard output and standard error, and the
/// exit status.
///
/// ```swift
/// let result = RoutesCommand.execute(["match", "myapp://user/view/42"])
/// result.status  // 0
/// print(result.stdout)
/// ```
public struct CommandResult: Sendable, Hashable {
    /// Exit statuses of `routes` (usage errors exit with 64, as ArgumentParser does).
    enum Status {
        /// Everything matched; the table has no errors (`lint`: warnings allowed); the pattern is valid.
        static let success: Int32 = 0
        /// A URL was not matched (`match`, `explain`).
        static let failure: Int32 = 1
        /// Invalid input: the table file cannot be read or has errors, or a pattern is invalid.
        static let invalidInput: Int32 = 2
    }

    /// The text for standard output.
    ///
    /// ```swift
    /// result.stdout  // "myapp://user/view/42\n  matched     /user/view/:id\n..."
    /// ```
    public var stdout: String
    /// The text for standard error.
    ///
    /// ```swift
    /// result.stderr  // "routes.txt:3:8: error: ..."
    /// ```
    public var stderr: String
    /// The exit status.
    ///
    /// ```swift
    /// result.status  // 1 when a URL is not matched
    /// ```
    public var status: Int32

    init(stdout: String = "", stderr: String = "", status: Int32 = Status.success) {
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
    }
}
