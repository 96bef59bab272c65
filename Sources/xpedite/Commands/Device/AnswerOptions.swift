import ArgumentParser
import Foundation
import XpediteClient
import XpediteProtocol

/// The options of `answer` and `start`: the values, the photos, the button; and the answering itself.
struct AnswerOptions: ParsableArguments {
    @Option(name: .customLong("value"),
            help: ArgumentHelp("A field's value, read by its type: numbers, true/false, yyyy-MM-dd, LON,LAT, a choice's value or label (repeatable).",
                               valueName: "id=value"))
    var values: [String] = []

    @Option(name: .customLong("photo"),
            help: ArgumentHelp("A JPEG uploaded to the first camera/markupImage field, or to the field named (repeatable); kept and queued with the response while the server cannot be reached.",
                               valueName: "[id=]file.jpg"))
    var photos: [String] = []

    @Option(name: .customLong("submit"), help: "The submitValue: the value of the button pressed (0, the automatic Submit, by default).")
    var submitValue = 0

    func validate() throws {
        for value in values where !value.contains("=") {
            throw ValidationError("--value \(value): expected id=value")
        }
    }

    /// Fills the form of `message` from the options, uploads the photos and submits; prints the
    /// published response object, or that it was queued (with its photos, kept on the device
    /// while the server cannot be reached).
    func answer(_ message: DeviceMessage, on device: DeviceClient, json: Bool) async throws {
        var form = message.form()
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            try await DeviceOutput.run { try form.set(String(parts[0]), text: parts.count > 1 ? String(parts[1]) : "") }
        }
        for photo in photos {
            let (id, file) = try target(of: photo, in: form)
            let bytes: Data
            do {
                bytes = try Data(contentsOf: URL(fileURLWithPath: (file as NSString).expandingTildeInPath))
            } catch {
                throw DeviceOutput.fail("--photo \(file): \(error.localizedDescription)", status: 2)
            }
            try await DeviceOutput.run { try await device.attach(bytes, to: id, in: &form) }
        }
        let outcome = try await DeviceOutput.run { try await device.submit(form, submitValue: submitValue) }
        switch outcome {
        case .published(let response):
            print(json ? CanonicalJSON.string(response) : "published \(response["responseId"]?.stringValue ?? "")\n" + CanonicalJSON.string(response))
        case .queued(let queued):
            let media = queued.pendingMedia.isEmpty ? "" : " with " + DeviceOutbox.summary(of: queued.pendingMedia)
            print(json ? CanonicalJSON.string(queued.json)
                       : "the server cannot be reached: response \(queued.responseId)\(media) queued; sent with `xpedite device flush`")
        }
    }

    /// The field a `--photo` goes to, and the file.
    private func target(of option: String, in form: PayloadForm) throws -> (id: String, file: String) {
        let parts = option.split(separator: "=", maxSplits: 1)
        if parts.count == 2, form.field(String(parts[0])) != nil { return (String(parts[0]), String(parts[1])) }
        guard let field = form.inputFields.first(where: { MediaKind(field: $0) == .image }), let id = field.id else {
            throw DeviceOutput.fail("$.values: --photo \(option): the payload has no camera or markupImage field", status: 1)
        }
        return (id, option)
    }
}
