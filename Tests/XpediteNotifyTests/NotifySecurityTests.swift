import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import XpediteNotify
import XpediteProtocol
import XpediteNotifyTestSupport

/// One test per access rule of docs/notify-api.md: each shows the rule's owner allowed and a
/// different caller refused.
@Suite struct NotifySecurityTests {
    @Test(arguments: StoreKind.tested)
    func aUserCannotReadAnotherUsersMessage(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                try await api.user("ann")
                let joe = try await api.login("joe")
                let ann = try await api.login("ann")
                let id = try await api.send(to: ["joe"])
                #expect(try await api.call(.get, "/device/messages/\(id)", token: joe).status == .ok)
                let refused = try await api.call(.get, "/device/messages/\(id)", token: ann)
                #expect(refused.status == .notFound)
                #expect(refused.json["error"]?["code"] == "not_found")
                let inbox = try await api.call(.get, "/device/inbox", token: ann)
                #expect(inbox.json["messages"] == [])
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aUserCannotAnswerAnotherUsersMessage(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                try await api.user("ann")
                let ann = try await api.login("ann")
                let joe = try await api.login("joe")
                let id = try await api.send(to: ["joe"])
                #expect(try await api.answer(id, token: ann).status == .notFound)
                #expect(try await api.answer(id, token: joe).status == .created)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aUserCannotFetchDocumentsOfAnotherUsersMessages(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                for name in ["joe", "ann", "eve"] { try await api.user(name) }
                let joe = try await api.login("joe")
                let ann = try await api.login("ann")
                let eve = try await api.login("eve")
                let upload = try await api.call(.post, "/device/documents?kind=image", token: joe, raw: ByteBuffer(bytes: SampleDocuments.jpeg),
                                                headers: [.contentType: "image/jpeg"])
                #expect(upload.status == .created)
                let name = try #require(upload.json["name"]?.stringValue)
                #expect(name.hasPrefix("rcs/image/") && name.hasSuffix(".jpg"))
                // The uploader reads it; nobody else does.
                #expect(try await api.call(.get, "/device/documents/\(name)", token: joe).status == .ok)
                #expect(try await api.call(.get, "/device/documents/\(name)", token: ann).status == .notFound)
                // A message naming it in a document field lets its recipient (ann) read it, not eve.
                let payload: JSONValue = ["responseTopic": "/docs", "fields": [["type": "document", "url": .string(name), "flavor": "vimage"]]]
                _ = try await api.send(payload, to: ["ann"])
                #expect(try await api.call(.get, "/device/documents/\(name)", token: ann).status == .ok)
                #expect(try await api.call(.get, "/device/documents/\(name)", token: eve).status == .notFound)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aResponseCannotNameAnotherUsersDocument(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                for name in ["joe", "ann"] { try await api.user(name) }
                let joe = try await api.login("joe")
                let ann = try await api.login("ann")
                let selfie: JSONValue = ["responseTopic": "/a/b/c", "fields": [["id": "mySelfie", "type": "camera"]]]
                func upload(_ token: String) async throws -> String {
                    let answer = try await api.call(.post, "/device/documents?kind=image", token: token, raw: ByteBuffer(bytes: SampleDocuments.jpeg),
                                                    headers: [.contentType: "image/jpeg"])
                    return answer.json["name"]?.stringValue ?? ""
                }
                let joes = try await upload(joe)
                let anns = try await upload(ann)
                #expect(joes.hasPrefix("rcs/image/") && anns.hasPrefix("rcs/image/"))
                let id = try await api.send(selfie, to: ["ann"])
                // Joe's photo is not Ann's to send: refused at its path, and nothing is stored.
                let refused = try await api.answer(id, token: ann, values: ["mySelfie": .string(joes)])
                #expect(refused.status == .unprocessableContent)
                #expect(refused.json["error"]?["issues"]?.arrayValue?.first?["path"] == "$.values.mySelfie")
                // Her own photo is.
                #expect(try await api.answer(id, token: ann, values: ["mySelfie": .string(anns)]).status == .created)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aDeviceTokenIsRefusedOnBackendRoutes(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                #expect(try await api.call(.get, "/users").status == .ok)
                let refused = try await api.call(.get, "/users", token: joe)
                #expect(refused.status == .unauthorized)
                #expect(refused.json["error"]?["code"] == "unauthorized")
                #expect(try await api.call(.post, "/send", token: joe, body: ["title": "t", "body": "b",
                                                                              "payload": SamplePayloads.colour,
                                                                              "to": ["all": true]]).status == .unauthorized)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func theDeviceListAndTheOutboxAreForTheBackendOnly(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                #expect(try await api.call(.get, "/users/joe/devices").status == .ok)
                #expect(try await api.call(.get, "/deliveries").status == .ok)
                for path in ["/users/joe/devices", "/deliveries"] {
                    let refused = try await api.call(.get, path, token: joe)
                    #expect(refused.status == .unauthorized)
                    #expect(refused.json["error"]?["code"] == "unauthorized")
                    #expect(try await api.call(.get, path, token: nil).status == .unauthorized)
                }
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func anAPIKeyIsRefusedOnDeviceRoutes(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                #expect(try await api.call(.get, "/device/inbox", token: joe).status == .ok)
                #expect(try await api.call(.get, "/device/inbox", token: NotifyHarness.apiKey).status == .unauthorized)
                #expect(try await api.call(.get, "/device/inbox", token: nil).status == .unauthorized)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aResponsesIdentityComesFromTheDevice(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe", deviceId: "75e0540bf21638bd", deviceName: "HTC Desire 310")
                let id = try await api.send(to: ["joe"])
                let answer = try await api.answer(id, token: joe, extra: [
                    "username": "mallory", "deviceId": "forged", "deviceName": "Forged Phone",
                ])
                #expect(answer.status == .created)
                #expect(answer.json["username"] == "joe")
                #expect(answer.json["deviceId"] == "75e0540bf21638bd")
                #expect(answer.json["deviceName"] == "HTC Desire 310")
                #expect(answer.json["values"] == ["simpleDropList": "Green"])
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func theSameResponseIdTwicePublishesOnce(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            let subscription = harness.notifier.responses(on: "/a/b/c")
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let first = try await api.send(to: ["joe"])
                let second = try await api.send(to: ["joe"])
                let created = try await api.answer(first, token: joe, responseId: "r-1")
                let again = try await api.answer(first, token: joe, responseId: "r-1")
                #expect(created.status == .created)
                #expect(again.status == .ok)
                #expect(again.json == created.json)
                #expect(try await api.answer(second, token: joe, responseId: "r-2").status == .created)
                // The subscriber sees r-1 once, then r-2.
                var iterator = subscription.makeAsyncIterator()
                #expect(try await iterator.next()?.responseId == "r-1")
                #expect(try await iterator.next()?.responseId == "r-2")
                let stored = try await api.call(.get, "/responses?topic=/a/b/c")
                #expect(stored.json["responses"]?.arrayValue?.compactMap { $0["responseId"]?.stringValue } == ["r-1", "r-2"])
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func answeringTwiceIsAConflict(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                let id = try await api.send(to: ["joe"])
                #expect(try await api.answer(id, token: joe).status == .created)
                let second = try await api.answer(id, token: joe)
                #expect(second.status == .conflict)
                #expect(second.json["error"]?["code"] == "already_answered")
                // Answered is answered, whatever the new values: the conflict comes before they are
                // checked (the store's answer context says so), not a 422 about values never used.
                let invalid = try await api.answer(id, token: joe, values: ["simpleDropList": "Purple"])
                #expect(invalid.status == .conflict)
                #expect(invalid.json["error"]?["code"] == "already_answered")
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aResponseIdOfAnotherUserIsAConflict(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                try await api.user("ann")
                let joe = try await api.login("joe")
                let ann = try await api.login("ann")
                let id = try await api.send(to: ["joe", "ann"])
                #expect(try await api.answer(id, token: joe, responseId: "shared").status == .created)
                #expect(try await api.answer(id, token: ann, responseId: "shared").status == .conflict)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func logoutKillsTheToken(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let joe = try await api.login("joe")
                #expect(try await api.call(.post, "/device/logout", token: joe).status == .noContent)
                #expect(try await api.call(.get, "/device/inbox", token: joe).status == .unauthorized)
                // No more pushes to it: a send records no delivery.
                let sent = try await api.call(.post, "/send", body: ["title": "t", "body": "b", "payload": SamplePayloads.colour,
                                                                     "to": ["users": ["joe"]]])
                #expect(sent.json["deliveries"] == 0)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aLoginRefreshReplacesTheToken(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe")
                let old = try await api.login("joe")
                let new = try await api.login("joe")
                #expect(try await api.call(.get, "/device/inbox", token: old).status == .unauthorized)
                #expect(try await api.call(.get, "/device/inbox", token: new).status == .ok)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aWrongPasswordIsRefused(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                try await api.user("joe", password: "right")
                let answer = try await api.call(.post, "/device/login", token: nil, body: [
                    "username": "joe", "password": "wrong", "deviceId": "d", "deviceName": "n", "platform": "ios",
                ])
                #expect(answer.status == .unauthorized)
                let unknown = try await api.call(.post, "/device/login", token: nil, body: [
                    "username": "nobody", "password": "right", "deviceId": "d", "deviceName": "n", "platform": "ios",
                ])
                #expect(unknown.status == .unauthorized)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func passwordsAreStoredHashedAndNeverReturned(_ store: StoreKind) async throws {
        try await store.withHarness { harness in
            try await harness.application().test(.router) { client in
                let api = APIClient(client: client)
                let answer = try await api.call(.put, "/users/joe", body: ["password": "hunter2", "displayName": "Joe", "groups": ["field"]])
                #expect(answer.json == ["username": "joe", "displayName": "Joe", "groups": ["field"]])
                let hash = try #require(try await harness.notifier.store.passwordHash(of: "joe"))
                #expect(hash.hasPrefix("$2") && !hash.contains("hunter2"))
                #expect(try await api.call(.get, "/users").json["users"] == [["username": "joe", "displayName": "Joe",
                                                                               "groups": ["field"], "devices": 0]])
            }
        }
    }
}
