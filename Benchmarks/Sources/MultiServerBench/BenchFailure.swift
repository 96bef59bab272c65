/// Why the benchmark stopped: a refused request, a missing event, a malformed pairs file.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
