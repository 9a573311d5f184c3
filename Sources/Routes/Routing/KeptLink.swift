import Foundation

/// A link that waits for the next `resume()`: its URL and the extra parameters it was routed
/// with (see ``Router/keptLinks``).
///
/// ```swift
/// router.route(to: url, parameters: ["source": "push"])  // held
/// router.keptLinks.first?.parameters["source"]  // "push"
/// ```
public struct KeptLink {
    /// The URL, as ``Router/keptURLs`` lists it.
    ///
    /// ```swift
    /// for link in router.keptLinks {
    ///     print(link.url.absoluteString)  // "myapp://account/orders/7"
    /// }
    /// ```
    public let url: URL
    /// The extra parameters of `route(to:parameters:)` (or of the call that kept it).
    ///
    /// ```swift
    /// for link in router.keptLinks {
    ///     print(link.parameters["source"] as? String ?? "")  // "push"
    /// }
    /// ```
    public let parameters: [String: Any]
}
