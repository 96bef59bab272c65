import ArgumentParser

/// The client side of `scripts/bench --multi` (issue 18): two `xpedite demo` servers on one
/// PostgreSQL, against one.
///
///     MultiServerBench prepare --server http://127.0.0.1:A --api-key K --output pairs.txt
///     MultiServerBench latency --post-server http://127.0.0.1:A --event-server http://127.0.0.1:B \
///         --api-key K --pairs pairs.txt --first N --label two-servers
///
/// `prepare` makes, through the notification API, the users (one device logged in each) and the
/// messages whose (message, user) pairs wrk answers, and writes them to a file in the format of
/// `scripts/bench --notify-load` (the count of users, their device tokens, the message ids, a line
/// each). `latency` posts responses one at a time on one server and measures until each arrives
/// as a Server-Sent Event from another (or the same) server; it prints one JSON object.
@main
struct MultiServerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Two demo servers on one PostgreSQL: the notification data wrk answers, and the SSE latency across servers.",
        subcommands: [Prepare.self, Latency.self]
    )
}
