/// The customer list's search, the same on SQLite and PostgreSQL: a substring of the name, email
/// or city, where ASCII letters match in either case and every other character matches only
/// itself (SQLite's `LIKE`; PostgreSQL's `ILIKE` under the `"C"` collation). `%`, `_` and `\`
/// in the search match themselves: they are escaped with `\`.
enum CustomerSearch {
    /// The `LIKE` pattern of `search` (`%…%`, escaped), or `nil` for no filter (no or empty search).
    static func pattern(_ search: String?) -> String? {
        guard let search, !search.isEmpty else { return nil }
        return "%" + escapeLike(search) + "%"
    }

    /// `%`, `_` and `\` preceded by `\`, so they match themselves.
    static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
