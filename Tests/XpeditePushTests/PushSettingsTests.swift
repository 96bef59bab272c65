import AsyncHTTPClient
import Crypto
import Foundation
import Testing
import XpediteNotify
import XpeditePush
import XpeditePushStandIns
import XpediteProtocol
import XpediteTestFixtures

/// ``PushSettings``: what the environment configures, and the clear start-up error of each
/// missing or bad setting.
@Suite struct PushSettingsTests {
    typealias Variable = PushSettings.Variable

    /// A folder with a valid APNs key and service account file, and the environment naming them.
    final class Files {
        let directory: TemporaryDirectory
        let keyFile: String
        let serviceAccountFile: String

        init() throws {
            directory = try TemporaryDirectory("push-settings")
            keyFile = directory.appendingPathComponent("AuthKey_ABC123DEFG.p8").path
            try Data(P256.Signing.PrivateKey().pemRepresentation.utf8).write(to: URL(fileURLWithPath: keyFile))
            serviceAccountFile = try FCMHarness.sharedAccount.get()
                .write(to: directory.appendingPathComponent("service-account.json"), tokenURI: "https://oauth2.googleapis.com/token")
        }

        var apnsEnvironment: [String: String] {
            [Variable.apnsKeyFile: keyFile, Variable.apnsKeyId: "ABC123DEFG", Variable.apnsTeamId: "DEF123GHIJ",
             Variable.apnsTopic: "com.example.xpedite"]
        }

        func write(_ text: String, to name: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    static func providers(_ settings: PushSettings) async throws -> [String: any PushProvider] {
        let client = try settings.makeHTTPClient()
        do {
            let providers = try settings.makeProviders(httpClient: client, logger: PushTesting.logger)
            try await client.shutdown()
            return providers
        } catch {
            try await client.shutdown()
            throw error
        }
    }

    @Test func nothingConfiguredGivesNoProviders() async throws {
        let settings = try PushSettings(environment: ["HOME": "/root", Variable.apnsKeyId: "ABC123DEFG", Variable.fcmServiceAccount: ""])
        #expect(!settings.isAPNsConfigured && !settings.isFCMConfigured)
        #expect(try await Self.providers(settings).isEmpty)
    }

    @Test func apnsAndFCMConfiguredGiveTheirProvidersByPlatform() async throws {
        let files = try Files()
        var environment = files.apnsEnvironment
        environment[Variable.fcmServiceAccount] = files.serviceAccountFile
        environment[Variable.apnsURL] = "https://api.sandbox.push.apple.com/"
        let providers = try await Self.providers(try PushSettings(environment: environment))
        let apns = try #require(providers["ios"] as? APNsProvider)
        #expect(apns.configuration.baseURL == APNsConfiguration.sandboxURL)
        #expect(apns.configuration.topic == "com.example.xpedite")
        let fcm = try #require(providers["android"] as? FCMProvider)
        #expect(fcm.baseURL == FCMProvider.productionURL)
        #expect(fcm.serviceAccount.projectId == "xpedite-push-test")
        #expect(providers.count == 2)
    }

    @Test(arguments: [Variable.apnsKeyId, Variable.apnsTeamId, Variable.apnsTopic])
    func aMissingAPNsVariableIsNamed(variable: String) async throws {
        let files = try Files()
        var environment = files.apnsEnvironment
        environment[variable] = nil
        let settings = try PushSettings(environment: environment)
        let error = await #expect(throws: PushConfigurationError.self) { try await Self.providers(settings) }
        #expect(error == .missingSetting(name: variable, neededBy: "APNs (configured by XPEDITE_APNS_KEY_FILE)"))
        #expect(error?.description.hasPrefix("\(variable) is not set") == true)
    }

    @Test func aCommandLineOverrideFillsAMissingVariable() async throws {
        let files = try Files()
        var environment = files.apnsEnvironment
        environment[Variable.apnsTopic] = nil
        var settings = try PushSettings(environment: environment)
        settings.apnsTopic = "com.example.other"
        let apns = try #require(try await Self.providers(settings)["ios"] as? APNsProvider)
        #expect(apns.configuration.topic == "com.example.other")
    }

    @Test func aKeyFileThatIsNotAKeyIsRefused() async throws {
        let files = try Files()
        var environment = files.apnsEnvironment
        environment[Variable.apnsKeyFile] = try files.write("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n", to: "bad.p8")
        let error = await #expect(throws: PushConfigurationError.self) { try await Self.providers(try PushSettings(environment: environment)) }
        guard case .invalidKey(let what, let source, _) = error else {
            Issue.record("expected invalidKey, got \(String(describing: error))")
            return
        }
        #expect(what == "APNs signing key" && source.hasSuffix("bad.p8"))
        #expect(error?.description.contains("bad.p8") == true)
    }

    @Test func aMissingKeyFileIsRefused() async throws {
        let files = try Files()
        var environment = files.apnsEnvironment
        environment[Variable.apnsKeyFile] = files.directory.appendingPathComponent("missing.p8").path
        let error = await #expect(throws: PushConfigurationError.self) { try await Self.providers(try PushSettings(environment: environment)) }
        guard case .unreadableFile(let what, let path, _) = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(what.contains(Variable.apnsKeyFile) && path.hasSuffix("missing.p8"))
    }

    @Test func aBadCAFileIsRefused() throws {
        let files = try Files()
        let garbage = try files.write("this is not a certificate\n", to: "ca.pem")
        let error = #expect(throws: PushConfigurationError.self) {
            try PushSettings(environment: [Variable.caFile: garbage]).makeHTTPClient()
        }
        guard case .invalidCAFile(let path, _) = error else {
            Issue.record("expected invalidCAFile, got \(String(describing: error))")
            return
        }
        #expect(path == garbage)
        #expect(error?.description.contains(Variable.caFile) == true)

        let missing = files.directory.appendingPathComponent("missing-ca.pem").path
        let unreadable = #expect(throws: PushConfigurationError.self) {
            try PushSettings(environment: [Variable.caFile: missing]).makeHTTPClient()
        }
        guard case .unreadableFile(_, let unreadablePath, _) = unreadable else {
            Issue.record("expected unreadableFile, got \(String(describing: unreadable))")
            return
        }
        #expect(unreadablePath == missing)
    }

    @Test(arguments: ["project_id", "client_email", "private_key", "token_uri"])
    func aServiceAccountWithoutAFieldIsRefused(field: String) async throws {
        let files = try Files()
        var json = try #require(FCMHarness.sharedAccount.get().json(tokenURI: "https://oauth2.googleapis.com/token").objectValue)
        json[field] = nil
        let path = try files.write(String(decoding: CanonicalJSON.data(.object(json)), as: UTF8.self), to: "account.json")
        let error = await #expect(throws: PushConfigurationError.self) {
            try await Self.providers(try PushSettings(environment: [Variable.fcmServiceAccount: path]))
        }
        #expect(error == .missingField(path: path, field: field))
    }

    @Test func aServiceAccountWithABadKeyIsRefused() async throws {
        let files = try Files()
        var json = try #require(FCMHarness.sharedAccount.get().json(tokenURI: "https://oauth2.googleapis.com/token").objectValue)
        json["private_key"] = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
        let path = try files.write(String(decoding: CanonicalJSON.data(.object(json)), as: UTF8.self), to: "account.json")
        let error = await #expect(throws: PushConfigurationError.self) {
            try await Self.providers(try PushSettings(environment: [Variable.fcmServiceAccount: path]))
        }
        guard case .invalidKey(let what, let source, _) = error else {
            Issue.record("expected invalidKey, got \(String(describing: error))")
            return
        }
        #expect(what.contains("private_key") && source == path)
    }

    @Test func aURLThatIsNotOneIsRefused() {
        #expect(throws: PushConfigurationError.invalidURL(name: Variable.apnsURL, value: "api.push.apple.com")) {
            try PushSettings(environment: [Variable.apnsURL: "api.push.apple.com"])
        }
        #expect(throws: PushConfigurationError.invalidURL(name: Variable.fcmURL, value: "ftp://fcm.googleapis.com")) {
            try PushSettings(environment: [Variable.fcmURL: "ftp://fcm.googleapis.com"])
        }
    }

    @Test(arguments: [(nil, APNsSenderKind.http2), ("http2", .http2), ("async-http-client", .asyncHTTPClient), ("HTTP2", .http2)])
    func theAPNsSenderIsChosenByASettingAndIsTheHTTP2OneByDefault(value: String?, kind: APNsSenderKind) async throws {
        let files = try Files()
        var environment = files.apnsEnvironment
        environment[Variable.apnsSender] = value
        let settings = try PushSettings(environment: environment)
        #expect(settings.apnsSender == kind)
        let apns = try #require(try await Self.providers(settings)["ios"] as? APNsProvider)
        #expect(apns.senderKind == kind)
        await apns.shutdown()
    }

    @Test func anUnknownAPNsSenderIsRefused() {
        #expect(throws: PushConfigurationError.invalidChoice(name: Variable.apnsSender, value: "h3", choices: ["http2", "async-http-client"])) {
            try PushSettings(environment: [Variable.apnsSender: "h3"])
        }
    }
}
