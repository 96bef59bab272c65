import Foundation

/// The (message, user) pairs wrk answers, in the file format of `scripts/bench --notify-load`:
/// the count of users U, then the U device tokens, then the message ids, a line each. Pair `p` is
/// message `p / U` answered by user `p % U`, so each pair is one new valid answer.
struct NotifyPairs: Sendable {
    var deviceTokens: [String]
    var messageIds: [String]

    /// How many pairs there are (users × messages).
    var count: Int { deviceTokens.count * messageIds.count }

    /// Pair `index`: the message and the device token of the user answering it.
    func pair(_ index: Int) throws -> (messageId: String, deviceToken: String) {
        guard index >= 0, index < count else {
            throw BenchFailure("pair \(index) is past the \(count) pairs of the file: prepare more messages")
        }
        return (messageIds[index / deviceTokens.count], deviceTokens[index % deviceTokens.count])
    }

    /// The text of the file.
    var text: String {
        ([String(deviceTokens.count)] + deviceTokens + messageIds).joined(separator: "\n") + "\n"
    }

    init(deviceTokens: [String], messageIds: [String]) {
        self.deviceTokens = deviceTokens
        self.messageIds = messageIds
    }

    /// Reads a file `prepare` wrote.
    init(contentsOf path: String) throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        guard let first = lines.first, let users = Int(first), users > 0, lines.count > users + 1 else {
            throw BenchFailure("\(path): expected the count of users, the device tokens and at least one message id, a line each")
        }
        self.init(deviceTokens: Array(lines[1...users]), messageIds: Array(lines[(users + 1)...]))
    }
}
