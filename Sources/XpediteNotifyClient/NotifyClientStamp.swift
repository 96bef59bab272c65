// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "a3088e095652bbee8162901bdea56a65078bbe70121eb37754642d40f6b4d234"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
