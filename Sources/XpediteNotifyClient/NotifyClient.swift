import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// Sends `Authorization: Bearer <credential>` with every request: the API key for the backend
/// operations (the contract's `apiKey` scheme) or a device token for the device ones
/// (`deviceToken`, from ``Client/deviceLogin(_:)``).
public struct BearerCredential: ClientMiddleware {
    private let credential: String

    /// A middleware that sends `credential`.
    public init(_ credential: String) {
        self.credential = credential
    }

    /// Adds the `Authorization` header and passes the request on.
    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(credential)"
        return try await next(request, body, baseURL)
    }
}

extension Client {
    /// A client of the notification API of the server at `server`, over AsyncHTTPClient.
    ///
    /// ```swift
    /// let notify = Client(notifyServer: URL(string: "http://127.0.0.1:8080")!, credential: apiKey)
    /// let sent = try await notify.send(body: .json(.init(title: "Colour", body: "Pick one",
    ///                                                      payload: payload, to: .case1(.init(users: ["joe"])))))
    /// ```
    ///
    /// - Parameters:
    ///   - server: the server's address, `http://host:port`; the base path `/notify/v1` is added.
    ///   - credential: the API key or device token sent with every request; `nil` for the
    ///     operations that take none (login, the Web Push key, the contract).
    ///   - httpClient: the HTTP client (the shared one by default).
    ///   - timeout: how long one request may take, its body included: give an event stream
    ///     (``Client/streamResponses(_:)``, ``Client/streamDeviceEvents(_:)``) as long as it should
    ///     stay open.
    public init(notifyServer server: URL, credential: String?, httpClient: HTTPClient = .shared,
                timeout: TimeAmount = .seconds(30)) {
        self.init(serverURL: server.appending(path: "notify/v1"),
                  transport: AsyncHTTPClientTransport(configuration: .init(client: httpClient, timeout: timeout)),
                  middlewares: credential.map { [BearerCredential($0)] } ?? [])
    }
}

extension Components.Schemas.ErrorObject: CustomStringConvertible {
    /// `code: message`, then one line per issue, `  path: message`.
    public var description: String {
        ([error.code + ": " + error.message] + (error.issues ?? []).map { "  \($0.path): \($0.message)" })
            .joined(separator: "\n")
    }
}
