package pdfservice

import (
	"archive/zip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
)

// Result is a successful answer, streamed from the service: read it once (Read,
// WriteTo, Save, Bytes, Text, JSON or EachEntry), or Close it. Save, Bytes, Text,
// JSON and EachEntry close it themselves.
type Result struct {
	// StatusCode is the HTTP status (200).
	StatusCode int
	// Header holds the answer's headers (X-Image-Count, X-Compressed-Size, …).
	Header http.Header
	// RequestID is the answer's X-Request-Id.
	RequestID string
	// RateLimit is the answer's allowance (nil on unlimited plans).
	RateLimit *RateLimit

	body io.ReadCloser
}

func newResult(resp *http.Response) *Result {
	return &Result{
		StatusCode: resp.StatusCode,
		Header:     resp.Header,
		RequestID:  resp.Header.Get("X-Request-Id"),
		RateLimit:  ParseRateLimit(resp.Header),
		body:       resp.Body,
	}
}

// ContentType is the answer's media type (application/pdf, application/zip, …).
func (r *Result) ContentType() string { return r.Header.Get("Content-Type") }

// Filename is the name the service gave the result (Content-Disposition, UTF-8 form preferred).
func (r *Result) Filename() string { return filenameOf(r.Header) }

// Read reads the body as it arrives (Result is an io.ReadCloser).
func (r *Result) Read(p []byte) (int, error) { return r.body.Read(p) }

// Close releases the answer (and its connection); safe to call more than once.
func (r *Result) Close() error { return r.body.Close() }

// WriteTo streams the body to w and closes the answer.
func (r *Result) WriteTo(w io.Writer) (int64, error) {
	defer r.Close()
	// A plain copy: neither side's ReadFrom/WriteTo may buffer more than io.Copy's 32 KiB.
	return io.Copy(w, struct{ io.Reader }{r.body})
}

// Save streams the body to a file at path (created or truncated).
func (r *Result) Save(path string) (err error) {
	defer r.Close()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if closeErr := f.Close(); err == nil {
			err = closeErr
		}
	}()
	_, err = r.WriteTo(f)
	return err
}

// Bytes reads the whole body (for small answers; use Save or WriteTo for large ones).
func (r *Result) Bytes() ([]byte, error) {
	defer r.Close()
	return io.ReadAll(r.body)
}

// Text reads the whole body as text (extract-text, OCR as txt, convert to txt or html).
func (r *Result) Text() (string, error) {
	b, err := r.Bytes()
	return string(b), err
}

// JSON decodes the body into v (metadata without fields, extract-text as json, verify).
func (r *Result) JSON(v any) error {
	defer r.Close()
	return json.NewDecoder(r.body).Decode(v)
}

// ZipEntry is one file of a ZIP answer.
type ZipEntry struct {
	// Name is the entry's name (e.g. report-1.pdf).
	Name string
	// Size is its uncompressed size in bytes.
	Size int64
	file *zip.File
}

// Open streams the entry's content; close it before the walk moves on.
func (e *ZipEntry) Open() (io.ReadCloser, error) { return e.file.Open() }

// Bytes reads the whole entry.
func (e *ZipEntry) Bytes() ([]byte, error) {
	rc, err := e.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// Save writes the entry to a file at path.
func (e *ZipEntry) Save(path string) (err error) {
	rc, err := e.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if closeErr := f.Close(); err == nil {
			err = closeErr
		}
	}()
	_, err = io.Copy(f, rc)
	return err
}

// ErrNotZip is returned by EachEntry when the answer is not a ZIP archive.
var ErrNotZip = errors.New("pdfservice: the answer is not a ZIP archive")

// EachEntry walks a ZIP answer (split, images extract, convert to images) entry by entry,
// calling fn for each file in archive order; an error from fn stops the walk and is returned.
// The body is spooled to a temporary file (archive/zip reads the central directory at the
// end first), so memory stays flat whatever the size; the file is removed afterwards.
func (r *Result) EachEntry(fn func(entry *ZipEntry) error) error {
	defer r.Close()
	spool, err := os.CreateTemp("", "pdfservice-*.zip")
	if err != nil {
		return err
	}
	defer os.Remove(spool.Name())
	defer spool.Close()
	size, err := io.Copy(spool, struct{ io.Reader }{r.body})
	if err != nil {
		return err
	}
	archive, err := zip.NewReader(spool, size)
	if err != nil {
		return fmt.Errorf("%w (%s): %v", ErrNotZip, r.ContentType(), err)
	}
	for _, f := range archive.File {
		if f.FileInfo().IsDir() {
			continue
		}
		if err := fn(&ZipEntry{Name: f.Name, Size: int64(f.UncompressedSize64), file: f}); err != nil {
			return err
		}
	}
	return nil
}
