import Foundation
import Hummingbird
import NIOCore

/// Any uploaded document for a backend (docs/notify-api.md#documents-for-a-backend), behind an API key:
/// `GET /documents/{name}` with `ETag` (`If-None-Match` → 304) and single byte ranges (`Range`
/// → 206, or 416). A name that is not of the form the server gives documents
/// (`rcs/<kind>/<id>.<extension>`, no percent-encoding, dots or extra slashes) is 404 before any
/// lookup, and a stored document is found by its exact name, so no name reaches outside the
/// document store. Files are streamed from disk (Hummingbird's `FileIO`), never read whole.
struct BackendDocumentsController<Context: RequestContext>: Sendable {
    let notifier: Notifier

    /// The routes, each behind ``BackendAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: BackendAuthentication(notifier: notifier))
        routes.getAndHead("documents/**", use: document)
        return routes
    }

    func document(_ request: Request, context: Context) async throws -> Response {
        let raw = context.parameters.getCatchAll().joined(separator: "/")
        // The form of a stored document's name, as the path gives it (still percent-encoded).
        guard raw.wholeMatch(of: /rcs\/(image|audio|video)\/[A-Za-z0-9-]+\.[a-z0-9]+/) != nil else { throw NotifyError.notFound("no document \"\(raw)\"") }
        let document = try await notifier.documents.storedDocument(raw)
        let size = document.record.size
        let eTag = Self.eTag(of: document.record)
        var headers: HTTPFields = [
            .contentType: document.record.kind.contentType(ofDocumentNamed: document.record.name),
            .eTag: eTag, .acceptRanges: "bytes", .cacheControl: "private, max-age=31536000, immutable",
        ]
        if let tags = request.headers[.ifNoneMatch], Self.matches(tags, eTag) {
            return Response(status: .notModified, headers: headers)
        }
        var range: ClosedRange<Int>?
        if let header = request.headers[.range], request.headers[.ifRange].map({ $0 == eTag }) ?? true {
            switch ByteRange(header: header, size: size) {
            case .satisfiable(let bytes)?: range = bytes
            case .unsatisfiable?:
                var response = NotifyError(status: .rangeNotSatisfiable, code: "range_not_satisfiable",
                                           message: "the range is outside the document's \(size) bytes").response
                response.headers[.contentRange] = "bytes */\(size)"
                return response
            case nil: break
            }
        }
        let status: HTTPResponse.Status
        if let range {
            status = .partialContent
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            headers[.contentLength] = String(range.count)
        } else {
            status = .ok
            headers[.contentLength] = String(size)
        }
        return Response(status: status, headers: headers, body: try await body(document, range: range, context: context))
    }

    /// The bytes of a document (or of its range): streamed from its file, or from memory.
    func body(_ document: StoredDocument, range: ClosedRange<Int>?, context: Context) async throws -> ResponseBody {
        switch document.content {
        case .file(let url):
            guard document.record.size > 0 else { return ResponseBody() }
            return try await FileIO().loadFile(path: url.path, range: range ?? 0...(document.record.size - 1), context: context)
        case .bytes(let data):
            let slice = range.map { data[data.startIndex + $0.lowerBound...data.startIndex + $0.upperBound] } ?? data[...]
            return ResponseBody(byteBuffer: ByteBuffer(bytes: slice))
        }
    }

    /// A strong entity tag: a stored document never changes (its name is made once, with a new
    /// UUID), so its name and size identify its bytes.
    static func eTag(of record: DocumentRecord) -> String {
        let file = record.name.split(separator: "/").last.map(String.init) ?? record.name
        return "\"\(file)-\(String(record.size, radix: 16))\""
    }

    /// Whether an `If-None-Match` list names `eTag` (weak comparison, RFC 9110 §13.1.2) or is `*`.
    static func matches(_ list: String, _ eTag: String) -> Bool {
        list.split(separator: ",").contains { item in
            let tag = item.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == eTag || tag == "W/" + eTag
        }
    }
}
