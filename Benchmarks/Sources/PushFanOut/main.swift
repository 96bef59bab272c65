import Foundation
import Logging
import XpeditePush

// The push fan-out benchmark of `scripts/bench --push` (issue 16), in two processes:
//
//   PushFanOut stand-in --directory D [--lifetime SECONDS]
//       Makes an APNs signing key (D/apns-key.p8), starts the APNs stand-in (HTTP/2 over TLS with
//       the test CA, every push accepted at once) and a control server (HTTP/1) on 127.0.0.1, and
//       prints `stand-in <apns-port> <control-port> <key-file>`. It stops on `POST /stop`, SIGTERM
//       or after its lifetime (900 s).
//
//   PushFanOut bench --apns-port P --control-port C --key-file K --data-directory D
//                    [--users 10000] [--rounds 3] [--drain-sends 10]
//                    [--ceiling-concurrency 500] [--deadline 600] [--apns-sender http2|async-http-client]
//       Serves the notifier's routes over HTTP on 127.0.0.1 with an APNs provider pointed at the
//       stand-in, and prints one JSON object per measurement (a line each): the fan-out of
//       `POST /notify/v1/send` to every user, the stand-in's ceiling (the same pushes straight from an
//       `APNsProvider`, 500 at a time), the anchor (the same pushes one after another), and the
//       memory while `--drain-sends` sends drain (none with 0). `--apns-sender` chooses the APNs sender
//       as `XPEDITE_APNS_SENDER` does for a deployment. It stops by itself, within `--deadline` seconds.
//
//   PushFanOut webpush --data-directory D [--users 2000] [--rounds 3] [--width 200] [--deadline 600]
//       Web Push (issue 17): sends per second through the outbox and the `WebPushProvider` to the Web
//       Push stand-in (in this process; it decrypts every push and checks its VAPID signature),
//       against plain AsyncHTTPClient POSTs of the same body size to the same stand-in (see
//       `WebPushBench`). One JSON object per measurement, as `bench` prints them.
//
// The stand-in runs in a process of its own so that the resident memory measured is the
// notifier's alone (the stand-in keeps every push it accepts). Both processes time with
// CLOCK_MONOTONIC, so the stand-in's acceptance times and the bench's start times compare.

LoggingSystem.bootstrap(StreamLogHandler.standardError)
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "stand-in":
        try await StandInProcess.run(Options(arguments.dropFirst()))
    case "bench":
        try await FanOutBench.run(Options(arguments.dropFirst()))
    case "webpush":
        try await WebPushBench.run(Options(arguments.dropFirst()))
    default:
        Output.error("usage: PushFanOut stand-in --directory D | PushFanOut webpush --data-directory D | PushFanOut bench --apns-port P --control-port C --key-file K --data-directory D")
        exit(2)
    }
} catch {
    Output.error("PushFanOut: \(error)")
    exit(1)
}
