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
   users it finds, the test's own among them. POST /device/logout runs last, on its own, since it
   ends the token. POST /device/barcode runs first, on its own, with the token still valid.
The run is bounded: XPEDITE_CONTRACT_SECONDS (default 75) for the main run, 30 for the barcode
route, 20 for logout.

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
CONFIG = pathlib.Path(__file__).resolve().parent / "schemathesis.toml"
SCHEMATHESIS = pathlib.Path(sys.executable).parent / "schemathesis"


def schemathesis(demo, seconds, *selection):
    environment = dict(os.environ, XPEDITE_TEST_API_KEY=demo.api_key, XPEDITE_TEST_DEVICE_TOKEN=demo.device_token)
    with tempfile.TemporaryDirectory() as scratch:
        command = [str(SCHEMATHESIS), "--no-color", "--config-file", str(CONFIG), "run",
                   demo.url + "/notify/v1/openapi.json", "--url", demo.url + "/notify/v1",
                   "--checks", "all", "--exclude-checks", "positive_data_acceptance",
                   "--phases", "examples,coverage,fuzzing", "--max-time", str(seconds),
                   "--request-timeout", "15", "--workers", "1", "--seed", "19",
                   *selection]
        result = subprocess.run(command, env=environment, cwd=scratch, capture_output=True, text=True)
    starts = [result.stdout.find(heading) for heading in ("=== FAILURES", "=== WARNINGS", "=== SUMMARY")]
    print(result.stdout[min([start for start in starts if start >= 0], default=0):][-12000:])
    if result.returncode != 0:
        print(result.stderr[-4000:], file=sys.stderr)
    return result.returncode


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
        seconds = int(os.environ.get("XPEDITE_CONTRACT_SECONDS", "75"))
        # The barcode route first, on its own (30 s): in the main run the device token is gone
        # before schemathesis reaches it, and it must see pictures and random bytes (422, no 5xx).
        failures = schemathesis(demo, 30, "--include-path", "/device/barcode")
        failures |= schemathesis(demo, seconds, "--exclude-path", "/device/logout", "--exclude-path", "/device/barcode")
        failures |= schemathesis(demo, 20, "--include-path", "/device/logout")
    finally:
        demo.stop()
    if failures:
        raise SystemExit("contract_test: schemathesis found failures (above)")
    print("contract_test: no failure")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
