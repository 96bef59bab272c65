/// A code found in a picture (`POST /device/barcode`, docs/notify-api.md#device-routes).
public struct Barcode: Sendable, Hashable {
    /// The symbology as ZBar names it: `QR-Code`, `EAN-13`, `UPC-A`, `EAN-8`, `CODE-128`, …
    public var format: String
    /// The code's content (UTF-8; ZBar converts a QR code's text to UTF-8).
    public var text: String

    /// Creates a code.
    public init(format: String, text: String) {
        self.format = format
        self.text = text
    }
}
