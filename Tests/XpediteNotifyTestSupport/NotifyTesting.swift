import Foundation
import XpediteNotify

/// The notifier configuration the tests share: the cheapest bcrypt cost, pushes recorded by a
/// ``TestPushProvider``, and webhook retries fast enough for a test to wait for.
public enum NotifyTesting {
    /// A configuration on `dataDirectory` with one API key.
    ///
    /// - Parameter pushes: where every push goes (the provider of every platform).
    public static func configuration(dataDirectory: URL, apiKey: String,
                                     pushes: TestPushProvider = TestPushProvider()) -> NotifyConfiguration {
        var configuration = NotifyConfiguration(dataDirectory: dataDirectory, apiKeys: [apiKey])
        configuration.bcryptCost = 4
        configuration.defaultPushProvider = pushes
        configuration.webhookRetry.initialDelay = .milliseconds(20)
        configuration.webhookRetry.maximumDelay = .milliseconds(200)
        configuration.webhookRetry.pollInterval = .milliseconds(20)
        return configuration
    }
}

/// A failure of a test helper, with what went wrong.
public struct TestFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}
