# frozen_string_literal: true

module PdfService
  # A call the service answered with an error (or that never got an answer: status 0).
  # Carries the API's RFC 9457 problem; subclasses exist for the codes programs branch on.
  class Error < StandardError
    # HTTP status (0 when there was no answer).
    attr_reader :status
    # The API's problem code (invalid_pdf, quota_exceeded, …; network_error when there was no answer).
    attr_reader :code
    attr_reader :detail
    # X-Request-Id of the answer (quote it when reporting a problem).
    attr_reader :request_id
    # The whole problem object (string keys), extensions included.
    attr_reader :problem
    # Seconds the service asked to wait (Retry-After), if it said.
    attr_reader :retry_after

    def initialize(status:, code:, detail:, request_id: nil, problem: nil, retry_after: nil)
      super("#{status} #{code}: #{detail}")
      @status = status
      @code = code
      @detail = detail
      @request_id = request_id
      @problem = problem || { "status" => status, "code" => code, "detail" => detail, "request_id" => request_id }
      @retry_after = retry_after
    end
  end

  class InvalidRequestError < Error; end
  # missing_api_key, invalid_api_key (also an expired key or token).
  class AuthenticationError < Error; end
  # forbidden, insufficient_scope.
  class ForbiddenError < Error; end
  class NotFoundError < Error; end
  # file_too_large, too_many_files, too_many_pages.
  class PayloadTooLargeError < Error; end
  class UnsupportedMediaTypeError < Error; end
  class InvalidPdfError < Error; end
  class PasswordRequiredError < Error; end
  class IncorrectPasswordError < Error; end
  class UnsupportedDocumentError < Error; end
  class ResourceLimitError < Error; end
  class QuotaExceededError < Error; end
  class ConcurrencyLimitError < Error; end
  class ServerBusyError < Error; end
  # 504 timeout: the operation ran past the server's time limit (a client-side timeout is a NetworkError).
  class OperationTimeoutError < Error; end
  class JobNotFinishedError < Error; end
  class ResultExpiredError < Error; end
  class ProcessingFailedError < Error; end
  # No answer at all (connection refused or reset, DNS, client-side timeout); status 0.
  class NetworkError < Error; end

  # The error class of each problem code; codes not listed raise PdfService::Error itself.
  ERRORS_BY_CODE = {
    "invalid_request" => InvalidRequestError,
    "missing_api_key" => AuthenticationError,
    "invalid_api_key" => AuthenticationError,
    "forbidden" => ForbiddenError,
    "insufficient_scope" => ForbiddenError,
    "not_found" => NotFoundError,
    "file_too_large" => PayloadTooLargeError,
    "too_many_files" => PayloadTooLargeError,
    "too_many_pages" => PayloadTooLargeError,
    "page_too_large" => PayloadTooLargeError,
    "unsupported_media_type" => UnsupportedMediaTypeError,
    "invalid_pdf" => InvalidPdfError,
    "password_required" => PasswordRequiredError,
    "incorrect_password" => IncorrectPasswordError,
    "unsupported_document" => UnsupportedDocumentError,
    "resource_limit" => ResourceLimitError,
    "quota_exceeded" => QuotaExceededError,
    "concurrency_limit" => ConcurrencyLimitError,
    "server_busy" => ServerBusyError,
    "timeout" => OperationTimeoutError,
    "job_not_finished" => JobNotFinishedError,
    "result_expired" => ResultExpiredError,
    "processing_failed" => ProcessingFailedError,
    "network_error" => NetworkError
  }.freeze

  # The exception for a problem object (a Hash with string keys).
  def self.error_for(problem, request_id: nil, retry_after: nil)
    status = problem["status"].to_i
    code = (problem["code"] || "http_#{status}").to_s
    detail = (problem["detail"] || problem["title"] || code).to_s
    ERRORS_BY_CODE.fetch(code, Error).new(
      status: status, code: code, detail: detail,
      request_id: request_id || problem["request_id"], problem: problem, retry_after: retry_after
    )
  end
end
