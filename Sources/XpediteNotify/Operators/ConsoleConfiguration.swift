import Foundation

/// How the console's sign-in and sessions behave (``NotifyConfiguration/console``; decision 0446).
public struct ConsoleConfiguration: Sendable {
    /// How long a session lasts without use; each use moves its end on (12 hours).
    public var sessionLifetime: TimeInterval = 12 * 3600
    /// Whether `X-Forwarded-Proto` and `X-Forwarded-For` are believed: only behind a proxy that
    /// sets them (and strips a client's own). When `true`, `X-Forwarded-Proto: https` makes the
    /// session cookie `Secure`, and the last address of `X-Forwarded-For` is the client's for the
    /// sign-in limits. When `false` (the default) both headers are ignored.
    public var trustsForwardedHeaders = false
    /// Whether every request reaches this server over HTTPS (a TLS-terminating proxy in front that
    /// does not send `X-Forwarded-Proto`): the session cookie is then always `Secure`.
    public var alwaysHTTPS = false
    /// How failed sign-ins slow down further tries.
    public var signInLimits = SignInLimits()

    /// The defaults.
    public init() {}
}

/// How failed sign-ins are limited (decision 0447): after ``freeFailures`` failures in a row for
/// one username, or ``freeFailuresPerAddress`` from one client address, every try is refused
/// with 429 for ``firstDelay``, doubling with each further failure up to ``maximumDelay``. A
/// success clears the username's count; failures older than ``forgetAfter`` are forgotten.
public struct SignInLimits: Sendable {
    /// Failures of one username before it is slowed down.
    public var freeFailures = 5
    /// Failures from one client address before it is slowed down (several operators may share
    /// one address behind a NAT, so it is higher).
    public var freeFailuresPerAddress = 20
    /// The first wait.
    public var firstDelay: TimeInterval = 30
    /// The longest wait.
    public var maximumDelay: TimeInterval = 15 * 60
    /// How long a run of failures is remembered after its last one.
    public var forgetAfter: TimeInterval = 3600

    /// The defaults.
    public init() {}

    /// Until when a key with `failures` is refused, `nil` when it is not; `free` is the key's
    /// number of free failures.
    public func blockedUntil(_ failures: SignInFailures?, free: Int, now: Date) -> Date? {
        guard let failures, failures.count >= free,
              now.timeIntervalSince(failures.lastFailureAt) < forgetAfter else { return nil }
        let doublings = min(failures.count - free, 30)
        let delay = min(firstDelay * Double(1 << doublings), maximumDelay)
        let until = failures.lastFailureAt.addingTimeInterval(delay)
        return until > now ? until : nil
    }
}
