"""The Python client against a real server and the real tools: every operation once (sync), some through
the asyncio client, an error of each class, quota exhaustion, a job with a webhook verified by
verify_webhook, ZIP iteration, and flat memory on a 90 MiB round trip (in a separate process)."""
import asyncio
import io
import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from pdf_service import (
    OPERATIONS,
    AsyncPdfClient,
    AuthenticationError,
    IncorrectPasswordError,
    InvalidPdfError,
    InvalidRequestError,
    JobNotFinishedError,
    NetworkError,
    NotFoundError,
    PasswordRequiredError,
    PdfClient,
    PdfServiceError,
    QuotaExceededError,
    UnsupportedMediaTypeError,
    WebhookVerificationError,
    verify_webhook,
)

from .bigpdf import big_pdf
from .examples import examples, page_count


def test_every_operation_once_through_its_typed_method(client, corpus, tmp_path):
    table = examples(corpus, str(tmp_path))
    missing = [name for name in OPERATIONS if name not in table]
    assert not missing, f"no client example for the operations {missing}"
    for name in OPERATIONS:
        example = table[name]
        method = getattr(client, name.replace("-", "_"))
        out = str(tmp_path / f"{name}.out")
        with method(example.input, **example.options) as result:
            assert result.request_id, name
            content_type = result.content_type
            result.save(out)
        assert example.check(out, content_type), f"{name}: the output failed its check"


def test_files_as_path_bytes_and_file_objects_outputs_as_bytes_stream_and_zip_entries(client, corpus, tmp_path):
    data = Path(corpus("trivial.pdf")).read_bytes()
    merged = client.merge([corpus("trivial.pdf"), data, ("stream.pdf", io.BytesIO(data)), Path(corpus("trivial.pdf"))], bookmarks=True)
    assert merged.filename == "trivial-merged.pdf"
    out = tmp_path / "merged.pdf"
    out.write_bytes(merged.bytes())
    assert page_count(str(out)) == 4

    with open(corpus("tracemonkey.pdf"), "rb") as handle:
        split = client.split(handle, mode="every", pages_per_file=5)
    assert split.content_type == "application/zip"
    names = []
    for entry in split.entries():
        target = tmp_path / entry.name
        entry.save(target)
        names.append(f"{entry.name}:{page_count(str(target))}")
    assert names == ["tracemonkey-1.pdf:5", "tracemonkey-2.pdf:5", "tracemonkey-3.pdf:4"]

    text = client.extract_text(corpus("tracemonkey.pdf"), pages="1", format="json").json()
    assert "Trace-based Just-in-Time" in text["pages"][0]["text"]
    streamed = b"".join(client.unlock(corpus("trivial.pdf")).iter_bytes())
    assert streamed.startswith(b"%PDF-")


@pytest.mark.asyncio
async def test_the_asyncio_client(config, corpus, tmp_path):
    async with AsyncPdfClient(config["url"], config["keys"]["pro"]) as client:
        merged, split = await asyncio.gather(
            client.merge([corpus("trivial.pdf"), corpus("trivial.pdf")]),
            client.split(corpus("tracemonkey.pdf"), mode="every", pages_per_file=5),
        )
        await merged.save(tmp_path / "a-merged.pdf")
        assert page_count(str(tmp_path / "a-merged.pdf")) == 2
        names = [entry.name async for entry in split.entries()]
        assert names == ["tracemonkey-1.pdf", "tracemonkey-2.pdf", "tracemonkey-3.pdf"]
        text = await (await client.convert(corpus("tracemonkey.pdf"), to="txt")).text()
        assert "Trace-based" in text
        with pytest.raises(PasswordRequiredError):
            await client.unlock(corpus("encrypted-aes256-user-view-owner-master.pdf"))
        assert (await client.account())["plan"] == "pro"
        done = await client.run_async("unlock", {"file": corpus("trivial.pdf")})
        assert (await done.bytes()).startswith(b"%PDF-")
        assert client.last_request_id


def test_an_error_of_each_class(client, config, corpus):
    cases = [
        (lambda: client.split(corpus("trivial.pdf"), mode="every", pages_per_file=0), InvalidRequestError, "invalid_request", 400),
        (lambda: client.unlock(corpus("invalid.pdf")), InvalidPdfError, "invalid_pdf", 422),
        (lambda: client.unlock(corpus("encrypted-aes256-user-view-owner-master.pdf")), PasswordRequiredError, "password_required", 422),
        (lambda: client.unlock(corpus("encrypted-aes256-user-view-owner-master.pdf"), password="wrong"), IncorrectPasswordError, "incorrect_password", 422),
        (lambda: client.unlock(corpus("typewriter.png")), UnsupportedMediaTypeError, "unsupported_media_type", 415),
        (lambda: PdfClient(config["url"], "pdf_live_nope").account(), AuthenticationError, "invalid_api_key", 401),
        (lambda: client.job("no-such-job"), NotFoundError, "not_found", 404),
    ]
    for call, cls, code, status in cases:
        with pytest.raises(cls) as caught:
            call()
        error = caught.value
        assert isinstance(error, PdfServiceError)
        assert (error.status, error.code, error.problem["code"]) == (status, code, code)
        assert error.detail and error.request_id
    # No answer at all: the same type, status 0, after the retries.
    with pytest.raises(NetworkError) as offline:
        PdfClient("http://127.0.0.1:9", "x", retries=1, backoff=0.01).account()
    assert offline.value.status == 0 and offline.value.code == "network_error"


def test_a_free_key_runs_out_of_its_allowance(config, corpus):
    free = PdfClient(config["url"], config["keys"]["free"])
    first = free.unlock(corpus("trivial.pdf"))
    assert first.rate_limit is not None and first.rate_limit["limit"] == 100 and first.rate_limit["remaining"] == 99
    first.bytes()
    for _ in range(99):  # refused before any tool runs, still charged
        with pytest.raises(InvalidRequestError):
            free.split(corpus("trivial.pdf"), mode="every", pages_per_file=0)
    with pytest.raises(QuotaExceededError) as caught:
        free.unlock(corpus("trivial.pdf"))
    assert caught.value.status == 429 and caught.value.retry_after and caught.value.retry_after > 0
    assert free.last_rate_limit is not None and free.last_rate_limit["remaining"] == 0
    account = free.account()
    assert (account["plan"], account["used_today"], account["remaining"]) == ("free", 100, 0)


class _Receiver(BaseHTTPRequestHandler):
    received: list = []
    arrived = threading.Event()

    def do_POST(self):  # noqa: N802
        body = self.rfile.read(int(self.headers["Content-Length"]))
        type(self).received.append((dict(self.headers.items()), body))
        self.send_response(204)
        self.end_headers()
        type(self).arrived.set()

    def log_message(self, *args):
        pass


def test_jobs_with_a_webhook_verified_by_verify_webhook(config, corpus, tmp_path):
    jobs = PdfClient(config["url"], config["keys"]["jobs"])
    secret = config["webhook_secret"]
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        job = jobs.submit("split", {"file": corpus("tracemonkey.pdf")}, {"mode": "extract", "pages": "2-3"}, callback_url=url)
        assert job["status"] in ("queued", "running")
        done = jobs.wait(job, timeout=120, notified=_Receiver.arrived)
        assert done["status"] == "succeeded"
        out = tmp_path / "job.pdf"
        jobs.result(done).save(out)
        assert page_count(str(out)) == 2
        assert _Receiver.arrived.wait(60)
        headers, body = _Receiver.received[0]
        event = verify_webhook(headers, body, secret)
        assert event["type"] == "job.succeeded" and event["data"]["id"] == job["id"]
        with pytest.raises(WebhookVerificationError):
            verify_webhook(headers, body + b" ", secret)
        with pytest.raises(WebhookVerificationError):
            verify_webhook(headers, body, secret, now=int(headers["webhook-timestamp"]) + 3600)

        via_run = jobs.run_async("unlock", {"file": corpus("trivial.pdf")})
        assert via_run.bytes().startswith(b"%PDF-")

        slow = jobs.submit("ocr", {"file": corpus("multipage.pdf")}, {"mode": "force"})
        with pytest.raises(JobNotFinishedError):
            jobs.result(slow)
        canceled = jobs.cancel(slow)
        assert canceled is not None and canceled["status"] == "canceled"
    finally:
        receiver.shutdown()
        receiver.server_close()


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_90_mib_round_trip_keeps_the_client_flat(config, tmp_path_factory, mode):
    scratch = tmp_path_factory.getbasetemp()
    big = scratch / "big.pdf"
    if not big.exists():
        big_pdf(big)
    out = scratch / f"big-out-{mode}.pdf"
    script = Path(__file__).with_name("roundtrip.py")
    run = subprocess.run([sys.executable, str(script), config["url"], config["keys"]["enterprise"], str(big), str(out), mode], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"90 MiB round trip ({mode} client): RSS growth {figures['growth_mib']:.1f} MiB")
    assert figures["bytes"] == os.path.getsize(big)
    assert figures["growth_mib"] < 32
    out.unlink()
