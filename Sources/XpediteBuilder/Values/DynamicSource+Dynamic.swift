import XpediteProtocol

extension DynamicSource {
    /// Rows fetched page by page from the server function `function` (docs/protocol/tables.md).
    ///
    /// ```swift
    /// Table(data: .dynamic("listCustomers")) { … }
    /// Table(data: .dynamic("listCustomers", parameters: ["country": "AU"])) { … }
    /// ```
    ///
    /// - Parameters:
    ///   - function: the server function that returns the rows.
    ///   - parameters: a filter sent with every page request; the source is then written as a
    ///     method dict (`{"dynamic": {"function": …, "parameters": …}}`).
    public static func dynamic(_ function: String, parameters: [String: JSONValue]? = nil) -> DynamicSource {
        DynamicSource(MethodCall(function: function, parameters: parameters))
    }
}
