// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "ca37b2ddc6ff65ee10743596035ee9ff8713bac9edb067a0306e4cd8c4faac56"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
