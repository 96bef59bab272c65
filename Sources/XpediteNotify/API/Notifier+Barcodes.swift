import Foundation
import XpediteBarcode
import XpediteProtocol

extension Notifier {
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
