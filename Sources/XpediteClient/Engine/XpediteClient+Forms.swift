import XpediteProtocol

extension XpediteClient {
    /// Save (docs/protocol/forms.md#save): always `formdata.{formId}`; a form without `id` calls
    /// the method without `formdata` and reports it.
    func save(form path: [Int]) async {
        guard case .form(let form)? = state.component(at: path), let save = form.save else { return }
        var request = RequestPacket(method: save.function, token: token, parameters: save.parameters)
        if let id = form.id, !id.isEmpty {
            request.formdata = [id: .object(JSONObject(formValues(path)))]
        } else {
            state.diagnostics.append("form at \(path.map(String.init).joined(separator: ".")): saved without an id, so no formdata was sent")
        }
        await requestScreen(request)
    }

    /// Cancel (docs/protocol/forms.md#cancel): `formdata.{formId}` only when the cancel method says
    /// `formdata:true` (old-dialect string cancels do).
    func cancel(form path: [Int]) async {
        guard case .form(let form)? = state.component(at: path), let cancel = form.cancel else { return }
        var request = RequestPacket(method: cancel.function, token: token, parameters: cancel.parameters)
        if cancel.formdata, let id = form.id, !id.isEmpty {
            request.formdata = [id: .object(JSONObject(formValues(path)))]
        }
        await requestScreen(request)
    }

    private func formValues(_ path: [Int]) -> [String: JSONValue] {
        guard let packet = state.packet else { return [:] }
        return FormState.values(ofForm: path, in: packet.components, values: state.values)
    }

    /// The return key (docs/protocol/forms.md#focus-and-the-return-key): `onEnter` naming the `id`
    /// of a focusable input moves the focus there; any other value is a function called with the
    /// captured input; no `onEnter` just dismisses the keyboard.
    func returnKey(in path: [Int]) async {
        let onEnter: String? = switch state.component(at: path) {
        case .textbox(let field)?: field.onEnter
        case .password(let field)?: field.onEnter
        case .button(let button)?: button.onEnter
        default: nil
        }
        guard let onEnter, !onEnter.isEmpty else {
            if state.focusedField == path {
                state.focusedField = nil
                emit()
            }
            return
        }
        var target: [Int]?
        state.forEachComponent { component, candidate, _ in
            if target == nil, component.id == onEnter, ComponentTree.isFocusable(component) { target = candidate }
        }
        if let target {
            state.focusedField = target
            emit()
            return
        }
        let request = RequestPacket(method: onEnter, token: token, formdata: capturedInput())
        await requestScreen(request)
    }

    /// The input focused when a screen appears (docs/protocol/components/inputs.md#textbox,
    /// docs/protocol/components/containers.md#form): an old form-level `focus` (a field name)
    /// first, then the first field with `focus:true`; otherwise none.
    static func initialFocus(_ components: [Component]) -> [Int]? {
        var byForm: [Int]?
        var byField: [Int]?
        var formFocus: [[Int]: String] = [:]
        ComponentTree.forEach(components) { component, path, form in
            if case .form(let definition) = component, let name = definition.focus { formFocus[path] = name }
            if byForm == nil, let form, let name = component.fieldName, formFocus[form] == name { byForm = path }
            if byField == nil {
                switch component {
                case .textbox(let field) where field.focus == true: byField = path
                case .password(let field) where field.focus == true: byField = path
                default: break
                }
            }
        }
        return byForm ?? byField
    }
}
