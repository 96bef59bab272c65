import Foundation
import XpediteBarcode
import XpediteProtocol

/// What devices send besides their answers (docs/notify-api.md#post-devicedocuments): the
/// photos, videos and recordings they upload, the documents a payload shows them, and the
/// pictures they have read for codes. A ``Notifier`` makes one (``Notifier/documents``).
///
/// ```swift
/// let record = try await notifier.documents.upload(jpeg, kind: .image, from: device)   // "rcs/image/<uuid>.jpg"
/// let stored = try await notifier.documents.storedDocument(record.name)                // a backend reads it back
/// ```
public final class NotifyDocuments: Sendable {
    private let store: any NotifyStore
    private let maximumDocumentSize: Int
    /// Finds codes in pictures (`POST /device/barcode`).
    public let barcodeReader: BarcodeReader

    init(store: any NotifyStore, maximumDocumentSize: Int, barcodeReader: BarcodeReader) {
        self.store = store
        self.maximumDocumentSize = maximumDocumentSize
        self.barcodeReader = barcodeReader
    }

    /// Stores an uploaded document of `device`'s user after checking its size and magic bytes.
    ///
    /// - Throws: ``NotifyError`` 413 over the limit, 422 when the bytes are not of `kind`.
    public func upload(_ bytes: Data, kind: DocumentKind, from device: NotifyDevice) async throws -> DocumentRecord {
        guard bytes.count <= maximumDocumentSize else { throw NotifyError.tooLarge(limit: maximumDocumentSize) }
        guard let fileExtension = kind.fileExtension(of: bytes) else {
            throw NotifyError.invalid(at: .root, .invalidValue,
                                      "the bytes are not \(kind == .image ? "a JPEG image" : "an MP4/M4A or WebM file") (magic bytes)")
        }
        let record = DocumentRecord(name: "rcs/\(kind.rawValue)/\(UUID().uuidString.lowercased()).\(fileExtension)",
                                    kind: kind, owner: device.username, size: bytes.count)
        try await store.saveDocument(record, bytes: bytes)
        return record
    }

    /// A document's metadata and bytes, when `device`'s user uploaded it or received a message
    /// whose payload names it.
    ///
    /// - Throws: ``NotifyError`` 404 to anyone else, and for a name that is no document.
    public func document(_ name: String, for device: NotifyDevice) async throws -> (DocumentRecord, Data) {
        let missing = NotifyError.notFound("no document \"\(name)\"")
        guard DocumentKind(documentName: name) != nil, let record = try await store.document(name) else { throw missing }
        if record.owner != device.username {
            guard try await store.receivedDocument(name, username: device.username) else { throw missing }
        }
        return (record, try await store.documentBytes(name))
    }

    /// Any stored document, for a backend (`GET /documents/{name}`): its metadata and its file
    /// when the store keeps one, else its bytes.
    ///
    /// - Throws: ``NotifyError`` 404 for a name that is not a stored document.
    public func storedDocument(_ name: String) async throws -> StoredDocument {
        guard DocumentKind(documentName: name) != nil, let record = try await store.document(name) else {
            throw NotifyError.notFound("no document \"\(name)\"")
        }
        if let file = try await store.documentFile(name) { return StoredDocument(record: record, content: .file(file)) }
        return StoredDocument(record: record, content: .bytes(try await store.documentBytes(name)))
    }

    /// The codes in `bytes`, a JPEG or PNG picture, read by ``barcodeReader`` (XpediteBarcode); empty
    /// when there are none (`POST /device/barcode`).
    ///
    /// - Throws: ``NotifyError`` 422 when the bytes are not a readable JPEG or PNG (or the picture
    ///   is too large), 503 when the libraries are missing; a failing scan as it is (a 500, logged).
    public func barcodes(in bytes: Data) async throws -> [Barcode] {
        do {
            return try await barcodeReader.read(bytes)
        } catch BarcodeError.unavailable(let reason) {
            throw NotifyError(status: .serviceUnavailable, code: "unavailable",
                              message: "barcode decoding is not available on this server: "
                                  + "\(BarcodeLibraries.installHint) (\(reason))")
        } catch BarcodeError.unreadablePicture(let reason) {
            throw NotifyError.invalid(at: .root, .invalidValue, reason)
        }
    }
}
