package pdfservice

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Job statuses (Job.Status).
const (
	JobQueued    = "queued"
	JobRunning   = "running"
	JobSucceeded = "succeeded"
	JobFailed    = "failed"
	JobCanceled  = "canceled"
)

// Ended reports whether the job has reached an end (succeeded, failed or canceled).
func (j *Job) Ended() bool {
	return j.Status == JobSucceeded || j.Status == JobFailed || j.Status == JobCanceled
}

// Err is nil for a job that did not fail; a failed job's problem as *APIError; ErrJobCanceled for a canceled one.
func (j *Job) Err() error {
	switch {
	case j.Status == JobFailed && j.Error != nil:
		return problemError(j.Error, 0, "", 0)
	case j.Status == JobFailed || j.Status == JobCanceled:
		return &APIError{Code: "canceled", Detail: fmt.Sprintf("the job %s was %s", j.ID, j.Status), Problem: map[string]any{"code": "canceled", "status": float64(0)}}
	}
	return nil
}

// Submit runs an operation as an asynchronous job (202 and the job). With the
// CallbackURL call option the service POSTs a signed webhook when the job ends.
func (c *Client) Submit(ctx context.Context, req *Request, call ...CallOption) (*Job, error) {
	if req == nil {
		return nil, errors.New("pdfservice: Submit needs a request")
	}
	s := settingsOf(call)
	extra := url.Values{"async": {"true"}}
	if s.callbackURL != "" {
		extra.Set("callback_url", s.callbackURL)
	}
	if s.resultURL != "" {
		extra.Set("result_url", s.resultURL)
	}
	resp, err := c.send(ctx, http.MethodPost, "/v1/pdf/"+url.PathEscape(req.Operation), formBody(withParts(req, s), extra), s, s.retry)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var job Job
	if err := json.NewDecoder(resp.Body).Decode(&job); err != nil {
		return nil, fmt.Errorf("pdfservice: decoding the job: %w", err)
	}
	return &job, nil
}

// GetJob is the job now (GET /v1/jobs/<id>; not charged).
func (c *Client) GetJob(ctx context.Context, id string) (*Job, error) {
	var job Job
	if _, err := c.getJSON(ctx, http.MethodGet, "/v1/jobs/"+url.PathEscape(id), &job); err != nil {
		return nil, err
	}
	return &job, nil
}

// Poll delays of Wait: the first look after 200 ms, doubling to at most 5 s.
const (
	firstPoll = 200 * time.Millisecond
	lastPoll  = 5 * time.Second
)

// Wait polls the job until it has ended (succeeded, failed or canceled) and returns it;
// bound it with ctx. notified may be nil; a receive from it (e.g. a channel closed by the
// webhook handler that received this job's event) makes Wait look again at once.
func (c *Client) Wait(ctx context.Context, id string, notified <-chan struct{}) (*Job, error) {
	delay := firstPoll
	for {
		job, err := c.GetJob(ctx, id)
		if err != nil {
			return nil, err
		}
		if job.Ended() {
			return job, nil
		}
		timer := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		case <-notified:
			timer.Stop()
			// Told it ended: look again now, then keep polling briefly (the notice may precede the job's update).
			notified = nil
			delay = 50 * time.Millisecond
			continue
		case <-timer.C:
		}
		if delay *= 2; delay > lastPoll {
			delay = lastPoll
		}
	}
}

// Result is a succeeded job's result, streamed (GET /v1/jobs/<id>/result): ErrJobNotFinished
// before it ends, ErrResultExpired after the service dropped it.
func (c *Client) Result(ctx context.Context, id string) (*Result, error) {
	resp, err := c.send(ctx, http.MethodGet, "/v1/jobs/"+url.PathEscape(id)+"/result", nil, callSettings{}, true)
	if err != nil {
		return nil, err
	}
	return newResult(resp), nil
}

// Cancel cancels a queued or running job and returns it (status canceled), or deletes a
// finished one with its result (nil job).
func (c *Client) Cancel(ctx context.Context, id string) (*Job, error) {
	var job Job
	resp, err := c.getJSON(ctx, http.MethodDelete, "/v1/jobs/"+url.PathEscape(id), &job)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusNoContent {
		return nil, nil
	}
	return &job, nil
}

// RunJob submits req as a job, waits for it and returns its result: for operations longer
// than a connection should stay open. A failed job returns its problem as *APIError.
func (c *Client) RunJob(ctx context.Context, req *Request, call ...CallOption) (*Result, error) {
	job, err := c.Submit(ctx, req, call...)
	if err != nil {
		return nil, err
	}
	done, err := c.Wait(ctx, job.ID, nil)
	if err != nil {
		return nil, err
	}
	if done.Status != JobSucceeded {
		return nil, done.Err()
	}
	return c.Result(ctx, done.ID)
}
