import Foundation
import Hummingbird
import NIOCore
import XpediteProtocol

extension TopicsController {
    /// The export formats of `GET /responses`, chosen by `Accept` (docs/notify-api.md#exporting-responses).
    enum ExportFormat: String {
        case csv = "text/csv"
        case ndjson = "application/x-ndjson"

        /// The first export format an `Accept` header names, `nil` for the JSON page.
        init?(accept: String?) {
            guard let accept else { return nil }
            let types = accept.split(separator: ",").map { item in
                (item.split(separator: ";").first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard let format = types.lazy.compactMap(ExportFormat.init(rawValue:)).first else { return nil }
            self = format
        }
    }

    /// The filters of the query (`messageId`, `payloadName`, `username`, `since`, `until`);
    /// `nil` when none is given. A `since` or `until` that is not an RFC 3339 time → 422 at
    /// `$.since` or `$.until`; an unknown `payloadName` matches nothing (decision 0510).
    func filter(_ request: Request, topic: String, always: Bool) throws -> ResponseFilter? {
        let query = request.uri.queryParameters
        let names = ["messageId", "payloadName", "username", "since", "until"]
        guard always || names.contains(where: { query.get($0) != nil }) else { return nil }
        var issues: [ValidationIssue] = []
        func time(_ name: String) -> Date? {
            guard let text = query.get(name) else { return nil }
            if let date = Self.rfc3339(text) { return date }
            issues.append(ValidationIssue(path: JSONPath.root.appending(name), code: .invalidValue, severity: .error,
                                          message: "expected an RFC 3339 time such as 2026-01-02T03:04:05Z, not \"\(text)\""))
            return nil
        }
        let since = time("since")
        let until = time("until")
        if !issues.isEmpty { throw NotifyError.invalid("the query is not valid", issues: issues) }
        return notifier.exports.filter(topic: topic, messageId: query.get("messageId"), payloadName: query.get("payloadName"),
                                      username: query.get("username"), since: since, until: until)
    }

    /// An RFC 3339 time, with or without fractional seconds.
    static func rfc3339(_ text: String) -> Date? {
        for style in [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true)] {
            do {
                return try style.parse(text)
            } catch {
                continue // the next form is tried; the caller reports a time that neither reads
            }
        }
        return nil
    }

    /// The streamed export: CSV or one response object per line, written page by page.
    func export(_ format: ExportFormat, filter: ResponseFilter) async throws -> Response {
        let pages = notifier.exports.pages(filter)
        let csv: ResponseCSV? = format == .csv ? ResponseCSV(fieldIds: try await notifier.exports.fieldIds(filter)) : nil
        let body = ResponseBody { writer in
            var buffer = ByteBuffer()
            if let csv { buffer.writeString(csv.header) }
            for try await page in pages {
                for response in page {
                    if let csv {
                        buffer.writeString(try csv.row(response.json))
                    } else {
                        buffer.writeBytes(response.json)
                        buffer.writeInteger(UInt8(ascii: "\n"))
                    }
                }
                try await writer.write(buffer)
                buffer.clear()
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
            try await writer.finish(nil)
        }
        let type = format == .csv ? "text/csv; charset=utf-8" : "application/x-ndjson"
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: body)
    }
}
