import ArgumentParser
import Foundation

/// `MultiServerBench prepare`: the users and the messages sent to all of them, then one device
/// logged in per user, through one server's notification API; writes the pairs file wrk and
/// `latency` answer.
struct Prepare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make the users, devices and messages whose (message, user) pairs are answered; write the pairs file.")

    @Option(help: "The server, http://127.0.0.1:PORT.")
    var server: String

    @Option(name: .customLong("api-key"), help: "The notification API's key.")
    var apiKey: String

    @Option(help: "Users, each with one device logged in.")
    var users: Int = 40

    @Option(help: "Messages, each sent to every user.")
    var messages: Int = 3000

    @Option(help: "The payload's response topic.")
    var topic: String = "/bench/responses"

    @Option(help: "Requests at a time.")
    var concurrency: Int = 8

    @Option(help: "The pairs file to write.")
    var output: String

    func validate() throws {
        guard users > 0 else { throw ValidationError("--users must be positive.") }
        guard messages > 0 else { throw ValidationError("--messages must be positive.") }
        guard concurrency > 0 else { throw ValidationError("--concurrency must be positive.") }
        guard server.hasPrefix("http://") else { throw ValidationError("--server: expected http://HOST:PORT, not \(server).") }
    }

    func run() async throws {
        let api = NotifyHTTP(server: server)
        let usernames = (0..<users).map { "bench-\($0)" }
        let password = "bench-password"
        let key = apiKey
        _ = try await concurrentMap(usernames, width: concurrency) { username in
            try await api.putUser(username, password: password, apiKey: key)
        }
        // The messages before the devices: a send records a push delivery per device of its
        // recipients, and the outbox draining them would load the servers while they are measured.
        // Answering needs none: a user's device answers any message sent to the user.
        let topic = topic
        let sent = try await concurrentMap(Array(0..<messages), width: concurrency) { index in
            try await api.send(title: "Bench \(index)", topic: topic, to: usernames, apiKey: key)
        }
        let deliveries = sent.reduce(0) { $0 + $1.deliveries }
        guard deliveries == 0 else {
            throw BenchFailure("the sends recorded \(deliveries) push deliveries: the bench users must have no devices before (use a fresh database)")
        }
        let tokens = try await concurrentMap(usernames, width: concurrency) { username in
            try await api.login(username: username, password: password, deviceId: "device-\(username)")
        }
        let messageIds = sent.map(\.messageId)
        let pairs = NotifyPairs(deviceTokens: tokens, messageIds: messageIds)
        try pairs.text.write(toFile: output, atomically: true, encoding: .utf8)
        print("pairs \(output) \(pairs.count)")
    }
}

/// `transform` of every element, at most `width` at a time, in the elements' order.
func concurrentMap<Element: Sendable, Result: Sendable>(
    _ elements: [Element], width: Int, _ transform: @escaping @Sendable (Element) async throws -> Result
) async throws -> [Result] {
    try await withThrowingTaskGroup(of: (Int, Result).self) { group in
        var results = [Result?](repeating: nil, count: elements.count)
        var next = 0
        while next < min(width, elements.count) {
            let index = next
            group.addTask { (index, try await transform(elements[index])) }
            next += 1
        }
        while let (index, result) = try await group.next() {
            results[index] = result
            if next < elements.count {
                let index = next
                group.addTask { (index, try await transform(elements[index])) }
                next += 1
            }
        }
        return results.compactMap { $0 }
    }
}
