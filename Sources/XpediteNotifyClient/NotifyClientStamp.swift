// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "70830dbf394cb65252d8f629efe7251b26949d0456626c7a9378bb926bc1ff19"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
