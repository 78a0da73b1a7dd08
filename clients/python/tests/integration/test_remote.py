# Pipelines with extra parts, remote inputs (RemoteFile -> `<part>_url`), result delivery to
# `result_url` and idempotent submissions, against the server and the loopback file server
# started by test/clients/python-client.test.ts (its origin is `remote_origin` in the config).
import os
import subprocess
import tempfile

import pytest

from pdf_service import PdfServiceError, RemoteFile

from .examples import page_count


def _on_disk(data: bytes, check):
    with tempfile.NamedTemporaryFile(suffix=".pdf", delete=False) as f:
        f.write(data)
    try:
        return check(f.name)
    finally:
        os.unlink(f.name)


def images_in(data: bytes) -> int:
    listing = _on_disk(data, lambda p: subprocess.run(["pdfimages", "-list", p], capture_output=True, text=True, check=True).stdout)
    return len(listing.strip().splitlines()) - 2


def pages_of(data: bytes) -> int:
    return _on_disk(data, page_count)


def test_pipeline_with_an_extra_part(client, config, corpus):
    result = client.pipeline(corpus("trivial.pdf"), steps=[{"operation": "watermark", "options": {"image": "@logo", "opacity": 1}}], parts={"logo": config["logo"]})
    assert images_in(result.bytes()) > 0


def test_remote_inputs(client, config, corpus):
    origin = config["remote_origin"]
    assert pages_of(client.compress(RemoteFile(f"{origin}/multipage.pdf")).bytes()) == 6
    assert pages_of(client.merge([corpus("trivial.pdf"), RemoteFile(f"{origin}/multipage.pdf")]).bytes()) == 7
    marked = client.pipeline(RemoteFile(f"{origin}/multipage.pdf"), steps=[{"operation": "watermark", "options": {"image": "@logo", "opacity": 1}}], parts={"logo": RemoteFile(f"{origin}/logo.png")})
    assert images_in(marked.bytes()) > 0


def test_idempotent_submission_with_result_url(client, config, corpus):
    key = f"py-{os.getpid()}-{os.urandom(4).hex()}"
    put = f"{config['remote_origin']}/put/py.pdf"
    first = client.submit("rotate", {"file": corpus("multipage.pdf")}, {"angle": 90}, result_url=put, idempotency_key=key)
    second = client.submit("rotate", {"file": corpus("multipage.pdf")}, {"angle": 90}, result_url=put, idempotency_key=key)
    assert second["id"] == first["id"]
    done = client.wait(first, timeout=60)
    assert done["status"] == "succeeded"
    assert done["result"]["url"] is None
    assert done["result"]["delivered_to"] == put
    with pytest.raises(PdfServiceError) as refused:
        client.submit("rotate", {"file": corpus("trivial.pdf")}, {"angle": 90}, idempotency_key=key)
    assert refused.value.code == "idempotency_key_reused"
