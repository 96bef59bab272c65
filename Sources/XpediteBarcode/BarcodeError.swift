/// Why ``BarcodeReader/read(_:)`` found no codes: the libraries are missing, the picture is not
/// one it reads, or ZBar failed. XpediteNotify answers them 503, 422 and 500 (`POST /device/barcode`).
public enum BarcodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ZBar, TurboJPEG or libpng could not be loaded (decision 180): the loader's reason.
    case unavailable(reason: String)
    /// The bytes are not a JPEG or PNG picture the reader decodes (wrong magic bytes, damaged, or
    /// over ``BarcodeReader/maximumPixels``): why, in words for the sender.
    case unreadablePicture(reason: String)
    /// ZBar failed on a decoded picture (out of memory, a scanner that cannot start): not the
    /// picture's fault.
    case scanFailed(reason: String)

    /// A readable message.
    public var description: String {
        switch self {
        case .unavailable(let reason): "barcode decoding is not available: \(BarcodeLibraries.installHint) (\(reason))"
        case .unreadablePicture(let reason): reason
        case .scanFailed(let reason): "barcode scan failed: \(reason)"
        }
    }
}
