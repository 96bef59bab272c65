import Foundation

/// The uploads the notification tests make.
public enum SampleDocuments {
    /// The smallest JPEG header the server's magic-byte check accepts.
    public static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + Array(repeating: 0, count: 32)

    /// ``jpeg`` as `Data`.
    public static var jpegData: Data { Data(jpeg) }
}
