import XpediteProtocol

/// Which requests ask for an old dynamic menu's records or an old dynamic web view's HTML
/// (docs/protocol/menus.md#old-dialect-menus): such a request carries only the source's function
/// and parameters, so it is known by the screens that declared the source. Each screen answer is
/// read for its sources as it passes (before the engine sees it, so before it asks for them); a
/// request with `offset` is a table page (docs/protocol/tables.md#the-data-request); anything else
/// expects a screen.
struct DataSources: Sendable {
    /// Function and canonical parameters → the kind of answer.
    private var kinds: [String: AnswerKind] = [:]

    /// The kind of answer `request` expects.
    func expectedAnswer(to request: JSONValue) -> AnswerKind {
        guard let object = request.objectValue else { return .screen }
        if object["offset"] != nil { return .tableRows }
        guard let function = object["method"]?.stringValue else { return .screen }
        return kinds[Self.key(function, object["parameters"]?.objectValue?.dictionary)] ?? .screen
    }

    /// Records the dynamic sources of a screen answer (read leniently; an unreadable answer
    /// declares none).
    mutating func register(screen answer: JSONValue) {
        guard let packet = try? PacketDecoder(mode: .lenient).decodeResponse(answer).packet else { return }   // not a screen: nothing to learn
        var pending = packet.components
        while let component = pending.popLast() {
            switch component {
            case .navigation(let navigation):
                if let source = navigation.data, navigation.components == nil {
                    kinds[Self.key(source.method.function, source.method.parameters)] = .menuRecords
                }
            case .web(let web):
                if web.web == nil, web.content == nil, let source = web.data {
                    kinds[Self.key(source.method.function, source.method.parameters)] = .webHTML
                }
            default:
                // A navigation's entries are no components of the screen.
                pending += component.children
            }
        }
    }

    static func key(_ function: String, _ parameters: [String: JSONValue]?) -> String {
        let parameters = parameters ?? [:]
        return function + "\u{0}" + (parameters.isEmpty ? "" : CanonicalJSON.string(.object(JSONObject(parameters))))
    }
}
