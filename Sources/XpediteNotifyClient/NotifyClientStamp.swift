// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "33d83fa10e708c719d3d58c320d720be25d5338b6d4cb9b8745c895846f0185c"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
