import XpediteProtocol

/// What a request expects back, so the inspector validates each answer as what it is: a screen
/// (docs/protocol/packets.md#top-level-entries), a page of table rows
/// (docs/protocol/tables.md#the-data-answer), the records of an old dynamic menu or the HTML of an
/// old dynamic web view (docs/protocol/menus.md#old-dialect-menus).
enum AnswerKind: String, Sendable, Hashable {
    case screen
    case tableRows = "table rows"
    case menuRecords = "menu records"
    case webHTML = "web HTML"

    /// The issues of `answer` read as this kind: leniently, as the phone reads it, plus an error
    /// at `data` when its shape is not what this kind needs.
    func issues(_ answer: JSONValue) -> [ValidationIssue] {
        let decoder = PacketDecoder(mode: .lenient)
        do {
            switch self {
            case .screen:
                return try decoder.decodeResponse(answer).issues
            case .tableRows, .menuRecords, .webHTML:
                let decoded = try decoder.decodeDataResponse(answer)
                return decoded.issues + payloadIssues(decoded.packet)
            }
        } catch {
            return error.issues
        }
    }

    private func payloadIssues(_ response: DataResponse) -> [ValidationIssue] {
        guard response.rc.isSuccess else { return [] }
        let message: String? = switch (self, response.data) {
        case (.tableRows, .html): "a table expects a list of rows (docs/protocol/tables.md#the-data-answer), not a string"
        case (.menuRecords, .html): "a dynamic menu expects a list of records (docs/protocol/menus.md#old-dialect-menus), not a string"
        case (.webHTML, .rows): "a dynamic web view expects an HTML string (docs/protocol/menus.md#old-dialect-menus), not a list"
        default: nil
        }
        return message.map {
            [ValidationIssue(path: JSONPath.root.appending("data"), code: IssueCode(rawValue: "wrong-data-kind"),
                             severity: .error, message: $0)]
        } ?? []
    }
}
