"""Schemathesis hooks of the contract test (Tests/NotifyAPI/contract_test.py sets
SCHEMATHESIS_HOOKS to this module).

- Every answer is recorded, one JSON line per call in XPEDITE_CONTRACT_LOG: the operation
  (method and path template), the status, and whether the call carried the test's device token.
  The test reads it to assert that the device operations were really exercised with a valid token,
  not only refused with 401.
- The test's own user (XPEDITE_CONTRACT_USER, the owner of the device token) is never drawn as a
  `username` path parameter: `DELETE /users/{username}` on it would end the token midway.
"""
import json
import os

import schemathesis

LOG = os.environ.get("XPEDITE_CONTRACT_LOG")
TOKEN = os.environ.get("XPEDITE_TEST_DEVICE_TOKEN", "")
OWN_USER = os.environ.get("XPEDITE_CONTRACT_USER", "")


@schemathesis.hook
def filter_path_parameters(context, path_parameters):
    return not (OWN_USER and path_parameters and path_parameters.get("username") == OWN_USER)


@schemathesis.hook
def after_call(context, case, response):
    if not LOG:
        return
    authorization = response.request.headers.get("Authorization", "")
    record = {"operation": f"{case.method.upper()} {case.path}", "status": response.status_code,
              "deviceToken": bool(TOKEN) and authorization == "Bearer " + TOKEN}
    with open(LOG, "a", encoding="utf-8") as log:
        log.write(json.dumps(record) + "\n")
