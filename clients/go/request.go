package pdfservice

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"
	"sync"
)

// Request is one operation to run: its name (the path segment of
// POST /v1/pdf/<operation>), its file parts by form field and its option fields.
// The generated New<Op>Request functions build typed ones; build one by hand to
// call an operation by name.
type Request struct {
	Operation string
	Files     map[string][]*File
	Fields    url.Values
}

// OperationInfo describes one operation of the service (see Operations).
type OperationInfo struct {
	Name  string
	Files []FilePartInfo
}

// FilePartInfo is one file field of an operation.
type FilePartInfo struct {
	Field    string
	Multiple bool
	Required bool
}

// multipartBody is a multipart/form-data body produced as it is read: the
// fields first, then each file opened only when its turn comes and closed at
// its end, so no file is ever held in memory and at most one is open.
type multipartBody struct {
	boundary string
	segments []segment
	// length is the whole body's size, or -1 when a file's size is unknown.
	length int64

	mu      sync.Mutex
	current io.ReadCloser
	closed  bool
}

// segment is either fixed text (headers, field values, boundaries) or a file's content.
type segment struct {
	text string
	file *File
}

// quoteHeader keeps a name inside its quotes in Content-Disposition (as browsers do: percent-encoded).
func quoteHeader(value string) string {
	return strings.NewReplacer(`"`, "%22", "\r", "%0D", "\n", "%0A", `\`, "%5C").Replace(value)
}

// newMultipartBody lays out the parts of req; fields and file fields go in name order, files in their given order.
func newMultipartBody(req *Request, extra url.Values) (*multipartBody, error) {
	random := make([]byte, 16)
	if _, err := rand.Read(random); err != nil {
		return nil, err
	}
	b := &multipartBody{boundary: "pdfservice" + hex.EncodeToString(random)}
	add := func(text string) { b.segments = append(b.segments, segment{text: text}) }
	fields := url.Values{}
	for name, values := range req.Fields {
		fields[name] = append(fields[name], values...)
	}
	for name, values := range extra {
		fields[name] = append(fields[name], values...)
	}
	// Files made by FromURL are fetched by the service: text fields "<part>_url" instead of bytes.
	for name, list := range req.Files {
		for _, file := range list {
			if file != nil && file.remote != "" {
				fields[name+"_url"] = append(fields[name+"_url"], file.remote)
			}
		}
	}
	for _, name := range sortedKeys(fields) {
		for _, value := range fields[name] {
			add(fmt.Sprintf("--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n", b.boundary, quoteHeader(name), value))
		}
	}
	fileFields := make([]string, 0, len(req.Files))
	for name := range req.Files {
		fileFields = append(fileFields, name)
	}
	sort.Strings(fileFields)
	for _, name := range fileFields {
		for _, file := range req.Files[name] {
			if file == nil {
				return nil, fmt.Errorf("pdfservice: %s: a nil *File in the part %q", req.Operation, name)
			}
			if file.remote != "" {
				continue
			}
			add(fmt.Sprintf("--%s\r\nContent-Disposition: form-data; name=\"%s\"; filename=\"%s\"\r\nContent-Type: application/octet-stream\r\n\r\n", b.boundary, quoteHeader(name), quoteHeader(file.name)))
			b.segments = append(b.segments, segment{file: file})
			add("\r\n")
		}
	}
	add("--" + b.boundary + "--\r\n")
	for _, s := range b.segments {
		switch {
		case s.file == nil:
			b.length += int64(len(s.text))
		case s.file.size < 0:
			b.length = -1
			return b, nil
		default:
			b.length += s.file.size
		}
	}
	return b, nil
}

func sortedKeys(values url.Values) []string {
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ContentType is the request's Content-Type header.
func (b *multipartBody) ContentType() string {
	return "multipart/form-data; boundary=" + b.boundary
}

// Read produces the body: the current segment's bytes, then the next segment's.
func (b *multipartBody) Read(p []byte) (int, error) {
	for len(b.segments) > 0 {
		s := &b.segments[0]
		if s.file == nil {
			n := copy(p, s.text)
			s.text = s.text[n:]
			if s.text == "" {
				b.segments = b.segments[1:]
			}
			if n > 0 {
				return n, nil
			}
			continue
		}
		reader, err := b.open(s.file)
		if err != nil {
			return 0, err
		}
		n, err := reader.Read(p)
		if errors.Is(err, io.EOF) {
			b.finishFile()
			b.segments = b.segments[1:]
			err = nil
		}
		if n > 0 || err != nil {
			return n, err
		}
	}
	return 0, io.EOF
}

// open returns the reader of the file now being sent, opening it on first use.
func (b *multipartBody) open(file *File) (io.ReadCloser, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, errors.New("pdfservice: the request body was closed")
	}
	if b.current == nil {
		reader, err := file.open()
		if err != nil {
			return nil, err
		}
		b.current = reader
	}
	return b.current, nil
}

func (b *multipartBody) finishFile() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.current != nil {
		b.current.Close()
		b.current = nil
	}
}

// Close closes the file being sent; net/http may call it from another goroutine.
func (b *multipartBody) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	if b.current != nil {
		err := b.current.Close()
		b.current = nil
		return err
	}
	return nil
}
