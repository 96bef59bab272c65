import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The APNs account the stand-in checks and the bench's provider signs for.
enum BenchAPNs {
    static let keyId = "BENCHKEY01"
    static let teamId = "BENCHTEAM1"
    static let topic = "com.example.xpedite.bench"
    static let keyFileName = "apns-key.p8"
}

/// CLOCK_MONOTONIC, the one clock of both processes.
enum Monotonic {
    /// Now, in nanoseconds.
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The seconds from `start` to `end` (negative when `end` is earlier).
    static func seconds(from start: UInt64, to end: UInt64) -> Double {
        Double(Int64(bitPattern: end &- start)) / 1e9
    }
}

/// The CPU time the process used, all threads (CLOCK_PROCESS_CPUTIME_ID), in seconds.
enum ProcessCPU {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The process's memory, from /proc/self/status.
enum ProcessMemory {
    /// Resident set size (VmRSS) in KiB; 0 when unreadable.
    static func residentKiB() -> Int { field("VmRSS") }

    /// The highest resident set size so far (VmHWM) in KiB; 0 when unreadable.
    static func peakKiB() -> Int { field("VmHWM") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
        }
        return 0
    }
}

/// `--name value` arguments.
struct Options {
    private var values: [String: String] = [:]

    init(_ arguments: some Sequence<String>) throws {
        var iterator = arguments.makeIterator()
        while let name = iterator.next() {
            guard name.hasPrefix("--"), let value = iterator.next() else { throw BenchFailure("expected --name value, got \(name)") }
            values[String(name.dropFirst(2))] = value
        }
    }

    func string(_ name: String, default fallback: String? = nil) throws -> String {
        guard let value = values[name] ?? fallback else { throw BenchFailure("--\(name) is required") }
        return value
    }

    func int(_ name: String, default fallback: Int? = nil) throws -> Int {
        guard let text = values[name] else {
            guard let fallback else { throw BenchFailure("--\(name) is required") }
            return fallback
        }
        guard let value = Int(text), value > 0 else { throw BenchFailure("--\(name) must be a positive integer, not \(text)") }
        return value
    }
}

/// A value of a measurement line.
enum ReportValue {
    case int(Int)
    case seconds(Double)
    case rate(Double)
    case string(String)
    case bool(Bool)

    var json: String {
        switch self {
        case .int(let value): String(value)
        case .seconds(let value): String(format: "%.6f", value)
        case .rate(let value): String(format: "%.1f", value)
        case .string(let value): "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .bool(let value): value ? "true" : "false"
        }
    }
}

/// What the program prints: measurement lines (one JSON object each) on standard output,
/// unbuffered so a reader sees each at once; everything else on standard error.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func measurement(_ name: String, _ fields: KeyValuePairs<String, ReportValue>,
                            _ more: KeyValuePairs<String, ReportValue> = [:]) {
        let members = [("measure", ReportValue.string(name))] + fields.map { ($0.key, $0.value) } + more.map { ($0.key, $0.value) }
        line("{" + members.map { "\"\($0.0)\":\($0.1.json)" }.joined(separator: ",") + "}")
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// Why the benchmark stopped.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
