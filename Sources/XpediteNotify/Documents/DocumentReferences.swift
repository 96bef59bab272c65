import XpediteProtocol

/// The uploaded documents (`rcs/<kind>/…`) a payload or a response names: who may read a
/// document follows from them.
enum DocumentReferences {
    /// The uploaded documents a payload shows: a `document` field's `url`, an `image` field's
    /// `url` and a `markupImage` field's `source`, when they name a document (`rcs/<kind>/…`).
    /// Its recipients may read them.
    static func names(in payload: Payload) -> Set<String> {
        var names = Set<String>()
        for field in payload.fields ?? [] {
            let candidate: String?
            switch field {
            case .document(let document): candidate = document.url
            case .image(let image): candidate = image.url
            case .markupImage(let markup): candidate = markup.source
            default: candidate = nil
            }
            if let candidate, DocumentKind(documentName: candidate) != nil { names.insert(candidate) }
        }
        return names
    }

    /// The strings in a response's `values` that could name an uploaded document (`rcs/…`, the form
    /// of every name the upload route gives), at most 256: only these are looked up.
    static func names(in values: JSONValue?) -> Set<String> {
        var names: Set<String> = []
        func collect(_ value: JSONValue) {
            guard names.count < 256 else { return }
            switch value {
            case .string(let text) where text.hasPrefix("rcs/"): names.insert(text)
            case .array(let elements): elements.forEach(collect)
            case .object(let object): object.forEach { collect($0.value) }
            default: break
            }
        }
        if let values { collect(values) }
        return names
    }
}
