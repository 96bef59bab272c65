import Foundation
import XpediteProtocol

/// The CSV form of exported responses (docs/notify-api.md#exporting-responses, RFC 4180): a
/// header row of the fixed columns and one column per field id, then one row per response. A
/// cell that starts with `=`, `+`, `-` or `@` gets a leading `'` so that a spreadsheet never
/// reads it as a formula; a cell holding a comma, a quote or a line break is quoted, its quotes
/// doubled. Lines end with CRLF. Field values become cells as
/// docs/decisions/0442-what-a-csv-cell-holds.md says.
public struct ResponseCSV: Sendable {
    /// The columns every export starts with.
    public static let fixedColumns = ["responseId", "messageId", "request", "username", "deviceId", "submitValue", "receivedAt"]

    /// The field ids after the fixed columns.
    public let fieldIds: [String]

    /// A CSV form with these field columns.
    public init(fieldIds: [String]) {
        self.fieldIds = fieldIds
    }

    /// The header row, with its line break.
    public var header: String {
        Self.row(Self.fixedColumns + fieldIds)
    }

    /// The row of one response object (canonical JSON text), with its line break.
    ///
    /// - Throws: `StoreError.corrupt` when the stored text is not a response object.
    public func row(_ json: Data) throws -> String {
        let row: Row
        do {
            // Foundation's decoder reads the text; only the members the row needs become values.
            row = try JSONDecoder().decode(Row.self, from: json)
        } catch {
            throw StoreError.corrupt("a stored response is not a response object: \(error)")
        }
        var cells = [row.responseId, row.messageId, row.request, row.username, row.deviceId].map { $0 ?? "" }
        cells.append(row.submitValue.map(Self.cell) ?? "")
        cells.append(row.receivedAt ?? "")
        for id in fieldIds { cells.append(row.values?[id].map(Self.cell) ?? "") }
        return Self.row(cells)
    }

    /// The members of a response object a row shows.
    struct Row: Decodable {
        var responseId: String?
        var messageId: String?
        var request: String?
        var username: String?
        var deviceId: String?
        var submitValue: JSONValue?
        var receivedAt: String?
        var values: [String: JSONValue]?
    }

    /// The text of a value in a cell: a string as it is, a number as JSON writes it, `true` or
    /// `false`, nothing for `null`; a location (`{latitude, longitude}` or a GeoJSON point) as
    /// `lat,lon`; a list of plain values (the choices of a checkbox) joined with `; `; anything
    /// else as its canonical JSON.
    public static func cell(_ value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONValue.format(number: number)
        case .string(let text): return text
        case .array(let items):
            if items.allSatisfy({ if case .array = $0 { false } else if case .object = $0 { false } else { true } }) {
                return items.map(cell).joined(separator: "; ")
            }
            return CanonicalJSON.string(value)
        case .object(let object):
            if let latitude = object["latitude"]?.numberValue, let longitude = object["longitude"]?.numberValue {
                return "\(JSONValue.format(number: latitude)),\(JSONValue.format(number: longitude))"
            }
            if object["type"]?.stringValue == "Point", let coordinates = object["coordinates"]?.arrayValue,
               coordinates.count >= 2, let longitude = coordinates[0].numberValue, let latitude = coordinates[1].numberValue {
                return "\(JSONValue.format(number: latitude)),\(JSONValue.format(number: longitude))"
            }
            return CanonicalJSON.string(value)
        }
    }

    /// One CSV line of cells: each made safe from formulas and quoted as RFC 4180 asks.
    public static func row(_ cells: [String]) -> String {
        cells.map(escape).joined(separator: ",") + "\r\n"
    }

    /// A cell made safe from formulas (a leading `'` before `=`, `+`, `-`, `@`) and quoted when it
    /// holds a comma, a quote or a line break.
    public static func escape(_ cell: String) -> String {
        var text = cell
        if let first = text.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
