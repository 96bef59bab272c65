#!/usr/bin/env python3
"""The notification API against its contract, openapi/notify-v1.yaml.

1. The contract is valid OpenAPI 3.1 (openapi-spec-validator), and `GET /notify/v1/openapi.json`
   of a running `xpedite demo` serves exactly it, without credentials.
2. Schemathesis (property-based, from the contract) runs against the demo with both credentials
   (the API key, and a device token of a user of the test's own): every check but
   positive_data_acceptance (a payload the schema admits may still break a rule across keys that
   only the validator checks: 422 by design, docs/notify-api.md). No 5xx, every answer conforms
   (status, content type, headers, body schema), bad input is refused, wrong methods are 405 with
   Allow. Schemathesis's stateful phase is off: it follows GET /users into DELETE and PUT of the
   users it finds, the test's own among them; for the same reason no value read from an answer is
   reused (schemathesis.toml). The runs, each bounded in time:
   - POST /device/barcode first, on its own (XPEDITE_CONTRACT_BARCODE_SECONDS, default 20): it
     must see pictures and random bytes (422, no 5xx);
   - the other device routes but logout and the event stream, fuzzed with valid data, 8 cases
     each (XPEDITE_CONTRACT_DEVICE_SECONDS, default 60, caps it): the main run spends its time on
     the coverage phase, whose cases for a route without parameters are the refusals (no token, a
     wrong method), so without this run a route such as GET /device/inbox would only ever answer
     401 (GET /device/events is left out here: each valid call holds the stream open until the
     request times out; the main run's coverage phase opens it with the token);
   - every route but logout and barcode, all phases (XPEDITE_CONTRACT_SECONDS, default 50);
   - POST /device/logout last, on its own (20 s), since it ends the token.
3. Every call is recorded by the hooks of contract_hooks.py (which also keep the token's own user
   out of the `username` parameters, so that no DELETE /users ends the token midway). Before the
   logout run the test asserts that every device-token operation of the contract answered at
   least one call that carried the token with something other than 401, and that the token still
   works.

Usage: contract_test.py PATH/TO/xpedite      (exit status 0 when every check passes)
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import yaml
from openapi_spec_validator import validate

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from demo_server import Demo, call  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
CONTRACT = ROOT / "openapi" / "notify-v1.yaml"
HERE = pathlib.Path(__file__).resolve().parent
CONFIG = HERE / "schemathesis.toml"
SCHEMATHESIS = pathlib.Path(sys.executable).parent / "schemathesis"


def schemathesis(demo, log, seconds, *selection, phases="examples,coverage,fuzzing"):
    environment = dict(os.environ, XPEDITE_TEST_API_KEY=demo.api_key, XPEDITE_TEST_DEVICE_TOKEN=demo.device_token,
                       XPEDITE_CONTRACT_USER=demo.device_user, XPEDITE_CONTRACT_LOG=str(log),
                       SCHEMATHESIS_HOOKS="contract_hooks",
                       PYTHONPATH=os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])))
    with tempfile.TemporaryDirectory() as scratch:
        command = [str(SCHEMATHESIS), "--no-color", "--config-file", str(CONFIG), "run",
                   demo.url + "/notify/v1/openapi.json", "--url", demo.url + "/notify/v1",
                   "--checks", "all", "--exclude-checks", "positive_data_acceptance",
                   "--phases", phases, "--max-time", str(seconds),
                   "--request-timeout", "15", "--workers", "1", "--seed", "19",
                   *selection]
        result = subprocess.run(command, env=environment, cwd=scratch, capture_output=True, text=True)
    starts = [result.stdout.find(heading) for heading in ("=== FAILURES", "=== WARNINGS", "=== SUMMARY")]
    print(result.stdout[min([start for start in starts if start >= 0], default=0):][-12000:])
    if result.returncode != 0:
        print(result.stderr[-4000:], file=sys.stderr)
    return result.returncode


def device_operations(document):
    """"METHOD /path" of every operation whose only credential is the device token."""
    found = set()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and operation.get("security", document.get("security")) == [{"deviceToken": []}]:
                found.add(f"{method.upper()} {path}")
    return found


def unexercised(document, log):
    """The device-token operations (but logout) that never answered a call carrying the token with
    anything other than 401, and the statuses each did answer with the token."""
    answered = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["deviceToken"]:
            answered.setdefault(record["operation"], set()).add(record["status"])
    wanted = device_operations(document) - {"POST /device/logout"}
    return sorted(operation for operation in wanted if not answered.get(operation, set()) - {401}), answered


def main(executable):
    document = yaml.safe_load(CONTRACT.read_text(encoding="utf-8"))
    validate(document)
    print("openapi/notify-v1.yaml is valid OpenAPI", document["openapi"])
    demo = Demo(executable)
    try:
        status, served, headers = call(demo.url, "GET", "/openapi.json")
        assert status == 200 and headers["Content-Type"] == "application/json", status
        assert served == json.loads(json.dumps(document)), "GET /notify/v1/openapi.json is not openapi/notify-v1.yaml"
        print("GET /notify/v1/openapi.json serves the contract")
        seconds = int(os.environ.get("XPEDITE_CONTRACT_SECONDS", "50"))
        barcode_seconds = int(os.environ.get("XPEDITE_CONTRACT_BARCODE_SECONDS", "20"))
        device_seconds = int(os.environ.get("XPEDITE_CONTRACT_DEVICE_SECONDS", "60"))
        with tempfile.TemporaryDirectory() as scratch:
            log = pathlib.Path(scratch) / "calls.jsonl"
            log.touch()
            failures = schemathesis(demo, log, barcode_seconds, "--include-path", "/device/barcode")
            failures |= schemathesis(demo, log, device_seconds, "--include-path-regex", "^/device/",
                                     "--exclude-path", "/device/logout", "--exclude-path", "/device/barcode",
                                     "--exclude-path", "/device/events", "--max-examples", "8", phases="fuzzing")
            failures |= schemathesis(demo, log, seconds, "--exclude-path", "/device/logout",
                                     "--exclude-path", "/device/barcode")
            missing, answered = unexercised(document, log)
            status, _, _ = call(demo.url, "GET", "/device/inbox", demo.device_token)
            assert status == 200, f"the device token stopped working during the runs: GET /device/inbox answered {status}"
            assert not missing, ("device operations never answered the device token with anything but 401: "
                                 + ", ".join(missing))
            wanted = device_operations(document) - {"POST /device/logout"}
            print("every device operation answered the device token:",
                  "; ".join(f"{operation} {sorted(answered[operation])}" for operation in sorted(wanted)))
            failures |= schemathesis(demo, log, 20, "--include-path", "/device/logout")
    finally:
        demo.stop()
    if failures:
        raise SystemExit("contract_test: schemathesis found failures (above)")
    print("contract_test: no failure")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
