package pdfservice

import (
	"fmt"
	"time"
)

// APIError is every failed call: an answer with a problem (RFC 9457), or no
// answer at all (Status 0, Code "network_error", the cause behind Unwrap).
// Match a kind with errors.Is(err, ErrPasswordRequired) and the details with
// errors.As(err, &apiErr).
type APIError struct {
	// Status is the HTTP status (0 when there was no answer).
	Status int
	// Code is the API's problem code (invalid_pdf, quota_exceeded, …; network_error when there was no answer).
	Code string
	// Detail is the problem's human-readable explanation.
	Detail string
	// RequestID is the answer's X-Request-Id ("" when there was no answer).
	RequestID string
	// Problem is the whole problem object, extensions included.
	Problem map[string]any
	// RetryAfter is how long the service asked to wait (Retry-After), 0 when it did not say.
	RetryAfter time.Duration
	// Err is the cause of a network error (nil for an answer).
	Err error
}

// Error reads like "422 password_required: The PDF is encrypted… (request req_…)".
func (e *APIError) Error() string {
	if e.RequestID != "" {
		return fmt.Sprintf("pdfservice: %d %s: %s (request %s)", e.Status, e.Code, e.Detail, e.RequestID)
	}
	return fmt.Sprintf("pdfservice: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Unwrap gives the cause of a network error (a *url.Error, context.DeadlineExceeded, …).
func (e *APIError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrQuotaExceeded) and the other sentinels match by problem code.
func (e *APIError) Is(target error) bool {
	sentinel, ok := target.(*codeError)
	if !ok {
		return false
	}
	for _, code := range sentinel.codes {
		if code == e.Code {
			return true
		}
	}
	return false
}

// codeError is a sentinel: an *APIError matches it when its Code is one of codes.
type codeError struct {
	name  string
	codes []string
}

func (c *codeError) Error() string { return "pdfservice: " + c.name }

// Sentinels for the problem codes a program usually branches on (errors.Is).
var (
	ErrInvalidRequest       error = &codeError{"invalid request", []string{"invalid_request"}}
	ErrAuthentication       error = &codeError{"missing or invalid API key", []string{"missing_api_key", "invalid_api_key"}}
	ErrForbidden            error = &codeError{"forbidden", []string{"forbidden", "insufficient_scope"}}
	ErrNotFound             error = &codeError{"not found", []string{"not_found"}}
	ErrPayloadTooLarge      error = &codeError{"over a size limit", []string{"file_too_large", "too_many_files", "too_many_pages", "page_too_large"}}
	ErrUnsupportedMediaType error = &codeError{"unsupported media type", []string{"unsupported_media_type"}}
	ErrInvalidPDF           error = &codeError{"invalid PDF", []string{"invalid_pdf"}}
	ErrPasswordRequired     error = &codeError{"password required", []string{"password_required"}}
	ErrIncorrectPassword    error = &codeError{"incorrect password", []string{"incorrect_password"}}
	ErrResourceLimit        error = &codeError{"resource limit", []string{"resource_limit"}}
	ErrQuotaExceeded        error = &codeError{"daily allowance used up", []string{"quota_exceeded"}}
	ErrConcurrencyLimit     error = &codeError{"concurrency limit", []string{"concurrency_limit"}}
	ErrServerBusy           error = &codeError{"server busy", []string{"server_busy"}}
	ErrTimeout              error = &codeError{"operation timed out", []string{"timeout"}}
	ErrJobNotFinished       error = &codeError{"job not finished", []string{"job_not_finished"}}
	ErrResultExpired        error = &codeError{"result expired", []string{"result_expired"}}
	ErrProcessingFailed     error = &codeError{"processing failed", []string{"processing_failed"}}
	ErrJobCanceled          error = &codeError{"job canceled", []string{"canceled"}}
	ErrNetwork              error = &codeError{"no answer from the service", []string{"network_error"}}
)

// problemError builds the error of a problem object (an answer, or a failed job's error).
func problemError(problem map[string]any, status int, requestID string, retryAfter time.Duration) *APIError {
	e := &APIError{Status: status, RequestID: requestID, Problem: problem, RetryAfter: retryAfter}
	if s, ok := problem["status"].(float64); ok && s > 0 {
		e.Status = int(s)
	}
	e.Code, _ = problem["code"].(string)
	if e.Code == "" {
		e.Code = fmt.Sprintf("http_%d", e.Status)
	}
	e.Detail, _ = problem["detail"].(string)
	if e.Detail == "" {
		e.Detail, _ = problem["title"].(string)
	}
	if e.Detail == "" {
		e.Detail = e.Code
	}
	if e.RequestID == "" {
		e.RequestID, _ = problem["request_id"].(string)
	}
	return e
}

// networkError is a call that got no answer. Its Problem has the shape of a decoded one (numbers as float64).
func networkError(cause error) *APIError {
	detail := cause.Error()
	return &APIError{Code: "network_error", Detail: detail, Err: cause, Problem: map[string]any{"status": float64(0), "code": "network_error", "detail": detail}}
}
