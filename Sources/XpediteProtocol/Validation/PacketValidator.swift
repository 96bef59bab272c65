import Foundation

/// Validates packets: normalises the old dialect, checks the structure against the new dialect's
/// shape, and applies the lint rules of docs/protocol/validation.md, collecting every issue with
/// its JSON path.
///
/// ```swift
/// let report = try PacketValidator().validate(data)
/// for issue in report.issues { print(issue) }   // $.components[3].size.width%: expected a number, got "wide"
/// ```
public struct PacketValidator: Sendable {
    /// What validation requires beyond the packet itself.
    public var options: ValidationOptions

    /// Creates a validator.
    public init(options: ValidationOptions = ValidationOptions()) {
        self.options = options
    }

    /// Parses and validates JSON bytes.
    ///
    /// - Parameters:
    ///   - data: the packet's JSON bytes.
    ///   - kind: what the packet is; recognised from its keys when `nil`.
    /// - Throws: ``PacketError/notJSON(_:)`` when the bytes are not JSON.
    public func validate(_ data: Data, as kind: PacketKind? = nil) throws(PacketError) -> ValidationReport {
        validate(try JSONValue(parsing: data), as: kind)
    }

    /// Validates a parsed tree.
    public func validate(_ value: JSONValue, as kind: PacketKind? = nil) -> ValidationReport {
        let kind = kind ?? PacketKind.recognise(value)
        var tree = value
        var normalizer = DialectNormalizer()
        switch kind {
        case .request: normalizer.normalizeRequest(&tree)
        case .response, .data: normalizer.normalizeResponse(&tree)
        }
        var issues = normalizer.issues
        guard case .object(let members) = tree else {
            issues.append(.error(.typeMismatch, at: .root, "expected a \(kind.shape.displayName) object, got \(tree.summary)"))
            return ValidationReport(kind: kind, issues: issues, normalized: tree)
        }
        var checker = ShapeChecker()
        // A request's unknown top-level keys are old servers' flattened arguments; the linter
        // reports them with that explanation.
        checker.checkRoot(members, against: kind.shape, reportUnknownKeys: kind != .request)
        var linter = Linter()
        switch kind {
        case .request: linter.lintRequest(members)
        case .response: linter.lintResponse(members, options: options)
        case .data: break
        }
        // The screen's own colours (not in validate(built:), the check of every answer a server
        // sends: it is advice for the developer, and a server sends the same colours each time).
        var contrast = ContrastCheck()
        if kind == .response { contrast.check(response: members) }
        // Issues found in the rewritten tree are reported where the sender wrote the value; the
        // components a lenient reader drops are found in the rewritten tree it builds from.
        let found = checker.issues + linter.issues + contrast.issues
        let broken = Self.brokenComponents(found)
        for var issue in found {
            issue.path = normalizer.originalPath(of: issue.path)
            issues.append(issue)
        }
        return ValidationReport(kind: kind, issues: issues.sortedByPath(), normalized: tree, brokenComponents: broken)
    }

    /// Validates a packet the SDK built from the typed wire model (``ResponsePacket/json``,
    /// ``DataResponse/json``): the shape and the lint rules, without the dialect normaliser.
    ///
    /// The typed model writes only the new dialect, so rewriting its output would change nothing
    /// and report nothing; the one normaliser check that still applies — two size keys for one
    /// quantity, which ``SizeSpec`` can hold — runs in the shape check instead. Issues are at
    /// their paths in `value`, and ``ValidationReport/normalized`` is `value` itself. This is the
    /// check a server runs on every answer, so it costs one walk of the tree.
    ///
    /// - Parameters:
    ///   - value: the packet as the typed model wrote it.
    ///   - kind: what the packet is.
    public func validate(built value: JSONValue, as kind: PacketKind) -> ValidationReport {
        guard case .object(let members) = value else {
            let issue = ValidationIssue.error(.typeMismatch, at: .root,
                                              "expected a \(kind.shape.displayName) object, got \(value.summary)")
            return ValidationReport(kind: kind, issues: [issue], normalized: value)
        }
        var checker = ShapeChecker()
        checker.checksSizeConflicts = true
        checker.checkRoot(members, against: kind.shape, reportUnknownKeys: kind != .request)
        var linter = Linter()
        switch kind {
        case .request: linter.lintRequest(members)
        case .response: linter.lintResponse(members, options: options)
        case .data: break
        }
        let found = checker.issues + linter.issues
        return ValidationReport(kind: kind, issues: found.sortedByPath(), normalized: value,
                                brokenComponents: Self.brokenComponents(found))
    }

    /// The components a lenient read leaves out: for every error that cannot be repaired, the
    /// innermost component that holds it.
    private static func brokenComponents(_ issues: [ValidationIssue]) -> Set<JSONPath> {
        var broken: Set<JSONPath> = []
        for issue in issues where issue.severity == .error && !issue.isRepairable {
            let steps = issue.path.steps
            var innermost: Int?
            for index in steps.indices.dropFirst() {
                if case .index = steps[index], case .key("components") = steps[index - 1] { innermost = index }
            }
            if let innermost { broken.insert(JSONPath(steps: Array(steps[...innermost]))) }
        }
        return broken
    }
}

/// The outcome of validating one packet.
public struct ValidationReport: Sendable, Hashable {
    /// What the packet was read as.
    public var kind: PacketKind
    /// Every issue, in document order.
    public var issues: [ValidationIssue]
    /// The packet rewritten into the new dialect (before any component is dropped).
    public var normalized: JSONValue

    /// The components (by path in ``normalized``) that hold an error a lenient reader cannot repair.
    var brokenComponents: Set<JSONPath> = []

    /// Whether the packet has no errors (warnings allowed).
    public var isValid: Bool { !issues.hasErrors }
}
