// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "34948034eb39ba68ebfb3e17857d99969cf579ee663bd499d13e700d628c4b0b"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
