import Foundation
import XpediteProtocol

/// Media attached offline (``PendingMedia``) on their way to the server: found for a submit,
/// uploaded before the response that cites them.
extension DeviceClient {
    /// The media a form's fields cite by local reference (each once, even when two fields cite
    /// it), as kept on the device for no queued response yet.
    ///
    /// - Throws: ``DeviceError`` with one issue per field (`$.values.<id>`) citing media the device
    ///   does not keep, or that a queued response already cites.
    func keptMedia(citedBy form: PayloadForm) async throws -> [PendingMedia] {
        var media: [PendingMedia] = []
        var issues: [ValidationIssue] = []
        for cited in form.pendingMedia where !media.contains(where: { $0.reference == cited.reference }) {
            if let kept = try await database.keptMedia(cited.reference), kept.responseId == nil {
                media.append(kept.media)
            } else {
                issues += DeviceError.missingMedia(cited.reference, at: JSONPath.root.appending("values").appending(cited.id)).issues
            }
        }
        guard issues.isEmpty else { throw DeviceError.invalid(issues) }
        return media
    }

    /// `body` with the local references of `media` in its values replaced by their document names,
    /// uploading each that has none yet. A name is recorded as soon as the server gives it, so
    /// media are uploaded once even when what follows (the post of the response) fails.
    ///
    /// - Throws: ``TransportError`` when the server cannot be reached; the server's
    ///   ``DeviceError`` for a refused upload (413, 422), with an issue at the field's path.
    func uploadingPendingMedia(_ media: [PendingMedia], in body: JSONObject) async throws -> JSONObject {
        guard !media.isEmpty, case .object(var values)? = body["values"] else { return body }
        for item in media {
            let ids = values.compactMap { id, value in value == .string(item.reference) ? id : nil }
            let path = JSONPath.root.appending("values").appending(ids.first ?? "")
            guard let kept = try await database.keptMedia(item.reference) else { throw DeviceError.missingMedia(item.reference, at: path) }
            let name: String
            if let uploaded = kept.media.documentName {
                name = uploaded
            } else {
                guard let bytes = try await database.mediaBytes(item.reference) else {
                    throw DeviceError.missingMedia(item.reference, at: path)
                }
                do {
                    name = try await upload(bytes, kind: item.kind)
                } catch let error as DeviceError where error.status != nil {
                    throw error.forMedia(at: path)
                }
                try await database.recordUpload(item.reference, documentName: name)
            }
            for id in ids { values[id] = .string(name) }
        }
        var resolved = body
        resolved["values"] = .object(values)
        return resolved
    }
}
