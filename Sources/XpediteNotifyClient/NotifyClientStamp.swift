// Written by scripts/generate-notify-client: do not edit.

/// What the code in Generated/ was made from, so that a check can tell it is stale without
/// building the generator (scripts/generate-notify-client --check).
enum NotifyClientStamp {
    /// SHA-256 of openapi/notify-v1.yaml, the generator's configuration and version, and the script.
    static let source = "e934ec13c16e1c8b7d326f880eb02d2ae6663a7d514ae674b87a65f710a30afb"
    /// The version of swift-openapi-generator.
    static let generator = "1.14.3"
}
