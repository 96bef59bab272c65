import Foundation
import Hummingbird

extension PeopleController {
    /// `DELETE /users/{username}/devices/{deviceId}` (docs/notify-api.md#users-and-groups): revokes
    /// a device; 404 when that user has no such device.
    func revokeDevice(_ request: Request, context: Context) async throws -> Response {
        try await notifier.people.revokeDevice(username: try RouteParameters.path("username", context),
                                        deviceId: try RouteParameters.path("deviceId", context))
        return JSONResponse.empty()
    }
}
