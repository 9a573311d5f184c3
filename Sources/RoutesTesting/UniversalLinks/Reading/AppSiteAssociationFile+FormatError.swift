extension AppSiteAssociationFile {
    /// Why a file could not be read, and where: the key path of the value at fault.
    ///
    /// ```swift
    /// do {
    ///     _ = try AppSiteAssociationFile(json: #"{"applinks": {"details": 1}}"#)
    /// } catch {
    ///     print(error)  // applinks.details: expected an array, found a number
    /// }
    /// ```
    public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Where in the file: keys joined with `.`, array positions in brackets.
        ///
        /// ```swift
        /// error.keyPath  // "applinks.details[0].components[2].exclude"
        /// ```
        public let keyPath: String
        /// What is wrong there.
        ///
        /// ```swift
        /// error.reason  // "expected a boolean, found a string"
        /// ```
        public let reason: String

        /// The key path, then the reason.
        ///
        /// ```swift
        /// print(error)  // applinks.details: expected an array, found a number
        /// ```
        public var description: String { keyPath + ": " + reason }
    }
}
