import Foundation
import Testing
import XpediteProtocol

/// One case of the conformance corpus (Tests/Fixtures/expressions/*.json, docs/notify.md#expressions),
/// which the web app's implementation runs too (Tests/Web/expressions/corpus.test.js).
struct ExpressionCorpusCase: Sendable, CustomTestStringConvertible {
    var file: String
    var number: Int
    var expression: String
    /// Each field: `type`, `values` for a choice, and `value`.
    var fields: JSONObject
    var clock: String
    /// `{"code", "column"}` when the expression is refused.
    var error: JSONValue?
    var result: JSONValue?
    var type: String?

    var testDescription: String {
        let scalars = expression.unicodeScalars
        let shown = scalars.count > 60 ? String(String.UnicodeScalarView(scalars.prefix(40))) + "… (\(scalars.count) characters)" : expression
        return "\(file) #\(number) \(shown)"
    }

    /// Every case of every corpus file.
    static let all: [ExpressionCorpusCase] = {
        var cases: [ExpressionCorpusCase] = []
        for file in Fixtures.files(in: "expressions") {
            guard let data = try? Fixtures.data("expressions", file), let corpus = try? JSONValue(parsing: data),
                  let shared = corpus["fields"]?.objectValue, let clock = corpus["clock"]?.stringValue,
                  let list = corpus["cases"]?.arrayValue else { continue }
            for (index, entry) in list.enumerated() {
                var fields = shared
                for (id, field) in entry["fields"]?.objectValue ?? [:] { fields[id] = field }
                cases.append(ExpressionCorpusCase(
                    file: file, number: index + 1, expression: text(entry["expression"]), fields: fields,
                    clock: entry["clock"]?.stringValue ?? clock, error: entry["error"], result: entry["result"],
                    type: entry["type"]?.stringValue))
            }
        }
        return cases
    }()

    /// The expression of a case: its text, or `{"repeat": [[part, times], …]}`.
    private static func text(_ value: JSONValue?) -> String {
        if let text = value?.stringValue { return text }
        return (value?["repeat"]?.arrayValue ?? []).map { part in
            let pair = part.arrayValue ?? []
            guard pair.count == 2 else { return "" }
            return String(repeating: pair[0].stringValue ?? "", count: pair[1].intValue ?? 0)
        }.joined()
    }

    /// The field definition as a payload field, to type it as a payload would.
    func field(_ id: String) -> Field? {
        guard case .object(var members)? = fields[id] else { return nil }
        members["value"] = nil
        members["id"] = .string(id)
        return PayloadValidator().validate(["responseTopic": "/t", "fields": [.object(members)]]).payload?.fields?.first
    }
}

@Suite("Expression corpus")
struct ExpressionCorpusTests {
    @Test("the corpus has at least 200 cases, in every file")
    func size() {
        #expect(ExpressionCorpusCase.all.count >= 200)
        #expect(Set(ExpressionCorpusCase.all.map(\.file)).count == Fixtures.files(in: "expressions").count)
    }

    @Test("every case gives its result and type, or its error at its column", arguments: ExpressionCorpusCase.all)
    func corpus(_ item: ExpressionCorpusCase) throws {
        let clock = try #require(ExpressionClock(item.clock))
        let types: (String) -> ExpressionType? = { id in item.field(id).flatMap(ExpressionType.init(field:)) }
        if let expected = item.error {
            do {
                let expression = try Expression(item.expression, types: types)
                Issue.record("expected the error \(expected), got an expression of type \(expression.type)")
            } catch {
                #expect(error.code.rawValue == expected["code"]?.stringValue, "\(error)")
                #expect(error.column == expected["column"]?.intValue, "\(error)")
            }
            return
        }
        let expression = try Expression(item.expression, types: types)
        #expect(expression.type.rawValue == item.type)
        let value = expression.evaluate(values: { id in
            ExpressionValue(type: item.fields[id]?["type"]?.stringValue ?? "", json: item.fields[id]?["value"])
        }, clock: clock)
        // The expected value went through Foundation's JSON parser, which on Linux may read a long
        // decimal one unit in the last place off; the result is compared after the same trip.
        #expect(try JSONValue(parsing: CanonicalJSON.data(value.json)) == item.result)
    }
}
