// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "b8819091a7a1c380cd0988f9736a0194c9bcfd35d0ede2bab6541ec1296673a1"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
