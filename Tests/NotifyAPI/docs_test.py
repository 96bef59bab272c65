#!/usr/bin/env python3
"""docs/notify-api.md against the contract and a running server.

1. Its sections (`### \`METHOD /path\``) are exactly the operations of openapi/notify-v1.yaml.
2. Each `sh` example, in order, runs with bash against `xpedite demo` (XPEDITE, API_KEY set;
   DEVICE_TOKEN and MESSAGE_ID taken from the answers of the login and send examples) and answers
   the status of the `<!-- expect N -->` comment above it; a JSON answer must parse, and an error
   status must carry the error object. `stream` marks a Server-Sent Events example, ended by
   curl's --max-time. The examples' folder holds photo.jpg (JPEG magic bytes) for the upload and
   qr.png (Tests/Fixtures/barcodes/qr.png) for the barcode example, whose 200 must name its code.

Usage: docs_test.py PATH/TO/xpedite      (exit status 0 when every check passes)
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from demo_server import Demo  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
DOC = ROOT / "docs" / "notify-api.md"
CONTRACT = ROOT / "openapi" / "notify-v1.yaml"
EXAMPLE = re.compile(r"<!-- expect (\d{3})( stream)? -->\n```sh\n(.*?)```", re.S)
# Every example calls curl once; this wrapper keeps the body and prints the status.
PREAMBLE = 'curl() { command curl -sS -o "$BODY" -w "%{http_code}" "$@"; }\n'
# The magic bytes of a JPEG, which is all the upload example's kind check reads.
JPEG = bytes([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + b"JFIF" + bytes(32)
# A real picture for the barcode example, and the code drawn in it (make-fixtures.py).
QR_PNG = ROOT / "Tests" / "Fixtures" / "barcodes" / "qr.png"
QR_TEXT = "https://xpedite.example/customers/C-1042?approve=credit-limit"


def sections_match(text):
    documented = set(re.findall(r"^### `([A-Z]+) (/[^`]*)`$", text, re.M))
    contract = yaml.safe_load(CONTRACT.read_text(encoding="utf-8"))
    operations = {(method.upper(), path) for path, item in contract["paths"].items()
                  for method in item if method in ("get", "put", "post", "delete", "patch")}
    problems = [f"no section for {m} {p}" for m, p in sorted(operations - documented)]
    problems += [f"a section for {m} {p}, which the contract lacks" for m, p in sorted(documented - operations)]
    return problems


def run_examples(text, demo):
    problems = []
    environment = dict(os.environ, XPEDITE=demo.url, API_KEY=demo.api_key, DEVICE_TOKEN="", MESSAGE_ID="")
    with tempfile.TemporaryDirectory() as scratch:
        (pathlib.Path(scratch) / "photo.jpg").write_bytes(JPEG)
        (pathlib.Path(scratch) / "qr.png").write_bytes(QR_PNG.read_bytes())
        body = pathlib.Path(scratch) / "body"
        environment["BODY"] = str(body)
        examples = EXAMPLE.findall(text)
        if len(examples) < 10:
            problems.append(f"only {len(examples)} runnable examples")
        for expected, stream, script in examples:
            first = script.strip().splitlines()[0]
            body.write_bytes(b"")
            result = subprocess.run(["bash", "-c", PREAMBLE + script], env=environment, cwd=scratch,
                                    capture_output=True, text=True, timeout=60)
            status = result.stdout.strip()[-3:]
            # curl's 28 is its --max-time ending a stream, as the example asks.
            allowed_exit = (0, 28) if stream else (0,)
            if result.returncode not in allowed_exit or status != expected:
                problems.append(f"{first}: status {status or '-'} (expected {expected}), exit {result.returncode}: "
                                f"{result.stderr.strip()[:300]} {body.read_text(errors='replace')[:300]}")
                continue
            if stream or "curl -i" in script or not body.read_bytes():
                print(f"ok {expected} {first}")
                continue
            try:
                answer = json.loads(body.read_bytes())
            except ValueError:
                problems.append(f"{first}: the answer is not JSON")
                continue
            if int(expected) >= 400 and not isinstance(answer.get("error"), dict):
                problems.append(f"{first}: {expected} without the error object")
            if "/device/barcode" in script and expected == "200" and answer != {"codes": [{"format": "QR-Code", "text": QR_TEXT}]}:
                problems.append(f"{first}: the barcode example found {answer}, not the QR code of qr.png")
            if isinstance(answer, dict) and "deviceToken" in answer:
                environment["DEVICE_TOKEN"] = answer["deviceToken"]
            if isinstance(answer, dict) and "/notify/v1/send" in script and "messageId" in answer:
                environment["MESSAGE_ID"] = answer["messageId"]
            print(f"ok {expected} {first}")
    return problems


def main(executable):
    text = DOC.read_text(encoding="utf-8")
    problems = sections_match(text)
    demo = Demo(executable)
    try:
        problems += run_examples(text, demo)
    finally:
        demo.stop()
    for problem in problems:
        print("docs_test:", problem, file=sys.stderr)
    if problems:
        raise SystemExit(1)
    print("docs_test: docs/notify-api.md matches the contract and its examples run")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
