import Foundation
import Hummingbird
import NIOCore
import XpediteBarcode

/// What a device uploads and reads back (docs/notify-api.md#device-routes), behind a device token:
/// `POST /device/documents`, `GET /device/documents/{name}` and `POST /device/barcode` (the codes
/// in a picture).
struct DocumentsController<Parent: RequestContext>: Sendable {
    typealias Context = DeviceRequestContext<Parent>
    let notifier: Notifier

    /// The routes, each behind ``DeviceAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: DeviceAuthentication(notifier: notifier))
        routes.post("device/documents", use: upload)
        routes.post("device/barcode", use: barcodes)
        routes.getAndHead("device/documents/**", use: document)
        return routes
    }

    func upload(_ request: Request, context: Context) async throws -> Response {
        let device = try context.requireDevice()
        guard let kind = request.uri.queryParameters.get("kind").flatMap({ DocumentKind(rawValue: String($0)) }) else {
            throw NotifyError.malformed("kind must be image, audio or video")
        }
        let bytes = try await BodyReader.collect(request, limit: notifier.configuration.maximumDocumentSize)
        let record = try await notifier.documents.upload(bytes, kind: kind, from: device)
        return JSONResponse.make(.object(["name": .string(record.name)]), status: .created)
    }

    func barcodes(_ request: Request, context: Context) async throws -> Response {
        _ = try context.requireDevice()
        let bytes = try await BodyReader.collect(request, limit: notifier.configuration.maximumDocumentSize)
        // An undeclared type (none, or application/octet-stream) is read by its magic bytes.
        if let declared = request.headers[.contentType], !declared.lowercased().hasPrefix("application/octet-stream") {
            guard let type = BarcodeImageType(contentType: declared) else {
                throw NotifyError.invalid(at: .root, .invalidValue, "Content-Type must be image/jpeg or image/png, not \(declared)")
            }
            guard BarcodeImageType(sniffing: bytes) == type else {
                throw NotifyError.invalid(at: .root, .invalidValue, "the bytes are not \(type == .jpeg ? "a JPEG" : "a PNG") image (magic bytes)")
            }
        }
        let codes = try await notifier.documents.barcodes(in: bytes)
        return JSONResponse.make(.object(["codes": .array(codes.map { code in
            .object(["format": .string(code.format), "text": .string(code.text)])
        })]))
    }

    func document(_ request: Request, context: Context) async throws -> Response {
        let device = try context.requireDevice()
        let (record, bytes) = try await notifier.documents.document(RouteParameters.rest(context), for: device)
        return Response(status: .ok, headers: [.contentType: record.kind.contentType(ofDocumentNamed: record.name)],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
