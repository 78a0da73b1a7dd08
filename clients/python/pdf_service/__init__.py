"""Client of the PDF service: every operation as a typed method (sync and asyncio), files streamed, jobs, webhooks."""
from ._client import AsyncPdfClient, Job, PdfAdminClient, PdfClient
from ._errors import (
    AuthenticationError,
    ConcurrencyLimitError,
    IncorrectPasswordError,
    InvalidPdfError,
    InvalidRequestError,
    JobNotFinishedError,
    NetworkError,
    NotFoundError,
    OperationTimeoutError,
    PasswordRequiredError,
    PayloadTooLargeError,
    PdfServiceError,
    PermissionDeniedError,
    ProcessingFailedError,
    QuotaExceededError,
    ResourceLimitError,
    ResultExpiredError,
    ServerBusyError,
    UnsupportedMediaTypeError,
    error_for,
)
from ._files import FileInput, RemoteFile, encode_option
from ._operations import OPERATIONS
from ._result import AsyncPdfResult, PdfResult, RateLimit, ZipEntry, parse_rate_limit
from ._webhooks import WebhookVerificationError, verify_webhook

__all__ = [
    "RemoteFile",
    "AsyncPdfClient", "AsyncPdfResult", "AuthenticationError", "ConcurrencyLimitError", "FileInput", "IncorrectPasswordError",
    "InvalidPdfError", "InvalidRequestError", "Job", "JobNotFinishedError", "NetworkError", "NotFoundError", "OPERATIONS",
    "OperationTimeoutError", "PasswordRequiredError", "PayloadTooLargeError", "PdfAdminClient", "PdfClient", "PdfResult", "PdfServiceError", "PermissionDeniedError",
    "ProcessingFailedError", "QuotaExceededError", "RateLimit", "ResourceLimitError", "ResultExpiredError", "ServerBusyError",
    "UnsupportedMediaTypeError", "WebhookVerificationError", "ZipEntry", "encode_option", "error_for", "parse_rate_limit",
    "verify_webhook",
]
