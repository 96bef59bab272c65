import Foundation
import Hummingbird
import NIOCore
import XpediteProtocol

/// Reads a JSON request body member by member, collecting one issue per bad member (422);
/// unknown members are ignored (docs/notify-api.md#conventions).
struct BodyReader {
    let members: JSONObject
    private(set) var issues: [ValidationIssue] = []

    /// Collects the body of `request` (at most `limit` bytes: 413 above) and parses a JSON object
    /// (400 when it is not one); with `allowEmpty`, an empty body reads as `{}`.
    static func read(_ request: Request, limit: Int, allowEmpty: Bool = false) async throws -> BodyReader {
        let data = try await collect(request, limit: limit)
        if allowEmpty, data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return BodyReader(members: [:]) }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            throw NotifyError.malformed("the body is not JSON")
        }
        guard case .object(let members) = value else { throw NotifyError.malformed("expected a JSON object, got \(value.summary)") }
        return BodyReader(members: members)
    }

    /// The raw body, at most `limit` bytes (413 above).
    static func collect(_ request: Request, limit: Int) async throws -> Data {
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw NotifyError.tooLarge(limit: limit)
        }
    }

    private mutating func fail(_ key: String, _ code: IssueCode, _ message: String) {
        issues.append(ValidationIssue(path: JSONPath.root.appending(key), code: code, severity: .error, message: message))
    }

    /// Why a string with U+0000 is refused: no store keeps it (PostgreSQL's text cannot), so no
    /// store is asked to (decision 222).
    static let nulMessage = "a string may not contain U+0000"

    /// A string member; `nil` (and an issue when required) when absent or not a string.
    mutating func string(_ key: String, required: Bool = true, allowEmpty: Bool = false) -> String? {
        switch members[key] {
        case .string(let text)?:
            if !allowEmpty, text.isEmpty {
                fail(key, .invalidValue, "expected a non-empty string")
                return nil
            }
            if text.unicodeScalars.contains("\u{0}") {
                fail(key, .invalidValue, Self.nulMessage)
                return nil
            }
            return text
        case nil, .null?:
            if required { fail(key, .missingKey, "\"\(key)\" is required") }
            return nil
        case let other?:
            fail(key, .typeMismatch, "expected a string, got \(other.summary)")
            return nil
        }
    }

    /// An array of strings.
    mutating func strings(_ key: String, required: Bool = true) -> [String]? {
        switch members[key] {
        case .array(let elements)?:
            var strings: [String] = []
            for (index, element) in elements.enumerated() {
                if case .string(let text) = element {
                    if text.unicodeScalars.contains("\u{0}") {
                        issues.append(ValidationIssue(path: JSONPath.root.appending(key).appending(index), code: .invalidValue,
                                                      severity: .error, message: Self.nulMessage))
                    } else {
                        strings.append(text)
                    }
                } else {
                    issues.append(ValidationIssue(path: JSONPath.root.appending(key).appending(index), code: .typeMismatch,
                                                  severity: .error, message: "expected a string, got \(element.summary)"))
                }
            }
            return strings
        case nil, .null?:
            if required { fail(key, .missingKey, "\"\(key)\" is required") }
            return nil
        case let other?:
            fail(key, .typeMismatch, "expected an array of strings, got \(other.summary)")
            return nil
        }
    }

    /// A boolean member.
    mutating func bool(_ key: String) -> Bool? {
        switch members[key] {
        case .bool(let value)?: return value
        case nil, .null?: return nil
        case let other?:
            fail(key, .typeMismatch, "expected true or false, got \(other.summary)")
            return nil
        }
    }

    /// A required member of any JSON type.
    mutating func value(_ key: String) -> JSONValue? {
        guard let value = members[key], !value.isNull else {
            fail(key, .missingKey, "\"\(key)\" is required")
            return nil
        }
        return value
    }

    /// Adds an issue.
    mutating func add(_ issue: ValidationIssue) {
        issues.append(issue)
    }

    /// Throws 422 with every issue so far.
    func finish(_ message: String = "the request is not valid") throws {
        if !issues.isEmpty { throw NotifyError.invalid(message, issues: issues) }
    }
}
