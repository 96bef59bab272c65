import XpediteClient
import XpediteProtocol

/// Runs ``ClientStep``s against a client, remembering the form last filled (the "current
/// form" of `save` and `cancel`).
struct ClientScript {
    /// Why a step could not run.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let client: XpediteClient
    private var currentForm: [Int]?

    init(client: XpediteClient) {
        self.client = client
    }

    mutating func run(_ step: ClientStep) async throws(Failure) {
        let state = await client.state
        switch step {
        case .tap(let text):
            guard let action = state.action(tapping: text) else {
                throw Failure(description: "nothing on screen shows \"\(text)\"; tappable: "
                    + ClientOutline.tappableTexts(state).map { "\"\($0)\"" }.joined(separator: ", "))
            }
            currentForm = nil
            await client.perform(action)
        case .rows(_, let last):
            guard let table = state.tablePaths.first(where: { state.tables[$0] != nil }) else {
                throw Failure(description: "there is no table on screen")
            }
            await client.settle()
            while let rows = await client.state.tables[table], rows.hasMore, rows.rows.count <= last {
                await client.perform(.loadMore(table: table))
                if await client.state.tables[table]?.rows.count == rows.rows.count { break }
            }
        case .fill(let field, let text):
            let path = try Self.field(field, in: state)
            guard let component = state.component(at: path), let value = FieldValue.parse(text, for: component) else {
                throw Failure(description: "\"\(text)\" is not a value for the \(state.component(at: path)?.type ?? "") \(field)")
            }
            currentForm = Self.form(holding: path, in: state)
            await client.perform(.setValue(field: path, value))
        case .save, .cancel:
            let isSave = step == .save
            let forms = state.forms.filter { path in
                guard case .form(let form)? = state.component(at: path) else { return false }
                return isSave ? form.save != nil : form.cancel != nil
            }
            guard let form = currentForm.flatMap({ forms.contains($0) ? $0 : nil }) ?? forms.first else {
                throw Failure(description: "no form on screen has a \(isSave ? "Save" : "Cancel") button")
            }
            currentForm = nil
            await client.perform(isSave ? .save(form: form) : .cancel(form: form))
        case .enter(let field):
            await client.perform(.returnKey(field: try Self.field(field, in: state)))
        case .refresh:
            guard let table = state.tablePaths.first(where: {
                if case .table(let table)? = state.component(at: $0) { return table.refresh != nil }
                return false
            }) else {
                throw Failure(description: "no table on screen has pull-to-refresh")
            }
            await client.perform(.refresh(table: table))
        }
    }

    /// The input `FORM.FIELD`, or `FIELD` outside any form (then inside any form).
    static func field(_ reference: String, in state: ScreenState) throws(Failure) -> [Int] {
        var dot = reference.firstIndex(of: ".")
        while let split = dot {
            let form = String(reference[..<split])
            let name = String(reference[reference.index(after: split)...])
            if let path = state.field(named: name, inForm: form) { return path }
            dot = reference[reference.index(after: split)...].firstIndex(of: ".")
        }
        if let path = state.field(named: reference, inForm: nil) { return path }
        var anywhere: [Int]?
        state.forEachComponent { component, path, _ in
            if anywhere == nil, component.fieldName == reference { anywhere = path }
        }
        guard let anywhere else { throw Failure(description: "no input named \(reference) on screen") }
        return anywhere
    }

    private static func form(holding field: [Int], in state: ScreenState) -> [Int]? {
        var holder: [Int]?
        state.forEachComponent { _, path, form in
            if path == field { holder = form }
        }
        return holder
    }
}
