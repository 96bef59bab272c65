// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "a4e940673b2e00d1d50de8e73c242d7060ddb977d953fe32e64b473eeac47d72"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
