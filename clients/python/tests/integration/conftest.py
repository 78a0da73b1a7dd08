# The integration suite runs against a real server started by test/clients/python-client.test.ts,
# which passes its URL, keys and the corpus in a JSON file named by PDF_CLIENT_CONFIG.
import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


@pytest.fixture(scope="session")
def config() -> dict:
    path = os.environ.get("PDF_CLIENT_CONFIG")
    if not path:
        raise RuntimeError("PDF_CLIENT_CONFIG is not set: run this suite through test/clients/python-client.test.ts")
    return json.loads(Path(path).read_text())


@pytest.fixture(scope="session")
def corpus(config):
    return lambda name: os.path.join(config["corpus"], name)


@pytest.fixture(scope="session")
def client(config):
    from pdf_service import PdfClient

    with PdfClient(config["url"], config["keys"]["pro"]) as c:
        yield c
