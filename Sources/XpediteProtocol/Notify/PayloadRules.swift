/// The rules of a payload's fields compiled once (docs/notify.md#rules): every `showIf`,
/// `requiredIf`, `check` and computed `expression` parsed and checked against the fields' types
/// (docs/notify.md#expressions), the order in which fields depend on each other, and the issues
/// of any that cannot be used, at `$.fields[i].<attribute>` with the column of the error.
///
/// ```swift
/// let rules = PayloadRules(fields: payload.fields ?? [])
/// let state = rules.evaluate(values: ["state": "Needs service"], clock: .system())
/// state.isShown("photo")   // true when photo's showIf is $state == 'Needs service'
/// ```
public struct PayloadRules: Sendable {
    /// One input field and its compiled rules.
    struct Entry: Sendable {
        var index: Int
        var id: String
        var field: Field
        var showIf: Expression?
        var requiredIf: Expression?
        var check: Expression?
        var computed: Expression?
        /// How the field's JSON value becomes an expression's value (by its wire type).
        var kind: ExpressionValue.FieldKind
        /// Whether the field is computed: its value is its expression's, never the one sent.
        var isComputed: Bool
    }

    /// One field's rules as an evaluation runs them: the trees of its expressions, each `$id`
    /// resolved to the position of the field it reads, and how its value is read.
    private struct Program: Sendable {
        var showIf: ExpressionNode?
        var requiredIf: ExpressionNode?
        var check: ExpressionNode?
        var computed: ExpressionNode?
        var kind: ExpressionValue.FieldKind
        var isComputed: Bool
    }

    /// A reference of one field's `showIf` or `expression` to another field.
    private struct Dependency {
        var target: Int
        var key: String
        var column: Int
    }

    /// The input fields with an id, in payload order.
    let entries: [Entry]
    /// Positions in ``entries``, each after every field its `showIf` or `expression` reads.
    let order: [Int]
    /// Each entry's position in ``entries``, by field id (a check of one answer asks per field).
    private let positions: [String: Int]
    /// Each entry's rules as an evaluation runs them, by position.
    private let programs: [Program]
    /// Each entry's id, by position (shared by every ``RuleEvaluation``, not copied).
    private let ids: [String]
    /// The position in ``entries`` of the field at each index of the payload's `fields`; -1 for
    /// a field that is not an entry.
    private let fieldEntries: [Int]
    /// Every issue, sorted by path.
    public let issues: [ValidationIssue]
    /// Whether no field has a rule and none is computed: the response needs no evaluation.
    public let isEmpty: Bool
    /// Whether a compiled rule calls `today()` or `now()`; when none does, any clock gives the
    /// same evaluation, and a server checking an answer need not read its own.
    public let readsClock: Bool

    /// Compiles the rules of `fields` (a payload's, in order).
    public init(fields: [Field]) {
        self.init(positioned: fields.enumerated().map { ($0.offset, $0.element) })
    }

    /// Compiles the rules of the fields at their positions in the payload's `fields` array.
    init(positioned fields: [(index: Int, field: Field)]) {
        var entries: [Entry] = []
        var position: [String: Int] = [:]
        for (index, field) in fields where field.isInput {
            guard let id = field.id, !id.isEmpty, position[id] == nil else { continue }
            position[id] = entries.count
            var isComputed = false
            if case .computed = field { isComputed = true }
            entries.append(Entry(index: index, id: id, field: field, kind: ExpressionValue.FieldKind(type: field.type),
                                 isComputed: isComputed))
        }
        var issues: [ValidationIssue] = []
        func path(_ entry: Entry, _ key: String) -> JSONPath {
            JSONPath.root.appending("fields").appending(entry.index).appending(key)
        }
        func report(_ error: ExpressionError, _ entry: Entry, _ key: String) {
            let code: IssueCode = error.code == .cycle ? .expressionCycle : .invalidExpression
            issues.append(ValidationIssue(path: path(entry, key), code: code, severity: .error,
                                          message: "\(error)", column: error.column))
        }

        // 1. Parse every expression.
        var parsed: [[String: ExpressionNode]] = Array(repeating: [:], count: entries.count)
        for (number, entry) in entries.enumerated() {
            for (key, text) in Self.expressions(of: entry.field) {
                do {
                    parsed[number][key] = try ExpressionParser.parse(text)
                } catch {
                    report(error, entry, key)
                }
            }
        }

        // 2. What each field's visibility and value read; a circle is refused where it closes.
        let dependencies: [[Dependency]] = parsed.map { roots in
            ["showIf", "expression"].flatMap { key -> [Dependency] in
                guard let root = roots[key] else { return [] }
                return Expression.references(of: root).compactMap { reference in
                    position[reference.id].map { Dependency(target: $0, key: key, column: reference.column) }
                }
            }
        }
        var state = Array(repeating: 0, count: entries.count)    // 0 new, 1 on the path, 2 done
        var order: [Int] = []
        for first in entries.indices where state[first] == 0 {
            var stack: [(node: Int, next: Int)] = [(first, 0)]
            state[first] = 1
            while let top = stack.last {
                let edges = dependencies[top.node]
                guard top.next < edges.count else {
                    state[top.node] = 2
                    order.append(top.node)
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = edges[top.next]
                switch state[edge.target] {
                case 0:
                    state[edge.target] = 1
                    stack.append((edge.target, 0))
                case 1:
                    let start = stack.firstIndex { $0.node == edge.target } ?? 0
                    let circle = (stack[start...].map(\.node) + [edge.target]).map { "\"\(entries[$0].id)\"" }
                    let entry = entries[top.node]
                    report(ExpressionError(.cycle, column: edge.column,
                                           "$\(entries[edge.target].id) closes a circle of fields that depend on each other: \(circle.joined(separator: " → "))"),
                           entry, edge.key)
                    parsed[top.node][edge.key] = nil
                default:
                    break
                }
            }
        }

        // 3. Check types, each field's value typed before the fields that read it.
        var types: [String: ExpressionType] = [:]
        for number in order {
            let entry = entries[number]
            if case .computed = entry.field {
                types[entry.id] = .any
                if let root = parsed[number]["expression"] {
                    do {
                        let expression = try Expression(text: Self.text(entry.field, "expression"), root: root, types: { types[$0] })
                        if expression.type == .document || expression.type == .location {
                            report(ExpressionError(.type, column: expression.startColumn,
                                                   "a computed field gives a number, a text, a boolean, a date or a date-time, not \(expression.type.described)"),
                                   entry, "expression")
                        } else {
                            entries[number].computed = expression
                            types[entry.id] = expression.type
                        }
                    } catch {
                        report(error, entry, "expression")
                    }
                }
            } else {
                types[entry.id] = ExpressionType(field: entry.field)
            }
        }
        for (number, entry) in entries.enumerated() {
            for key in ["showIf", "requiredIf", "check"] {
                guard let root = parsed[number][key] else { continue }
                do {
                    let expression = try Expression(text: Self.text(entry.field, key), root: root, types: { types[$0] })
                    guard expression.type == .boolean || expression.type == .any else {
                        report(ExpressionError(.type, column: expression.startColumn,
                                               "expected true or false, got \(expression.type.described)"), entry, key)
                        continue
                    }
                    switch key {
                    case "showIf": entries[number].showIf = expression
                    case "requiredIf": entries[number].requiredIf = expression
                    default: entries[number].check = expression
                    }
                } catch {
                    report(error, entry, key)
                }
            }
        }
        // Every `$id` read at its field's position: an evaluation hashes no id (decision 0605).
        programs = entries.map { entry in
            func resolved(_ expression: Expression?) -> ExpressionNode? { expression?.resolvingSlots { position[$0] }.root }
            return Program(showIf: resolved(entry.showIf), requiredIf: resolved(entry.requiredIf), check: resolved(entry.check),
                           computed: resolved(entry.computed), kind: entry.kind, isComputed: entry.isComputed)
        }
        var fieldEntries = Array(repeating: -1, count: (entries.last?.index ?? -1) + 1)
        for (number, entry) in entries.enumerated() { fieldEntries[entry.index] = number }
        self.entries = entries
        self.order = order
        self.positions = position
        ids = entries.map(\.id)
        self.fieldEntries = fieldEntries
        readsClock = entries.contains { entry in
            [entry.showIf, entry.requiredIf, entry.check, entry.computed].contains { $0?.readsClock == true }
        }
        self.issues = issues.sortedByPath()
        isEmpty = entries.allSatisfy { entry in
            if case .computed = entry.field { return false }
            return entry.field.rules?.isEmpty ?? true
        }
    }

    /// The expressions of a field, by attribute.
    private static func expressions(of field: Field) -> [(key: String, text: String)] {
        var all = field.rules?.expressions ?? []
        if case .computed(let computed) = field {
            all.removeAll { $0.key == "requiredIf" }
            if let expression = computed.expression { all.append(("expression", expression)) }
        }
        return all
    }

    private static func text(_ field: Field, _ key: String) -> String {
        expressions(of: field).first { $0.key == key }?.text ?? ""
    }

    /// The entry of the field `id`.
    private func entry(_ id: String) -> Entry? {
        positions[id].map { entries[$0] }
    }

    /// The position among the compiled fields of the field `id` at `index` in the payload's
    /// `fields` (the fields the rules were compiled from); `nil` when it has no rules' entry.
    func position(ofField index: Int, id: String) -> Int? {
        if fieldEntries.indices.contains(index), fieldEntries[index] >= 0, entries[fieldEntries[index]].id == id {
            return fieldEntries[index]
        }
        return positions[id]
    }

    /// The `checkMessage` of the field `id`.
    public func checkMessage(_ id: String) -> String? {
        entry(id)?.field.rules?.checkMessage
    }

    /// The `check` expression of the field `id`, as written.
    public func check(_ id: String) -> String? {
        entry(id)?.check?.text
    }

    /// Whether the field `id` has a `requiredIf`.
    public func hasRequiredIf(_ id: String) -> Bool {
        entry(id)?.requiredIf != nil
    }

    /// The number of compiled fields (positions run from 0 below it).
    var count: Int { entries.count }

    /// The value expressions see of the field at `position` whose JSON value is `json`.
    func value(of json: JSONValue?, at position: Int) -> ExpressionValue {
        ExpressionValue(kind: programs[position].kind, json: json)
    }

    /// Whether the field at `position` (``position(ofField:id:)``) has a `requiredIf`.
    func hasRequiredIf(at position: Int) -> Bool {
        entries[position].requiredIf != nil
    }

    /// The `checkMessage` and the `check` text of the field at `position`.
    func checkDescription(at position: Int) -> (message: String?, check: String) {
        (entries[position].field.rules?.checkMessage, entries[position].check?.text ?? "")
    }

    /// Evaluates the rules against a form's values (by field id, as a response carries them;
    /// computed fields' own values are not read, they are computed). Rules that did not compile
    /// are left out.
    public func evaluate(values: JSONObject, clock: ExpressionClock) -> RuleEvaluation {
        evaluate(value: { values[$0] }, clock: clock)
    }

    /// ``evaluate(values:clock:)`` with the form's values read through `value` (by field id).
    func evaluate(value read: (String) -> JSONValue?, clock: ExpressionClock) -> RuleEvaluation {
        evaluate(input: { position in
            value(of: read(entries[position].id), at: position)
        }, clock: clock)
    }

    /// ``evaluate(values:clock:)`` with each field's value as the form holds it given by its
    /// position (`input(p)`, asked once for each field that is not computed, in the order the
    /// fields are evaluated): the expressions read the values by position, in an array, and
    /// nothing is hashed (decision 0605).
    func evaluate(input: (Int) -> ExpressionValue, clock: ExpressionClock) -> RuleEvaluation {
        var slots = Array(repeating: ExpressionValue.null, count: programs.count)
        var states = Array(repeating: UInt8(0), count: programs.count)
        // The expressions read the values through a pointer to this evaluation's own buffer,
        // written between them: no reference is counted per read or per expression.
        slots.withUnsafeMutableBufferPointer { buffer in
            let evaluator = ExpressionEvaluator(reader: ExpressionSlotReader(slots: UnsafeBufferPointer(buffer)), clock: clock)
            for position in order {
                if let showIf = programs[position].showIf, !Self.isTrue(evaluator.evaluate(showIf)) {
                    states[position] = RuleEvaluation.hiddenState
                    continue    // its value stays null
                }
                if programs[position].isComputed {
                    buffer[position] = programs[position].computed.map(evaluator.evaluate) ?? .null
                } else {
                    buffer[position] = input(position)
                }
            }
            for position in programs.indices where states[position] == 0 {
                if let requiredIf = programs[position].requiredIf, Self.isTrue(evaluator.evaluate(requiredIf)) {
                    states[position] |= RuleEvaluation.requiredState
                }
                if let check = programs[position].check, case .boolean(false) = evaluator.evaluate(check) {
                    states[position] |= RuleEvaluation.failedCheckState
                }
            }
        }
        return RuleEvaluation(ids: ids, positions: positions, slots: slots, states: states)
    }

    private static func isTrue(_ value: ExpressionValue) -> Bool {
        if case .boolean(true) = value { return true }
        return false
    }
}
