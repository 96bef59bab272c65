import Foundation
import Hummingbird
import Logging

// Finishing an answer: what a handler produced becomes the packet sent — a screen with its token,
// version, entries, images and navigation stubs (docs/protocol/menus.md#a-menu-cached-by-id), or
// rows with their token — validated (docs/protocol/validation.md) before it leaves.
extension XpediteEndpoint {
    /// An answer as sent, ready to be written.
    enum Finished {
        /// A screen's JSON.
        case screen(JSONValue)
        /// A data response, written with its rows straight from the typed array.
        case data(DataResponse)
    }

    /// An answer as sent, validated; `nil` (with the issues logged) when it breaks the protocol.
    /// A screen gets token, version, entries, defaults, images and expanded navigation stubs; a
    /// data response gets the token.
    func finish(_ response: XpediteResponse, session: Session, entries: ScreenEntries?, isConnect: Bool, now: Date,
                logger: RequestLogger) -> Finished? {
        let finished: Finished
        let json: JSONValue
        var sentNavigation: Set<String> = []
        switch response {
        case .screen(let screen):
            json = finish(screen, session: session, entries: entries, isConnect: isConnect, now: now,
                          sentNavigation: &sentNavigation, logger: logger).json
            finished = .screen(json)
        case .data(var data):
            data.token = session.token
            finished = .data(data)
            // Typed rows are objects, which is all a data response asks of a row
            // (docs/protocol/tables.md#the-data-answer): the packet is checked with its rows left
            // out, so no tree of them is built.
            if case .rows = data.data { data.data = .rows([]) }
            json = data.json
        }
        if configuration.validatesResponses {
            let issues = PacketValidator(options: ValidationOptions(isConnectionReply: isConnect))
                .validate(built: json, as: response.packetKind).issues
            if issues.hasErrors {
                logInvalid(issues, logger: logger)
                return nil
            }
        }
        if case .screen = response {
            session.recordSent(navigation: sentNavigation, version: versionText)
        }
        return finished
    }

    /// A screen as sent: token, version, entries, defaults, images, expanded navigation stubs
    /// (whose ids go into `sentNavigation`).
    func finish(_ screen: ResponsePacket, session: Session, entries: ScreenEntries?, isConnect: Bool, now: Date,
                        sentNavigation sent: inout Set<String>, logger: RequestLogger) -> ResponsePacket {
        var packet = screen
        packet.token = session.token
        packet.version = configuration.version
        entries?.fill(&packet)
        configuration.screen.fill(&packet)
        if isConnect, let defaults = configuration.setDefaults(for: session.device.appearance) {
            packet.setDefaults = packet.setDefaults.map(defaults.merging) ?? defaults
        }
        // A new session, or a phone that has not seen this version, has no image map and no
        // navigation cache from this app version
        // (docs/protocol/caching.md#version-change-one-purge).
        let phoneIsCurrent = !isConnect && session.phoneVersion == versionText
        if !phoneIsCurrent, !configuration.images.isEmpty {
            switch packet.images {
            case nil:
                packet.images = .manifest(configuration.images)
            case .manifest(let own)?:
                let ids = Set(own.map(\.id))
                packet.images = .manifest(own + configuration.images.filter { !ids.contains($0.id) })
            case .folder?:
                break
            }
        }
        if configuration.sendsTime, packet.time == nil { packet.time = Int(now.timeIntervalSince1970) }
        packet.components = expand(packet.components, known: { phoneIsCurrent && session.hasReceivedNavigation($0) },
                                   sent: &sent, logger: logger)
        return packet
    }

    /// Replaces navigation stubs the phone has not received in full by the registered definitions,
    /// and collects the ids of every full definition sent
    /// (docs/protocol/menus.md#a-menu-cached-by-id).
    func expand(_ components: [Component], known: (String) -> Bool, sent: inout Set<String>,
                        logger: RequestLogger) -> [Component] {
        components.map { component in
            switch component {
            case .navigation(let menu):
                guard let id = menu.id else { return component }
                if !menu.isStub {
                    if menu.implementation != nil { sent.insert(id) }
                    return component
                }
                if known(id) || sent.contains(id) { return component }
                guard let definition = navigation[id] else {
                    logger.warning("Navigation stub with no registered definition",
                                   metadata: ["xpedite.navigation": .string(id)])
                    return component
                }
                sent.insert(id)
                return .navigation(definition)
            case .form(var form):
                form.components = expand(form.components, known: known, sent: &sent, logger: logger)
                return .form(form)
            case .scrollview(var view):
                view.components = view.components.map { expand($0, known: known, sent: &sent, logger: logger) }
                return .scrollview(view)
            case .section(var section):
                section.components = section.components.map { expand($0, known: known, sent: &sent, logger: logger) }
                return .section(section)
            default:
                return component
            }
        }
    }

    func logInvalid(_ issues: [ValidationIssue], logger: RequestLogger) {
        logger.error("A handler's answer breaks the protocol and was not sent", metadata: [
            "xpedite.issues": .array(issues.errors.map { .string($0.description) }),
        ])
    }
}
