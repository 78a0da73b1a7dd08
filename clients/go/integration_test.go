//go:build integration

package pdfservice_test

// The Go client against a real server and the real tools, started by
// test/clients/go-client.test.ts, which names a JSON file (URL, keys, corpus,
// the jobs account's webhook secret) in PDF_CLIENT_CONFIG:
//
//	go test -tags integration ./...
//
// Every operation once, files in and out every way, an error of each class, a
// free key running out, a job with a webhook verified by VerifyWebhook, a browser
// token and the usage report, and the client's memory on a 90 MiB round trip.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pdf-service.dev/pdfservice"
	"pdf-service.dev/pdfservice/internal/roundtrip"
)

var config struct {
	URL    string `json:"url"`
	Corpus string `json:"corpus"`
	Keys   struct {
		Pro        string `json:"pro"`
		Free       string `json:"free"`
		Enterprise string `json:"enterprise"`
		Jobs       string `json:"jobs"`
		Tokens     string `json:"tokens"` // a pro account of its own: its usage is this suite's alone
	} `json:"keys"`
	WebhookSecret string `json:"webhook_secret"`
	// RemoteOrigin serves /multipage.pdf and /logo.png and takes PUT /put/<name> (a loopback server of the test runner).
	RemoteOrigin string `json:"remote_origin"`
	// Logo is a PNG on disk, for a pipeline's "@logo" part.
	Logo string `json:"logo"`
}

func TestMain(m *testing.M) {
	path := os.Getenv("PDF_CLIENT_CONFIG")
	if path == "" {
		os.Stderr.WriteString("PDF_CLIENT_CONFIG is not set: run this suite through test/clients/go-client.test.ts\n")
		os.Exit(2)
	}
	raw, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(raw, &config)
	}
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(2)
	}
	os.Exit(m.Run())
}

func corpus(name string) string { return filepath.Join(config.Corpus, name) }

func testContext(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func TestEveryOperationOnceThroughItsTypedMethod(t *testing.T) {
	ctx := testContext(t, 5*time.Minute)
	client := pdfservice.New(config.URL, config.Keys.Pro)
	dir := t.TempDir()
	table := examples(t, dir)
	for _, op := range pdfservice.Operations {
		ex, ok := table[op.Name]
		if !ok {
			t.Errorf("no Go example for the operation %s", op.Name)
			continue
		}
		t.Run(op.Name, func(t *testing.T) {
			result, err := ex.call(ctx, client)
			if err != nil {
				t.Fatal(err)
			}
			if result.RequestID == "" || result.StatusCode != 200 {
				t.Errorf("request id %q, status %d", result.RequestID, result.StatusCode)
			}
			out := filepath.Join(dir, op.Name+".out")
			contentType := result.ContentType()
			if err := result.Save(out); err != nil {
				t.Fatal(err)
			}
			ex.check(t, out, contentType)
		})
	}
	if len(table) != len(pdfservice.Operations) {
		t.Errorf("%d examples for %d operations", len(table), len(pdfservice.Operations))
	}
}

func TestFilesInEveryWayAndResultsOutEveryWay(t *testing.T) {
	ctx := testContext(t, 2*time.Minute)
	client := pdfservice.New(config.URL, config.Keys.Pro)
	dir := t.TempDir()
	data, err := os.ReadFile(corpus("trivial.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	// Path, bytes, a seekable reader and a one-shot stream.
	pipeReader, pipeWriter := io.Pipe()
	go func() { pipeWriter.CloseWithError(func() error { _, err := pipeWriter.Write(data); return err }()) }()
	files := []*pdfservice.File{pdfservice.FromPath(corpus("trivial.pdf")), pdfservice.FromBytes("bytes.pdf", data), pdfservice.FromReader("reader.pdf", bytes.NewReader(data)), pdfservice.FromReader("pipe.pdf", pipeReader)}
	merged, err := client.Merge(ctx, files, nil)
	if err != nil {
		t.Fatal(err)
	}
	if merged.Filename() != "trivial-merged.pdf" {
		t.Errorf("filename %q", merged.Filename())
	}
	body, err := merged.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "merged.pdf")
	if err := os.WriteFile(out, body, 0o600); err != nil {
		t.Fatal(err)
	}
	expectEqual(t, pageCount(t, out, ""), 4)

	// A ZIP answer, walked entry by entry.
	handle, err := os.Open(corpus("tracemonkey.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	defer handle.Close()
	split, err := client.Split(ctx, pdfservice.FromReader("tracemonkey.pdf", handle), &pdfservice.SplitOptions{Mode: pdfservice.SplitModeEvery, PagesPerFile: pdfservice.Int(5)})
	if err != nil {
		t.Fatal(err)
	}
	expectEqual(t, split.ContentType(), "application/zip")
	var names []string
	err = split.EachEntry(func(entry *pdfservice.ZipEntry) error {
		target := filepath.Join(dir, entry.Name)
		if err := entry.Save(target); err != nil {
			return err
		}
		names = append(names, entry.Name+":"+strconv.Itoa(pageCount(t, target, "")))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	expectEqual(t, strings.Join(names, " "), "tracemonkey-1.pdf:5 tracemonkey-2.pdf:5 tracemonkey-3.pdf:4")

	// JSON, text, and a stream read as it arrives (io.Copy uses Result.WriteTo; Read works too).
	text, err := client.ExtractText(ctx, pdfservice.FromPath(corpus("tracemonkey.pdf")), &pdfservice.ExtractTextOptions{Pages: pdfservice.String("1"), Format: pdfservice.ExtractTextFormatJSON})
	if err != nil {
		t.Fatal(err)
	}
	var pages struct{ Pages []struct{ Text string } }
	if err := text.JSON(&pages); err != nil || len(pages.Pages) != 1 {
		t.Fatalf("extract-text as JSON: %v %+v", err, pages)
	}
	expectContains(t, pages.Pages[0].Text, "Trace-based Just-in-Time")
	converted, err := client.Convert(ctx, pdfservice.FromPath(corpus("tracemonkey.pdf")), &pdfservice.ConvertOptions{To: pdfservice.ConvertToTXT})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := converted.Text()
	if err != nil {
		t.Fatal(err)
	}
	expectContains(t, plain, "Trace-based")
	unlocked, err := client.Unlock(ctx, pdfservice.FromPath(corpus("trivial.pdf")), nil)
	if err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 5)
	if _, err := io.ReadFull(unlocked, head); err != nil || string(head) != "%PDF-" {
		t.Errorf("streamed answer starts %q (%v)", head, err)
	}
	var rest bytes.Buffer
	if _, err := io.Copy(&rest, unlocked); err != nil || !bytes.Contains(rest.Bytes(), []byte("%%EOF")) {
		t.Errorf("the rest of the stream: %d bytes, %v", rest.Len(), err)
	}
	if client.LastRequestID() == "" {
		t.Error("no last request id")
	}
}

func TestAnErrorOfEachClass(t *testing.T) {
	ctx := testContext(t, 2*time.Minute)
	client := pdfservice.New(config.URL, config.Keys.Pro)
	file := func(name string) *pdfservice.File { return pdfservice.FromPath(corpus(name)) }
	encrypted := "encrypted-aes256-user-view-owner-master.pdf"
	cases := []struct {
		name     string
		call     func() error
		sentinel error
		code     string
		status   int
	}{
		{"a bad option", func() error {
			_, err := client.Split(ctx, file("trivial.pdf"), &pdfservice.SplitOptions{Mode: pdfservice.SplitModeEvery, PagesPerFile: pdfservice.Int(0)})
			return err
		}, pdfservice.ErrInvalidRequest, "invalid_request", 400},
		{"not a PDF", func() error { _, err := client.Unlock(ctx, file("invalid.pdf"), nil); return err }, pdfservice.ErrInvalidPDF, "invalid_pdf", 422},
		{"no password", func() error { _, err := client.Unlock(ctx, file(encrypted), nil); return err }, pdfservice.ErrPasswordRequired, "password_required", 422},
		{"wrong password", func() error {
			_, err := client.Unlock(ctx, file(encrypted), &pdfservice.UnlockOptions{Password: pdfservice.String("wrong")})
			return err
		}, pdfservice.ErrIncorrectPassword, "incorrect_password", 422},
		{"an image where a PDF belongs", func() error { _, err := client.Unlock(ctx, file("typewriter.png"), nil); return err }, pdfservice.ErrUnsupportedMediaType, "unsupported_media_type", 415},
		{"an unknown key", func() error { _, err := pdfservice.New(config.URL, "pdf_live_nope").Account(ctx); return err }, pdfservice.ErrAuthentication, "invalid_api_key", 401},
		{"an unknown job", func() error { _, err := client.GetJob(ctx, "no-such-job"); return err }, pdfservice.ErrNotFound, "not_found", 404},
		{"the result of no such job", func() error {
			_, err := client.Result(ctx, "job_0000000000000000000000")
			return err
		}, pdfservice.ErrNotFound, "not_found", 404},
	}
	for _, c := range cases {
		err := c.call()
		var apiErr *pdfservice.APIError
		if !errors.As(err, &apiErr) {
			t.Errorf("%s: want *APIError, got %v", c.name, err)
			continue
		}
		if !errors.Is(err, c.sentinel) || apiErr.Status != c.status || apiErr.Code != c.code || apiErr.Problem["code"] != c.code || apiErr.Detail == "" || apiErr.RequestID == "" {
			t.Errorf("%s: %+v", c.name, apiErr)
		}
	}
	// No answer at all: the same type, status 0, after the retries; the cause stays reachable.
	_, err := pdfservice.New("http://127.0.0.1:9", "x", pdfservice.WithRetries(1), pdfservice.WithBackoff(10*time.Millisecond)).Account(ctx)
	var apiErr *pdfservice.APIError
	if !errors.As(err, &apiErr) || !errors.Is(err, pdfservice.ErrNetwork) || apiErr.Status != 0 || apiErr.Code != "network_error" || apiErr.Unwrap() == nil {
		t.Errorf("offline: %v", err)
	}
	// A context that ends: the call stops, and says why.
	short, cancel := context.WithTimeout(ctx, time.Millisecond)
	defer cancel()
	time.Sleep(2 * time.Millisecond)
	if _, err := client.Account(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("an expired context: %v", err)
	}
}

func TestAFreeKeyRunsOutOfItsAllowance(t *testing.T) {
	ctx := testContext(t, 3*time.Minute)
	free := pdfservice.New(config.URL, config.Keys.Free)
	first, err := free.Unlock(ctx, pdfservice.FromPath(corpus("trivial.pdf")), nil)
	if err != nil {
		t.Fatal(err)
	}
	if first.RateLimit == nil || first.RateLimit.Limit != 100 || first.RateLimit.Remaining != 99 || first.RateLimit.Reset <= 0 {
		t.Fatalf("rate limit of the first answer: %+v", first.RateLimit)
	}
	first.Close()
	for i := 0; i < 99; i++ { // refused before any tool runs, still charged
		_, err := free.Split(ctx, pdfservice.FromPath(corpus("trivial.pdf")), &pdfservice.SplitOptions{Mode: pdfservice.SplitModeEvery, PagesPerFile: pdfservice.Int(0)})
		if !errors.Is(err, pdfservice.ErrInvalidRequest) {
			t.Fatalf("request %d: %v", i+2, err)
		}
	}
	_, err = free.Unlock(ctx, pdfservice.FromPath(corpus("trivial.pdf")), nil)
	var apiErr *pdfservice.APIError
	if !errors.Is(err, pdfservice.ErrQuotaExceeded) || !errors.As(err, &apiErr) || apiErr.Status != 429 || apiErr.RetryAfter <= 0 {
		t.Fatalf("over the allowance: %v", err)
	}
	if limit := free.LastRateLimit(); limit == nil || limit.Remaining != 0 {
		t.Errorf("last rate limit: %+v", limit)
	}
	account, err := free.Account(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if account.Plan != "free" || account.UsedToday != 100 || account.Remaining == nil || *account.Remaining != 0 || account.DailyLimit == nil || *account.DailyLimit != 100 {
		t.Errorf("account: %+v", account)
	}
}

// receiver is a local webhook endpoint recording what the service sent.
type receiver struct {
	mu      sync.Mutex
	headers []http.Header
	bodies  [][]byte
	arrived chan struct{}
	once    sync.Once
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	r.headers = append(r.headers, req.Header.Clone())
	r.bodies = append(r.bodies, body)
	r.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
	r.once.Do(func() { close(r.arrived) })
}

func TestJobsWithAWebhookVerifiedByVerifyWebhook(t *testing.T) {
	ctx := testContext(t, 3*time.Minute)
	jobs := pdfservice.New(config.URL, config.Keys.Jobs)
	hook := &receiver{arrived: make(chan struct{})}
	server := httptest.NewServer(hook)
	defer server.Close()

	job, err := jobs.Submit(ctx, pdfservice.NewSplitRequest(pdfservice.FromPath(corpus("tracemonkey.pdf")), &pdfservice.SplitOptions{Mode: pdfservice.SplitModeExtract, Pages: pdfservice.String("2-3")}), pdfservice.CallbackURL(server.URL+"/hook"))
	if err != nil {
		t.Fatal(err)
	}
	if job.Status != pdfservice.JobQueued && job.Status != pdfservice.JobRunning {
		t.Errorf("submitted job: %+v", job)
	}
	done, err := jobs.Wait(ctx, job.ID, hook.arrived)
	if err != nil || done.Status != pdfservice.JobSucceeded || done.Err() != nil {
		t.Fatalf("wait: %+v %v", done, err)
	}
	result, err := jobs.Result(ctx, done.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "job.pdf")
	if err := result.Save(out); err != nil {
		t.Fatal(err)
	}
	expectEqual(t, pageCount(t, out, ""), 2)

	select {
	case <-hook.arrived:
	case <-ctx.Done():
		t.Fatal("no webhook arrived")
	}
	hook.mu.Lock()
	header, body := hook.headers[0], hook.bodies[0]
	hook.mu.Unlock()
	event, err := pdfservice.VerifyWebhook(header, body, config.WebhookSecret)
	if err != nil {
		t.Fatal(err)
	}
	if event.Type != "job.succeeded" || event.Data.ID != job.ID || event.Data.Status != pdfservice.JobSucceeded {
		t.Errorf("event: %+v", event)
	}
	if _, err := pdfservice.VerifyWebhook(header, append(append([]byte{}, body...), ' '), config.WebhookSecret); !errors.Is(err, pdfservice.ErrWebhookVerification) {
		t.Errorf("an altered body: %v", err)
	}
	sent, _ := strconv.ParseInt(header.Get("webhook-timestamp"), 10, 64)
	late := &pdfservice.Webhook{Secret: config.WebhookSecret, Now: func() time.Time { return time.Unix(sent+3600, 0) }}
	if _, err := late.Verify(header, body); !errors.Is(err, pdfservice.ErrWebhookVerification) {
		t.Errorf("an hour late: %v", err)
	}

	// Submit, wait and result in one call.
	viaRun, err := jobs.RunJob(ctx, pdfservice.NewUnlockRequest(pdfservice.FromPath(corpus("trivial.pdf")), nil))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := viaRun.Bytes(); err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Errorf("RunJob: %.20q %v", b, err)
	}
	// A slow job: its result is not there yet, and it can be canceled.
	slow, err := jobs.Submit(ctx, pdfservice.NewOCRRequest(pdfservice.FromPath(corpus("multipage.pdf")), &pdfservice.OCROptions{Mode: pdfservice.OCRModeForce}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jobs.Result(ctx, slow.ID); !errors.Is(err, pdfservice.ErrJobNotFinished) {
		t.Errorf("an early result: %v", err)
	}
	canceled, err := jobs.Cancel(ctx, slow.ID)
	if err != nil || canceled == nil || canceled.Status != pdfservice.JobCanceled || !errors.Is(canceled.Err(), pdfservice.ErrJobCanceled) {
		t.Errorf("cancel: %+v %v", canceled, err)
	}
	// A finished job is deleted (204: no job).
	if gone, err := jobs.Cancel(ctx, done.ID); err != nil || gone != nil {
		t.Errorf("deleting a finished job: %+v %v", gone, err)
	}
}

func TestABrowserTokenNarrowsItsKeyAndUsageCountsItsMerge(t *testing.T) {
	ctx := testContext(t, 2*time.Minute)
	owner := pdfservice.New(config.URL, config.Keys.Tokens)
	minted, err := owner.CreateToken(ctx, &pdfservice.TokenOptions{Scopes: []string{"merge"}, MaxUses: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(minted.Token, "pdf_tok_") || len(minted.Scopes) != 1 || minted.Scopes[0] != "merge" || minted.MaxUses == nil || *minted.MaxUses != 2 || minted.Origin != nil {
		t.Errorf("minted %+v", minted)
	}
	// The default life is 600 s (docs/api.md §2b); a minute of slack for the clocks.
	if life := time.Until(minted.ExpiresAt); life < 9*time.Minute || life > 11*time.Minute {
		t.Errorf("expires in %s", life)
	}

	browser := pdfservice.New(config.URL, minted.Token)
	merged, err := browser.Merge(ctx, pdfservice.Paths(corpus("trivial.pdf"), corpus("trivial.pdf")), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "merged.pdf")
	if err := merged.Save(out); err != nil {
		t.Fatal(err)
	}
	expectEqual(t, pageCount(t, out, ""), 2*pageCount(t, corpus("trivial.pdf"), ""))

	_, err = browser.Split(ctx, pdfservice.FromPath(corpus("trivial.pdf")), &pdfservice.SplitOptions{Mode: pdfservice.SplitModeEvery, PagesPerFile: pdfservice.Int(1)})
	var apiErr *pdfservice.APIError
	if !errors.As(err, &apiErr) || !errors.Is(err, pdfservice.ErrForbidden) || apiErr.Status != 403 || apiErr.Code != "insufficient_scope" || apiErr.Problem["operation"] != "split" {
		t.Errorf("a split with a merge-only token: %v", err)
	}

	usage, err := owner.Usage(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC().Format("2006-01-02")
	if len(usage.Days) != 1 || usage.Days[0].Date != today {
		t.Fatalf("usage %+v, want one day, %s", usage, today)
	}
	// The refused split is not charged: only the merge counts.
	day := usage.Days[0]
	if day.Requests != 1 || day.ByOperation["merge"] != 1 || len(day.ByOperation) != 1 {
		t.Errorf("today's usage %+v", day)
	}
}

func TestA90MiBRoundTripKeepsTheClientFlat(t *testing.T) {
	ctx := testContext(t, 5*time.Minute)
	figures, err := roundtrip.Run(ctx, pdfservice.New(config.URL, config.Keys.Enterprise), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("90 MiB round trip (Go client): RSS growth %.1f MiB", figures.GrowthMiB)
	if figures.Received != figures.Sent || figures.Sent < roundtrip.Size {
		t.Errorf("sent %d bytes, received %d", figures.Sent, figures.Received)
	}
	if figures.GrowthMiB >= 32 {
		t.Errorf("RSS grew %.1f MiB (target < 32)", figures.GrowthMiB)
	}
}
