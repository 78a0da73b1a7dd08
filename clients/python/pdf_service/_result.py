"""A successful answer: the file (or JSON) with what its headers said, read as the caller chooses."""
from __future__ import annotations

import email.utils
import json
import os
import re
import shutil
import tempfile
import time
import zipfile
from dataclasses import dataclass
from typing import IO, Any, AsyncIterator, Iterator, Optional, TypedDict, Union
from urllib.parse import unquote

import httpx

CHUNK = 64 * 1024


class RateLimit(TypedDict):
    """The account's daily allowance from RateLimit-Policy / RateLimit."""

    limit: int
    remaining: int
    reset: int


def parse_rate_limit(headers: httpx.Headers) -> Optional[RateLimit]:
    """{limit, remaining, reset} from `RateLimit-Policy: …;q=N` and `RateLimit: …;r=N;t=S`."""
    policy = re.search(r"q=(\d+)", headers.get("ratelimit-policy", ""))
    current = re.search(r"r=(\d+);\s*t=(\d+)", headers.get("ratelimit", ""))
    if not policy or not current:
        return None
    return {"limit": int(policy.group(1)), "remaining": int(current.group(1)), "reset": int(current.group(2))}


def retry_after_seconds(headers: httpx.Headers) -> Optional[float]:
    """Retry-After as seconds (delta or HTTP date)."""
    value = headers.get("retry-after")
    if not value:
        return None
    if value.strip().isdigit():
        return float(value)
    try:
        return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def filename_of(headers: httpx.Headers) -> Optional[str]:
    """The name from Content-Disposition, the UTF-8 form (filename*=) preferred."""
    header = headers.get("content-disposition", "")
    utf8 = re.search(r"filename\*=UTF-8''([^;]+)", header, re.I)
    if utf8:
        return unquote(utf8.group(1).strip())
    plain = re.search(r'filename="([^"]*)"', header, re.I)
    return plain.group(1) if plain else None


@dataclass
class ZipEntry:
    """One entry of a ZIP answer; read it (or open it as a stream) before moving to the next."""

    name: str
    size: int
    _zip: zipfile.ZipFile

    def open(self) -> IO[bytes]:
        return self._zip.open(self.name)

    def read(self) -> bytes:
        return self._zip.read(self.name)

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        with self.open() as source, open(path, "wb") as target:
            shutil.copyfileobj(source, target, CHUNK)


class _Meta:
    response: httpx.Response

    @property
    def headers(self) -> httpx.Headers:
        return self.response.headers

    @property
    def status(self) -> int:
        return self.response.status_code

    @property
    def content_type(self) -> str:
        return self.response.headers.get("content-type", "")

    @property
    def filename(self) -> Optional[str]:
        return filename_of(self.response.headers)

    @property
    def request_id(self) -> Optional[str]:
        return self.response.headers.get("x-request-id")

    @property
    def rate_limit(self) -> Optional[RateLimit]:
        return parse_rate_limit(self.response.headers)


class PdfResult(_Meta):
    """A successful answer of the sync client, streamed: read it once (bytes, text, json, iter_bytes, save or entries)."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response

    def bytes(self) -> bytes:
        try:
            return self.response.read()
        finally:
            self.close()

    def text(self) -> str:
        return self.bytes().decode(self.response.encoding or "utf-8")

    def json(self) -> Any:
        return json.loads(self.bytes())

    def iter_bytes(self, chunk_size: int = CHUNK) -> Iterator[bytes]:
        """The body as it arrives."""
        try:
            yield from self.response.iter_bytes(chunk_size)
        finally:
            self.close()

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Streams the body to `path`."""
        with open(path, "wb") as target:
            for chunk in self.iter_bytes():
                target.write(chunk)

    def entries(self) -> Iterator[ZipEntry]:
        """Iterates a ZIP answer entry by entry (the body is spooled to a temporary file, never held in memory)."""
        with tempfile.TemporaryFile() as spool:
            for chunk in self.iter_bytes():
                spool.write(chunk)
            spool.seek(0)
            with zipfile.ZipFile(spool) as archive:
                for info in archive.infolist():
                    if not info.is_dir():
                        yield ZipEntry(info.filename, info.file_size, archive)

    def close(self) -> None:
        self.response.close()

    def __enter__(self) -> "PdfResult":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncPdfResult(_Meta):
    """A successful answer of the asyncio client, streamed: read it once."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response

    async def bytes(self) -> bytes:
        try:
            return await self.response.aread()
        finally:
            await self.aclose()

    async def text(self) -> str:
        return (await self.bytes()).decode(self.response.encoding or "utf-8")

    async def json(self) -> Any:
        return json.loads(await self.bytes())

    async def iter_bytes(self, chunk_size: int = CHUNK) -> AsyncIterator[bytes]:
        """The body as it arrives."""
        try:
            async for chunk in self.response.aiter_bytes(chunk_size):
                yield chunk
        finally:
            await self.aclose()

    async def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Streams the body to `path`."""
        with open(path, "wb") as target:
            async for chunk in self.iter_bytes():
                target.write(chunk)

    async def entries(self) -> AsyncIterator[ZipEntry]:
        """Iterates a ZIP answer entry by entry (spooled to a temporary file)."""
        with tempfile.TemporaryFile() as spool:
            async for chunk in self.iter_bytes():
                spool.write(chunk)
            spool.seek(0)
            with zipfile.ZipFile(spool) as archive:
                for info in archive.infolist():
                    if not info.is_dir():
                        yield ZipEntry(info.filename, info.file_size, archive)

    async def aclose(self) -> None:
        await self.response.aclose()

    async def __aenter__(self) -> "AsyncPdfResult":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
