import Foundation
import Hummingbird
import XpediteProtocol

/// Console operators (docs/notify-api.md#operators-and-roles): `PUT`/`DELETE
/// /operators/{username}`, `GET /operators`, behind ``BackendAuthentication`` (the API key, or an
/// admin's session). Passwords are never answered.
struct OperatorsController<Context: RequestContext>: Sendable {
    let notifier: Notifier

    /// The routes, each behind ``BackendAuthentication``.
    var routes: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.add(middleware: BackendAuthentication(notifier: notifier))
        routes.put("operators/:username", use: putOperator)
        routes.getAndHead("operators", use: operators)
        routes.delete("operators/:username", use: deleteOperator)
        return routes
    }

    func putOperator(_ request: Request, context: Context) async throws -> Response {
        let username = try RouteParameters.path("username", context)
        var body = try await BodyReader.read(request, limit: notifier.configuration.maximumBodySize)
        let password = body.string("password")
        let roleName = body.string("role")
        let role = roleName.flatMap(OperatorRole.init(rawValue:))
        if let password, let issue = ConsoleAccounts.passwordIssue(password) { body.add(issue) }
        if let roleName, role == nil {
            body.add(ValidationIssue(path: JSONPath.root.appending("role"), code: .invalidValue, severity: .error,
                                     message: "expected one of admin, sender, viewer, got \"\(roleName)\""))
        }
        if let issue = NotifyPeople.usernameIssue(username, at: JSONPath.root.appending("username")) { body.add(issue) }
        try body.finish("the operator is not valid")
        guard let password, let role else { throw NotifyError.malformed("the operator is not valid") }
        let stored = try await notifier.consoleAccounts.putOperator(username, password: password, role: role)
        return JSONResponse.make(json(stored))
    }

    func operators(_ request: Request, context: Context) async throws -> Response {
        let operators = try await notifier.consoleAccounts.operators()
        return JSONResponse.make(.object(["operators": .array(operators.map { json($0) })]))
    }

    func deleteOperator(_ request: Request, context: Context) async throws -> Response {
        let username = try RouteParameters.path("username", context)
        guard try await notifier.consoleAccounts.deleteOperator(username) else { throw NotifyError.notFound("no operator \"\(username)\"") }
        return JSONResponse.empty()
    }

    /// An operator as JSON: never its password.
    func json(_ stored: NotifyOperator) -> JSONValue {
        .object(["username": .string(stored.username), "role": .string(stored.role.rawValue),
                 "createdAt": .string(notifier.timestamp(stored.createdAt))])
    }
}
