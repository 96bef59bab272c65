/// The account the demo creates and shows on its sign-in screen: a user of XpediteNotify's
/// directory, so it signs in to the app, logs a device in and receives approval payloads.
public enum DemoAccount {
    /// The sign-in name.
    public static let username = "demo@xpedite.dev"
    /// The password, shown on the sign-in screen on purpose: this is a demo.
    public static let password = "demo1234"
    /// The display name.
    public static let displayName = "Demo User"
}
