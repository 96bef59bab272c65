import Foundation
import XpediteProtocol

extension XpediteClient {
    /// Navigation caching by id (§7.4): a full definition with an `id` is stored; a stub
    /// (`type` and `id` only) is replaced by the stored definition, or left out and reported
    /// when there is none.
    func expandNavigation(_ components: [Component], diagnostics: inout [String]) async -> [Component] {
        var result: [Component] = []
        result.reserveCapacity(components.count)
        for component in components {
            guard case .navigation(let navigation) = component, let id = navigation.id else {
                result.append(component)
                continue
            }
            if navigation.isStub {
                if let definition = await storedNavigation(id: id, diagnostics: &diagnostics) {
                    result.append(.navigation(definition))
                } else {
                    diagnostics.append("navigation '\(id)': no cached definition for this stub; the menu is left out")
                }
                continue
            }
            if navigationDefinitions[id] != navigation {
                navigationDefinitions[id] = navigation
                do {
                    try await cache.store(navigation: CanonicalJSON.data(component.json), id: id)
                } catch {
                    diagnostics.append("navigation cache: \(error)")
                }
            }
            result.append(component)
        }
        return result
    }

    private func storedNavigation(id: String, diagnostics: inout [String]) async -> Component.Navigation? {
        if let known = navigationDefinitions[id] { return known }
        let body: Data?
        do {
            body = try await cache.navigation(id: id)
        } catch {
            diagnostics.append("navigation cache: \(error)")
            return nil
        }
        guard let body else { return nil }
        // The definition is stored as the canonical JSON of a component; it is read back
        // through the same lenient decoder as a one-component screen.
        let wrapper = JSONValue.object(["rc": 0, "components": .array([(try? JSONValue(parsing: body)) ?? .null])])
        guard let decoded = try? PacketDecoder(mode: .lenient).decodeResponse(wrapper),
              case .navigation(let navigation)? = decoded.packet.components.first else {
            // A stored definition that no longer reads is treated as a cache miss.
            return nil
        }
        navigationDefinitions[id] = navigation
        return navigation
    }
}
