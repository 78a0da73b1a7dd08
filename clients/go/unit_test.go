package pdfservice

// Unit tests without the service: webhook signatures, header parsing, error matching,
// the multipart body (read back with mime/multipart) and retries against a local stub
// that answers 503 on demand (the real service cannot be made busy on cue).

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

const testSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

func sign(t *testing.T, secret, id string, timestamp int64, body []byte) string {
	t.Helper()
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		t.Fatal(err)
	}
	mac := hmac.New(sha256.New, key)
	fmt.Fprintf(mac, "%s.%d.%s", id, timestamp, body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

func webhookHeader(id string, timestamp int64, signature string) http.Header {
	h := http.Header{}
	h.Set("webhook-id", id)
	h.Set("webhook-timestamp", fmt.Sprint(timestamp))
	h.Set("webhook-signature", signature)
	return h
}

func TestWebhookVerification(t *testing.T) {
	body := []byte(`{"type":"job.succeeded","timestamp":"2024-01-02T03:04:05Z","data":{"id":"job_1","status":"succeeded"}}`)
	now := time.Now().Unix()
	good := sign(t, testSecret, "msg_1", now, body)

	event, err := VerifyWebhook(webhookHeader("msg_1", now, good), body, testSecret)
	if err != nil || event.Type != "job.succeeded" || event.Data.ID != "job_1" || event.Data.Status != JobSucceeded {
		t.Fatalf("valid webhook: %+v, %v", event, err)
	}
	// Several signatures (a rotated secret): any v1 one may match; other versions are ignored.
	other := sign(t, "whsec_"+base64.StdEncoding.EncodeToString([]byte("another secret")), "msg_1", now, body)
	if _, err := VerifyWebhook(webhookHeader("msg_1", now, "v2,abc "+other+" "+good), body, testSecret); err != nil {
		t.Fatalf("one of several signatures: %v", err)
	}
	refused := map[string]struct {
		header http.Header
		body   []byte
		secret string
	}{
		"altered body":     {webhookHeader("msg_1", now, good), append(append([]byte{}, body...), ' '), testSecret},
		"other id":         {webhookHeader("msg_2", now, good), body, testSecret},
		"wrong secret":     {webhookHeader("msg_1", now, good), body, "whsec_" + base64.StdEncoding.EncodeToString([]byte("wrong"))},
		"missing headers":  {http.Header{}, body, testSecret},
		"only other":       {webhookHeader("msg_1", now, other), body, testSecret},
		"bad timestamp":    {http.Header{"Webhook-Id": {"msg_1"}, "Webhook-Timestamp": {"soon"}, "Webhook-Signature": {good}}, body, testSecret},
		"not base64 value": {webhookHeader("msg_1", now, "v1,***"), body, testSecret},
	}
	for name, c := range refused {
		if _, err := VerifyWebhook(c.header, c.body, c.secret); !errors.Is(err, ErrWebhookVerification) {
			t.Errorf("%s: want ErrWebhookVerification, got %v", name, err)
		}
	}
	// The tolerance, both ways.
	signedAt := time.Unix(now, 0)
	for _, skew := range []time.Duration{301 * time.Second, -301 * time.Second} {
		w := &Webhook{Secret: testSecret, Now: func() time.Time { return signedAt.Add(skew) }}
		if _, err := w.Verify(webhookHeader("msg_1", now, good), body); !errors.Is(err, ErrWebhookVerification) {
			t.Errorf("skew %s: want a refusal, got %v", skew, err)
		}
	}
	w := &Webhook{Secret: testSecret, Tolerance: time.Hour, Now: func() time.Time { return signedAt.Add(59 * time.Minute) }}
	if _, err := w.Verify(webhookHeader("msg_1", now, good), body); err != nil {
		t.Errorf("inside a 1 h tolerance: %v", err)
	}
}

func TestHeaderParsing(t *testing.T) {
	h := http.Header{}
	if ParseRateLimit(h) != nil {
		t.Error("no fields: want nil")
	}
	h.Set("RateLimit-Policy", `"daily";q=100;w=86400`)
	h.Set("RateLimit", `"daily";r=42;t=3600`)
	if got := ParseRateLimit(h); got == nil || *got != (RateLimit{Limit: 100, Remaining: 42, Reset: time.Hour}) {
		t.Errorf("rate limit: %+v", got)
	}
	now := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	for value, want := range map[string]time.Duration{"": 0, "7": 7 * time.Second, "Tue, 02 Jan 2024 03:04:35 GMT": 30 * time.Second, "junk": 0} {
		if got := retryAfter(http.Header{"Retry-After": {value}}, now); got != want {
			t.Errorf("Retry-After %q: %s, want %s", value, got, want)
		}
	}
	cd := http.Header{"Content-Disposition": {`attachment; filename="r-sum-.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`}}
	if got := filenameOf(cd); got != "résumé.pdf" {
		t.Errorf("filename: %q", got)
	}
}

func TestErrorMatching(t *testing.T) {
	err := error(problemError(map[string]any{"status": float64(422), "code": "password_required", "detail": "Encrypted.", "request_id": "req_1", "pages": float64(3)}, 422, "", 0))
	wrapped := fmt.Errorf("converting: %w", err)
	var apiErr *APIError
	if !errors.As(wrapped, &apiErr) || apiErr.Status != 422 || apiErr.Code != "password_required" || apiErr.Detail != "Encrypted." || apiErr.RequestID != "req_1" || apiErr.Problem["pages"] != float64(3) {
		t.Fatalf("errors.As: %+v", apiErr)
	}
	if !errors.Is(wrapped, ErrPasswordRequired) || errors.Is(wrapped, ErrIncorrectPassword) {
		t.Error("errors.Is by code")
	}
	for _, code := range []string{"missing_api_key", "invalid_api_key"} {
		if !errors.Is(problemError(map[string]any{"code": code}, 401, "", 0), ErrAuthentication) {
			t.Errorf("%s is ErrAuthentication", code)
		}
	}
	unknown := problemError(map[string]any{}, 418, "req_2", 0)
	if unknown.Code != "http_418" || unknown.RequestID != "req_2" {
		t.Errorf("a problem without a code: %+v", unknown)
	}
	cause := errors.New("connection refused")
	network := networkError(cause)
	if !errors.Is(network, ErrNetwork) || !errors.Is(network, cause) || network.Status != 0 {
		t.Errorf("network error: %+v", network)
	}
}

// stub records each request's parsed form and answers from a script of responses.
type stub struct {
	mu      sync.Mutex
	forms   []*multipart.Form
	lengths []int64
	answers []func(w http.ResponseWriter)
}

func (s *stub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	form, err := multipart.NewReader(r.Body, params["boundary"]).ReadForm(1 << 20)
	if err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	s.mu.Lock()
	s.forms = append(s.forms, form)
	s.lengths = append(s.lengths, r.ContentLength)
	answer := s.answers[0]
	if len(s.answers) > 1 {
		s.answers = s.answers[1:]
	}
	s.mu.Unlock()
	answer(w)
}

func busy(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Retry-After", "0")
	w.Header().Set("X-Request-Id", "busy")
	w.WriteHeader(503)
	io.WriteString(w, `{"status":503,"code":"server_busy","detail":"Busy.","request_id":"busy"}`)
}

func pdfOK(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("X-Request-Id", "ok")
	io.WriteString(w, "%PDF-out")
}

func partContent(t *testing.T, fh *multipart.FileHeader) string {
	t.Helper()
	f, err := fh.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, _ := io.ReadAll(f)
	return string(b)
}

func TestMultipartBodyAndRetries(t *testing.T) {
	s := &stub{answers: []func(http.ResponseWriter){busy, pdfOK}}
	server := httptest.NewServer(s)
	defer server.Close()
	path := filepath.Join(t.TempDir(), "in.pdf")
	if err := os.WriteFile(path, []byte("%PDF-from-path"), 0o600); err != nil {
		t.Fatal(err)
	}
	client := New(server.URL, "k", WithBackoff(time.Millisecond))
	files := []*File{FromPath(path), FromBytes("bytes.pdf", []byte("%PDF-bytes")), FromReader("named \"q\".pdf", strings.NewReader("%PDF-stream"))}
	ctx := context.Background()

	// Not retried unless asked: an upload may have run.
	_, err := client.Merge(ctx, files, &MergeOptions{Bookmarks: Bool(true)})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || !errors.Is(err, ErrServerBusy) || apiErr.RequestID != "busy" || len(s.forms) != 1 {
		t.Fatalf("first call: %v (%d requests)", err, len(s.forms))
	}
	form := s.forms[0]
	if got := form.Value["bookmarks"]; len(got) != 1 || got[0] != "true" {
		t.Errorf("bookmarks: %v", got)
	}
	if _, sent := form.Value["password"]; sent {
		t.Error("an unset option was sent")
	}
	parts := form.File["files"]
	want := []string{"in.pdf=%PDF-from-path", "bytes.pdf=%PDF-bytes", "named %22q%22.pdf=%PDF-stream"}
	for i, part := range parts {
		if got := part.Filename + "=" + partContent(t, part); i >= len(want) || got != want[i] {
			t.Errorf("part %d: %q", i, got)
		}
	}
	if len(parts) != 3 || s.lengths[0] <= 0 {
		t.Errorf("%d parts, Content-Length %d (all sizes are known: want it set)", len(parts), s.lengths[0])
	}

	// Retried when asked: every file is sent again from its start (the reader seeks back).
	s.answers = []func(http.ResponseWriter){busy, pdfOK}
	result, err := client.Merge(ctx, files, nil, Retry(), RequestID("mine"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := result.Bytes()
	if string(body) != "%PDF-out" || client.LastRequestID() != "ok" || len(s.forms) != 3 {
		t.Fatalf("retried call: %q, %q, %d requests", body, client.LastRequestID(), len(s.forms))
	}
	if got := partContent(t, s.forms[2].File["files"][2]); got != "%PDF-stream" {
		t.Errorf("the reader after a retry: %q", got)
	}

	// A reader that cannot seek is sent once: a retry says so instead of sending it empty.
	s.answers = []func(http.ResponseWriter){busy}
	once := FromReader("pipe.pdf", io.MultiReader(strings.NewReader("%PDF-once")))
	if _, err := client.Unlock(ctx, once, nil, Retry()); !errors.Is(err, ErrNotRewindable) {
		t.Errorf("a retry of a one-shot reader: %v", err)
	}
	if s.lengths[len(s.lengths)-1] != -1 {
		t.Errorf("an unknown size is sent chunked: Content-Length %d", s.lengths[len(s.lengths)-1])
	}
}

func TestRepeatedAndTypedFields(t *testing.T) {
	s := &stub{answers: []func(http.ResponseWriter){pdfOK}}
	server := httptest.NewServer(s)
	defer server.Close()
	client := New(server.URL, "k")
	ctx := context.Background()
	pdf := FromBytes("a.pdf", []byte("%PDF"))
	if _, err := client.Redact(ctx, pdf, &RedactOptions{Terms: []string{"a", "b"}, Color: String("#000000")}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.Split(ctx, pdf, &SplitOptions{Mode: SplitModeEvery, PagesPerFile: Int(0)}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.Watermark(ctx, pdf, &WatermarkOptions{Opacity: Float(0.25), Image: FromBytes("logo.png", []byte("PNG"))}); err != nil {
		t.Fatal(err)
	}
	redact, split, watermark := s.forms[0], s.forms[1], s.forms[2]
	if got := redact.Value["terms"]; len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Errorf("terms: %v", got)
	}
	if split.Value["mode"][0] != "every" || split.Value["pages_per_file"][0] != "0" {
		t.Errorf("split: %v (an explicit 0 is sent)", split.Value)
	}
	if watermark.Value["opacity"][0] != "0.25" || len(watermark.File["image"]) != 1 || watermark.File["image"][0].Filename != "logo.png" {
		t.Errorf("watermark: %v %v", watermark.Value, watermark.File)
	}
}

func TestNetworkErrorsAreRetriedThenReported(t *testing.T) {
	server := httptest.NewServer(http.NotFoundHandler())
	address := server.URL
	server.Close() // nothing listens there now
	client := New(address, "k", WithRetries(2), WithBackoff(time.Millisecond))
	started := time.Now()
	_, err := client.Account(context.Background())
	var apiErr *APIError
	if !errors.As(err, &apiErr) || !errors.Is(err, ErrNetwork) || apiErr.Status != 0 || apiErr.Code != "network_error" || apiErr.Unwrap() == nil {
		t.Fatalf("want a network error, got %v", err)
	}
	if time.Since(started) < 3*time.Millisecond {
		t.Error("the retries did not wait their backoff (1 ms, then 2 ms)")
	}
}

func TestBodyIsNotBufferedWhole(t *testing.T) {
	// A 4 MiB part read through 1 KiB reads: each Read hands over at most what was asked.
	data := bytes.Repeat([]byte("x"), 4<<20)
	body, err := newMultipartBody(&Request{Operation: "unlock", Files: map[string][]*File{"file": {FromBytes("big.pdf", data)}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 1024)
	var total int64
	for {
		n, err := body.Read(buf)
		total += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if total != body.length {
		t.Errorf("read %d bytes, announced %d", total, body.length)
	}
}

// A FromURL file is a "<part>_url" text field, not a file part; Part adds a part of any name.
func TestRemoteFilesAndExtraParts(t *testing.T) {
	req := &Request{Operation: "pipeline", Files: map[string][]*File{"file": {FromURL("https://files.example.com/a.pdf")}}, Fields: url.Values{}}
	req = withParts(req, settingsOf([]CallOption{Part("logo", FromBytes("logo.png", []byte("png")))}))
	body, err := newMultipartBody(req, nil)
	if err != nil {
		t.Fatal(err)
	}
	reader := multipart.NewReader(body, body.boundary)
	got := map[string]string{}
	for {
		part, err := reader.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(part)
		got[part.FormName()+"|"+part.FileName()] = string(data)
	}
	want := map[string]string{"file_url|": "https://files.example.com/a.pdf", "logo|logo.png": "png"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("parts %v, want %v", got, want)
	}
}
