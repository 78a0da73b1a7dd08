"""One example call per operation (a port of test/clients/examples.ts): input, options and a check with independent tools."""
from __future__ import annotations

import json
import os
import re
import subprocess
from dataclasses import dataclass
from typing import Any, Callable, Union


def page_count(path: str, password: str | None = None) -> int:
    args = ["qpdf", f"--password={password}", "--show-npages", path] if password else ["qpdf", "--show-npages", path]
    return int(subprocess.run(args, check=True, capture_output=True, text=True).stdout.strip())


def text_of(path: str) -> str:
    return subprocess.run(["pdftotext", path, "-"], check=True, capture_output=True, text=True).stdout


def qpdf_check(path: str) -> bool:
    return subprocess.run(["qpdf", "--check", path], capture_output=True).returncode in (0, 3)


def read(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def is_pdf(path: str) -> bool:
    with open(path, "rb") as f:
        return f.read(5) == b"%PDF-"


def signing_certificate(directory: str) -> str:
    """A self-signed signing certificate as PKCS#12 (password "client-test") made with openssl."""
    p12 = os.path.join(directory, "signer.p12")
    if os.path.exists(p12):
        return p12
    key, cert = os.path.join(directory, "signer.key"), os.path.join(directory, "signer.crt")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "30", "-subj", "/CN=Client Test Signer", "-addext", "keyUsage=digitalSignature,nonRepudiation"], check=True, capture_output=True)
    subprocess.run(["openssl", "pkcs12", "-export", "-inkey", key, "-in", cert, "-out", p12, "-passout", "pass:client-test"], check=True, capture_output=True)
    return p12


@dataclass
class Example:
    input: Union[str, list[str]]
    options: dict[str, Any]
    check: Callable[[str, str], bool]


def examples(corpus: Callable[[str], str], directory: str) -> dict[str, Example]:
    """Examples by operation name; `check(output_path, content_type)` must return True."""
    return {
        "merge": Example([corpus("trivial.pdf"), corpus("trivial.pdf")], {"bookmarks": True}, lambda f, t: page_count(f) == 2),
        "split": Example(corpus("tracemonkey.pdf"), {"mode": "extract", "pages": "1-2"}, lambda f, t: page_count(f) == 2),
        "protect": Example(corpus("trivial.pdf"), {"user_password": "client-secret"}, lambda f, t: page_count(f, "client-secret") == 1),
        "unlock": Example(corpus("encrypted-aes256-user-view-owner-master.pdf"), {"password": "view"}, lambda f, t: "not encrypted" in subprocess.run(["qpdf", "--show-encryption", f], capture_output=True, text=True).stdout),
        "ocr": Example(corpus("linn.pdf"), {"output": "txt"}, lambda f, t: len(read(f)) > 500),
        "extract-text": Example(corpus("tracemonkey.pdf"), {"pages": "1"}, lambda f, t: "Trace-based" in read(f)),
        "watermark": Example(corpus("trivial.pdf"), {"text": "CLIENT", "opacity": 0.5}, lambda f, t: "CLIENT" in text_of(f)),
        "convert": Example(corpus("tracemonkey.pdf"), {"to": "txt"}, lambda f, t: "Trace-based" in read(f)),
        "images": Example([corpus("typewriter.png")], {"page_size": "a4"}, lambda f, t: page_count(f) == 1),
        "compress": Example(corpus("tracemonkey.pdf"), {"level": "low"}, lambda f, t: qpdf_check(f)),
        "rotate": Example(corpus("trivial.pdf"), {"angle": "90"}, lambda f, t: re.search(r"Page rot:\s+90", subprocess.run(["pdfinfo", f], capture_output=True, text=True).stdout) is not None),
        "organize": Example(corpus("tracemonkey.pdf"), {"order": "3,1"}, lambda f, t: page_count(f) == 2),
        "page-numbers": Example(corpus("tracemonkey.pdf"), {"format": "Page {n} of {total}"}, lambda f, t: "Page 14 of 14" in text_of(f)),
        "metadata": Example(corpus("tracemonkey.pdf"), {}, lambda f, t: "json" in t and json.loads(read(f))["pages"] == 14),
        "repair": Example(corpus("tracemonkey.pdf"), {}, lambda f, t: qpdf_check(f)),
        "flatten": Example(corpus("tracemonkey.pdf"), {"what": "all"}, lambda f, t: page_count(f) == 14),
        "redact": Example(corpus("tracemonkey.pdf"), {"terms": ["JavaScript"]}, lambda f, t: "javascript" not in text_of(f).lower()),
        "sign": Example(corpus("trivial.pdf"), {"certificate": signing_certificate(directory), "certificate_password": "client-test"}, lambda f, t: is_pdf(f)),
        "verify": Example(corpus("trivial.pdf"), {}, lambda f, t: json.loads(read(f))["signatures"] == []),
        "compare": Example([corpus("tracemonkey.pdf"), corpus("tracemonkey.pdf")], {}, lambda f, t: json.loads(read(f))["summary"]["words_inserted"] == 0),
        "inspect": Example(corpus("tracemonkey.pdf"), {}, lambda f, t: json.loads(read(f))["page_count"] == 14),
        "attachments": Example(corpus("tracemonkey.pdf"), {"action": "list"}, lambda f, t: json.loads(read(f))["attachments"] == []),
        "sanitize": Example(corpus("tracemonkey.pdf"), {"remove": "javascript,actions"}, lambda f, t: page_count(f) == 14),
        "linearize": Example(corpus("tracemonkey.pdf"), {}, lambda f, t: "no linearization errors" in subprocess.run(["qpdf", "--check-linearization", f], capture_output=True, text=True).stdout),
        "pipeline": Example(
            corpus("tracemonkey.pdf"),
            {"steps": [{"operation": "rotate", "options": {"angle": "90"}}, {"operation": "page-numbers", "options": {"format": "Page {n} of {total}"}}]},
            lambda f, t: "Page 14 of 14" in text_of(f),
        ),
        "forms": Example(corpus("trivial.pdf"), {}, lambda f, t: json.loads(read(f))["fields"] == []),
        "bookmarks": Example(corpus("trivial.pdf"), {"bookmarks": '[{"title":"Client bookmark","page":1}]'}, lambda f, t: '"title": "Client bookmark"' in subprocess.run(["qpdf", "--json=2", "--json-key=outlines", f], capture_output=True, text=True).stdout),
        "crop": Example(corpus("tracemonkey.pdf"), {"auto": True, "pages": "1"}, lambda f, t: page_count(f) == 14),
        "resize": Example(corpus("trivial.pdf"), {"paper": "letter"}, lambda f, t: re.search(r"Page size:\s+612 x 792", subprocess.run(["pdfinfo", f], capture_output=True, text=True).stdout) is not None),
        "n-up": Example(corpus("tracemonkey.pdf"), {"per_sheet": "4"}, lambda f, t: page_count(f) == 4),
        "booklet": Example(corpus("tracemonkey.pdf"), {}, lambda f, t: page_count(f) == 8),
        "overlay": Example(corpus("tracemonkey.pdf"), {"overlay": corpus("trivial.pdf")}, lambda f, t: page_count(f) == 14),
        "remove-blank": Example(corpus("tracemonkey.pdf"), {}, lambda f, t: page_count(f) == 14),
    }
