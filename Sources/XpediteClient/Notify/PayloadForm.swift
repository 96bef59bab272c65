import Foundation
import XpediteProtocol

/// The state of a payload's form on the device (docs/notify.md): one value per input
/// field, keyed by its `id`, starting from the field's `default` (a slider from its `minValue`);
/// an optional field starts unset and is answered `null`.
///
/// The checks before submitting are `ResponseValidator`'s, the same code the server runs on
/// the response, so the phone and the server agree on every rule: required values, types,
/// ranges, choices, dates and date-times, locations, document names (or the local reference of
/// media attached offline, ``PendingMedia``), and `submitValue` among the payload's buttons.
/// Every issue has its path, `$.values.<id>` or `$.submitValue`.
///
/// ```swift
/// var form = message.form()
/// try form.set("simpleDropList", text: "Green")
/// let report = form.check(submitValue: 0)      // report.issues, report.values
/// ```
public struct PayloadForm: Sendable, Hashable {
    /// The message or start request being answered.
    public let source: DeviceMessage.Source
    /// The payload, with its fields.
    public let payload: Payload
    private var entries: [String: JSONValue]

    /// A fresh form: every defaulted field holds its default (a map's in the simple location form).
    public init(source: DeviceMessage.Source, payload: Payload) {
        self.source = source
        self.payload = payload
        var entries: [String: JSONValue] = [:]
        for field in payload.inputFields {
            guard let id = field.id, case .defaulted(let value)? = field.requirement else { continue }
            entries[id] = field.type == "map" ? (Location(json: value)?.json ?? value) : value
        }
        self.entries = entries
    }

    /// The fields that produce a value, in order.
    public var inputFields: [Field] { payload.inputFields }

    /// The input field with this `id`.
    public func field(_ id: String) -> Field? { inputFields.first { $0.id == id } }

    /// The value of a field; `nil` while unset.
    public func value(_ id: String) -> JSONValue? { entries[id] }

    /// The values set so far, in field order.
    public var values: JSONObject {
        var object = JSONObject()
        for field in inputFields {
            if let id = field.id, let value = entries[id] { object[id] = value }
        }
        return object
    }

    /// The `submitValue`s the form may be submitted with: its buttons' values, or 0 (the
    /// automatic Submit) when it has none.
    public var submitValues: [Int] { payload.allowedSubmitValues }

    /// Sets a field's value (`nil` unsets it). The value is checked at submit, with the others.
    ///
    /// - Throws: ``DeviceError`` when no input field has this `id` (path `$.values.<id>`).
    public mutating func set(_ id: String, _ value: JSONValue?) throws(DeviceError) {
        guard let target = self.field(id) else { throw .invalid([Self.unknownField(id, among: inputFields)]) }
        if case .computed = target {
            throw .invalid([ValidationIssue(path: JSONPath.root.appending("values").appending(id), code: .invalidValue, severity: .error,
                                            message: "the field \"\(id)\" is computed from the others (docs/notify.md#rules): it cannot be set")])
        }
        entries[id] = value
    }

    /// The issue for a value under an `id` no input field has.
    static func unknownField(_ id: String, among fields: [Field]) -> ValidationIssue {
        let ids = fields.compactMap(\.id)
        let list = ids.isEmpty ? "the payload has no input fields" : "the input fields are " + ids.map { "\"\($0)\"" }.joined(separator: ", ")
        return ValidationIssue(path: JSONPath.root.appending("values").appending(id), code: .unknownKey, severity: .error,
                               message: "no input field has the id \"\(id)\"; \(list)")
    }

    /// This form with the values that have no UI filled in as at a submit
    /// (docs/notify.md#field-types): `currentDateTime` the time `date` (UTC), `currentLocation`
    /// `location` when known. Values already set are kept.
    public func completed(at date: Date, location: Location?) -> PayloadForm {
        var form = self
        for field in inputFields {
            guard let id = field.id, form.entries[id] == nil else { continue }
            switch field {
            case .currentDateTime:
                form.entries[id] = .string(Self.timestamp(date))
            case .currentLocation:
                if let location { form.entries[id] = location.json }
            default:
                break
            }
        }
        return form
    }

    /// Checks the form as the server will (`ResponseValidator`, without the list of uploaded
    /// documents, which only the server knows): every issue, and the completed `values`. A media
    /// field may hold the local reference of media attached offline (``PendingMedia``), of the
    /// field's kind: it is uploaded, and replaced by its document name, before the response is sent.
    public func check(submitValue: Int = 0) -> ResponseReport {
        let pending = Dictionary(pendingMedia.map { ($0.reference, $0.kind.rawValue) }, uniquingKeysWith: { first, _ in first })
        return ResponseValidator(pendingDocuments: pending).validateSubmission(submission(submitValue: submitValue), against: payload)
    }

    /// The media fields whose value is the local reference of media attached offline, in field order.
    public var pendingMedia: [(id: String, reference: String, kind: MediaKind)] {
        inputFields.compactMap { field in
            guard let id = field.id, MediaKind(field: field) != nil, case .string(let reference)? = entries[id],
                  let kind = PendingMedia.kind(ofReference: reference) else { return nil }
            return (id, reference, kind)
        }
    }

    /// The body members this form submits: `submitValue` and `values` (hidden fields left out,
    /// computed fields with their computed values: docs/notify.md#rules).
    func submission(submitValue: Int) -> JSONValue {
        .object(["submitValue": .number(Double(submitValue)), "values": .object(answerValues())])
    }

    /// `yyyy-MM-ddTHH:mm:ssZ`, UTC.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .current))
    }
}
