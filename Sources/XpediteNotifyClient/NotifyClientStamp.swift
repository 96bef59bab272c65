// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "d66f07eb64b37c6641e3d4f5b7db08213e0db7850782504d2f7e7791e4c58ba1"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
