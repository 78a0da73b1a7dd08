"""One exception type for every failed call, carrying the API's problem; subclasses for common codes."""
from __future__ import annotations

from typing import Any, Optional


class PdfServiceError(Exception):
    """A call the service answered with an error (or that never got an answer: status 0)."""

    def __init__(self, status: int, code: str, detail: str, request_id: Optional[str] = None, problem: Optional[dict[str, Any]] = None, retry_after: Optional[float] = None) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        #: The API's problem code (invalid_pdf, quota_exceeded, …; network_error when there was no answer).
        self.code = code
        self.detail = detail
        self.request_id = request_id
        #: The whole problem object, extensions included.
        self.problem: dict[str, Any] = problem if problem is not None else {"status": status, "code": code, "detail": detail, "request_id": request_id}
        #: Seconds the service asked to wait (Retry-After), if it said.
        self.retry_after = retry_after


class InvalidRequestError(PdfServiceError): ...
class AuthenticationError(PdfServiceError): ...
class NotFoundError(PdfServiceError): ...
class PermissionDeniedError(PdfServiceError):
    """403: an admin route without the admin token (forbidden), or an operation outside the key's or token's scopes (insufficient_scope)."""


class PayloadTooLargeError(PdfServiceError): ...
class UnsupportedMediaTypeError(PdfServiceError): ...
class InvalidPdfError(PdfServiceError): ...
class PasswordRequiredError(PdfServiceError): ...
class IncorrectPasswordError(PdfServiceError): ...
class ResourceLimitError(PdfServiceError): ...
class QuotaExceededError(PdfServiceError): ...
class ConcurrencyLimitError(PdfServiceError): ...
class ServerBusyError(PdfServiceError): ...
class OperationTimeoutError(PdfServiceError): ...
class JobNotFinishedError(PdfServiceError): ...
class ResultExpiredError(PdfServiceError): ...
class ProcessingFailedError(PdfServiceError): ...


class NetworkError(PdfServiceError):
    """No answer at all (connection refused or reset, DNS, client-side timeout)."""


BY_CODE: dict[str, type[PdfServiceError]] = {
    "invalid_request": InvalidRequestError,
    "missing_api_key": AuthenticationError,
    "invalid_api_key": AuthenticationError,
    "not_found": NotFoundError,
    "forbidden": PermissionDeniedError,
    "insufficient_scope": PermissionDeniedError,
    "file_too_large": PayloadTooLargeError,
    "too_many_files": PayloadTooLargeError,
    "too_many_pages": PayloadTooLargeError,
    "page_too_large": PayloadTooLargeError,
    "unsupported_media_type": UnsupportedMediaTypeError,
    "invalid_pdf": InvalidPdfError,
    "password_required": PasswordRequiredError,
    "incorrect_password": IncorrectPasswordError,
    "resource_limit": ResourceLimitError,
    "quota_exceeded": QuotaExceededError,
    "concurrency_limit": ConcurrencyLimitError,
    "server_busy": ServerBusyError,
    "timeout": OperationTimeoutError,
    "job_not_finished": JobNotFinishedError,
    "result_expired": ResultExpiredError,
    "processing_failed": ProcessingFailedError,
    "network_error": NetworkError,
}


def error_for(problem: dict[str, Any], request_id: Optional[str] = None, retry_after: Optional[float] = None) -> PdfServiceError:
    """The exception for a problem object (PdfServiceError for codes without their own class)."""
    code = str(problem.get("code") or f"http_{problem.get('status', 0)}")
    cls = BY_CODE.get(code, PdfServiceError)
    return cls(int(problem.get("status") or 0), code, str(problem.get("detail") or problem.get("title") or code), request_id or problem.get("request_id"), problem, retry_after)
