"""Unit tests: webhook verification, RateLimit parsing, error mapping, option encoding, the multipart body."""
import base64
import hashlib
import hmac
import io
import time

import httpx
import pytest

from pdf_service import (
    AuthenticationError,
    PdfClient,
    PdfServiceError,
    QuotaExceededError,
    ServerBusyError,
    WebhookVerificationError,
    encode_option,
    error_for,
    parse_rate_limit,
    verify_webhook,
)
from pdf_service._result import filename_of, retry_after_seconds

SECRET_BYTES = b"0123456789abcdef0123456789abcdef"
SECRET = "whsec_" + base64.b64encode(SECRET_BYTES).decode()
BODY = b'{"type":"job.succeeded","data":{"id":"j1"}}'


def signed(body: bytes = BODY, ts: int | None = None, msg_id: str = "msg_1", key: bytes = SECRET_BYTES) -> dict[str, str]:
    ts = int(time.time()) if ts is None else ts
    sig = base64.b64encode(hmac.new(key, f"{msg_id}.{ts}.".encode() + body, hashlib.sha256).digest()).decode()
    return {"Webhook-Id": msg_id, "Webhook-Timestamp": str(ts), "Webhook-Signature": f"v1,{sig}"}


def test_webhook_valid_signature_returns_the_event():
    assert verify_webhook(signed(), BODY, SECRET) == {"type": "job.succeeded", "data": {"id": "j1"}}
    assert verify_webhook(signed(), BODY.decode(), SECRET)["data"]["id"] == "j1"


def test_webhook_any_of_several_signatures_may_match():
    headers = signed()
    wrong = base64.b64encode(b"x" * 32).decode()
    headers["Webhook-Signature"] = f"v1,{wrong} v2,abc {headers['Webhook-Signature']}"
    assert verify_webhook(headers, BODY, SECRET)["type"] == "job.succeeded"
    headers["Webhook-Signature"] = f"v1,{wrong} v1,not-base64!"
    with pytest.raises(WebhookVerificationError):
        verify_webhook(headers, BODY, SECRET)


def test_webhook_altered_body_wrong_secret_and_missing_headers_refused():
    with pytest.raises(WebhookVerificationError):
        verify_webhook(signed(), BODY + b" ", SECRET)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(signed(key=b"another key"), BODY, SECRET)
    headers = signed()
    del headers["Webhook-Id"]
    with pytest.raises(WebhookVerificationError):
        verify_webhook(headers, BODY, SECRET)


def test_webhook_timestamp_tolerance():
    old = int(time.time()) - 301
    with pytest.raises(WebhookVerificationError):
        verify_webhook(signed(ts=old), BODY, SECRET)
    assert verify_webhook(signed(ts=old), BODY, SECRET, tolerance=400)["data"]["id"] == "j1"
    future = int(time.time()) + 1000
    with pytest.raises(WebhookVerificationError):
        verify_webhook(signed(ts=future), BODY, SECRET)
    assert verify_webhook(signed(ts=1000), BODY, SECRET, now=1100)["type"] == "job.succeeded"


def test_rate_limit_parsing():
    headers = httpx.Headers({"RateLimit-Policy": '"daily";q=100;w=86400', "RateLimit": '"daily";r=42;t=3600'})
    assert parse_rate_limit(headers) == {"limit": 100, "remaining": 42, "reset": 3600}
    assert parse_rate_limit(httpx.Headers({"RateLimit": "r=1;t=2"})) is None
    assert parse_rate_limit(httpx.Headers({})) is None


def test_retry_after_and_filename():
    assert retry_after_seconds(httpx.Headers({"Retry-After": "7"})) == 7
    assert retry_after_seconds(httpx.Headers({"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"})) == 0
    assert retry_after_seconds(httpx.Headers({})) is None
    both = httpx.Headers({"Content-Disposition": "attachment; filename=\"r_sum_.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"})
    assert filename_of(both) == "résumé.pdf"
    assert filename_of(httpx.Headers({"Content-Disposition": 'attachment; filename="a.pdf"'})) == "a.pdf"


def test_error_mapping():
    error = error_for({"type": "x", "status": 429, "code": "quota_exceeded", "detail": "Used up.", "request_id": "r1", "plan": "free"}, None, 30)
    assert isinstance(error, QuotaExceededError) and isinstance(error, PdfServiceError)
    assert (error.status, error.code, error.detail, error.request_id, error.retry_after) == (429, "quota_exceeded", "Used up.", "r1", 30)
    assert error.problem["plan"] == "free"
    assert isinstance(error_for({"status": 401, "code": "missing_api_key", "detail": "d"}), AuthenticationError)
    unknown = error_for({"status": 418, "code": "teapot", "detail": "d"}, "r2")
    assert type(unknown) is PdfServiceError and unknown.request_id == "r2"


def test_option_encoding():
    assert encode_option(True) == "true" and encode_option(False) == "false"
    assert encode_option(0.5) == "0.5" and encode_option(3) == "3"
    assert encode_option(None) is None
    assert encode_option(["a", 1, True, None]) == ["a", "1", "true"]


def test_multipart_body_and_retry_on_server_busy(tmp_path):
    """Through a mock transport: the form fields sent, and a 503 server_busy retried only when asked."""
    seen: list[bytes] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.read())
        if len(seen) == 1:
            return httpx.Response(503, headers={"Retry-After": "0", "X-Request-Id": "busy"}, json={"status": 503, "code": "server_busy", "detail": "Busy."})
        return httpx.Response(200, headers={"Content-Type": "application/pdf", "X-Request-Id": "ok"}, content=b"%PDF-out")

    path = tmp_path / "in.pdf"
    path.write_bytes(b"%PDF-from-path")
    client = PdfClient("http://test", "k", http_client=httpx.Client(transport=httpx.MockTransport(handler)))
    with pytest.raises(ServerBusyError) as caught:
        client.merge([str(path), b"%PDF-bytes", ("named.pdf", io.BytesIO(b"%PDF-stream"))], bookmarks=True)
    assert caught.value.request_id == "busy" and caught.value.retry_after == 0
    body = seen[0]
    for needle in (b'name="bookmarks"\r\n\r\ntrue', b'filename="in.pdf"', b"%PDF-from-path", b"%PDF-bytes", b'filename="named.pdf"', b"%PDF-stream"):
        assert needle in body
    assert b'name="password"' not in body
    seen.clear()
    result = client.merge([str(path), ("named.pdf", io.BytesIO(b"%PDF-stream"))], retry=True)
    assert len(seen) == 2 and seen[1].count(b"%PDF-stream") == 1 and seen[1].count(b"%PDF-from-path") == 1  # the file object re-read from its start
    assert result.bytes() == b"%PDF-out" and client.last_request_id == "ok"


def test_repeated_fields():
    seen: list[bytes] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.read())
        return httpx.Response(200, content=b"{}")

    client = PdfClient("http://test", "k", http_client=httpx.Client(transport=httpx.MockTransport(handler)))
    client.run("redact", {"file": b"%PDF"}, {"terms": ["a", "b"], "dpi": 150})
    assert seen[0].count(b'name="terms"') == 2 and b'name="dpi"\r\n\r\n150' in seen[0]
