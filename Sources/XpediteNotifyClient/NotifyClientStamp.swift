// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "5d08bddb982c990890b4b76f4ac7d113c5fc8ad0fe8dad330c75ffef16d53f0d"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
