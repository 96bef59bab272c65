import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteClient
@testable import XpediteSimulator

@Suite("Simulator server")
struct SimulatorServerTests {
    func makeApp(notificationAppPath: String? = nil) throws -> some ApplicationProtocol {
        let simulator = try Simulator(configuration: SimulatorConfiguration(
            makeTransport: { InProcessTransport { _ in Data(#"{"rc":0,"components":[]}"#.utf8) } },
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString)"),
            notificationAppPath: notificationAppPath))
        let router = Router()
        simulator.mount(on: router)
        return Application(router: router)
    }

    @Test(arguments: ["/", "/app", "/static/simulator.js", "/static/app-switch.js", "/static/simulator.css", "/app/sw.js",
                      "/app/manifest.webmanifest"])
    func servesWithContentSecurityPolicy(_ path: String) async throws {
        try await makeApp().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("script-src 'self'"))
                #expect(!policy.contains("'unsafe-eval'"))
                #expect(!policy.contains("script-src 'self' 'unsafe-inline'"))
            }
        }
    }

    @Test func pagesHaveNoInlineScript() async throws {
        try await makeApp().test(.router) { client in
            for path in ["/", "/app"] {
                try await client.execute(uri: path, method: .get) { response in
                    let page = String(buffer: response.body)
                    #expect(page.contains("<script src=\"/static/simulator.js\"></script>"))
                    #expect(!page.contains("<script>"))
                    #expect(!page.contains("onclick"))
                }
            }
        }
    }

    @Test(arguments: ["/static/../Package.swift", "/static/unknown.js", "/static/%2e%2e%2fPackage.swift"])
    func onlyListedFilesAreServed(_ path: String) async throws {
        try await makeApp().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func devicePickerListsEveryDevice() async throws {
        try await makeApp().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                for device in SimulatedDevice.all {
                    #expect(page.contains("value=\"\(Int(device.width))x\(Int(device.height))\""))
                }
            }
        }
    }

    @Test func theAppSwitchIsThereOnlyWithANotificationApp() async throws {
        try await makeApp(notificationAppPath: "/notify/app/").test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("data-notify-app=\"/notify/app/\""))
                #expect(page.contains("<button type=\"button\" data-app=\"notify\" aria-pressed=\"false\">Notification app</button>"))
                #expect(page.contains("id=\"notify-screen\" hidden=\"\""))
                #expect(page.contains("<script src=\"/static/app-switch.js\"></script>"))
            }
            try await client.execute(uri: "/static/app-switch.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("xpediteInspected"))
            }
            // The web app alone has no switch.
            try await client.execute(uri: "/app", method: .get) { response in
                #expect(!String(buffer: response.body).contains("app-switch"))
            }
        }
        try await makeApp().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let page = String(buffer: response.body)
                #expect(!page.contains("data-notify-app"))
                #expect(!page.contains("notify-screen"))
                #expect(!page.contains("app-switch.js"))
            }
        }
    }
}

/// The simulator's scripts and style as a browser caches them: a tag, revalidation, `304` on a
/// later start, gzip when the browser takes it.
@Suite("Simulator static files")
struct SimulatorStaticFilesTests {
    @Test(arguments: ["/static/simulator.js", "/static/app-switch.js", "/static/simulator.css", "/static/icon.svg", "/app/sw.js"])
    func aSecondStartAnswers304(_ path: String) async throws {
        let first = try await SimulatorServerTests().makeApp().test(.router) { client in
            try await client.execute(uri: path, method: .get, headers: [.acceptEncoding: "gzip"]) { $0 }
        }
        #expect(first.status == .ok)
        #expect(first.headers[.cacheControl] == "no-cache")
        #expect(first.headers[.lastModified] != nil)
        let tag = try #require(first.headers[.eTag])
        try await SimulatorServerTests().makeApp().test(.router) { client in
            try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: tag, .acceptEncoding: "gzip"]) { response in
                #expect(response.status == .notModified)
                #expect(response.headers[.eTag] == tag)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test func theScriptIsGzippedForWhoTakesIt() async throws {
        try await SimulatorServerTests().makeApp().test(.router) { client in
            let plain = try await client.execute(uri: "/static/simulator.js", method: .get) { $0 }
            let gzipped = try await client.execute(uri: "/static/simulator.js", method: .get, headers: [.acceptEncoding: "gzip"]) { $0 }
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(Array(gzipped.body.readableBytesView.prefix(2)) == [0x1F, 0x8B])
            #expect(gzipped.body.readableBytes < plain.body.readableBytes)
        }
    }
}
