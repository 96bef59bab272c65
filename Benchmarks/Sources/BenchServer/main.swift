import Foundation
import GRDB
import Hummingbird
import Logging
import ServiceLifecycle
import XpediteDemo
import XpediteNotify
import XpeditePostgresSupport
import XpediteServerPostgres
import XpediteServer
import XpediteNotifySQLite
import XpediteServerSQLite

// The load-test server of `scripts/bench --load`: three routes on 127.0.0.1 that answer the same
// table page of 80 rows, so wrk measures the SDK against two baselines in one run.
//
// - `POST /static`: the bytes of the Xpedite page, prepared once (the ceiling: HTTP alone).
// - `POST /naive`: what a naive Codable server does — `JSONDecoder` reads the request,
//   `JSONEncoder` (a new one per request) writes the same 80 rows from `Codable` structs.
// - `POST /xpedite`: the Xpedite endpoint, sessions in SQLite, a table handler paging the rows.
// - `POST /demo`: the demo app (`xpedite demo`) on 50,000 customers, signed in: its customer list,
//   40 rows by keyset paging from SQLite behind the sign-in guard (issue 10's round trip).
// - `/notify/v1/…`: the notification API (XpediteNotify, SQLite with `synchronous = FULL`). With
//   BENCH_NOTIFY_USERS=U and BENCH_NOTIFY_MESSAGES=M in the environment (`scripts/bench
//   --notify-load`), U users each log one device in and M messages are sent to all of them before
//   the server is ready, so wrk has U × M distinct (message, user) pairs to answer with
//   `POST /notify/v1/device/responses`; their device tokens and message ids go to
//   `<data-directory>/notify-pairs.txt` (U, then the U tokens, then the M message ids, a line each).
// - `POST /naive-sqlite`: the page-speed baseline (issue 18, NaivePage.swift): the demo's first 40
//   customers from the same demo.sqlite, read by a naive Hummingbird + GRDB + Codable handler.
// - With BENCH_DATABASE_URL=postgres://… (`scripts/bench --page`): the demo's customers copied to
//   PostgreSQL, `POST /naive-postgres` (the naive handler on postgres-nio) and `POST /pg` (an Xpedite
//   app with PostgreSQL sessions paging that table with PostgresKeysetSource; PostgresPage.swift).
//
// Usage: BenchServer [port] [data-directory]. When it serves it prints `ready <port> <page-bytes>`,
// then `demo-token <token>`: the signed-in session the `/demo` requests use, with PostgreSQL
// `pg-token <token>` (a signed-in session of `/pg`) and `pg-tokens <token> …` (32 of them, which the
// load test takes in turn), and — with the notification setup —
// `notify-pairs <path> <U × M>`.

/// One row of the customer table.
struct CustomerRow: Codable, Sendable {
    var id: Int
    var name: String
    var city: String
    var score: Int
}

/// The naive server's request: the fields of a table data request it needs.
struct NaiveRequest: Codable {
    var method: String
    var token: String?
    var offset: Int?
    var limit: Int?
}

/// The naive server's answer: a data response written by `JSONEncoder`.
struct NaiveAnswer: Codable {
    var rc: Int
    var data: [CustomerRow]
    var max: Int?
    var token: String?
}

let arguments = CommandLine.arguments
let port = arguments.count > 1 ? Int(arguments[1]) ?? 8089 : 8089
let dataDirectory = URL(fileURLWithPath: arguments.count > 2 ? arguments[2] : ".build/bench-server-sessions",
                        isDirectory: true)

let cities = ["Lyon", "Porto", "Leeds", "Graz", "Turku", "Bergen", "Gdańsk", "Ghent"]
let customers = (1...300).map { index in
    CustomerRow(id: index, name: "Customer \(index)", city: cities[index % cities.count], score: (index * 37) % 100)
}
/// The rows as table records, encoded once, as a server with a cache (or the demo) keeps them.
let records = try customers.map(TablePage.record(encoding:))

// Errors (a failed session write, a page the validator refused) go to standard error, where
// `scripts/bench` counts them; the ready line goes to standard output.
LoggingSystem.bootstrap(StreamLogHandler.standardError)
var logger = Logger(label: "bench-server")
logger.logLevel = .error

var configuration = XpediteConfiguration()
try? FileManager.default.removeItem(at: dataDirectory)  // a fresh store each run; a missing one is fine
configuration.sessionStore = try SQLiteSessionStore(directory: dataDirectory)
configuration.logger = logger
var app = XpediteApp(configuration: configuration)
app.onConnect { _ in
    ResponsePacket(title: "Customers", components: [.label(.init(text: "Hello"))])
}
app.on("listCustomers") { call in
    TablePage(slicing: records, page: call.page)
}

let router = Router()
let endpoint = try app.mount(on: router)

/// Pushes that go nowhere: the load test measures answers, not a push provider.
struct SilentPushProvider: PushProvider {
    let name = "bench"
    func deliver(_ delivery: PushDelivery) async -> DeliveryOutcome { .delivered }
}

// The notification API, and the pairs for wrk to answer.
let environment = ProcessInfo.processInfo.environment
let notifyUsers = environment["BENCH_NOTIFY_USERS"].flatMap { Int($0) } ?? 0
let notifyMessages = environment["BENCH_NOTIFY_MESSAGES"].flatMap { Int($0) } ?? 0
var notifyConfiguration = NotifyConfiguration(dataDirectory: dataDirectory.appendingPathComponent("notify", isDirectory: true),
                                              apiKeys: ["bench-api-key"])
notifyConfiguration.bcryptCost = 4
notifyConfiguration.logger = logger
notifyConfiguration.defaultPushProvider = SilentPushProvider()
let notifier = try Notifier(configuration: notifyConfiguration,
                            store: SQLiteNotifyStore(directory: notifyConfiguration.dataDirectory))
try notifier.mount(on: router)
var notifyReady = ""
if notifyUsers > 0, notifyMessages > 0 {
    var tokens: [String] = []
    for index in 0..<notifyUsers {
        let username = "bench-\(index)"
        try await notifier.putUser(username, password: "bench")
        guard let (_, token) = try await notifier.login(username: username, password: "bench", deviceId: "wrk-\(index)",
                                                        deviceName: "wrk", platform: "web") else {
            print("the bench user \(username) could not log in")
            exit(1)
        }
        tokens.append(token)
    }
    let payloadJSON: JSONValue = [
        "responseTopic": "/bench/responses",
        "fields": [["type": "droplist", "id": "colour", "label": "Pick your favorite color",
                    "values": ["Red", "Green", "Blue"], "default": "Blue"]],
    ]
    let payload = try Payload(validating: payloadJSON)
    var messageIds: [String] = []
    let everyone = (0..<notifyUsers).map { "bench-\($0)" }
    for index in 0..<notifyMessages {
        let sent = try await notifier.sendPayload(payload, title: "Bench \(index)", body: "Pick one", to: .users(everyone))
        messageIds.append(sent.messageId)
    }
    let pairsFile = dataDirectory.appendingPathComponent("notify-pairs.txt")
    try ([String(notifyUsers)] + tokens + messageIds).joined(separator: "\n").appending("\n")
        .write(to: pairsFile, atomically: true, encoding: .utf8)
    notifyReady = "notify-pairs \(pairsFile.path) \(notifyUsers * notifyMessages)\n"
}
let readyNotify = notifyReady

// The demo app at /demo, seeded and signed in once.
var demoConfiguration = DemoConfiguration(dataDirectory: dataDirectory.appendingPathComponent("demo", isDirectory: true))
demoConfiguration.logger = logger
let demo = try await DemoServer.open(demoConfiguration)
var demoApp = try demo.makeApp()
demoApp.configuration.path = "/demo"
let demoEndpoint = try demoApp.mount(on: router)
let demoConnect = try JSONSerialization.jsonObject(with: await demoEndpoint.respond(to: Data(
    #"{"method":"setConnection","bundleID":"bench","uuid":"d","bounds":"(0, 0, 393, 852)","xpediteVersion":1}"#.utf8)))
guard let demoToken = (demoConnect as? [String: Any])?["token"] as? String else {
    print("the demo's connect answer has no token")
    exit(1)
}
let signedIn = try JSONSerialization.jsonObject(with: await demoEndpoint.respond(to: Data(
    #"{"method":"signIn","token":"\#(demoToken)","formdata":{"signIn":{"email":"\#(DemoAccount.username)","password":"\#(DemoAccount.password)"}}}"#.utf8)))
guard (signedIn as? [String: Any])?["rc"] as? Int == 0 else {
    print("the demo's sign-in failed: \(signedIn)")
    exit(1)
}

// The page-speed baselines on the demo's own database file, and the page on PostgreSQL.
let naivePool = try DatabasePool(path: demoConfiguration.dataDirectory.appendingPathComponent(DemoDatabase.fileName).path)
NaivePage.mountSQLite(on: router, pool: naivePool)
var postgresServices: [any Service] = []
var readyPostgres = ""
if let url = environment["BENCH_DATABASE_URL"], !url.isEmpty {
    let database = try await PostgresStoreDatabase.connect(url, logger: logger, maximumConnections: 32)
    try await PostgresPage.copyCustomers(from: naivePool, to: database)
    NaivePage.mountPostgres(on: router, client: database.client, logger: logger)
    let (pgEndpoint, services) = try await PostgresPage.mount(on: router, database: database, logger: logger)
    postgresServices = services
    // One signed-in session per wrk connection: the requests of a load test name different
    // sessions, as different phones would, so no two lookups read the same row.
    var pgTokens: [String] = []
    for _ in 0..<32 { pgTokens.append(try await PostgresPage.signedInToken(pgEndpoint)) }
    readyPostgres = "pg-token \(pgTokens[0])\npg-tokens \(pgTokens.joined(separator: " "))\n"
}
let readyPage = readyPostgres

// The page as the SDK answers it, to size the static route.
let connect = try JSONSerialization.jsonObject(with: await endpoint.respond(to: Data(
    #"{"method":"setConnection","bundleID":"bench","uuid":"u","bounds":"(0, 0, 393, 852)","xpediteVersion":1}"#.utf8)))
guard let token = (connect as? [String: Any])?["token"] as? String else {
    print("the connect answer has no token")
    exit(1)
}
let page = await endpoint.respond(to: Data(#"{"method":"listCustomers","token":"\#(token)","offset":0,"limit":80}"#.utf8))
let staticPage = ByteBuffer(bytes: page)

router.post("static") { _, _ in
    Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
             body: ResponseBody(byteBuffer: staticPage))
}

router.post("naive") { request, _ in
    let body = try await request.body.collect(upTo: 1 << 20)
    let query = try JSONDecoder().decode(NaiveRequest.self, from: Data(body.readableBytesView))
    let offset = min(query.offset ?? 0, customers.count)
    let end = min(offset + (query.limit ?? 40), customers.count)
    let answer = NaiveAnswer(rc: 0, data: Array(customers[offset..<end]), max: end < customers.count ? customers.count : nil,
                             token: query.token)
    let data = try JSONEncoder().encode(answer)
    return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
}

let application = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
    services: app.services + notifier.services + postgresServices,
    onServerRunning: { channel in
        // Unbuffered, so the script sees the line at once.
        FileHandle.standardOutput.write(Data(
            "ready \(channel.localAddress?.port ?? port) \(page.count)\ndemo-token \(demoToken)\n\(readyPage)\(readyNotify)".utf8))
    },
    logger: logger)
try await application.runService()
