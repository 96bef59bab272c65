import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import XpediteClient
@testable import XpediteSimulator

@Suite("Simulator server")
struct SimulatorServerTests {
    func makeApp() throws -> some ApplicationProtocol {
        let simulator = try Simulator(configuration: SimulatorConfiguration(
            makeTransport: { InProcessTransport { _ in Data(#"{"rc":0,"components":[]}"#.utf8) } },
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString)")))
        let router = Router()
        simulator.mount(on: router)
        return Application(router: router)
    }

    @Test(arguments: ["/", "/app", "/static/simulator.js", "/static/simulator.css", "/app/sw.js", "/app/manifest.webmanifest"])
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
}
