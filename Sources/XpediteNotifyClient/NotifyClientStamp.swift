// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "3b877753382fce8e674032d93db81b3dd11161a9d3c25622474c438c63c77526"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
