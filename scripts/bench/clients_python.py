"""Python client overhead, side by side in one run: the same multipart `unlock` request through
PdfClient and through a bare httpx.Client (both keep-alive), alternating; prints medians as JSON."""
import json
import os
import statistics
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))
from pdf_service import PdfClient  # noqa: E402

url, key, source, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
client = PdfClient(url, key)
bare = httpx.Client(timeout=300)


def through_client() -> float:
    started = time.perf_counter()
    body = client.unlock(source).bytes()
    elapsed = time.perf_counter() - started
    assert body.startswith(b"%PDF-")
    return elapsed * 1000


def through_httpx() -> float:
    started = time.perf_counter()
    with open(source, "rb") as handle:
        response = bare.post(f"{url}/v1/pdf/unlock", headers={"Authorization": f"Bearer {key}"}, files={"file": (os.path.basename(source), handle, "application/octet-stream")})
    body = response.content
    elapsed = time.perf_counter() - started
    assert response.status_code == 200 and body.startswith(b"%PDF-")
    return elapsed * 1000


for _ in range(3):
    through_client()
    through_httpx()
a: list[float] = []
b: list[float] = []
for i in range(rounds):
    if i % 2 == 0:
        a.append(through_client())
        b.append(through_httpx())
    else:
        b.append(through_httpx())
        a.append(through_client())
pairs = [x - y for x, y in zip(a, b)]
print(json.dumps({"rounds": rounds, "client_ms": statistics.median(a), "bare_ms": statistics.median(b), "paired_overhead_ms": statistics.median(pairs)}))
