"""The sync and asyncio clients: one multipart call per operation (typed methods are generated),
errors as PdfServiceError, retries with backoff honouring Retry-After, jobs and the account."""
from __future__ import annotations

import asyncio
import json
import threading
import time
from contextlib import ExitStack
from typing import Any, Optional, Union
from urllib.parse import quote, urlencode

import httpx

from ._errors import NetworkError, PdfServiceError, error_for
from ._files import form_request
from ._operations import AsyncOperations, SyncOperations
from ._result import AsyncPdfResult, PdfResult, RateLimit, parse_rate_limit, retry_after_seconds

Job = dict[str, Any]
JobRef = Union[Job, str]
ENDED = ("succeeded", "failed", "canceled")


def _job_id(job: JobRef) -> str:
    return job if isinstance(job, str) else str(job["id"])


def _retriable(error: PdfServiceError) -> bool:
    """Answers a retry may cure: overload, the account's concurrency limit, no answer at all."""
    return error.code in ("server_busy", "concurrency_limit") or isinstance(error, NetworkError)


def _problem_of(response: httpx.Response) -> PdfServiceError:
    request_id = response.headers.get("x-request-id")
    try:
        problem = json.loads(response.content)
        if not isinstance(problem, dict):
            raise ValueError("not a problem object")
    except ValueError:
        problem = {"status": response.status_code, "code": f"http_{response.status_code}", "detail": response.reason_phrase, "request_id": request_id}
    return error_for(problem, request_id, retry_after_seconds(response.headers))


def _network_error(cause: Exception) -> NetworkError:
    return NetworkError(0, "network_error", str(cause) or type(cause).__name__)


def _not_succeeded(job: Job) -> PdfServiceError:
    if job.get("error"):
        return error_for(job["error"])
    return PdfServiceError(0, "canceled", f"The job {job.get('id')} was {job.get('status')}.")


def _token_body(ttl_seconds: Optional[int], scopes: Optional[list[str]], max_uses: Optional[int], origin: Optional[str]) -> dict[str, Any]:
    body = {"ttl_seconds": ttl_seconds, "scopes": scopes, "max_uses": max_uses, "origin": origin}
    return {name: value for name, value in body.items() if value is not None}


class _Base:
    def __init__(self, base_url: str, api_key: str, *, timeout: float = 300.0, retries: int = 3, backoff: float = 0.5) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        #: Retries of idempotent steps (GET, DELETE) and of uploads that ask for it (retry=True).
        self.retries = retries
        #: First backoff in seconds when the service gives no Retry-After (doubles each time).
        self.backoff = backoff
        #: X-Request-Id of the last answer.
        self.last_request_id: Optional[str] = None
        #: RateLimit fields of the last answer that had them.
        self.last_rate_limit: Optional[RateLimit] = None

    def _headers(self, request_id: Optional[str], idempotency_key: Optional[str] = None) -> dict[str, str]:
        headers = {"Authorization": f"Bearer {self.api_key}"}
        if request_id:
            headers["X-Request-Id"] = request_id
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        return headers

    def _seen(self, response: httpx.Response) -> None:
        self.last_request_id = response.headers.get("x-request-id")
        self.last_rate_limit = parse_rate_limit(response.headers) or self.last_rate_limit

    @staticmethod
    def _fields(options: dict[str, Any], job: bool, callback_url: Optional[str], result_url: Optional[str] = None) -> dict[str, Any]:
        fields = dict(options)
        if job:
            fields["async"] = True
        if callback_url:
            fields["callback_url"] = callback_url
        if result_url:
            fields["result_url"] = result_url
        return fields

    @staticmethod
    def _with_parts(files: dict[str, Any], parts: Optional[dict[str, Any]]) -> dict[str, Any]:
        """The operation's files plus extra named parts (a pipeline's "@logo" is `parts={"logo": ...}`)."""
        return {**files, **parts} if parts else files


class PdfClient(_Base, SyncOperations):
    """The sync client. Every operation is a method: `client.merge(["a.pdf", "b.pdf"], bookmarks=True)`."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 300.0, retries: int = 3, backoff: float = 0.5, http_client: Optional[httpx.Client] = None) -> None:
        super().__init__(base_url, api_key, timeout=timeout, retries=retries, backoff=backoff)
        self._http = http_client or httpx.Client(timeout=timeout)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "PdfClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _call(self, operation: str, files: dict[str, Any], options: dict[str, Any], *, retry: bool = False, timeout: Optional[float] = None, request_id: Optional[str] = None, parts: Optional[dict[str, Any]] = None, **_: Any) -> PdfResult:
        return PdfResult(self._send("POST", f"/v1/pdf/{operation}", files=self._with_parts(files, parts), options=options, retry=retry, timeout=timeout, request_id=request_id))

    def run(self, operation: str, files: dict[str, Any], options: Optional[dict[str, Any]] = None, **call: Any) -> PdfResult:
        """Runs any operation by name with files by field (the generic form of the typed methods)."""
        return self._call(operation, files, options or {}, **call)

    def submit(self, operation: str, files: dict[str, Any], options: Optional[dict[str, Any]] = None, callback_url: Optional[str] = None, *, result_url: Optional[str] = None, idempotency_key: Optional[str] = None, parts: Optional[dict[str, Any]] = None, retry: bool = False, timeout: Optional[float] = None) -> Job:
        """Submits an operation as an asynchronous job (202 + the job). `result_url`: an https URL the result is PUT to;
        `idempotency_key` (sent as Idempotency-Key): the same key within 24 h gives the same job back, not charged again,
        so a submission whose answer was lost may be sent again; `parts`: extra named file parts."""
        response = self._send("POST", f"/v1/pdf/{operation}", files=self._with_parts(files, parts), options=self._fields(options or {}, True, callback_url, result_url), retry=retry, timeout=timeout, idempotency_key=idempotency_key)
        return self._json(response)

    def job(self, job: JobRef) -> Job:
        """The job now."""
        return self._json(self._send("GET", f"/v1/jobs/{_job_id(job)}", retry=True))

    def wait(self, job: JobRef, timeout: float = 3600.0, notified: Optional[threading.Event] = None) -> Job:
        """Waits until the job has ended, polling with backoff (200 ms doubling to 5 s), or sooner once `notified` is set."""
        end = time.monotonic() + timeout
        delay = 0.2
        while True:
            current = self.job(job)
            if current.get("status") in ENDED:
                return current
            if time.monotonic() > end:
                raise NetworkError(0, "network_error", f"The job {_job_id(job)} did not end in time.")
            if notified is not None and not notified.is_set():
                notified.wait(delay)
            elif notified is None:
                time.sleep(delay)
            else:
                time.sleep(min(delay, 0.05))  # told it ended: look again at once, without spinning
            delay = min(delay * 2, 5.0)

    def result(self, job: JobRef) -> PdfResult:
        """The result of a succeeded job (streamed). A failed job raises its problem."""
        if isinstance(job, dict) and job.get("status") == "failed":
            raise _not_succeeded(job)
        return PdfResult(self._send("GET", f"/v1/jobs/{_job_id(job)}/result", retry=True))

    def cancel(self, job: JobRef) -> Optional[Job]:
        """Cancels a queued or running job (or deletes a finished one)."""
        response = self._send("DELETE", f"/v1/jobs/{_job_id(job)}", retry=True)
        return None if response.status_code == 204 else self._json(response)

    def run_async(self, operation: str, files: dict[str, Any], options: Optional[dict[str, Any]] = None, *, wait_timeout: float = 3600.0) -> PdfResult:
        """Submit, wait and fetch the result in one call."""
        done = self.wait(self.submit(operation, files, options), timeout=wait_timeout)
        if done.get("status") != "succeeded":
            raise _not_succeeded(done)
        return self.result(done)

    def account(self) -> dict[str, Any]:
        """The account, plan and today's usage."""
        return self._json(self._send("GET", "/v1/account", retry=True))

    def usage(self, days: int = 30) -> dict[str, Any]:
        """The account's usage per UTC day and operation, the last `days` days (1..366)."""
        return self._json(self._send("GET", f"/v1/account/usage?days={int(days)}", retry=True))

    def create_token(self, *, ttl_seconds: Optional[int] = None, scopes: Optional[list[str]] = None, max_uses: Optional[int] = None, origin: Optional[str] = None) -> dict[str, Any]:
        """Mints a short-lived browser token (`pdf_tok_…`) from this client's key, for a web page (not charged)."""
        return self.request("POST", "/v1/tokens", _token_body(ttl_seconds, scopes, max_uses, origin))

    def request(self, method: str, path: str, json_body: Any = None) -> Any:
        """Any JSON route of the API; the decoded answer (None for 204). GET and DELETE are retried."""
        response = self._send(method, path, json_body={} if json_body is None and method in ("POST", "PATCH") else json_body, retry=method in ("GET", "DELETE"))
        if response.status_code == 204:
            response.close()
            return None
        return self._json(response)

    @staticmethod
    def _json(response: httpx.Response) -> Any:
        try:
            return json.loads(response.read())
        finally:
            response.close()

    def _send(self, method: str, path: str, *, files: Optional[dict[str, Any]] = None, options: Optional[dict[str, Any]] = None, json_body: Any = None, retry: bool, timeout: Optional[float] = None, request_id: Optional[str] = None, idempotency_key: Optional[str] = None) -> httpx.Response:
        """One exchange with retries; the answer is streamed; raises PdfServiceError for any non-2xx answer."""
        attempts = self.retries + 1 if retry else 1
        backoff = self.backoff
        for attempt in range(1, attempts + 1):
            with ExitStack() as stack:
                kwargs: dict[str, Any] = {}
                if files is not None:
                    kwargs.update(form_request(files, options or {}, stack))
                elif json_body is not None:
                    kwargs["json"] = json_body
                request = self._http.build_request(method, self.base_url + path, headers={**self._headers(request_id, idempotency_key), **kwargs.pop("headers", {})}, timeout=timeout or self.timeout, **kwargs)
                try:
                    response = self._http.send(request, stream=True)
                except httpx.TransportError as cause:
                    error: PdfServiceError = _network_error(cause)
                else:
                    self._seen(response)
                    if response.is_success:
                        return response
                    try:
                        response.read()
                    finally:
                        response.close()
                    error = _problem_of(response)
            if attempt >= attempts or not _retriable(error):
                raise error
            time.sleep(error.retry_after if error.retry_after is not None else backoff)
            backoff *= 2
        raise AssertionError("unreachable")


class AsyncPdfClient(_Base, AsyncOperations):
    """The asyncio client: the same methods as PdfClient, awaited."""

    def __init__(self, base_url: str, api_key: str, *, timeout: float = 300.0, retries: int = 3, backoff: float = 0.5, http_client: Optional[httpx.AsyncClient] = None) -> None:
        super().__init__(base_url, api_key, timeout=timeout, retries=retries, backoff=backoff)
        self._http = http_client or httpx.AsyncClient(timeout=timeout)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> "AsyncPdfClient":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _call(self, operation: str, files: dict[str, Any], options: dict[str, Any], *, retry: bool = False, timeout: Optional[float] = None, request_id: Optional[str] = None, parts: Optional[dict[str, Any]] = None, **_: Any) -> AsyncPdfResult:
        return AsyncPdfResult(await self._send("POST", f"/v1/pdf/{operation}", files=self._with_parts(files, parts), options=options, retry=retry, timeout=timeout, request_id=request_id))

    async def run(self, operation: str, files: dict[str, Any], options: Optional[dict[str, Any]] = None, **call: Any) -> AsyncPdfResult:
        """Runs any operation by name with files by field."""
        return await self._call(operation, files, options or {}, **call)

    async def submit(self, operation: str, files: dict[str, Any], options: Optional[dict[str, Any]] = None, callback_url: Optional[str] = None, *, result_url: Optional[str] = None, idempotency_key: Optional[str] = None, parts: Optional[dict[str, Any]] = None, retry: bool = False, timeout: Optional[float] = None) -> Job:
        """Submits an operation as an asynchronous job (202 + the job). `result_url`: an https URL the result is PUT to;
        `idempotency_key` (sent as Idempotency-Key): the same key within 24 h gives the same job back, not charged again,
        so a submission whose answer was lost may be sent again; `parts`: extra named file parts."""
        response = await self._send("POST", f"/v1/pdf/{operation}", files=self._with_parts(files, parts), options=self._fields(options or {}, True, callback_url, result_url), retry=retry, timeout=timeout, idempotency_key=idempotency_key)
        return await self._json(response)

    async def job(self, job: JobRef) -> Job:
        """The job now."""
        return await self._json(await self._send("GET", f"/v1/jobs/{_job_id(job)}", retry=True))

    async def wait(self, job: JobRef, timeout: float = 3600.0, notified: Optional[asyncio.Event] = None) -> Job:
        """Waits until the job has ended, polling with backoff (200 ms doubling to 5 s), or sooner once `notified` is set."""
        end = time.monotonic() + timeout
        delay = 0.2
        while True:
            current = await self.job(job)
            if current.get("status") in ENDED:
                return current
            if time.monotonic() > end:
                raise NetworkError(0, "network_error", f"The job {_job_id(job)} did not end in time.")
            if notified is not None and not notified.is_set():
                try:
                    await asyncio.wait_for(notified.wait(), delay)
                except asyncio.TimeoutError:
                    pass
            else:
                await asyncio.sleep(delay if notified is None else min(delay, 0.05))
            delay = min(delay * 2, 5.0)

    async def result(self, job: JobRef) -> AsyncPdfResult:
        """The result of a succeeded job (streamed). A failed job raises its problem."""
        if isinstance(job, dict) and job.get("status") == "failed":
            raise _not_succeeded(job)
        return AsyncPdfResult(await self._send("GET", f"/v1/jobs/{_job_id(job)}/result", retry=True))

    async def cancel(self, job: JobRef) -> Optional[Job]:
        """Cancels a queued or running job (or deletes a finished one)."""
        response = await self._send("DELETE", f"/v1/jobs/{_job_id(job)}", retry=True)
        return None if response.status_code == 204 else await self._json(response)

    async def run_async(self, operation: str, files: dict[str, Any], options: Optional[dict[str, Any]] = None, *, wait_timeout: float = 3600.0) -> AsyncPdfResult:
        """Submit, wait and fetch the result in one call."""
        done = await self.wait(await self.submit(operation, files, options), timeout=wait_timeout)
        if done.get("status") != "succeeded":
            raise _not_succeeded(done)
        return await self.result(done)

    async def account(self) -> dict[str, Any]:
        """The account, plan and today's usage."""
        return await self._json(await self._send("GET", "/v1/account", retry=True))

    async def usage(self, days: int = 30) -> dict[str, Any]:
        """The account's usage per UTC day and operation, the last `days` days (1..366)."""
        return await self._json(await self._send("GET", f"/v1/account/usage?days={int(days)}", retry=True))

    async def create_token(self, *, ttl_seconds: Optional[int] = None, scopes: Optional[list[str]] = None, max_uses: Optional[int] = None, origin: Optional[str] = None) -> dict[str, Any]:
        """Mints a short-lived browser token (`pdf_tok_…`) from this client's key, for a web page (not charged)."""
        return await self._json(await self._send("POST", "/v1/tokens", json_body=_token_body(ttl_seconds, scopes, max_uses, origin), retry=False))

    @staticmethod
    async def _json(response: httpx.Response) -> Any:
        try:
            return json.loads(await response.aread())
        finally:
            await response.aclose()

    async def _send(self, method: str, path: str, *, files: Optional[dict[str, Any]] = None, options: Optional[dict[str, Any]] = None, json_body: Any = None, retry: bool, timeout: Optional[float] = None, request_id: Optional[str] = None, idempotency_key: Optional[str] = None) -> httpx.Response:
        """One exchange with retries; the answer is streamed; raises PdfServiceError for any non-2xx answer."""
        attempts = self.retries + 1 if retry else 1
        backoff = self.backoff
        for attempt in range(1, attempts + 1):
            with ExitStack() as stack:
                kwargs: dict[str, Any] = {}
                if files is not None:
                    kwargs.update(form_request(files, options or {}, stack))
                elif json_body is not None:
                    kwargs["json"] = json_body
                request = self._http.build_request(method, self.base_url + path, headers={**self._headers(request_id, idempotency_key), **kwargs.pop("headers", {})}, timeout=timeout or self.timeout, **kwargs)
                try:
                    response = await self._http.send(request, stream=True)
                except httpx.TransportError as cause:
                    error: PdfServiceError = _network_error(cause)
                else:
                    self._seen(response)
                    if response.is_success:
                        return response
                    try:
                        await response.aread()
                    finally:
                        await response.aclose()
                    error = _problem_of(response)
            if attempt >= attempts or not _retriable(error):
                raise error
            await asyncio.sleep(error.retry_after if error.retry_after is not None else backoff)
            backoff *= 2
        raise AssertionError("unreachable")


class PdfAdminClient:
    """The admin API (docs/api.md §2b): accounts, keys, rotation and usage reports, with the admin token of ADMIN_TOKEN_FILE."""

    def __init__(self, base_url: str, admin_token: str, **options: Any) -> None:
        self._client = PdfClient(base_url, admin_token, **options)

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> "PdfAdminClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def create_account(self, account: str, plan: str) -> dict[str, Any]:
        return self._client.request("POST", "/v1/admin/accounts", {"account": account, "plan": plan})

    def set_plan(self, account: str, plan: str) -> dict[str, Any]:
        return self._client.request("PATCH", f"/v1/admin/accounts/{quote(account, safe='')}", {"plan": plan})

    def list_accounts(self) -> list[dict[str, Any]]:
        return self._client.request("GET", "/v1/admin/accounts")["accounts"]

    def account_usage(self, account: str, from_day: Optional[str] = None, to_day: Optional[str] = None) -> dict[str, Any]:
        """Usage per UTC day and operation, from_day..to_day (YYYY-MM-DD; default the last 30 days)."""
        query = urlencode({name: value for name, value in (("from", from_day), ("to", to_day)) if value})
        return self._client.request("GET", f"/v1/admin/accounts/{quote(account, safe='')}/usage" + (f"?{query}" if query else ""))

    def create_key(self, account: str, *, scopes: Optional[list[str]] = None, expires_at: Optional[str] = None, name: Optional[str] = None) -> dict[str, Any]:
        """A new key (shown once, in "key"), optionally limited to scopes, until expires_at (ISO 8601), named."""
        body = {"account": account, "scopes": scopes, "expires_at": expires_at, "name": name}
        return self._client.request("POST", "/v1/admin/keys", {k: v for k, v in body.items() if v is not None})

    def list_keys(self, account: Optional[str] = None) -> list[dict[str, Any]]:
        return self._client.request("GET", "/v1/admin/keys" + (f"?{urlencode({'account': account})}" if account else ""))["keys"]

    def revoke_key(self, prefix: str) -> None:
        self._client.request("DELETE", f"/v1/admin/keys/{quote(prefix, safe='')}")

    def rotate_key(self, prefix: str, grace_seconds: int = 3600) -> dict[str, Any]:
        """A new key replacing prefix; the old one keeps working for grace_seconds."""
        return self._client.request("POST", f"/v1/admin/keys/{quote(prefix, safe='')}/rotate", {"grace_seconds": grace_seconds})
