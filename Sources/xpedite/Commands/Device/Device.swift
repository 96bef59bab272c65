import ArgumentParser

/// `xpedite device …`: the phone of the notification half (docs/notify-api.md#device-routes), in a
/// terminal.
struct Device: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Answer notification payloads as a phone would: inbox, show, answer (photos included), start requests, offline queue.",
        discussion: """
            The device logs in with --user and --password (once: its device id and token are kept in \
            --data-dir, with the outbox of responses made while the server could not be reached, and \
            the photos they carry, uploaded when the server is back).

            Examples:
              xpedite device --server http://127.0.0.1:8080 --user joe --password pw inbox
              xpedite device --server http://127.0.0.1:8080 --user joe --password pw show MESSAGEID
              xpedite device --server http://127.0.0.1:8080 --user joe --password pw answer MESSAGEID \\
                --value simpleDropList=Green
              xpedite device --server URL --user joe --password pw answer MESSAGEID --photo site.jpg --submit 2
              xpedite device --server URL --user joe --password pw requests
              xpedite device --server URL --user joe --password pw start report --value severity=3
              xpedite device --server URL outbox
              xpedite device --server URL discard RESPONSEID
              xpedite device --server URL --user joe --password pw flush

            Exit status: 0 on success (an answer queued while the server is unreachable included), 1 when a \
            value or the request is refused (the message gives the JSON path), 2 when a file cannot be read \
            or the server cannot be reached.
            """,
        subcommands: [DeviceInbox.self, DeviceShow.self, DeviceAnswer.self, DeviceRequests.self, DeviceStart.self,
                      DeviceOutbox.self, DeviceFlush.self, DeviceDiscard.self]
    )

    /// The server, the user and the data directory, given before the subcommand.
    @OptionGroup var options: DeviceOptions
}
