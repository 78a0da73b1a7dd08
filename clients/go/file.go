package pdfservice

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
)

// ErrNotRewindable is returned when a File made from a reader that cannot seek
// is sent a second time (a retry): its bytes were already consumed.
var ErrNotRewindable = errors.New("pdfservice: the file's reader was already read and cannot seek back (use FromPath, FromBytes or an io.ReadSeeker to allow retries)")

// File is one file to upload. Make it with FromPath, FromBytes or FromReader;
// its content is read while the request is sent, never loaded whole.
type File struct {
	// remote, when set, is a URL the service downloads instead (FromURL): no bytes are sent.
	remote string
	name   string
	// size is the content's length, or -1 when unknown (the body is then sent chunked).
	size int64
	open func() (io.ReadCloser, error)
}

// FromURL names a file the service downloads itself instead of an upload (sent as the field
// "<part>_url": file_url, files_url, logo_url, …). https only, unless the server runs with
// FETCH_ALLOW_PRIVATE.
func FromURL(u string) *File {
	return &File{remote: u, name: path.Base(u), size: 0}
}

// URL is the address of a file made by FromURL ("" for an upload).
func (f *File) URL() string { return f.remote }

// Filename is the name the service sees (the stem of the output's name).
func (f *File) Filename() string { return f.name }

// Size is the content's length in bytes, or -1 when it is not known in advance.
func (f *File) Size() int64 { return f.size }

// FromPath uploads the file at path, streamed from disk (opened when the request is sent, again on a retry).
func FromPath(path string) *File {
	size := int64(-1)
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
		size = info.Size()
	}
	return &File{name: filepath.Base(path), size: size, open: func() (io.ReadCloser, error) {
		return os.Open(path)
	}}
}

// Paths is FromPath for several files, in order (merge, images to PDF).
func Paths(paths ...string) []*File {
	files := make([]*File, len(paths))
	for i, p := range paths {
		files[i] = FromPath(p)
	}
	return files
}

// FromBytes uploads data under the given file name. The slice is not copied: do not change it while a call runs.
func FromBytes(name string, data []byte) *File {
	return &File{name: name, size: int64(len(data)), open: func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(data)), nil
	}}
}

// FromReader uploads what r yields under the given file name, streamed. If r is an
// io.ReadSeeker, a retry seeks back to where it started; otherwise it can be sent
// once (ErrNotRewindable after). The caller closes r (an io.Closer is not closed here).
// Unlike FromPath and FromBytes, such a File belongs to one call at a time.
func FromReader(name string, r io.Reader) *File {
	seeker, canSeek := r.(io.Seeker)
	start, size := int64(0), int64(-1)
	if canSeek {
		// Where the reader stands now is where the upload starts; the rest is its size.
		var err error
		if start, err = seeker.Seek(0, io.SeekCurrent); err == nil {
			if end, endErr := seeker.Seek(0, io.SeekEnd); endErr == nil {
				size = end - start
			}
			_, err = seeker.Seek(start, io.SeekStart)
		}
		canSeek = err == nil
		if !canSeek {
			size = -1
		}
	}
	used := false
	return &File{name: name, size: size, open: func() (io.ReadCloser, error) {
		if used {
			if !canSeek {
				return nil, ErrNotRewindable
			}
			if _, err := seeker.Seek(start, io.SeekStart); err != nil {
				return nil, fmt.Errorf("pdfservice: rewinding %s: %w", name, err)
			}
		}
		used = true
		return io.NopCloser(r), nil
	}}
}

// Bool returns a pointer to v, for optional option fields.
func Bool(v bool) *bool { return &v }

// String returns a pointer to v, for optional option fields.
func String(v string) *string { return &v }

// Int returns a pointer to v, for optional option fields.
func Int(v int) *int { return &v }

// Float returns a pointer to v, for optional option fields.
func Float(v float64) *float64 { return &v }
