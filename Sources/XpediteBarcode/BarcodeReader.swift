import CXpediteBarcode
import Foundation
import NIOPosix

/// Finds barcodes in JPEG and PNG pictures with the system's ZBar, loaded at run time (decision
/// 180), so that a server without the libraries builds, starts and answers 503 to
/// `POST /device/barcode` alone. Decoding runs on NIO's blocking thread pool, never on an event
/// loop or a cooperative thread.
///
/// ```swift
/// let reader = BarcodeReader(libraries: .system)
/// let codes = try await reader.read(jpegBytes)   // [Barcode(format: "QR-Code", text: "…")]
/// ```
public final class BarcodeReader: Sendable {
    /// The loaded libraries, or why they are not.
    private let loaded: Result<LoadedLibraries, BarcodeError>
    /// The largest picture decoded, in pixels (width × height); larger ones get 422.
    public let maximumPixels: Int

    /// Loads the libraries named by `libraries`; a missing one makes every ``read(_:)`` throw
    /// ``BarcodeError/unavailable(reason:)``.
    public init(libraries: BarcodeLibraries, maximumPixels: Int = 40_000_000) {
        self.maximumPixels = maximumPixels
        var message = [CChar](repeating: 0, count: Self.messageCapacity)
        if let handle = xb_open(libraries.zbar, libraries.turboJPEG, libraries.png, &message, Self.messageCapacity) {
            loaded = .success(LoadedLibraries(handle))
        } else {
            loaded = .failure(.unavailable(reason: Self.text(message)))
        }
    }

    /// Whether the libraries are loaded.
    public var isAvailable: Bool {
        if case .success = loaded { return true }
        return false
    }

    /// The codes in `bytes`, a JPEG or PNG picture, in ZBar's order; empty when there are none.
    ///
    /// - Throws: ``BarcodeError/unreadablePicture(reason:)`` when the bytes are not a readable JPEG
    ///   or PNG (or the picture is over ``maximumPixels``), ``BarcodeError/unavailable(reason:)``
    ///   when the libraries are missing, ``BarcodeError/scanFailed(reason:)`` when ZBar fails.
    public func read(_ bytes: Data) async throws -> [Barcode] {
        let libraries = try loaded.get()
        guard let type = BarcodeImageType(sniffing: bytes) else {
            throw BarcodeError.unreadablePicture(reason: "the bytes are not a JPEG or PNG image (magic bytes)")
        }
        let maximumPixels = UInt64(max(maximumPixels, 1))
        return try await NIOThreadPool.singleton.runIfActive {
            try Self.scan(bytes, type: type, libraries: libraries, maximumPixels: maximumPixels)
        }
    }

    /// Decodes and scans, synchronously (on the thread pool).
    private static func scan(_ bytes: Data, type: BarcodeImageType, libraries: LoadedLibraries,
                             maximumPixels: UInt64) throws(BarcodeError) -> [Barcode] {
        var message = [CChar](repeating: 0, count: messageCapacity)
        var image = xb_gray_image()
        let decoded = bytes.withUnsafeBytes { raw -> Int32 in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            switch type {
            case .jpeg: return xb_decode_jpeg(libraries.handle, base, raw.count, maximumPixels, &image, &message, messageCapacity)
            case .png: return xb_decode_png(libraries.handle, base, raw.count, maximumPixels, &image, &message, messageCapacity)
            }
        }
        guard decoded == 0 else { throw .unreadablePicture(reason: text(message)) }
        defer { xb_gray_image_free(&image) }
        var symbols: UnsafeMutablePointer<xb_symbol>?
        let count = xb_scan(libraries.handle, &image, &symbols, &message, messageCapacity)
        // Not the picture's fault (ZBar could not start): a 500, logged with the reason by the route.
        guard count >= 0 else { throw .scanFailed(reason: text(message)) }
        defer { xb_symbols_free(symbols, count) }
        guard let symbols else { return [] }
        return (0..<count).map { index in
            let symbol = symbols[index]
            let data = symbol.data.map { UnsafeRawBufferPointer(start: UnsafeRawPointer($0), count: symbol.data_length) }
            return Barcode(format: symbol.format.map { String(cString: $0) } ?? "UNKNOWN",
                           text: data.map { String(decoding: $0, as: UTF8.self) } ?? "")
        }
    }

    /// The size of the C functions' message buffers.
    private static let messageCapacity = 512

    /// A C message buffer as text.
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The C table of loaded functions. `@unchecked Sendable`: the table is written once by `xb_open`
/// and only read afterwards; every call makes its own decoder and scanner, so calls from several
/// threads share nothing mutable.
private final class LoadedLibraries: @unchecked Sendable {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        xb_close(handle)
    }
}
