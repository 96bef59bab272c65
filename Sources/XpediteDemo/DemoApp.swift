import Foundation
import XpediteBuilder
import XpediteServer

/// The demo app, built with the server SDK and the DSL: sign-in, a slide-in menu, a customer
/// list over SQLite or PostgreSQL (`DemoStore`) with keyset paging and search, detail and edit
/// screens, a quick-add dialog, a cached dashboard and a permanent about page. Raising a credit
/// limit above the threshold sends an approval payload to the approver (XpediteNotify).
/// ``DemoServer`` serves it.
public enum DemoApp {
    /// The app on `configuration`, reading and writing `store`, signing in through `users`,
    /// asking `approvals` for credit limits above the threshold.
    ///
    /// - Parameters:
    ///   - configuration: the SDK's configuration; the demo adds its theme (`setDefaults`, and
    ///     `darkSetDefaults` for dark phones) and
    ///     the `critical` logo to the image manifest, and keeps its `version`.
    ///   - baseURL: where the server is reached (`http://127.0.0.1:8080`), for image URLs.
    /// - Throws: an ``XpediteSetupError`` when the app is set up wrongly.
    static func make(configuration: XpediteConfiguration, store: any DemoStore, users: DemoUsers,
                     approvals: CreditApprovals, baseURL: String) throws -> XpediteApp {
        var configuration = configuration
        configuration.setDefaults = theme
        configuration.darkSetDefaults = darkTheme
        configuration.images = [DemoImages.logoEntry(baseURL: baseURL)] + configuration.images
        let version = configuration.version
        let clock = configuration.clock
        let changes = approvals.changes
        let threshold = approvals.threshold
        /// Adds a customer from a form (a limit above the threshold starts at 0 and waits for approval).
        let add: @Sendable (Customer, XpediteCall) async throws -> Screen = { customer, call in
            let user = try signedInUser(call)
            let outcome = try await changes.insert(customer, threshold: threshold, requestedBy: user.username, at: clock())
            return try await screen(after: outcome, notice: "Added.", user: user, call: call, approvals: approvals,
                                    baseURL: baseURL)
        }
        var app = XpediteApp(configuration: configuration)
        try app.register(navigation: DemoMenu.definition)

        app.onConnect { call in
            SignInScreen.make(notice: call.connectReason == .sessionExpired ? "Your session had expired." : nil,
                              appearance: call.device.appearance)
        }
        app.on("signIn") { call in
            let fields = try call.form(SignInScreen.Fields.self, id: SignInScreen.formID)
            let email = (fields.email ?? "").trimmingCharacters(in: .whitespaces)
            let password = fields.password ?? ""
            guard !email.isEmpty, !password.isEmpty else {
                throw XpediteError.message("Please enter your email and password.")
            }
            guard let user = try await users.authenticate(email: email, password: password) else {
                call.logger.debug("Sign-in refused", metadata: ["demo.username": .string(email)])
                throw XpediteError.message("Wrong email or password.")
            }
            try call.session.signIn(user)
            call.logger.debug("Signed in", metadata: ["demo.username": .string(user.username)])
            return CustomerListScreen.make(search: nil)
        }

        app.group(requiring: .demoSignedIn) { group in
            group.on("customers") { call in
                CustomerListScreen.make(search: CustomerListScreen.search(in: call))
            }
            group.on("search") { _ in
                CustomerListScreen.make(search: nil, focusSearch: true)
            }
            group.on("listCustomers") { call in
                try await store.page(for: call, search: CustomerListScreen.search(in: call))
            }
            group.on("viewCustomer") { call in
                let customer = try await existing(call, in: store)
                return CustomerDetailScreen.make(customer, baseURL: baseURL,
                                                 change: try await changes.latestChange(customerId: customer.id),
                                                 appearance: call.device.appearance)
            }
            group.on("editCustomer") { call in
                let customer = try await existing(call, in: store)
                return CustomerFormScreen.make(CustomerDraft(customer), id: customer.id)
            }
            group.on("saveCustomer") { call in
                let customer = try await existing(call, in: store)
                let draft = try call.form(CustomerDraft.self, id: CustomerFormScreen.formID)
                switch draft.validate(id: customer.id, score: customer.score) {
                case .failure(let problem):
                    return CustomerFormScreen.make(draft, id: customer.id, problem: problem.message)
                case .success(let edited):
                    let user = try signedInUser(call)
                    let outcome = try await changes.save(edited, threshold: threshold, requestedBy: user.username, at: clock())
                    return try await screen(after: outcome, notice: "Saved.", user: user, call: call, approvals: approvals,
                                            baseURL: baseURL)
                }
            }
            group.on("newCustomer") { _ in
                CustomerFormScreen.make(CustomerDraft(today: CalendarDay(clock())), id: nil)
            }
            group.on("createCustomer") { call in
                let draft = try call.form(CustomerDraft.self, id: CustomerFormScreen.formID)
                switch draft.validate(id: 0, score: newScore) {
                case .failure(let problem):
                    return CustomerFormScreen.make(draft, id: nil, problem: problem.message)
                case .success(let customer):
                    return try await add(customer, call)
                }
            }
            group.on("quickAdd") { _ in
                QuickAddScreen.make(CustomerDraft(today: CalendarDay(clock())))
            }
            group.on("createQuickCustomer") { call in
                var draft = try call.form(CustomerDraft.self, id: QuickAddScreen.formID)
                let defaults = CustomerDraft(today: CalendarDay(clock()))
                draft.since = defaults.since
                draft.active = defaults.active
                draft.creditLimit = defaults.creditLimit
                draft.contact = defaults.contact
                draft.notes = defaults.notes
                switch draft.validate(id: 0, score: newScore) {
                case .failure(let problem):
                    return QuickAddScreen.make(draft, problem: problem.message)
                case .success(let customer):
                    return try await add(customer, call)
                }
            }
            group.on("dashboard", screen: DashboardScreen.entries) { call in
                let figures = try await store.statistics()
                return DashboardScreen.make(figures, user: try call.currentUser(as: DemoUser.self),
                                            time: timeText(clock()), appearance: call.device.appearance)
            }
            group.on("about", screen: AboutScreen.entries) { call in
                AboutScreen.make(version: version, customerCount: try await store.statistics().total,
                                 appearance: call.device.appearance)
            }
            group.on("signOut") { call in
                call.session.signOut()
                call.logger.debug("Signed out")
                return SignInScreen.make(notice: "You are signed out.", appearance: call.device.appearance)
            }
        }
        return app
    }

    /// The demo's `setDefaults`: its type size, text colour and window background.
    static let theme = DemoPalette.light

    /// The demo's `darkSetDefaults`, merged over ``theme`` for dark phones.
    static let darkTheme = DemoPalette.dark

    /// The score of a customer added through the forms.
    static let newScore = 50

    /// The customer a call names: `selected` (a row tap) or the `id` parameter.
    static func existing(_ call: XpediteCall, in store: any DemoStore) async throws -> Customer {
        let id = call.selected?.intValue ?? call.selected?.stringValue.flatMap { Int($0) }
            ?? call.parameter("id").flatMap { Int($0) }
        guard let id, let customer = try await store.customer(id: id) else {
            throw XpediteError.message("That customer does not exist.")
        }
        return customer
    }

    /// The signed-in user (the guard let the call through, so there is one).
    static func signedInUser(_ call: XpediteCall) throws -> DemoUser {
        guard let user = try call.currentUser(as: DemoUser.self) else { throw XpediteError.message("Please sign in again.") }
        return user
    }

    /// The detail screen after a save: with `notice`, or — when the new limit waits for approval —
    /// with the pending line and an `rc` message saying who was asked. When the approval request
    /// cannot be sent, the change is withdrawn and the message says the limit was not changed.
    static func screen(after outcome: CreditSaveOutcome, notice: String, user: DemoUser, call: XpediteCall,
                       approvals: CreditApprovals, baseURL: String) async throws -> Screen {
        switch outcome {
        case .missing:
            throw XpediteError.message("That customer no longer exists.")
        case .saved(let customer):
            // A pending change survives an edit that leaves the limit as it is: still shown.
            return CustomerDetailScreen.make(customer, baseURL: baseURL, notice: notice,
                                             change: try await approvals.changes.latestChange(customerId: customer.id),
                                             appearance: call.device.appearance)
        case .held(let customer, let change):
            do {
                try await approvals.requestApproval(of: change, for: customer, requester: user)
            } catch {
                call.logger.error("Credit approval not sent", metadata: ["error": "\(error)"])
                return CustomerDetailScreen.make(customer, baseURL: baseURL, notice: notice,
                                                 appearance: call.device.appearance).returnCode(.message(
                    "The approval request could not be sent, so the credit limit stays €\(Numbers.grouped(customer.creditLimit))."))
            }
            return CustomerDetailScreen.make(customer, baseURL: baseURL, notice: notice, change: change,
                                             appearance: call.device.appearance).returnCode(.message(
                "A credit limit of €\(Numbers.grouped(change.newLimit)) needs approval: the request was sent to \(approvals.approver)."))
        }
    }

    /// `HH:mm UTC`.
    static func timeText(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let minutesOfDay = (seconds % 86_400) / 60
        let hours = minutesOfDay / 60
        let minutes = minutesOfDay % 60
        return "\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes) UTC"
    }
}

extension XpediteGuard {
    /// Signed-in demo users pass; anyone else gets the sign-in screen.
    static let demoSignedIn = XpediteGuard.signedIn(as: DemoUser.self) { call in
        SignInScreen.make(notice: "Please sign in first.", appearance: call.device.appearance)
    }
}
