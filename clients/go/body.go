package pdfservice

import (
	"bytes"
	"encoding/json"
	"io"
	"net/url"
)

// requestBody is one attempt's body: a fresh reader each time, so a retry resends it whole.
type requestBody struct {
	reader      io.ReadCloser
	length      int64 // -1: unknown, sent chunked
	contentType string
}

// bodySource makes a request's body for each attempt (nil: a request without one).
type bodySource func() (requestBody, error)

// formBody is an operation's multipart upload, its files streamed as it is read.
func formBody(req *Request, extra url.Values) bodySource {
	return func() (requestBody, error) {
		body, err := newMultipartBody(req, extra)
		if err != nil {
			return requestBody{}, err
		}
		return requestBody{reader: body, length: body.length, contentType: body.ContentType()}, nil
	}
}

// jsonBody is v encoded once; each attempt reads the same bytes.
func jsonBody(v any) (bodySource, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return func() (requestBody, error) {
		return requestBody{reader: io.NopCloser(bytes.NewReader(raw)), length: int64(len(raw)), contentType: "application/json"}, nil
	}, nil
}
