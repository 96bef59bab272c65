import Foundation

/// Reading a file the push configuration names (a key, a service account, a CA), with an error
/// that names what the file is for and where it was looked for. `package`: the VAPID key here and
/// the providers' keys, service accounts and CA files in XpeditePush read their files the same way.
package enum PushConfigurationFile {
    /// The bytes of the file at `path`; `what` names it in the error (`APNs key (XPEDITE_APNS_KEY_FILE)`).
    package static func data(at path: String, what: String) throws(PushConfigurationError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(what: what, path: path, reason: reason(error))
        }
    }

    /// The UTF-8 text of the file at `path`.
    package static func text(at path: String, what: String) throws(PushConfigurationError) -> String {
        let data = try data(at: path, what: what)
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableFile(what: what, path: path, reason: "it is not UTF-8 text")
        }
        return text
    }

    /// A short reason: the POSIX error's text when Foundation wraps one.
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
