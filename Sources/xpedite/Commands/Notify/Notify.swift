import ArgumentParser

/// `xpedite notify …`: the notification half (docs/notify.md, docs/notify-api.md).
struct Notify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work with notification payloads and response objects (docs/notify.md).",
        discussion: """
            Examples:
              xpedite notify validate payload.json
              xpedite notify validate --response --payload payload.json response.json
              xpedite notify schema > notify-payload.schema.json
              xpedite notify serve --data-dir /tmp/notify --port 8090 --api-key K
              xpedite notify send --server http://127.0.0.1:8090 --api-key K --to user:joe --title T --body B payload.json
              xpedite notify listen --server http://127.0.0.1:8090 --api-key K --topic /a/b/c
              xpedite notify deliveries --server http://127.0.0.1:8090 --api-key K
              xpedite notify groups list --server http://127.0.0.1:8090 --api-key K
              xpedite notify responses --server http://127.0.0.1:8090 --api-key K --topic /a/b/c --format csv > answers.csv
              xpedite notify withdraw --server http://127.0.0.1:8090 --api-key K --reason "sent by mistake" MESSAGE_ID
              xpedite notify operators add ann --role admin --server http://127.0.0.1:8090 --api-key K
              xpedite notify devices revoke joe PHONE-1 --server http://127.0.0.1:8090 --api-key K
              xpedite notify messages list --q inspection --state active --server http://127.0.0.1:8090 --api-key K
            """,
        subcommands: [NotifyValidate.self, NotifySchema.self, NotifyServe.self, NotifySend.self, NotifyListen.self,
                      NotifyDeliveries.self, NotifyWithdraw.self, NotifyPayloads.self, NotifyRequests.self,
                      NotifyGroups.self, NotifyUsers.self, NotifyResponses.self, NotifyOperators.self,
                      NotifyDevices.self, NotifyMessages.self]
    )
}
