"""A browser push service (RFC 8030) for the notification app's browser tests, in a thread of the
test on 127.0.0.1 over plain HTTP (the server admits it with `--webpush-hosts 127.0.0.1`: `http`
only to a loopback host the list names). It plays both halves a real push service and browser
play: it makes the subscription's P-256 key pair and auth secret (as a browser does), and checks
every push it receives as they do — the VAPID `Authorization` (RFC 8292: an ES256 JWT whose
`aud` is this origin, `exp` within 24 h, a `sub`, verified with the `k=` key),
`Content-Encoding: aes128gcm`, `TTL` and `Urgency`, and a body it decrypts with the
subscription's private key (RFC 8291) — with the `cryptography` package, no hand-written
cryptography. The Swift tests' equivalent is Tests/XpeditePushStandIns/WebPushStandIn.swift."""
import base64
import json
import os
import queue
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def hkdf(salt, ikm, info, length):
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


class Subscription:
    """What `PushManager.subscribe` hands a page: an endpoint on the stand-in and the keys a
    browser makes (`p256dh`, the uncompressed public key; `auth`, 16 random bytes)."""

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.public_key = self.private_key.public_key().public_bytes(serialization.Encoding.X962,
                                                                      serialization.PublicFormat.UncompressedPoint)
        self.auth = os.urandom(16)

    def json(self):
        """The subscription as `PushSubscription.toJSON()` gives it."""
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64url(self.public_key), "auth": b64url(self.auth)}}

    def decrypt(self, body):
        """The plaintext of an `aes128gcm` body (RFC 8188 header, RFC 8291 keys), one record."""
        if len(body) < 21:
            raise ValueError(f"the body has {len(body)} bytes, fewer than the aes128gcm header")
        salt, record_size, key_id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        sender_key = body[21:21 + key_id_length]
        ciphertext = body[21 + key_id_length:]
        if len(ciphertext) > record_size:
            raise ValueError(f"more than one record ({len(ciphertext)} bytes, record size {record_size})")
        sender = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender_key)
        shared = self.private_key.exchange(ec.ECDH(), sender)
        ikm = hkdf(self.auth, shared, b"WebPush: info\x00" + self.public_key + sender_key, 32)
        key = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
        nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
        padded = AESGCM(key).decrypt(nonce, ciphertext, None)
        data = padded.rstrip(b"\x00")
        if not data.endswith(b"\x02"):
            raise ValueError("the last record does not end with the delimiter 0x02")
        return data[:-1]


class Push:
    """A push the stand-in accepted: the decrypted text and what came with it."""

    def __init__(self, subscription, plaintext, headers, claims, vapid_key):
        self.subscription = subscription
        self.plaintext = plaintext
        self.headers = headers
        self.claims = claims
        self.vapid_key = vapid_key

    @property
    def message(self):
        return json.loads(self.plaintext)


class WebPushStandIn:
    """The service; `subscribe()` makes a subscription, `pushes` receives each accepted `Push`,
    `refusals` each request it refused (with the reason; answered 400)."""

    def __init__(self):
        self.subscriptions = {}
        self.pushes = queue.Queue()
        self.refusals = []
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                try:
                    push = stand_in.receive(self.path, self.headers, body)
                except (ValueError, KeyError, InvalidSignature) as error:
                    stand_in.refusals.append(f"{self.path}: {type(error).__name__}: {error}")
                    self.send_response(400)
                    self.end_headers()
                    return
                stand_in.pushes.put(push)
                self.send_response(201)
                self.send_header("Location", self.path)
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.server.server_port}"

    def subscribe(self):
        subscription = Subscription(f"{self.origin}/push/{b64url(os.urandom(12))}")
        self.subscriptions[subscription.endpoint.rsplit("/", 1)[1]] = subscription
        return subscription

    def receive(self, path, headers, body):
        if not path.startswith("/push/") or path[6:] not in self.subscriptions:
            raise KeyError(f"no subscription at {path}")
        subscription = self.subscriptions[path[6:]]
        if headers.get("Content-Encoding") != "aes128gcm":
            raise ValueError(f"Content-Encoding is {headers.get('Content-Encoding')!r}, not aes128gcm")
        if not headers.get("TTL", "").isdigit():
            raise ValueError(f"TTL is {headers.get('TTL')!r}")
        claims, key = self.check_vapid(headers.get("Authorization", ""))
        return Push(subscription, subscription.decrypt(body), dict(headers), claims, key)

    def check_vapid(self, authorization):
        """The claims and the `k=` key of a valid `vapid t=…, k=…` header (RFC 8292)."""
        if not authorization.startswith("vapid "):
            raise ValueError(f"the Authorization is not VAPID: {authorization[:20]!r}")
        parameters = dict(part.strip().split("=", 1) for part in authorization[6:].split(","))
        token, key = parameters["t"], parameters["k"]
        header, claims, signature = token.split(".")
        if json.loads(unb64url(header)).get("alg") != "ES256":
            raise ValueError("the JWT is not ES256")
        raw = unb64url(signature)
        if len(raw) != 64:
            raise ValueError(f"the ES256 signature has {len(raw)} bytes, not 64")
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
        public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                      f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        claims = json.loads(unb64url(claims))
        if claims.get("aud") != self.origin:
            raise ValueError(f"aud is {claims.get('aud')!r}, not {self.origin}")
        if not time.time() < claims.get("exp", 0) <= time.time() + 24 * 3600:
            raise ValueError(f"exp {claims.get('exp')} is not within 24 h")
        if not claims.get("sub"):
            raise ValueError("no sub")
        return claims, key

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
