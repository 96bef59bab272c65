import Foundation
import XpediteProtocol

extension XpediteClient {
    /// Navigation caching by id (docs/protocol/menus.md#a-menu-cached-by-id): a full definition
    /// with an `id` is stored; a stub (`type` and `id` only) is replaced by the stored definition,
    /// or left out and reported when there is none (a component error, also added to
    /// `componentProblems`).
    func expandNavigation(_ components: [Component], diagnostics: inout [String],
                          componentProblems: inout [String]) async -> [Component] {
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
                    let problem = "navigation '\(id)': no cached definition for this stub; the menu is left out"
                    diagnostics.append(problem)
                    componentProblems.append(problem)
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
        // The definition is stored as the canonical JSON of a component already read and
        // checked; it is read back as a one-component canonical screen.
        let navigation: Component.Navigation
        do {
            let screen = JSONValue.object(["rc": 0, "components": [try JSONValue(parsing: body)]])
            guard case .navigation(let stored)? = try PacketDecoder().decodeCanonicalResponse(screen).components.first
            else {
                diagnostics.append("navigation cache: the entry for \"\(id)\" is not a navigation")
                return nil
            }
            navigation = stored
        } catch {
            // A damaged entry is a cache miss, reported.
            diagnostics.append("navigation cache: the entry for \"\(id)\" does not decode: \(error)")
            return nil
        }
        navigationDefinitions[id] = navigation
        return navigation
    }
}
