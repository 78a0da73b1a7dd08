"""Standard Webhooks signature checking (https://www.standardwebhooks.com/)."""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import Any, Mapping, Optional, Union


class WebhookVerificationError(Exception):
    """A webhook whose headers are missing, whose timestamp is out of tolerance, or whose signature does not match."""


def _header(headers: Mapping[str, Any], name: str) -> Optional[str]:
    for key, value in headers.items():
        if key.lower() == name:
            return value[0] if isinstance(value, (list, tuple)) else value
    return None


def verify_webhook(headers: Mapping[str, Any], body: Union[bytes, str], secret: str, tolerance: float = 300, now: Optional[float] = None) -> Any:
    """
    Verifies a webhook the service sent and returns the parsed event. HMAC-SHA256
    over "id.timestamp.body" keyed with the secret's bytes (whsec_ + base64); any of
    the space-separated v1 signatures may match (compared in constant time);
    timestamps more than `tolerance` seconds from now are refused (replays).
    `body` must be the raw request body, exactly as received.
    """
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature")
    if not timestamp.isdigit():
        raise WebhookVerificationError("webhook-timestamp is not a number")
    current = time.time() if now is None else now
    if abs(current - int(timestamp)) > tolerance:
        raise WebhookVerificationError("webhook-timestamp outside the tolerance")
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    try:
        key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret, validate=True)
    except binascii.Error as error:
        raise WebhookVerificationError("the secret is not whsec_<base64>") from error
    expected = hmac.new(key, f"{msg_id}.{timestamp}.".encode("utf-8") + raw, hashlib.sha256).digest()
    for candidate in signatures.split(" "):
        version, _, value = candidate.partition(",")
        if version != "v1" or not value:
            continue
        try:
            signature = base64.b64decode(value, validate=True)
        except binascii.Error:
            continue
        if hmac.compare_digest(signature, expected):
            return json.loads(raw)
    raise WebhookVerificationError("no signature matches")
