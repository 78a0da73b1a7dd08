"""Turning file inputs into multipart parts without loading them whole."""
from __future__ import annotations

import os
import uuid
from contextlib import ExitStack
from typing import IO, Any, Tuple, Union

#: A file to upload: a path (streamed from disk), bytes, a binary file object,
#: or a (filename, one of those) pair to choose the part's file name.
FileSource = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]


class RemoteFile:
    """A file the service downloads itself instead of an upload (sent as `<part>_url`: `file_url`,
    `files_url`, `logo_url`, …). https only, unless the server runs with FETCH_ALLOW_PRIVATE."""

    __slots__ = ("url",)

    def __init__(self, url: str) -> None:
        self.url = str(url)

    def __repr__(self) -> str:
        return f"RemoteFile({self.url!r})"


FileInput = Union[FileSource, Tuple[str, FileSource], RemoteFile]


def _part(value: Any, stack: ExitStack) -> tuple[str, Any, str]:
    """One multipart file part: (filename, content, content type). Paths are opened, not read."""
    name: str | None = None
    if isinstance(value, tuple):
        name, value = value
    if isinstance(value, (str, os.PathLike)):
        path = os.fspath(value)
        handle = stack.enter_context(open(path, "rb"))
        return (name or os.path.basename(path) or "upload", handle, "application/octet-stream")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return (name or "upload", bytes(value), "application/octet-stream")
    if hasattr(value, "read"):
        # httpx reads file objects in chunks (and seeks to the start first when it can, so retries resend it).
        return (name or os.path.basename(str(getattr(value, "name", ""))) or "upload", value, "application/octet-stream")
    raise TypeError(f"Cannot upload {type(value).__name__}: pass a path, bytes or a binary file object.")


def encode_option(value: Any) -> str | list[str] | None:
    """A form value: booleans as true/false, numbers as text, lists as repeated fields, None skipped."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return [v for v in (encode_option(item) for item in value) if isinstance(v, str)]
    return str(value)


def build_form(files: dict[str, Any], options: dict[str, Any], stack: ExitStack) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """The data fields and file parts of one request; opened files are closed by `stack`."""
    data: dict[str, Any] = {}
    for key, value in options.items():
        encoded = encode_option(value)
        if encoded is not None and encoded != []:
            data[key] = encoded
    parts: list[tuple[str, Any]] = []
    for field, value in files.items():
        if value is None:
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, RemoteFile):
                # The service fetches it: a text field instead of the bytes (repeatable for `files_url`).
                urls = data.setdefault(f"{field}_url", [])
                urls.append(item.url)
                continue
            parts.append((field, _part(item, stack)))
    return data, parts


def form_request(files: dict[str, Any], options: dict[str, Any], stack: ExitStack) -> dict[str, Any]:
    """httpx keyword arguments of one multipart request. httpx sends a form without file parts as
    urlencoded, which the service refuses: when every input is a RemoteFile, the multipart body of
    the text fields is built here (small: fields only)."""
    data, parts = build_form(files, options, stack)
    if parts:
        return {"data": data, "files": parts}
    boundary = f"pdfservice{uuid.uuid4().hex}"
    chunks: list[bytes] = []
    for name, value in data.items():
        for item in value if isinstance(value, list) else [value]:
            quoted = name.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")
            chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{quoted}"\r\n\r\n'.encode() + str(item).encode() + b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return {"content": b"".join(chunks), "headers": {"Content-Type": f"multipart/form-data; boundary={boundary}"}}
