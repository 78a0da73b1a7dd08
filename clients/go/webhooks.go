package pdfservice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// ErrWebhookVerification is wrapped by every verification failure (errors.Is).
var ErrWebhookVerification = errors.New("pdfservice: webhook verification failed")

// WebhookEvent is a webhook the service sent: job.succeeded or job.failed with the job.
type WebhookEvent struct {
	// Type is "job.succeeded" or "job.failed".
	Type string `json:"type"`
	// Timestamp is when the event happened.
	Timestamp time.Time `json:"timestamp"`
	// Data is the job as it ended.
	Data Job `json:"data"`
}

// Webhook verifies Standard Webhooks messages (https://www.standardwebhooks.com/):
// HMAC-SHA256 over "id.timestamp.body" keyed with the secret's bytes (whsec_ + base64);
// any of the space-separated v1 signatures may match, compared in constant time;
// timestamps further than Tolerance from now are refused (replays).
type Webhook struct {
	// Secret is the account's webhook secret, whsec_….
	Secret string
	// Tolerance is how far the timestamp may be from now (default 5 minutes).
	Tolerance time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// VerifyWebhook checks a webhook with the default tolerance and returns its event.
// body must be the raw request body, exactly as received.
func VerifyWebhook(header http.Header, body []byte, secret string) (*WebhookEvent, error) {
	return (&Webhook{Secret: secret}).Verify(header, body)
}

// Verify checks the headers and raw body of a webhook and returns its event; every
// failure wraps ErrWebhookVerification.
func (w *Webhook) Verify(header http.Header, body []byte) (*WebhookEvent, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrWebhookVerification, fmt.Sprintf(format, args...))
	}
	id, timestamp, signatures := header.Get("webhook-id"), header.Get("webhook-timestamp"), header.Get("webhook-signature")
	if id == "" || timestamp == "" || signatures == "" {
		return nil, fail("missing webhook-id, webhook-timestamp or webhook-signature")
	}
	seconds, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return nil, fail("webhook-timestamp is not a number")
	}
	now, tolerance := time.Now(), w.Tolerance
	if w.Now != nil {
		now = w.Now()
	}
	if tolerance <= 0 {
		tolerance = 5 * time.Minute
	}
	if skew := now.Sub(time.Unix(seconds, 0)); skew > tolerance || skew < -tolerance {
		return nil, fail("webhook-timestamp outside the tolerance")
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(w.Secret, "whsec_"))
	if err != nil {
		return nil, fail("the secret is not whsec_<base64>")
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(body)
	expected := mac.Sum(nil)
	for _, candidate := range strings.Split(signatures, " ") {
		version, value, found := strings.Cut(candidate, ",")
		if !found || version != "v1" {
			continue
		}
		signature, err := base64.StdEncoding.DecodeString(value)
		if err != nil {
			continue
		}
		if hmac.Equal(signature, expected) {
			var event WebhookEvent
			if err := json.Unmarshal(body, &event); err != nil {
				return nil, fail("the body is not an event: %v", err)
			}
			return &event, nil
		}
	}
	return nil, fail("no signature matches")
}
