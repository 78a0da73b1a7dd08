//go:build integration && remote

package pdfservice_test

// Pipelines with extra parts (Part), remote inputs (FromURL: "<part>_url"), a job's result PUT
// to ResultURL and an idempotent submission sent twice, against the server and the loopback
// file server started by test/clients/go-client.test.ts (config.RemoteOrigin).

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pdf-service.dev/pdfservice"
)

var logoStep = []pdfservice.PipelineStep{{Operation: "watermark", Options: map[string]any{"image": "@logo", "opacity": 1}}}

func savedResult(t *testing.T, r *pdfservice.Result, err error, name string) string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), name)
	if err := r.Save(file); err != nil {
		t.Fatal(err)
	}
	return file
}

func imagesIn(t *testing.T, file string) int {
	return len(strings.Split(strings.TrimSpace(tool(t, "pdfimages", "-list", file)), "\n")) - 2
}

func TestAPipelineStepNamesAnExtraPart(t *testing.T) {
	ctx := testContext(t, 2*time.Minute)
	c := pdfservice.New(config.URL, config.Keys.Pro)
	r, err := c.Pipeline(ctx, &pdfservice.PipelineOptions{File: pdfservice.FromPath(corpus("trivial.pdf")), Steps: logoStep}, pdfservice.Part("logo", pdfservice.FromPath(config.Logo)))
	if n := imagesIn(t, savedResult(t, r, err, "logo.pdf")); n == 0 {
		t.Fatal("no image drawn from the logo part")
	}
}

func TestInputsAndAPipelinePartFromURLs(t *testing.T) {
	ctx := testContext(t, 2*time.Minute)
	c := pdfservice.New(config.URL, config.Keys.Pro)
	remote := pdfservice.FromURL(config.RemoteOrigin + "/multipage.pdf")
	r, err := c.Compress(ctx, remote, nil)
	if n := pageCount(t, savedResult(t, r, err, "compressed.pdf"), ""); n != 6 {
		t.Fatalf("compress of file_url: %d pages, want 6", n)
	}
	r, err = c.Merge(ctx, []*pdfservice.File{pdfservice.FromPath(corpus("trivial.pdf")), remote}, nil)
	if n := pageCount(t, savedResult(t, r, err, "merged.pdf"), ""); n != 7 {
		t.Fatalf("merge with files_url: %d pages, want 7", n)
	}
	r, err = c.Pipeline(ctx, &pdfservice.PipelineOptions{File: remote, Steps: logoStep}, pdfservice.Part("logo", pdfservice.FromURL(config.RemoteOrigin+"/logo.png")))
	if n := imagesIn(t, savedResult(t, r, err, "marked.pdf")); n == 0 {
		t.Fatal("no image drawn from logo_url")
	}
}

func TestAnIdempotentJobSubmittedTwiceIsOneJobDeliveredToResultURL(t *testing.T) {
	ctx := testContext(t, 2*time.Minute)
	c := pdfservice.New(config.URL, config.Keys.Pro)
	key := fmt.Sprintf("go-%d-%d", os.Getpid(), time.Now().UnixNano())
	put := config.RemoteOrigin + "/put/go.pdf"
	req := pdfservice.NewRotateRequest(pdfservice.FromPath(corpus("multipage.pdf")), &pdfservice.RotateOptions{Angle: pdfservice.RotateAngle90})
	first, err := c.Submit(ctx, req, pdfservice.IdempotencyKey(key), pdfservice.ResultURL(put))
	if err != nil {
		t.Fatal(err)
	}
	second, err := c.Submit(ctx, req, pdfservice.IdempotencyKey(key), pdfservice.ResultURL(put))
	if err != nil {
		t.Fatal(err)
	}
	if second.ID != first.ID {
		t.Fatalf("second submission: job %s, want %s", second.ID, first.ID)
	}
	done, err := c.Wait(ctx, first.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	if done.Status != "succeeded" || done.Result == nil || done.Result.URL != nil || done.Result.DeliveredTo != put {
		t.Fatalf("job %+v, result %+v: want succeeded, delivered to %s", done, done.Result, put)
	}
	other := pdfservice.NewRotateRequest(pdfservice.FromPath(corpus("trivial.pdf")), &pdfservice.RotateOptions{Angle: pdfservice.RotateAngle90})
	_, err = c.Submit(ctx, other, pdfservice.IdempotencyKey(key))
	var apiErr *pdfservice.APIError
	if !errors.As(err, &apiErr) || apiErr.Code != "idempotency_key_reused" {
		t.Fatalf("another request under the same key: %v, want idempotency_key_reused", err)
	}
}
