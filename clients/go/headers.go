package pdfservice

import (
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// RateLimit is the account's daily allowance as the IETF RateLimit fields of an
// answer said it (limited plans only; enterprise answers carry none).
type RateLimit struct {
	// Limit is the requests allowed per day (RateLimit-Policy q=).
	Limit int
	// Remaining is what is left today (RateLimit r=).
	Remaining int
	// Reset is the time until the allowance resets (RateLimit t=).
	Reset time.Duration
}

var (
	policyQuota    = regexp.MustCompile(`q=(\d+)`)
	remainingReset = regexp.MustCompile(`r=(\d+);\s*t=(\d+)`)
)

// ParseRateLimit reads `RateLimit-Policy: "daily";q=N;w=86400` and `RateLimit: "daily";r=N;t=S`; nil when absent.
func ParseRateLimit(h http.Header) *RateLimit {
	policy := policyQuota.FindStringSubmatch(h.Get("RateLimit-Policy"))
	current := remainingReset.FindStringSubmatch(h.Get("RateLimit"))
	if policy == nil || current == nil {
		return nil
	}
	limit, err1 := strconv.Atoi(policy[1])
	remaining, err2 := strconv.Atoi(current[1])
	reset, err3 := strconv.Atoi(current[2])
	if err1 != nil || err2 != nil || err3 != nil {
		return nil
	}
	return &RateLimit{Limit: limit, Remaining: remaining, Reset: time.Duration(reset) * time.Second}
}

// retryAfter reads Retry-After as seconds or an HTTP date; 0 when absent or unreadable.
func retryAfter(h http.Header, now time.Time) time.Duration {
	value := strings.TrimSpace(h.Get("Retry-After"))
	if value == "" {
		return 0
	}
	if seconds, err := strconv.Atoi(value); err == nil && seconds >= 0 {
		return time.Duration(seconds) * time.Second
	}
	if at, err := http.ParseTime(value); err == nil && at.After(now) {
		return at.Sub(now)
	}
	return 0
}

// filenameOf is the name in Content-Disposition; mime decodes the UTF-8 form (filename*=) and prefers it.
func filenameOf(h http.Header) string {
	_, params, err := mime.ParseMediaType(h.Get("Content-Disposition"))
	if err != nil {
		return ""
	}
	return params["filename"]
}
