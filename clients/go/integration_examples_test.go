//go:build integration

package pdfservice_test

// One example call per operation (a port of test/clients/examples.ts): the typed
// method with its options, and a check of the output with independent tools
// (qpdf, pdftotext, pdfinfo). An operation of the service without an example here
// fails the suite, so a new operation cannot ship without Go coverage.

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pdf-service.dev/pdfservice"
)

type example struct {
	call  func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error)
	check func(t *testing.T, output, contentType string)
}

func examples(t *testing.T, dir string) map[string]example {
	file := func(name string) *pdfservice.File { return pdfservice.FromPath(corpus(name)) }
	certificate := signingCertificate(t, dir)
	return map[string]example{
		"merge": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Merge(ctx, pdfservice.Paths(corpus("trivial.pdf"), corpus("trivial.pdf")), &pdfservice.MergeOptions{Bookmarks: pdfservice.Bool(true)})
		}, pagesAre(2)},
		"split": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Split(ctx, file("tracemonkey.pdf"), &pdfservice.SplitOptions{Mode: pdfservice.SplitModeExtract, Pages: pdfservice.String("1-2")})
		}, pagesAre(2)},
		"protect": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Protect(ctx, file("trivial.pdf"), &pdfservice.ProtectOptions{UserPassword: pdfservice.String("client-secret")})
		}, func(t *testing.T, f, _ string) { expectEqual(t, pageCount(t, f, "client-secret"), 1) }},
		"unlock": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Unlock(ctx, file("encrypted-aes256-user-view-owner-master.pdf"), &pdfservice.UnlockOptions{Password: pdfservice.String("view")})
		}, func(t *testing.T, f, _ string) {
			expectContains(t, tool(t, "qpdf", "--show-encryption", f), "not encrypted")
		}},
		"ocr": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.OCR(ctx, file("linn.pdf"), &pdfservice.OCROptions{Output: pdfservice.OCROutputTXT})
		}, func(t *testing.T, f, _ string) {
			if n := len(read(t, f)); n <= 500 {
				t.Errorf("OCR text of %d characters", n)
			}
		}},
		"extract-text": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.ExtractText(ctx, file("tracemonkey.pdf"), &pdfservice.ExtractTextOptions{Pages: pdfservice.String("1")})
		}, func(t *testing.T, f, _ string) { expectContains(t, read(t, f), "Trace-based") }},
		"watermark": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Watermark(ctx, file("trivial.pdf"), &pdfservice.WatermarkOptions{Text: pdfservice.String("CLIENT"), Opacity: pdfservice.Float(0.5)})
		}, func(t *testing.T, f, _ string) { expectContains(t, textOf(t, f), "CLIENT") }},
		"convert": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Convert(ctx, file("tracemonkey.pdf"), &pdfservice.ConvertOptions{To: pdfservice.ConvertToTXT})
		}, func(t *testing.T, f, _ string) { expectContains(t, read(t, f), "Trace-based") }},
		"images": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Images(ctx, &pdfservice.ImagesOptions{Files: pdfservice.Paths(corpus("typewriter.png")), PageSize: pdfservice.ImagesPageSizeA4})
		}, pagesAre(1)},
		"compress": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Compress(ctx, file("tracemonkey.pdf"), &pdfservice.CompressOptions{Level: pdfservice.CompressLevelLow})
		}, qpdfChecks},
		"rotate": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Rotate(ctx, file("trivial.pdf"), &pdfservice.RotateOptions{Angle: pdfservice.RotateAngle90})
		}, func(t *testing.T, f, _ string) {
			if !regexp.MustCompile(`Page rot:\s+90`).MatchString(tool(t, "pdfinfo", f)) {
				t.Error("pdfinfo does not show the page rotated by 90")
			}
		}},
		"organize": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Organize(ctx, file("tracemonkey.pdf"), &pdfservice.OrganizeOptions{Order: "3,1"})
		}, pagesAre(2)},
		"page-numbers": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.PageNumbers(ctx, file("tracemonkey.pdf"), &pdfservice.PageNumbersOptions{Format: pdfservice.String("Page {n} of {total}")})
		}, func(t *testing.T, f, _ string) { expectContains(t, textOf(t, f), "Page 14 of 14") }},
		"metadata": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Metadata(ctx, file("tracemonkey.pdf"), nil)
		}, func(t *testing.T, f, contentType string) {
			var info struct{ Pages int }
			if !strings.Contains(contentType, "json") || json.Unmarshal([]byte(read(t, f)), &info) != nil || info.Pages != 14 {
				t.Errorf("metadata as JSON with 14 pages: %s", contentType)
			}
		}},
		"repair": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Repair(ctx, file("tracemonkey.pdf"), nil)
		}, qpdfChecks},
		"flatten": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Flatten(ctx, file("tracemonkey.pdf"), &pdfservice.FlattenOptions{What: pdfservice.FlattenWhatAll})
		}, pagesAre(14)},
		"redact": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Redact(ctx, file("tracemonkey.pdf"), &pdfservice.RedactOptions{Terms: []string{"JavaScript"}})
		}, func(t *testing.T, f, _ string) {
			if strings.Contains(strings.ToLower(textOf(t, f)), "javascript") {
				t.Error("the redacted term is still in the text")
			}
		}},
		"sign": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Sign(ctx, file("trivial.pdf"), &pdfservice.SignOptions{Certificate: pdfservice.FromPath(certificate), CertificatePassword: pdfservice.String("client-test")})
		}, func(t *testing.T, f, _ string) {
			// poppler's pdfsig finds one signature over the whole document (the self-signed signer is not trusted, which it may say).
			out, _ := exec.Command("pdfsig", f).CombinedOutput()
			expectContains(t, string(out), "Signature #1")
			expectContains(t, string(out), "Signer Certificate Common Name: Client Test Signer")
		}},
		"verify": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Verify(ctx, file("trivial.pdf"), nil)
		}, func(t *testing.T, f, _ string) {
			var report struct{ Signatures []any }
			if json.Unmarshal([]byte(read(t, f)), &report) != nil || report.Signatures == nil || len(report.Signatures) != 0 {
				t.Errorf("verify: want an empty signatures list, got %s", read(t, f))
			}
		}},
		"compare": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Compare(ctx, pdfservice.Paths(corpus("tracemonkey.pdf"), corpus("tracemonkey.pdf")), nil)
		}, func(t *testing.T, f, _ string) {
			var report struct {
				Summary struct {
					WordsInserted int `json:"words_inserted"`
				}
			}
			if json.Unmarshal([]byte(read(t, f)), &report) != nil || report.Summary.WordsInserted != 0 {
				t.Errorf("compare: want no inserted words, got %s", read(t, f))
			}
		}},
		"inspect": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Inspect(ctx, file("tracemonkey.pdf"), nil)
		}, func(t *testing.T, f, _ string) {
			var report struct {
				PageCount int `json:"page_count"`
			}
			if json.Unmarshal([]byte(read(t, f)), &report) != nil || report.PageCount != 14 {
				t.Errorf("inspect: want page_count 14, got %s", read(t, f))
			}
		}},
		"attachments": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Attachments(ctx, file("tracemonkey.pdf"), &pdfservice.AttachmentsOptions{Action: pdfservice.AttachmentsActionList})
		}, func(t *testing.T, f, _ string) {
			var list struct{ Attachments []any }
			if json.Unmarshal([]byte(read(t, f)), &list) != nil || list.Attachments == nil || len(list.Attachments) != 0 {
				t.Errorf("attachments: want an empty list, got %s", read(t, f))
			}
		}},
		"sanitize": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Sanitize(ctx, file("tracemonkey.pdf"), &pdfservice.SanitizeOptions{Remove: pdfservice.String("javascript,actions")})
		}, pagesAre(14)},
		"linearize": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Linearize(ctx, file("tracemonkey.pdf"), nil)
		}, func(t *testing.T, f, _ string) {
			expectContains(t, tool(t, "qpdf", "--check-linearization", f), "no linearization errors")
		}},
		"pipeline": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			steps := []pdfservice.PipelineStep{{Operation: "rotate", Options: map[string]any{"angle": 90}}, {Operation: "page-numbers", Options: map[string]any{"format": "Page {n} of {total}"}}}
			return c.Pipeline(ctx, &pdfservice.PipelineOptions{File: file("tracemonkey.pdf"), Steps: steps})
		}, func(t *testing.T, f, _ string) {
			expectContains(t, tool(t, "pdftotext", f, "-"), "Page 14 of 14")
		}},
		"forms": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Forms(ctx, file("trivial.pdf"), nil)
		}, func(t *testing.T, f, _ string) {
			var report struct{ Fields []any }
			if json.Unmarshal([]byte(read(t, f)), &report) != nil || report.Fields == nil || len(report.Fields) != 0 {
				t.Errorf("forms: want an empty fields list, got %s", read(t, f))
			}
		}},
		"bookmarks": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Bookmarks(ctx, file("trivial.pdf"), &pdfservice.BookmarksOptions{Bookmarks: pdfservice.String(`[{"title":"Client bookmark","page":1}]`)})
		}, func(t *testing.T, f, _ string) {
			expectContains(t, tool(t, "qpdf", "--json=2", "--json-key=outlines", f), `"title": "Client bookmark"`)
		}},
		"crop": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Crop(ctx, file("tracemonkey.pdf"), &pdfservice.CropOptions{Auto: pdfservice.Bool(true), Pages: pdfservice.String("1")})
		}, pagesAre(14)},
		"resize": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Resize(ctx, file("trivial.pdf"), &pdfservice.ResizeOptions{Paper: pdfservice.ResizePaperLetter})
		}, func(t *testing.T, f, _ string) { expectContains(t, tool(t, "pdfinfo", f), "612 x 792") }},
		"n-up": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.NUp(ctx, file("tracemonkey.pdf"), &pdfservice.NUpOptions{PerSheet: pdfservice.NUpPerSheet4})
		}, pagesAre(4)},
		"booklet": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Booklet(ctx, file("tracemonkey.pdf"), nil)
		}, pagesAre(8)},
		"overlay": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.Overlay(ctx, file("tracemonkey.pdf"), &pdfservice.OverlayOptions{Overlay: file("trivial.pdf")})
		}, pagesAre(14)},
		"remove-blank": {func(ctx context.Context, c *pdfservice.Client) (*pdfservice.Result, error) {
			return c.RemoveBlank(ctx, file("tracemonkey.pdf"), nil)
		}, pagesAre(14)},
	}
}

// ------------------------------------------------------------------ independent checks

func tool(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return string(out)
}

func pageCount(t *testing.T, file, password string) int {
	t.Helper()
	args := []string{"--show-npages", file}
	if password != "" {
		args = append([]string{"--password=" + password}, args...)
	}
	n, err := strconv.Atoi(strings.TrimSpace(tool(t, "qpdf", args...)))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func pagesAre(n int) func(t *testing.T, f, _ string) {
	return func(t *testing.T, f, _ string) { expectEqual(t, pageCount(t, f, ""), n) }
}

func qpdfChecks(t *testing.T, f, _ string) {
	// qpdf --check exits 3 for warnings only.
	if err := exec.Command("qpdf", "--check", f).Run(); err != nil {
		if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 3 {
			t.Errorf("qpdf --check: %v", err)
		}
	}
}

func textOf(t *testing.T, f string) string { return tool(t, "pdftotext", f, "-") }

func read(t *testing.T, f string) string {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func expectEqual[T comparable](t *testing.T, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

func expectContains(t *testing.T, text, part string) {
	t.Helper()
	if !strings.Contains(text, part) {
		t.Errorf("%q not in %.200q", part, text)
	}
}

// signingCertificate is a self-signed PKCS#12 (password "client-test") made with openssl.
func signingCertificate(t *testing.T, dir string) string {
	p12 := filepath.Join(dir, "signer.p12")
	key, cert := filepath.Join(dir, "signer.key"), filepath.Join(dir, "signer.crt")
	tool(t, "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "30", "-subj", "/CN=Client Test Signer", "-addext", "keyUsage=digitalSignature,nonRepudiation")
	tool(t, "openssl", "pkcs12", "-export", "-inkey", key, "-in", cert, "-out", p12, "-passout", "pass:client-test")
	return p12
}
