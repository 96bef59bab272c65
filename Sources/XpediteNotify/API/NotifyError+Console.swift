import Hummingbird

extension NotifyError {
    /// 403: authenticated, but the operator's role does not allow this.
    public static func forbidden(_ message: String) -> NotifyError {
        NotifyError(status: .forbidden, code: "forbidden", message: message)
    }

    /// 403: a change made with a console session without its CSRF token, or from another site.
    public static func csrf(_ message: String) -> NotifyError {
        NotifyError(status: .forbidden, code: "csrf", message: message)
    }
}
