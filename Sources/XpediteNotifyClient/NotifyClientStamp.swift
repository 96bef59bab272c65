// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "4c6620249558e899738726f68b087c95b7fb0452e3e8f3e742ab38971f81ab0c"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
