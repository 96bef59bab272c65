#!/usr/bin/env python3
"""Turns the output of scripts/bench (a folder) into BENCHMARKS.md on standard output."""
import pathlib
import re
import subprocess
import sys

LOAD_HEADING = "## Load test: XpediteServer under wrk"
ROUTES = [("static", "Static bytes (same size as the page)"), ("naive", "Naive Codable server"),
          ("xpedite", "Xpedite endpoint (SQLite sessions)"),
          ("demo", "Demo customer list (40 of 50,000 rows, signed in)")]


def micros(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 1, "ms": 1e3, "s": 1e6}[unit]


def wrk_run(text: str) -> dict:
    """Requests per second, p50/p99 latency and errors from one run of wrk --latency."""
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)),
        "p50": micros(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1)),
        "p99": micros(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1)),
        "errors": (sum(int(n) for n in socket.groups()) if socket else 0) + (int(non2xx.group(1)) if non2xx else 0),
    }


def wrk_result(folder: pathlib.Path, route: str, connections: int) -> dict:
    """A route's median round (by requests per second, with its latencies), every round's figure,
    and the errors of all rounds."""
    files = sorted(folder.glob(f"wrk-{route}-{connections}-*.txt"), key=lambda f: int(f.stem.rsplit("-", 1)[1]))
    runs = [wrk_run(f.read_text()) for f in files]
    median = sorted(runs, key=lambda r: r["rps"])[(len(runs) - 1) // 2]
    return dict(median, rounds=[r["rps"] for r in runs], errors=sum(r["errors"] for r in runs),
                command=(folder / f"wrk-{route}-{connections}.command").read_text().strip())


def load_section(folder: pathlib.Path) -> str:
    """The load-test section of BENCHMARKS.md, from a folder scripts/bench filled."""
    import json
    lines = [LOAD_HEADING, ""]
    page = (folder / "server.out").read_text().splitlines()[0].split()
    page_bytes = int(page[2]) if len(page) > 2 else 0
    before = json.loads((folder / "before-xpedite.json").read_text())
    after = json.loads((folder / "after-xpedite.json").read_text())
    in_band = [answer for answer in (before, after) if answer.get("rc") != 0 or len(answer.get("data", [])) != 80]
    demo_answers = [json.loads((folder / name).read_text()) for name in ("before-demo.json", "after-demo.json")
                    if (folder / name).exists()]
    in_band += [answer for answer in demo_answers if answer.get("rc") != 0 or len(answer.get("data", [])) != 40]
    server_errors = sum(1 for line in (folder / "server-errors.log").read_text().splitlines() if " error " in line)
    lines.append("`scripts/bench --load` starts a release build of `Benchmarks/Sources/BenchServer` on 127.0.0.1 with")
    lines.append(f"three routes answering the same table page of 80 rows ({page_bytes:,} bytes): static bytes of the")
    lines.append("page's size, a naive Codable server (`JSONDecoder` request, a new `JSONEncoder` per answer of the")
    lines.append("same 80 rows), and the Xpedite endpoint (SQLite sessions behind the store's default in-memory")
    lines.append("cache of recent sessions, a table handler paging cached records; decode, session lookup, handler,")
    lines.append("validation, canonical JSON); and a fourth, the demo app's customer list (`xpedite demo`'s app")
    lines.append("on 50,000 customers in SQLite, a signed-in session: sign-in guard, keyset page of 40 rows).")
    lines.append("wrk loads the routes in turn (one thread, after a 2 s")
    lines.append("warm-up each), in rounds, so that load from other processes falls on every route alike; each")
    lines.append("table shows a route's median round (req/s and its latencies; every round's req/s is listed")
    lines.append("below it) and the errors of all rounds. The server is stopped afterwards. The ratios compare")
    lines.append("routes measured in the same run on the same machine; the absolute figures depend on it (2 cores")
    lines.append("shared by the server and wrk).\n")
    verdicts = []
    for connections in (32, 64):
        results = {route: wrk_result(folder, route, connections) for route, _ in ROUTES}
        static, naive, xpedite = results["static"]["rps"], results["naive"]["rps"], results["xpedite"]["rps"]
        lines.append(f"**{connections} connections**\n")
        lines.append("| route | req/s | × static | × naive | p50 (µs) | p99 (µs) | errors |")
        lines.append("|---|---:|---:|---:|---:|---:|---:|")
        for route, label in ROUTES:
            r = results[route]
            lines.append(f"| {label} | {r['rps']:,.0f} | {r['rps'] / static:.2f} | {r['rps'] / naive:.2f} | "
                         f"{r['p50']:,.0f} | {r['p99']:,.0f} | {r['errors']} |")
        lines.append("")
        lines.append("Rounds (req/s): " + "; ".join(
            f"{route} " + ", ".join(f"{rps:,.0f}" for rps in results[route]["rounds"])
            for route, label in ROUTES) + "\n")
        errors = sum(r["errors"] for r in results.values())
        verdicts.append((connections, xpedite / static, xpedite / naive, errors))
        lines.append(f"The demo's customer-list round trip (issue 10): {results['demo']['rps'] / static:.2f}× the "
                     f"static route, {results['demo']['rps'] / xpedite:.2f}× the Xpedite page.\n")
        lines.append("Commands: " + "; ".join(f"`{results[route]['command']}`" for route, _ in ROUTES) + "\n")
    lines.append("Targets: the Xpedite page ≥ 0.5× the static route and ≥ 1.5× the naive Codable route, with zero")
    lines.append("errors, at 32 and 64 connections.\n")
    lines.append("| connections | Xpedite × static | Xpedite × naive | wrk errors | met |")
    lines.append("|---:|---:|---:|---:|---|")
    for connections, vs_static, vs_naive, errors in verdicts:
        met = vs_static >= 0.5 and vs_naive >= 1.5 and errors == 0 and not in_band and server_errors == 0
        lines.append(f"| {connections} | {vs_static:.2f} | {vs_naive:.2f} | {errors} | {'yes' if met else 'no'} |")
    lines.append("")
    lines.append(f"In-band errors: the Xpedite answer checked before and after the load "
                 f"{'had rc 0 and 80 rows both times (the demo: 40 rows)' if not in_band else 'was wrong'}; "
                 f"the server logged {server_errors} error{'s' if server_errors != 1 else ''}.\n")
    lines += machine_load(folder, "load test")
    return "\n".join(lines)


def machine_load(folder: pathlib.Path, what: str, own: str = "the test's own server and wrk") -> list:
    """The line about the machine's load average before and after a test, if both were recorded;
    `own` names what of the test itself the end includes."""
    loads = [(folder / name).read_text().split()[0] for name in ("loadavg-before", "loadavg-after")
             if (folder / name).exists()]
    if len(loads) != 2:
        return []
    busy = float(loads[0]) > 2
    verdict = ("above 2 on this 2-core machine: the minute before was busy (other processes, or a "
               "test just before), which moves the absolute figures more than the ratios" if busy else
               "the machine was quiet when it started")
    return [f"Machine load (1-minute load average, /proc/loadavg) when the {what} started: {loads[0]}, "
            f"when it ended: {loads[1]} (the end includes {own}); {verdict}.\n"]


NOTIFY_LOAD_HEADING = "## Notify load test: responses under wrk"


def notify_load_section(folder: pathlib.Path) -> str:
    """The notification load test's section of BENCHMARKS.md, from a folder `scripts/bench
    --notify-load` filled: responses/s at 32 connections against the static route, same run."""
    import json
    static, responses = wrk_result(folder, "static", 32), wrk_result(folder, "responses", 32)
    total, used = (int(n) for n in (folder / "notify-pairs-used").read_text().split())
    second = json.loads((folder / "notify-second-message.json").read_text())
    recipients = second.get("recipients", [])
    all_answered = bool(recipients) and all(r.get("state") == "answered" for r in recipients)
    stored = int((folder / "notify-stored").read_text())
    runs = [folder / "notify-warmup.txt"] + sorted(folder.glob("wrk-responses-32-*.txt"))
    answered = sum(int(re.search(r"(\d+) requests in", f.read_text()).group(1)) for f in runs)
    # Each run may leave up to 32 answers in flight, stored after wrk stopped counting.
    consistent = answered <= stored <= answered + 32 * len(runs)
    server_errors = sum(1 for line in (folder / "server-errors.log").read_text().splitlines() if " error " in line)
    ratio = responses["rps"] / static["rps"]
    lines = [NOTIFY_LOAD_HEADING, ""]
    lines.append("`scripts/bench --notify-load` starts the release build of `Benchmarks/Sources/BenchServer` with the")
    lines.append("notification API mounted (XpediteNotify, SQLite in WAL mode with `synchronous = FULL`, so each answer")
    lines.append("is synced before its 201). Before it is ready, it creates users who log one device in each and")
    lines.append("sends messages to all of them (`BENCH_NOTIFY_USERS` × `BENCH_NOTIFY_MESSAGES` (message, user)")
    lines.append(f"pairs, {total:,} in this run). wrk's Lua script makes every request answer the next pair with a")
    lines.append("fresh `responseId` (`POST /notify/v1/device/responses`: device token, recipient check, validation of")
    lines.append("the values against the payload, the response and the recipient's state in one transaction, publication")
    lines.append("to the topic), so each request is a new valid answer, never a replay; its `done()` records how far")
    lines.append(f"the pairs were used, so the next run starts after them ({used:,} of {total:,} used, warm-up included).")
    lines.append("The baseline is the static route of `scripts/bench --load` (prepared bytes), loaded in the same run;")
    lines.append("the two alternate in rounds, one wrk thread, 32 connections, and each row shows its median round.\n")
    lines.append("| route (32 connections) | req/s | × static | p50 (µs) | p99 (µs) | errors (non-2xx, socket) |")
    lines.append("|---|---:|---:|---:|---:|---:|")
    for label, r in (("Static bytes", static), ("`POST /notify/v1/device/responses`", responses)):
        lines.append(f"| {label} | {r['rps']:,.0f} | {r['rps'] / static['rps']:.2f} | {r['p50']:,.0f} | {r['p99']:,.0f} | {r['errors']} |")
    lines.append("")
    lines.append("Rounds (req/s): " + "; ".join(f"{name} " + ", ".join(f"{rps:,.0f}" for rps in r["rounds"])
                                               for name, r in (("static", static), ("responses", responses))) + "\n")
    lines.append(f"Responses/s at 32 connections: **{responses['rps']:,.0f}**, {ratio:.3f}× the static route.\n")
    lines.append(f"Checks: wrk counted {responses['errors']} non-2xx or socket errors on the responses route and "
                 f"{static['errors']} on the static route; wrk completed {answered:,} answers (warm-up included) and "
                 f"the store holds {stored:,} responses on the topic (`GET /notify/v1/responses`; up to 32 a run may be "
                 f"stored after wrk stopped counting): {'consistent' if consistent else 'NOT consistent'}; the second "
                 f"message was {'answered by all of its ' + str(len(recipients)) + ' recipients' if all_answered else 'NOT answered by every recipient'}"
                 f" (`GET /notify/v1/messages/{{id}}`); the server logged {server_errors} "
                 f"error{'s' if server_errors != 1 else ''}.\n")
    lines.append("Commands: " + "; ".join(f"`{r['command']}`" for r in (static, responses)) + "\n")
    lines += machine_load(folder, "test")
    return "\n".join(lines)


PUSH_HEADING = "## Push fan-out: a send to 10,000 iPhones through APNs"


def push_runs(folder: pathlib.Path) -> list:
    """(sender, measurements) for each APNs sender `scripts/bench --push` ran, the product's first."""
    import json
    senders_file = folder / "push.senders"
    senders = senders_file.read_text().split() if senders_file.exists() else []
    runs = []
    for sender in senders:
        lines = (folder / f"push-{sender}.jsonl").read_text().splitlines()
        runs.append((sender, [json.loads(line) for line in lines if line.startswith("{")]))
    if not runs:
        raise SystemExit("write_benchmarks: no push-<sender>.jsonl in " + str(folder))
    return runs


def push_section(folder: pathlib.Path) -> str:
    """The push fan-out's section of BENCHMARKS.md, from a folder `scripts/bench --push` filled: the
    JSON lines of `PushFanOut bench` for each APNs sender (rounds from 1; round 0 is the warm-up)."""
    import statistics
    runs = push_runs(folder)
    primary, measured = runs[0]

    def rows(found_in: list, name: str) -> list:
        return [m for m in found_in if m["measure"] == name and m.get("round", 1) >= 1]

    def median(found: list) -> dict:
        return sorted(found, key=lambda m: m["perSecond"])[(len(found) - 1) // 2]

    def per_push(r: dict, key: str) -> float:
        return r[key] / r.get("pushes", r.get("recipients")) * 1e6

    ceiling, fan_out, anchor = rows(measured, "ceiling"), rows(measured, "fan-out"), rows(measured, "anchor")
    setup, drain = rows(measured, "setup")[0], rows(measured, "drain")[0]
    stand_ins = [rows(found, "stand-in")[0] for _, found in runs]
    accepted, requests = sum(m["accepted"] for m in stand_ins), sum(m["requests"] for m in stand_ins)
    users = fan_out[0]["recipients"]
    cpus = int(subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip() or "1")
    c, f, a = median(ceiling), median(fan_out), median(anchor)
    send = statistics.median(m["sendSeconds"] for m in fan_out)
    settled = statistics.median(m["settledSeconds"] for m in fan_out)
    command = (folder / f"push-{primary}.command").read_text().strip()
    short = [m for _, found in runs for m in rows(found, "ceiling") + rows(found, "fan-out") + rows(found, "anchor")
             if m["delivered"] != m.get("pushes", m.get("recipients"))]
    refused = requests - accepted
    errors = [line for sender, _ in runs
              for line in (folder / f"push-{sender}-errors.log").read_text().splitlines() if line.strip()]
    pinning = (folder / "push.pinning").read_text().strip() if (folder / "push.pinning").exists() else "not pinned"
    pinned = pinning.startswith("pinned")
    lines = [PUSH_HEADING, ""]
    lines.append("`scripts/bench --push` runs the release build of `Benchmarks/Sources/PushFanOut` as two processes on")
    lines.append("127.0.0.1. One is the APNs stand-in of the push tests (HTTP/2 over TLS with the test CA, the provider")
    lines.append("token and every header checked, each valid push accepted at once; a lean server on swift-nio-http2")
    lines.append("that answers each stream from its frames and advertises 1,000 concurrent streams, as Apple does).")
    lines.append("The other is a Hummingbird")
    lines.append("`Application` serving the notifier's routes (`notifier.mount(on:)`, `services: notifier.services`,")
    lines.append("so the delivery engines run), SQLite in WAL mode with `synchronous = FULL`, and an APNs provider made")
    lines.append("by `PushSettings` from the stand-in's address, key and CA as a deployment's would be; its")
    lines.append(f"{users:,} users, one iOS device each, are inserted through the store. Three ways of getting the same")
    lines.append("pushes to the stand-in are timed from their start to the stand-in's acceptance of the last push")
    lines.append("(both processes read CLOCK_MONOTONIC); they alternate in rounds after a warm-up round, and each row")
    lines.append("is the median round:\n")
    lines.append(f"- **Fan-out**: `POST /notify/v1/send` to all {users:,} users over HTTP with the API key (AsyncHTTPClient).")
    lines.append("  The send commits the message and one outbox row per device and answers 201; the APNs delivery")
    lines.append("  engine claims the rows in batches, sends up to 500 at once and records the outcomes.")
    lines.append("- **Ceiling**: the same number of pushes straight from an `APNsProvider` to the stand-in, 500 at a")
    lines.append("  time, no database: what the stand-in and the sender manage together.")
    lines.append("- **Anchor**: the same pushes through `APNsProvider.deliver(_:)` one after another, each awaited")
    lines.append("  (one request per push: what `Notifier.send` did before the outbox).\n")
    lines.append(f"Each APNs sender runs against a stand-in of its own, one after the other ({', '.join(s for s, _ in runs)}); "
                 f"{pinning}. The first table is the product's sender, `{primary}` "
                 "(`XPEDITE_APNS_SENDER`, docs/push.md).\n")
    lines.append(f"| way ({users:,} pushes, `{primary}`) | seconds to the last push accepted | pushes/s | × anchor | × ceiling "
                 "| CPU µs per push: notifier's process | stand-in's process |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    for label, r in (("Anchor: one request after another", a), ("Fan-out: `POST /send` → last push accepted", f),
                     ("Ceiling: provider → stand-in, 500 at once", c)):
        lines.append(f"| {label} | {r['seconds']:.3f} | {r['perSecond']:,.0f} | {r['perSecond'] / a['perSecond']:.2f} | "
                     f"{r['perSecond'] / c['perSecond']:.2f} | {per_push(r, 'benchCPUSeconds'):,.0f} | "
                     f"{per_push(r, 'standInCPUSeconds'):,.0f} |")
    lines.append("")
    lines.append("The CPU columns are the CPU time (all threads, `CLOCK_PROCESS_CPUTIME_ID`) each process used during")
    lines.append("the round, divided by its pushes; the notifier's includes the bench's own requests and waits. The")
    lines.append("stand-in's own ceiling is what its process could accept with a core to itself: one second of CPU")
    lines.append("divided by its CPU per push in the fan-out rounds.\n")
    lines.append("The senders side by side (medians of the same rounds):\n")
    lines.append("| APNs sender | fan-out pushes/s | ceiling pushes/s | anchor pushes/s | notifier µs per push (fan-out) "
                 "| stand-in µs per push (fan-out) | stand-in's own ceiling | fan-out ÷ stand-in's ceiling |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|")
    for sender, found in runs:
        sf, sc, sa = median(rows(found, "fan-out")), median(rows(found, "ceiling")), median(rows(found, "anchor"))
        own = 1e6 / per_push(sf, "standInCPUSeconds")
        lines.append(f"| `{sender}` | {sf['perSecond']:,.0f} | {sc['perSecond']:,.0f} | {sa['perSecond']:,.0f} | "
                     f"{per_push(sf, 'benchCPUSeconds'):,.0f} | {per_push(sf, 'standInCPUSeconds'):,.0f} | {own:,.0f}/s | "
                     f"{sf['perSecond'] / own:.2f} |")
    lines.append("")
    lines.append("Rounds (pushes/s, `" + primary + "`): " + "; ".join(
        f"{name} " + ", ".join(f"{m['perSecond']:,.0f}" for m in found)
        for name, found in (("anchor", anchor), ("fan-out", fan_out), ("ceiling", ceiling))) + "\n")
    send_rounds = ", ".join(f"{m['sendSeconds']:.3f}" for m in fan_out)
    notifier_us, stand_in_us = per_push(f, "benchCPUSeconds"), per_push(f, "standInCPUSeconds")
    own_ceiling = 1e6 / stand_in_us
    lines.append("| goal | measured (median) | met |")
    lines.append("|---|---:|---|")
    lines.append(f"| `POST /send` to {users:,} recipients answers 201 in < 1 s | {send:.3f} s (rounds: {send_rounds}) | "
                 f"{'yes' if send < 1 else 'no'} |")
    lines.append(f"| the notifier's CPU ≤ 60 µs per push (fan-out) | {notifier_us:,.0f} µs | {'yes' if notifier_us <= 60 else 'no'} |")
    reached = f["perSecond"] >= 15_000 or f["perSecond"] >= 0.9 * own_ceiling
    lines.append(f"| {'pinned' if pinned else 'unpinned (not the goal’s setting)'}: fan-out ≥ 15,000 pushes/s, or ≥ 0.9× the stand-in's "
                 f"own ceiling ({own_ceiling:,.0f}/s) when that is lower | {f['perSecond']:,.0f}/s "
                 f"({f['perSecond'] / own_ceiling:.2f}×) | {'yes' if reached and pinned else 'no'} |")
    lines.append("")
    lines.append(f"Fan-out: {f['perSecond'] / a['perSecond']:.1f}× the anchor, {f['perSecond'] / c['perSecond']:.2f}× the "
                 f"ceiling. Every outcome was recorded in the outbox {settled:.3f} s after the send began (median).\n")
    lines.append(f"What the CPU allows: the fan-out cost {notifier_us:,.0f} µs of CPU per push in the notifier's process and "
                 f"{stand_in_us:,.0f} µs in the stand-in's, so the {cpus} cores of this machine, shared by both, allow at "
                 f"most {cpus * 1e6 / (notifier_us + stand_in_us):,.0f} pushes/s, and the notifier alone on one core "
                 f"{1e6 / notifier_us:,.0f} pushes/s.\n")
    lines.append(f"**Memory while {drain['deliveries']:,} deliveries drain** (`{primary}`): {drain['sends']} sends of {users:,} posted one")
    lines.append("after another while the engine delivers, after the rounds above. Resident memory of the notifier's")
    lines.append("process (VmRSS from `/proc/self/status`; the stand-in's process, which keeps every push, is not in it):\n")
    lines.append("| moment | VmRSS (MiB) |")
    lines.append("|---|---:|")
    for label, key in (("start (before the first send)", "rssStartKiB"), ("half the pushes accepted", "rssMiddleKiB"),
                       ("all pushes accepted", "rssEndKiB"), ("outbox settled", "rssSettledKiB"),
                       ("most sampled (every 20 ms)", "rssMaxSampledKiB")):
        lines.append(f"| {label} | {drain[key] / 1024:,.1f} |")
    lines.append("")
    growth = (drain["rssEndKiB"] - drain["rssStartKiB"]) / 1024
    lines.append(f"From start to end: {growth:+,.1f} MiB over {drain['deliveries']:,} deliveries "
                 f"({drain['seconds']:.2f} s, {drain['perSecond']:,.0f} pushes/s; half were accepted after "
                 f"{drain['middleSeconds']:.2f} s; the slowest send answered in {drain['slowestSendSeconds']:.3f} s). "
                 f"Peak of the whole process (VmHWM): {drain['rssPeakKiB'] / 1024:,.1f} MiB.\n")
    lines.append(f"Checks: every measured push was delivered ({'yes' if not short else 'NO: ' + str(len(short)) + ' rounds short'}; "
                 "the provider's outcomes, and for the fan-out the delivery states stored); the stand-ins received "
                 f"{requests:,} requests and accepted {accepted:,} pushes "
                 f"({'none refused' if refused == 0 else str(refused) + ' refused'}); the bench wrote {len(errors)} "
                 f"line{'s' if len(errors) != 1 else ''} to standard error. Setup: {users:,} users and devices through the "
                 f"store, a transaction each, in {setup['seconds']:.1f} s.\n")
    lines.append(f"Command: `{command}`, then the same with `--drain-sends 0` for each other sender (with `PushFanOut "
                 "stand-in` running; `scripts/bench --push` starts both and pins them).\n")
    lines += machine_load(folder, "test", "the benchmark's two processes")
    return "\n".join(lines)


WEBPUSH_HEADING = "## Web Push: sends per second against plain POSTs"


def webpush_section(folder: pathlib.Path) -> str:
    """The Web Push section of BENCHMARKS.md, from a folder `scripts/bench --webpush` filled: the
    median of the rounds (round 0 warms up) of each way, as ratios to the plain POSTs of the same run."""
    import json
    measured = [json.loads(line) for line in (folder / "webpush.jsonl").read_text().splitlines() if line.startswith("{")]

    def median(name: str) -> dict:
        found = sorted((m for m in measured if m["measure"] == name and m["round"] > 0), key=lambda m: m["perSecond"])
        if not found:
            raise SystemExit(f"write_benchmarks: no {name} rounds in webpush.jsonl")
        return found[len(found) // 2] | {"rounds": [m["perSecond"] for m in found]}

    plain, direct, fan_out = median("plain-post"), median("webpush-direct"), median("webpush-fan-out")
    stand_in = next(m for m in measured if m["measure"] == "webpush-stand-in")
    command = (folder / "webpush.command").read_text().strip()
    sends = plain["sends"]
    lines = [WEBPUSH_HEADING + "\n"]
    lines.append("`scripts/bench --webpush` runs the release build of `PushFanOut webpush`: the notifier's routes served")
    lines.append("by Hummingbird on 127.0.0.1 with a `WebPushProvider`, and the Web Push stand-in of the push tests in the")
    lines.append("same process (HTTP/2 over TLS with the test CA; it checks the VAPID JWT's ES256 signature, `aud`, `exp`")
    lines.append("and `sub`, `TTL` and `Content-Encoding`, and decrypts every body with the subscription's private key,")
    lines.append("RFC 8291, as a browser does). Each of "
                 f"{sends:,} users has one browser subscription. Three ways alternate in rounds (round 0 warms up and")
    lines.append("is not counted), each timed on one clock from its start to the answer of its last request:\n")
    lines.append(f"- **Plain POSTs** (the baseline): {sends:,} AsyncHTTPClient POSTs of {plain['bodyBytes']:,} bytes (the size")
    lines.append(f"  of an encrypted push the stand-in received) through the same client to the stand-in's `/sink`, which")
    lines.append(f"  reads the body and answers 201: no encryption, no VAPID, no outbox. {plain['width']} at a time.")
    lines.append("- **Web Push, direct**: the same number of pushes straight from `WebPushProvider.deliver(_:)`, as many")
    lines.append("  at a time: aes128gcm with a new key pair per push (ECDH, HKDF, AES-GCM) and the VAPID header.")
    lines.append("- **Web Push, fan-out**: `POST /notify/v1/send` to every user, through the outbox (the deliveries")
    lines.append("  written, claimed, sent and their outcomes recorded), until the stand-in accepted the last push.\n")
    lines.append(f"| way ({sends:,} sends) | seconds | sends/s | × plain POSTs |")
    lines.append("|---|---:|---:|---:|")
    for label, r in (("Plain POSTs of the same size (baseline)", plain), ("Web Push, direct from the provider", direct),
                     ("Web Push, fan-out: `POST /send` → last push accepted", fan_out)):
        lines.append(f"| {label} | {r['seconds']:.3f} | {r['perSecond']:,.0f} | {r['perSecond'] / plain['perSecond']:.2f} |")
    lines.append("")
    lines.append("Medians of the rounds; each round (sends/s): " + "; ".join(
        f"{name} {', '.join(f'{v:,.0f}' for v in r['rounds'])}"
        for name, r in (("plain", plain), ("direct", direct), ("fan-out", fan_out))) + ".\n")
    refused = stand_in["refused"]
    lines.append(f"Checks: the stand-in refused {refused} requests (every push verified and decrypted), accepted "
                 f"{stand_in['accepted']:,} pushes in {stand_in['requests']:,} push requests (the sink's POSTs are not counted there). The stand-in "
                 "shares the process and its 2 cores with the notifier, so its decryption and verification is part of "
                 "each Web Push figure, as the sink's body read is of the baseline's.\n")
    lines.append(f"Command: `{command}`.\n")
    lines += machine_load(folder, "test", "the benchmark's process")
    return "\n".join(lines)


PAGE_HEADING = "## Page speed: the customer page against a naive handler"
PAGE_ROUTES = {
    "static": ("Static bytes (the 80-row page, prepared once)", None),
    "naive-sqlite": ("Naive handler, SQLite (Hummingbird + GRDB + Codable)", None),
    "demo": ("Xpedite: the demo's customer page, SQLite", "naive-sqlite"),
    "naive-postgres": ("Naive handler, PostgreSQL (Hummingbird + postgres-nio + Codable)", None),
    "pg": ("Xpedite: the customer page on PostgreSQL (sessions and rows)", "naive-postgres"),
    "naive-postgres-spread": ("Naive handler, PostgreSQL, each request a page of its own", None),
    "pg-spread": ("Xpedite on PostgreSQL, each request a page of its own", "naive-postgres-spread"),
    "demo-cli": ("Xpedite: `xpedite demo --database` (sessions on PostgreSQL, rows in SQLite)", "naive-sqlite"),
}


def page_section(folder: pathlib.Path) -> str:
    """The page-speed section (issue 18), from a folder `scripts/bench --page` filled."""
    import json
    routes = (folder / "page-routes").read_text().split()
    results = {route: wrk_result(folder, route, 32) for route in routes}
    lines = [PAGE_HEADING, ""]
    lines.append("`scripts/bench --page` starts a release build of `Benchmarks/Sources/BenchServer` on 127.0.0.1 on")
    lines.append("the demo's 50,000 customers, and a throwaway PostgreSQL (`scripts/postgres`) holding a copy of")
    lines.append("them in a table of the same schema. Every route answers the first 40 customers (`id`, `name`,")
    lines.append("`city`, `score`, by keyset on `id`) to the phone's data request body. The baselines are naive")
    lines.append("handlers written with the same libraries (`Benchmarks/Sources/BenchServer/NaivePage.swift`):")
    lines.append("Hummingbird, `JSONDecoder` for the body, GRDB's `DatabasePool.read` or postgres-nio's")
    lines.append("`PostgresClient.query`, `Codable` rows, a new `JSONEncoder` per answer. Ours is the whole Xpedite")
    lines.append("request: decoding, session lookup, the sign-in guard, keyset paging with its cursor in the")
    lines.append("session, validation, canonical JSON; on PostgreSQL the sessions are in PostgreSQL too")
    lines.append("(`PostgresSessionStore`: no copy in memory, lookups of concurrent requests read together, [decision")
    lines.append("291](docs/decisions/0291-postgresql-session-lookups-are-read-together.md)) and the rows come from `PostgresKeysetSource` (a statement prepared per connection; concurrent")
    lines.append("requests for one batch share one query started after each of them, [decision 293](docs/decisions/0293-concurrent-requests-for-one-batch-share.md)). The `/pg`")
    lines.append("requests take 32 signed-in sessions in turn, as 32 phones would, all asking the first page (a list")
    lines.append("just opened). The two `-spread` rows repeat the PostgreSQL pair with each of the 32 requests in")
    lines.append("turn asking a page of its own (offsets 40 to 1,280, by `OFFSET` on both sides, as a phone")
    lines.append("jumping into the list does), so that no two concurrent requests share a query. wrk loads the")
    lines.append("routes in turn (one thread, 32 connections, a 2 s warm-up each), in rounds; each row is the")
    lines.append("route's median round. Ratios compare routes measured in the same run.")
    lines.append("")
    lines.append("| route | req/s | × static | × naive (same database) | p50 (µs) | p99 (µs) | errors |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    static = results.get("static")
    for route in routes:
        result = results[route]
        label, baseline = PAGE_ROUTES[route]
        if route.startswith("naive"):
            baseline = route
        versus_static = f"{result['rps'] / static['rps']:.2f}" if static else "–"
        versus_naive = f"{result['rps'] / results[baseline]['rps']:.2f}" if baseline in results else "–"
        lines.append(f"| {label} | {result['rps']:,.0f} | {versus_static} | {versus_naive} | {result['p50']:,.0f} "
                     f"| {result['p99']:,.0f} | {result['errors']} |")
    lines.append("")
    lines.append("Rounds (req/s): " + "; ".join(
        f"{route} " + ", ".join(f"{rps:,.0f}" for rps in results[route]["rounds"]) for route in routes))
    lines.append("")
    lines.append("Target (issue 18): ours at least 1.5× the naive handler on the same database.")
    lines.append("")
    lines.append("| database | ours × naive | met |")
    lines.append("|---|---:|---|")
    for ours, naive, name in (("demo", "naive-sqlite", "SQLite"), ("pg", "naive-postgres", "PostgreSQL")):
        if ours in results and naive in results:
            ratio = results[ours]["rps"] / results[naive]["rps"]
            lines.append(f"| {name} | {ratio:.2f} | {'yes' if ratio >= 1.5 else 'no'} |")
    lines.append("")
    if "pg-spread" in results and "naive-postgres-spread" in results:
        ratio = results["pg-spread"]["rps"] / results["naive-postgres-spread"]["rps"]
        lines.append(f"With each request asking a page of its own, ours is {ratio:.2f}× the naive handler on PostgreSQL:")
        lines.append("no query is shared, and both routes spend most of their time waiting for PostgreSQL's `OFFSET`")
        lines.append("reads on the same two cores. The target is met by sharing the page that concurrent requests")
        lines.append("ask for, never by answering a request with rows read before it ([decision 293](docs/decisions/0293-concurrent-requests-for-one-batch-share.md)).")
        lines.append("")
    wrong = []
    for route in routes:
        for moment in ("before", "after"):
            answer = json.loads((folder / f"{moment}-{route}.json").read_text())
            rows = 80 if route == "static" else 40  # the static route sends the 80-row page of --load
            if answer.get("rc") != 0 or len(answer.get("data", [])) != rows:
                wrong.append(f"{route} ({moment})")
    server_errors = sum(1 for line in (folder / "server-errors.log").read_text().splitlines() if " error " in line)
    lines.append("In-band check: every route answered rc 0 and its rows (40; the static route 80) before and after the load"
                 if not wrong else "In-band check FAILED for: " + ", ".join(wrong))
    lines[-1] += f"; the server logged {server_errors} errors.\n"
    lines.append("Commands: " + "; ".join(f"`{results[route]['command']}`" for route in routes) + "\n")
    lines += machine_load(folder, "test")
    return "\n".join(lines)


MULTI_HEADING = "## Two servers on one PostgreSQL"
MULTI_ROUTES = [("page", "The customer page (signed in, 40 rows by keyset)"),
                ("responses", "`POST /notify/v1/device/responses` (a new answer each)"),
                ("static", "A static file (`GET /static/icon.svg`, the ceiling)")]


def multi_runs(folder: pathlib.Path, route: str, servers: str) -> list:
    """Every round of one route with one or two servers: the round's summed req/s, each wrk
    process's figures, and where the CPU went (ticks of A, B, PostgreSQL, wrk, the machine)."""
    import json
    runs = []
    for first in sorted(folder.glob(f"multi-{route}-{servers}-*-a.txt"), key=lambda f: int(f.stem.split("-")[-2])):
        name = first.name[:-len("-a.txt")]
        parts = [wrk_run(first.read_text())]
        texts = [first.read_text()]
        if servers == "two":
            second = folder / f"{name}-b.txt"
            parts.append(wrk_run(second.read_text()))
            texts.append(second.read_text())
        before = json.loads((folder / f"cpu-{name}-before.json").read_text())
        after = json.loads((folder / f"cpu-{name}-after.json").read_text())
        hz, cpus = after["hz"], after["cpus"]
        wrk_seconds = sum(sum(float(n) for n in (folder / f"time-{name}-{side}.txt").read_text().split()[-2:])
                          for side in ("a", "b")[:len(parts)])
        cpu = {"a": after["a"] - before["a"], "b": after["b"] - before["b"],
               "postgres": sum(ticks - before["postgres"].get(pid, 0) for pid, ticks in after["postgres"].items()),
               "wrk": wrk_seconds * hz, "machine": after["machine"] - before["machine"],
               "idle": after["idle"] - before["idle"], "cpus": cpus}
        runs.append({"rps": sum(p["rps"] for p in parts), "parts": parts, "cpu": cpu,
                     "requests": sum(int(re.search(r"(\d+) requests in", t).group(1)) for t in texts),
                     "errors": sum(p["errors"] for p in parts)})
    return runs


def multi_section(folder: pathlib.Path) -> str:
    """The section of two servers on one PostgreSQL against one (issue 18), from a folder
    `scripts/bench --multi` filled."""
    import json
    results = {}
    for route, _ in MULTI_ROUTES:
        for servers in ("one", "two"):
            runs = multi_runs(folder, route, servers)
            median = sorted(runs, key=lambda r: r["rps"])[(len(runs) - 1) // 2]
            results[route, servers] = dict(median, rounds=[r["rps"] for r in runs], runs=runs,
                                           errors=sum(r["errors"] for r in runs))
    commands = {route: (folder / f"multi-{route}.command").read_text().strip().splitlines() for route, _ in MULTI_ROUTES}
    latency = {entry["label"]: entry for entry in
               (json.loads(line) for line in (folder / "multi-latency.jsonl").read_text().splitlines() if line.strip())}
    total, used = (int(n) for n in (folder / "notify-pairs-used").read_text().split())
    rounds = len(results["page", "one"]["rounds"])
    lines = [MULTI_HEADING, ""]
    lines.append("`scripts/bench --multi` runs the product as people run it: two release builds of")
    lines.append("`xpedite demo --database <url>` (A and B, on 127.0.0.1) on one throwaway PostgreSQL (`scripts/postgres`:")
    lines.append("`fsync`, `synchronous_commit` and `full_page_writes` off), A seeding the 50,000 customers and B serving")
    lines.append("them; each logs a line per request to a file, as the demo does. wrk loads each route with one")
    lines.append("server (one wrk on A, 32 connections; B idle) and with two (two wrk processes at once, one per")
    lines.append("server, 16 connections each, their requests per second summed), alternating in rounds (one wrk")
    lines.append(f"thread each, {rounds} rounds); each row is its median round. The customer page is a signed-in")
    lines.append("session's data request of the customer list (a session signed in on each server; sessions and rows")
    lines.append("in PostgreSQL). Responses: `MultiServerBench prepare` (`Benchmarks/Sources/MultiServerBench`) makes")
    lines.append("users with a device each and messages sent to all of them through A's API key; each request")
    lines.append("answers a new (message, user) pair once with a fresh `responseId`, all on one topic, the two wrk")
    lines.append(f"processes taking alternate pairs ({used:,} of {total:,} pairs used, warm-up and latency included).")
    lines.append("The baseline is one server, measured in the same run: the ratio is two servers over one;")
    lines.append("[decision 303](docs/decisions/0303-a-second-server-on-two-cores-gains-nothing.md) says what the figures mean.")
    lines.append("")
    lines.append("| route | one server req/s | two servers req/s (A + B) | two × one | p50 (µs) one; A, B | p99 (µs) one; A, B | errors |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    for route, label in MULTI_ROUTES:
        one, two = results[route, "one"], results[route, "two"]
        a, b = two["parts"]
        lines.append(f"| {label} | {one['rps']:,.0f} | {two['rps']:,.0f} ({a['rps']:,.0f} + {b['rps']:,.0f}) "
                     f"| {two['rps'] / one['rps']:.2f} | {one['parts'][0]['p50']:,.0f}; {a['p50']:,.0f}, {b['p50']:,.0f} "
                     f"| {one['parts'][0]['p99']:,.0f}; {a['p99']:,.0f}, {b['p99']:,.0f} | {one['errors'] + two['errors']} |")
    lines.append("")
    lines.append("Rounds (req/s): " + "; ".join(
        f"{route} {servers} " + ", ".join(f"{rps:,.0f}" for rps in results[route, servers]["rounds"])
        for route, _ in MULTI_ROUTES for servers in ("one", "two")) + "\n")
    lines.append("Where the CPU went (all rounds of each; per cent of one core, this machine has "
                 f"{results['page', 'one']['runs'][0]['cpu']['cpus']}: the CPU time of each process read from `/proc` "
                 "around each run, wrk's from `/usr/bin/time`; \"other\" is the rest of the machine's busy time, other "
                 "people's processes included):\n")
    lines.append("| route, servers | A | B | PostgreSQL | wrk | other | idle |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    for route, _ in MULTI_ROUTES:
        for servers in ("one", "two"):
            cpu = {key: sum(run["cpu"][key] for run in results[route, servers]["runs"])
                   for key in ("a", "b", "postgres", "wrk", "machine", "idle")}
            core = cpu["machine"] / results[route, servers]["runs"][0]["cpu"]["cpus"]
            other = cpu["machine"] - cpu["idle"] - cpu["a"] - cpu["b"] - cpu["postgres"] - cpu["wrk"]
            share = lambda ticks: f"{100 * ticks / core:.0f} %"
            lines.append(f"| {route}, {servers} server{'s' if servers == 'two' else ''} | {share(cpu['a'])} | {share(cpu['b'])} | {share(cpu['postgres'])} "
                         f"| {share(cpu['wrk'])} | {share(other)} | {share(cpu['idle'])} |")
    lines.append("")
    lines.append("SSE latency (`MultiServerBench latency`): an event stream `GET /notify/v1/events?topic=…` (API key)")
    lines.append("is opened, then responses are posted on A one at a time (`POST /notify/v1/device/responses`, device")
    lines.append("token, AsyncHTTPClient) and each is timed from the start of its POST to its event arriving, after a")
    lines.append("warm-up of 20. On one server the stream is A's own; across servers it is B's, which learns of the")
    lines.append("response by PostgreSQL's `LISTEN`/`NOTIFY` and reads the row. The baseline is the same on one server,")
    lines.append("and the POST's own round trip.\n")
    lines.append("| events followed on | responses | p50 (µs) | p90 (µs) | p99 (µs) | max (µs) | POST round trip p50; p99 (µs) | events before the 201 |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, name in (("one-server", "A (one server)"), ("two-servers", "B (across servers)")):
        if label in latency:
            entry = latency[label]
            lines.append(f"| {name} | {entry['count']:,} | {entry['eventP50']:,.0f} | {entry['eventP90']:,.0f} "
                         f"| {entry['eventP99']:,.0f} | {entry['eventMax']:,.0f} | {entry['postP50']:,.0f}; "
                         f"{entry['postP99']:,.0f} | {entry['eventsBeforeAnswer']:,} |")
    lines.append("")
    page, responses, static = (results[route, "two"]["rps"] / results[route, "one"]["rps"] for route in ("page", "responses", "static"))
    summary = (f"Two servers against one: the customer page **{page:.2f}×**, responses **{responses:.2f}×**, "
               f"the static file {static:.2f}×")
    if "one-server" in latency and "two-servers" in latency:
        one, two = latency["one-server"], latency["two-servers"]
        summary += (f"; the SSE latency across servers p50 **{two['eventP50'] / 1000:.2f} ms**, p99 "
                    f"**{two['eventP99'] / 1000:.2f} ms** ({two['eventP50'] / one['eventP50']:.2f}× and "
                    f"{two['eventP99'] / one['eventP99']:.2f}× one server's)")
    lines.append(summary + ".\n")
    # In-band checks.
    wrong = []
    for server in ("a", "b"):
        for moment in ("before", "after"):
            answer = json.loads((folder / f"{moment}-page-{server}.json").read_text())
            if answer.get("rc") != 0 or len(answer.get("data", [])) != 40:
                wrong.append(f"{server.upper()} ({moment})")
    stored = int((folder / "notify-stored").read_text())
    response_runs = results["responses", "one"]["runs"] + results["responses", "two"]["runs"]
    warmups = [folder / f"multi-warmup-responses-{side}.txt" for side in ("a", "b")]
    answered = (sum(run["requests"] for run in response_runs)
                + sum(int(re.search(r"(\d+) requests in", f.read_text()).group(1)) for f in warmups)
                + sum(entry["count"] + entry["warmup"] for entry in latency.values()))
    # Each run may leave up to its 32 connections' answers in flight, stored after wrk stopped counting.
    consistent = answered <= stored <= answered + 32 * (len(response_runs) + 1)
    server_errors = sum(1 for name in ("demo-a-errors.log", "demo-b-errors.log")
                        for line in (folder / name).read_text().splitlines() if " error " in line)
    errors = sum(results[route, servers]["errors"] for route, _ in MULTI_ROUTES for servers in ("one", "two"))
    lines.append(("Checks: the customer page answered rc 0 and 40 rows on A and B before and after the load"
                  if not wrong else "Checks: the customer page FAILED on " + ", ".join(wrong))
                 + f"; wrk counted {errors} non-2xx or socket errors in all; wrk and the latency runs completed "
                 f"{answered:,} answers and the store holds {stored:,} responses on the topic (read through B, "
                 f"`GET /notify/v1/responses`; up to 32 a run may be stored after wrk stopped counting): "
                 f"{'consistent' if consistent else 'NOT consistent'}; the servers logged {server_errors} "
                 f"error{'s' if server_errors != 1 else ''}.\n")
    lines.append("Commands: " + "; ".join(
        f"`{command.split(': ', 1)[1]}` ({'one server' if command.startswith('one') else 'two servers'})"
        for route, _ in MULTI_ROUTES for command in commands[route])
                 + f"; `{(folder / 'multi-prepare.command').read_text().strip()}`; "
                 f"`{(folder / 'multi-latency.command').read_text().strip()}`\n")
    lines += machine_load(folder, "test", "the test's own servers, PostgreSQL and wrk")
    return "\n".join(lines)


def replace_section(existing: str, heading: str, section: str, before: tuple) -> str:
    """`existing` with the section under `heading` replaced by `section`, or `section` added before
    the first of the headings `before` that is there (else at the end)."""
    if heading in existing:
        start = existing.index(heading)
        end = existing.find("\n## ", start + len(heading))
        return existing[:start] + section + ("\n" + existing[end + 1:] if end != -1 else "")
    for other in before:
        if other in existing:
            at = existing.index(other)
            return existing[:at] + section + "\n" + existing[at:]
    return existing.rstrip("\n") + "\n\n" + section


# The modes that replace one section of an existing BENCHMARKS.md: the heading, the function that
# writes the section from the run's folder, and the headings it goes before when it is not there yet.
ONE_SECTION = {
    "--notify-load": (NOTIFY_LOAD_HEADING, notify_load_section, ("## Simulator", "## How to run")),
    "--page": (PAGE_HEADING, page_section, ("## Client", "## How to run")),
    "--multi": (MULTI_HEADING, multi_section, ("## Client", "## How to run")),
    "--push": (PUSH_HEADING, push_section, ("## Simulator", "## How to run")),
    "--webpush": (WEBPUSH_HEADING, webpush_section, ("## Simulator", "## How to run")),
}
if sys.argv[1] in ONE_SECTION:
    heading, write_section, before = ONE_SECTION[sys.argv[1]]
    folder, existing = pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]).read_text()
    existing = replace_section(existing, heading, write_section(folder), before)
    sys.stdout.write(existing if existing.endswith("\n") else existing + "\n")
    sys.exit(0)

if sys.argv[1] == "--load":
    # Only the load test: replace its section in the existing file (or add it before "How to run").
    folder, existing = pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]).read_text()
    section = load_section(folder)
    if LOAD_HEADING in existing:
        start = existing.index(LOAD_HEADING)
        end = existing.find("\n## ", start + len(LOAD_HEADING))
        existing = existing[:start] + section + ("\n" + existing[end + 1:] if end != -1 else "")
    elif "## How to run" in existing:
        at = existing.index("## How to run")
        existing = existing[:at] + section + "\n" + existing[at:]
    else:
        existing = existing.rstrip("\n") + "\n\n" + section
    sys.stdout.write(existing if existing.endswith("\n") else existing + "\n")
    sys.exit(0)

folder = pathlib.Path(sys.argv[1])


def instructions(mode: str, n: int) -> int:
    text = (folder / f"{mode}-{n}.out").read_text()
    match = re.search(r"^summary:\s+(\d+)", text, re.M) or re.search(r"^totals:\s+(\d+)", text, re.M)
    if not match:
        raise SystemExit(f"no instruction total in {mode}-{n}.out")
    return int(match.group(1))


def per_iteration(mode: str) -> float:
    n = 2 if mode == "layout-10000" else 20
    return (instructions(mode, n) - instructions(mode, 0)) / n


per = {m: per_iteration(m) for m in
       ["baseline", "parse", "validate", "decode", "encode", "write", "write-page", "write-page-jsonencoder",
        "validate-page", "layout", "layout-100", "layout-1000", "layout-10000"]}

# Wall-clock medians (p50) from the markdown tables of package-benchmark.
medians = {}
target = None
for line in (folder / "benchmarks.md").read_text().splitlines():
    if line.startswith("## "):
        target = line[3:].strip()
    elif line.startswith("### "):
        name = line[4:].strip()
    elif line.startswith("| Time (wall clock)"):
        unit = re.search(r"\((μs|ms|ns|s)\)", line).group(1)
        cells = [c.strip() for c in line.split("|")[1:-1]]
        scale = {"ns": 1e-3, "μs": 1, "ms": 1e3, "s": 1e6}[unit]
        medians[(target, name)] = float(cells[3]) * scale
        medians[(target, "p99:" + name)] = float(cells[6]) * scale

host = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
cpus = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]

print("# Benchmarks\n")
print("Measured by `scripts/bench` (package-benchmark for wall-clock time, callgrind for instruction")
print("counts). Every figure is also given as a ratio to a baseline measured in the same run, which")
print("is what to compare across machines. Wall-clock times on a shared 2-core VM are noisy; the")
print("instruction counts are repeatable.\n")
print(f"Machine: {host}, {cpus} cores; {swift}.\n")

print("## XpediteProtocol: a 200-component screen (about 35 KB)\n")
print("Instructions per operation (callgrind), baseline `JSONSerialization.jsonObject` on the same bytes:\n")
print("| operation | instructions | × baseline |")
print("|---|---:|---:|")
labels = [("baseline", "Baseline: JSONSerialization.jsonObject"), ("parse", "Parse into JSONValue"),
          ("validate", "Validate a parsed tree (normalise + shape check + lint)"),
          ("decode", "Decode + normalise + validate (bytes to typed packet)"),
          ("encode", "Encode canonical JSON (typed packet to bytes)"),
          ("write", "Write canonical JSON of the parsed tree (CanonicalJSON)"),
          ("layout", "Layout of the decoded screen (XpediteLayout)")]
for mode, label in labels:
    print(f"| {label} | {per[mode]:,.0f} | {per[mode] / per['baseline']:.2f} |")
print()
print(f"Target: decode + normalise + validate ≤ 2× the baseline — {per['decode'] / per['baseline']:.2f}× by "
      "instruction count.\n")
print("The load test's table page (80 rows, about 4.6 KB), instructions per operation; the baseline is")
print("`JSONEncoder` writing the same tree through `Encodable`, which is what `CanonicalJSON` did before:\n")
print("| operation | instructions | × baseline |")
print("|---|---:|---:|")
for mode, label in [("write-page-jsonencoder", "Baseline: JSONEncoder (sorted keys) through Encodable"),
                    ("write-page", "CanonicalJSON writer"),
                    ("validate-page", "Validate the page as built (PacketValidator.validate(built:as:))")]:
    print(f"| {label} | {per[mode]:,.0f} | {per[mode] / per['write-page-jsonencoder']:.3f} |")
print()


def table(target: str, baseline_name: str) -> None:
    rows = [(name, value) for (t, name), value in medians.items() if t == target and not name.startswith("p99:")]
    base = next((v for n, v in rows if n.startswith(baseline_name)), None)
    print("| benchmark | p50 wall clock (µs) | × baseline |")
    print("|---|---:|---:|")
    for name, value in rows:
        ratio = f"{value / base:.2f}" if base else "–"
        print(f"| {name} | {value:,.0f} | {ratio} |")
    print()


print("Wall clock (package-benchmark, p50). On a shared VM these medians can move by a factor of two")
print("between runs (the layout run below decodes the same screen as its baseline: compare the two);")
print("package-benchmark also counts every allocation through its malloc interposer, which weighs on the")
print("allocating pipeline more than on the baseline. Compare instruction counts across changes.\n")
table("ProtocolBenchmarks", "Baseline")
print("## XpediteLayout\n")
print("Instructions per layout (callgrind), by screen size:\n")
print("| components | instructions | per component | × per component at 100 |")
print("|---:|---:|---:|---:|")
for count in [100, 1000, 10000]:
    total = per[f"layout-{count}"]
    print(f"| {count:,} | {total:,.0f} | {total / count:,.0f} | {(total / count) / (per['layout-100'] / 100):.2f} |")
print()
print(f"A 200-component screen: layout {per['layout']:,.0f} instructions, decode {per['decode']:,.0f} "
      f"({per['layout'] / per['decode']:.2f}× the decode; target < 1).\n")
print("Wall clock (package-benchmark, p50); the baseline is decoding the same 200-component screen:\n")
table("LayoutBenchmarks", "Baseline")
layout = {n: v for (t, n), v in medians.items() if t == "LayoutBenchmarks" and not n.startswith("p99:")}
small = layout.get("Layout 100 components")
large = layout.get("Layout 10000 components")
if small and large:
    print(f"Cost per component at 10,000 against 100: {(large / 10000) / (small / 100):.2f}× (target ≤ 1.5×).\n")

print("## XpediteBuilder\n")
print("Wall clock (package-benchmark, p50); the baseline is encoding the same screen with `JSONSerialization`:\n")
table("BuilderBenchmarks", "Baseline")
print("## XpediteServer\n")
print("Wall clock (package-benchmark, p50); the baseline is parsing the request and encoding the answer with")
print("`JSONSerialization`:\n")
table("ServerBenchmarks", "Baseline")
lookup = [(n, v) for (t, n), v in medians.items() if t == "ServerBenchmarks" and n.startswith("Session lookup")]
if lookup and ("ServerBenchmarks", "p99:" + lookup[0][0]) in medians:
    print(f"Session lookup p99: {medians[('ServerBenchmarks', 'p99:' + lookup[0][0])]:,.0f} µs (target < 100 µs).\n")

print("## Client\n")
print("XpediteClient, wall clock (package-benchmark, p50); the baseline is decoding and validating the same")
print("200-component screen (lenient, as the phone does). \"Delivered\" is a whole `connect()` through an")
print("in-process transport up to the delivered screen state: request encoding, decode, token and version,")
print("page cache (an unchanged permanent page is not rewritten), navigation cache, critical image check,")
print("input values, layout; images already cached (steady state). \"Offline\" serves the same page from the")
print("on-disk page cache with the server down.\n")
table("ClientBenchmarks", "Baseline")
client = {n: v for (t, n), v in medians.items() if t == "ClientBenchmarks" and not n.startswith("p99:")}
base = next((v for n, v in client.items() if n.startswith("Baseline")), None)
delivered = next((v for n, v in client.items() if n.startswith("Answer received")), None)
offline = next((v for n, v in client.items() if n.startswith("Offline")), None)
if base and delivered and offline:
    print(f"Delivered: {delivered / base:.2f}× decode + validate (target ≤ 1.5×). Offline: {offline / base:.2f}× "
          f"decode + validate, {offline / delivered:.2f}× the online delivery (target ≤ 1.0× against the online delivery; docs/decisions/0068-offline-1-0-is-read-against-the-online-delivery.md).\n")

if (folder / "server.out").exists():
    print(load_section(folder))

# Sections measured by commands of their own (each says which), and the history of past runs that the
# decisions cite (docs/decisions/): carried over from the file being replaced, so that a full run
# does not drop them.
CARRIED = ("## Demo", "## Notify", NOTIFY_LOAD_HEADING, PUSH_HEADING, WEBPUSH_HEADING, PAGE_HEADING, "## Simulator",
           "## Notify app", "## The phone app (issue 26)", MULTI_HEADING, "## History")
if len(sys.argv) > 2 and pathlib.Path(sys.argv[2]).exists():
    previous = pathlib.Path(sys.argv[2]).read_text()
    for heading in CARRIED:
        start = previous.find("\n" + heading + "\n")
        if start == -1:
            continue
        end = previous.find("\n## ", start + 1)
        print(previous[start + 1:end + 1 if end != -1 else len(previous)].rstrip("\n") + "\n")

print("## How to run\n")
print("```\nscripts/bench            # writes this file\n"
      "scripts/bench --load     # only the load test; replaces its section of this file\n"
      "scripts/bench --notify-load   # only the notification load test; replaces its section\n"
      "scripts/bench --push     # only the push fan-out (issue 16); replaces its section\n"
      "scripts/bench --webpush  # only Web Push against plain POSTs (issue 17); replaces its section\n"
      "scripts/bench --page     # only the customer page against naive handlers (issue 18); replaces its section\n"
      "scripts/bench --multi    # only two servers on one PostgreSQL against one (issue 18); replaces its section\n"
      "scripts/bench-notify-app # the notification app in Chromium (issue 17); replaces its section\n"
      "scripts/bench-app        # the phone app in Chromium (issue 26); replaces its section\n"
      "swift package --package-path Benchmarks benchmark   # the package-benchmark tables alone\n```")
