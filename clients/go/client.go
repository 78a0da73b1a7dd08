package pdfservice

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Client calls the PDF service. It is safe for concurrent use; make one and reuse it
// (it keeps connections alive).
type Client struct {
	baseURL   string
	apiKey    string
	http      *http.Client
	retries   int
	backoff   time.Duration
	timeout   time.Duration
	userAgent string

	mu            sync.Mutex
	lastRequestID string
	lastRateLimit *RateLimit
}

// Option configures a Client (New's functional options).
type Option func(*Client)

// WithHTTPClient sends through hc (proxies, TLS settings, instrumentation).
// Do not set hc.Timeout: it would cut long downloads; bound calls with contexts and WithTimeout.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.http = hc } }

// WithRetries sets how often a retriable failure is retried (default 3): 503 server_busy,
// 429 concurrency_limit and network errors, on idempotent steps (GET, DELETE) and on
// uploads that ask for it (the Retry call option).
func WithRetries(n int) Option { return func(c *Client) { c.retries = n } }

// WithBackoff sets the first wait between retries when the service gives no
// Retry-After (default 500 ms, doubling each time).
func WithBackoff(d time.Duration) Option { return func(c *Client) { c.backoff = d } }

// WithTimeout bounds each attempt until the answer's headers arrive, upload included
// (default 5 minutes; 0 for none). Reading the body is bounded only by the call's context,
// so a large result can stream for as long as it needs.
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.timeout = d } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// New makes a client of the service at baseURL (e.g. http://127.0.0.1:8080) with an API key.
func New(baseURL, apiKey string, opts ...Option) *Client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	// Callers run operations concurrently against one host: keep more than net/http's 2 idle connections.
	transport.MaxIdleConnsPerHost = 16
	c := &Client{
		baseURL:   strings.TrimRight(baseURL, "/"),
		apiKey:    apiKey,
		http:      &http.Client{Transport: transport},
		retries:   3,
		backoff:   500 * time.Millisecond,
		timeout:   5 * time.Minute,
		userAgent: "pdfservice-go/1",
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// LastRequestID is the X-Request-Id of the last answer.
func (c *Client) LastRequestID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastRequestID
}

// LastRateLimit is the RateLimit of the last answer that carried one (nil on unlimited plans).
func (c *Client) LastRateLimit() *RateLimit {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastRateLimit
}

// CallOption adjusts one call.
type CallOption func(*callSettings)

type callSettings struct {
	retry          bool
	requestID      string
	callbackURL    string
	resultURL      string
	idempotencyKey string
	parts          map[string][]*File
}

// Retry retries this upload on 503 server_busy, 429 concurrency_limit or a network error
// (uploads are not retried unless asked: the operation may have run). Files from a reader
// that cannot seek are sent once (ErrNotRewindable).
func Retry() CallOption { return func(s *callSettings) { s.retry = true } }

// RequestID sends id as X-Request-Id (the service uses it in its logs and answers).
func RequestID(id string) CallOption { return func(s *callSettings) { s.requestID = id } }

// CallbackURL (Submit only) is the URL the service sends a signed webhook to when the job ends.
func CallbackURL(u string) CallOption { return func(s *callSettings) { s.callbackURL = u } }

// ResultURL (Submit only) is an https URL (e.g. an S3 presigned PUT URL) the job's result is
// PUT to before the job succeeds; the service then keeps no copy (the job's Result.URL is nil).
func ResultURL(u string) CallOption { return func(s *callSettings) { s.resultURL = u } }

// IdempotencyKey (Submit only) is sent as Idempotency-Key: the same key within 24 hours gives
// the same job back, not charged again, so a submission whose answer was lost can be sent again.
func IdempotencyKey(key string) CallOption { return func(s *callSettings) { s.idempotencyKey = key } }

// Part adds files under a part name of the caller's choosing, e.g. Part("logo", FromPath("logo.png"))
// for a pipeline step option "@logo".
func Part(name string, files ...*File) CallOption {
	return func(s *callSettings) {
		if s.parts == nil {
			s.parts = map[string][]*File{}
		}
		s.parts[name] = append(s.parts[name], files...)
	}
}

// withParts is req with the Part call options' files added (req itself is not changed).
func withParts(req *Request, s callSettings) *Request {
	if len(s.parts) == 0 {
		return req
	}
	files := make(map[string][]*File, len(req.Files)+len(s.parts))
	for name, list := range req.Files {
		files[name] = list
	}
	for name, list := range s.parts {
		files[name] = append(append([]*File(nil), files[name]...), list...)
	}
	return &Request{Operation: req.Operation, Files: files, Fields: req.Fields}
}

func settingsOf(call []CallOption) callSettings {
	var s callSettings
	for _, opt := range call {
		opt(&s)
	}
	return s
}

// Do runs an operation and returns its answer, streamed: read it once, or Close it.
func (c *Client) Do(ctx context.Context, req *Request, call ...CallOption) (*Result, error) {
	if req == nil {
		return nil, errors.New("pdfservice: Do needs a request")
	}
	s := settingsOf(call)
	resp, err := c.send(ctx, http.MethodPost, "/v1/pdf/"+url.PathEscape(req.Operation), formBody(withParts(req, s), nil), s, s.retry)
	if err != nil {
		return nil, err
	}
	return newResult(resp), nil
}

// retriable: answers a retry may cure — overload, the account's concurrency limit, no answer at all.
func retriable(e *APIError) bool {
	return e.Code == "server_busy" || e.Code == "concurrency_limit" || e.Code == "network_error"
}

// send is one exchange with retries; a 2xx answer is returned unread, anything else becomes an error.
func (c *Client) send(ctx context.Context, method, path string, body bodySource, s callSettings, retry bool) (*http.Response, error) {
	attempts := 1
	if retry {
		attempts += c.retries
	}
	backoff := c.backoff
	for attempt := 1; ; attempt++ {
		resp, err := c.exchange(ctx, method, path, body, s)
		if err == nil {
			return resp, nil
		}
		var apiErr *APIError
		if !errors.As(err, &apiErr) || attempt >= attempts || !retriable(apiErr) || ctx.Err() != nil {
			return nil, err
		}
		wait := apiErr.RetryAfter
		if wait <= 0 {
			wait = backoff
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, err
		case <-timer.C:
		}
		backoff *= 2
	}
}

// exchange is one attempt. The attempt's context is canceled by the header timeout, or
// when the caller closes the answer's body.
func (c *Client) exchange(ctx context.Context, method, path string, source bodySource, s callSettings) (*http.Response, error) {
	attemptCtx, cancel := context.WithCancel(ctx)
	var body requestBody
	if source != nil {
		var err error
		if body, err = source(); err != nil {
			cancel()
			return nil, err
		}
	}
	httpReq, err := http.NewRequestWithContext(attemptCtx, method, c.baseURL+path, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	if body.reader != nil {
		httpReq.Body = body.reader
		httpReq.ContentLength = body.length // -1: unknown, sent chunked
		httpReq.Header.Set("Content-Type", body.contentType)
	}
	httpReq.Header.Set("Authorization", "Bearer "+c.apiKey)
	httpReq.Header.Set("User-Agent", c.userAgent)
	if s.requestID != "" {
		httpReq.Header.Set("X-Request-Id", s.requestID)
	}
	if s.idempotencyKey != "" {
		httpReq.Header.Set("Idempotency-Key", s.idempotencyKey)
	}
	var timer *time.Timer
	if c.timeout > 0 {
		timer = time.AfterFunc(c.timeout, cancel)
	}
	resp, err := c.http.Do(httpReq)
	timedOut := timer != nil && !timer.Stop()
	if err != nil {
		cancel()
		if errors.Is(err, ErrNotRewindable) {
			return nil, ErrNotRewindable
		}
		if timedOut {
			return nil, networkError(fmt.Errorf("no answer within %s: %w", c.timeout, err))
		}
		return nil, networkError(err)
	}
	c.seen(resp)
	if timedOut {
		resp.Body.Close()
		cancel()
		return nil, networkError(fmt.Errorf("no answer within %s", c.timeout))
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
		return resp, nil
	}
	defer cancel()
	defer resp.Body.Close()
	return nil, problemOf(resp)
}

// seen keeps the request id and rate limit of the latest answer.
func (c *Client) seen(resp *http.Response) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lastRequestID = resp.Header.Get("X-Request-Id")
	if limit := ParseRateLimit(resp.Header); limit != nil {
		c.lastRateLimit = limit
	}
}

// problemOf reads an error answer's problem (a made-up one if the body is not a JSON object).
func problemOf(resp *http.Response) *APIError {
	// Problems are small; a proxy's error page need not be read whole.
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	var problem map[string]any
	if json.Unmarshal(raw, &problem) != nil || problem == nil {
		problem = map[string]any{"status": float64(resp.StatusCode), "code": fmt.Sprintf("http_%d", resp.StatusCode), "detail": http.StatusText(resp.StatusCode)}
	}
	return problemError(problem, resp.StatusCode, resp.Header.Get("X-Request-Id"), retryAfter(resp.Header, time.Now()))
}

// cancelOnClose ends the attempt's context once the caller is done with the body.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

// getJSON is an idempotent exchange (retried) whose answer is decoded into out.
func (c *Client) getJSON(ctx context.Context, method, path string, out any) (*http.Response, error) {
	resp, err := c.send(ctx, method, path, nil, callSettings{}, true)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNoContent || out == nil {
		return resp, nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return resp, fmt.Errorf("pdfservice: decoding the answer of %s %s: %w", method, path, err)
	}
	return resp, nil
}

// Account is the calling account, its plan and today's usage (GET /v1/account; not charged).
func (c *Client) Account(ctx context.Context) (*Account, error) {
	var account Account
	if _, err := c.getJSON(ctx, http.MethodGet, "/v1/account", &account); err != nil {
		return nil, err
	}
	return &account, nil
}

// Usage is the account's requests per UTC day and operation over the last days days,
// today included (GET /v1/account/usage; 1..366; 0 for the service's default, 30; not charged).
func (c *Client) Usage(ctx context.Context, days int) (*Usage, error) {
	path := "/v1/account/usage"
	if days != 0 {
		path += "?days=" + strconv.Itoa(days)
	}
	var usage Usage
	if _, err := c.getJSON(ctx, http.MethodGet, path, &usage); err != nil {
		return nil, err
	}
	return &usage, nil
}

// Health is the service's health and tool versions (GET /healthz; needs no key).
func (c *Client) Health(ctx context.Context) (*Health, error) {
	var health Health
	if _, err := c.getJSON(ctx, http.MethodGet, "/healthz", &health); err != nil {
		return nil, err
	}
	return &health, nil
}
