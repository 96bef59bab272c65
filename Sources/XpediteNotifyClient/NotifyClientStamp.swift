// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "d3ee1ccba5919e8a4610a34e07feab1677e7dec83c70701ba0747209d4ec365c"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
