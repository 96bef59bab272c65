// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "cfe5aded1727a1f9e66100c62e4382c962b8e23ed55a2442818b2c547464860c"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
