// Command overhead measures the client's cost over a bare net/http call doing the same
// multipart request (unlock of one file, answer read whole), alternating the two so both
// see the same machine noise; prints medians in ms as JSON:
//
//	go run ./internal/cmd/overhead URL KEY FILE ROUNDS
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"pdf-service.dev/pdfservice"
)

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: overhead URL KEY FILE ROUNDS")
		os.Exit(2)
	}
	url, key, file := os.Args[1], os.Args[2], os.Args[3]
	rounds, err := strconv.Atoi(os.Args[4])
	if err != nil {
		fail(err)
	}
	ctx := context.Background()
	client := pdfservice.New(url, key)
	bare := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}

	throughClient := func() float64 {
		started := time.Now()
		result, err := client.Unlock(ctx, pdfservice.FromPath(file), nil)
		if err != nil {
			fail(err)
		}
		body, err := result.Bytes()
		elapsed := time.Since(started)
		check(body, err)
		return ms(elapsed)
	}
	// The bare call: what a Go program writes without the client (mime/multipart, http.Client).
	throughBare := func() float64 {
		started := time.Now()
		var form bytes.Buffer
		writer := multipart.NewWriter(&form)
		part, err := writer.CreateFormFile("file", filepath.Base(file))
		if err != nil {
			fail(err)
		}
		f, err := os.Open(file)
		if err != nil {
			fail(err)
		}
		_, err = io.Copy(part, f)
		f.Close()
		if err != nil || writer.Close() != nil {
			fail(fmt.Errorf("building the form: %v", err))
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/v1/pdf/unlock", &form)
		if err != nil {
			fail(err)
		}
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", writer.FormDataContentType())
		resp, err := bare.Do(req)
		if err != nil {
			fail(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		elapsed := time.Since(started)
		if resp.StatusCode != http.StatusOK {
			fail(fmt.Errorf("bare call: HTTP %d", resp.StatusCode))
		}
		check(body, err)
		return ms(elapsed)
	}

	for i := 0; i < 3; i++ {
		throughClient()
		throughBare()
	}
	var a, b, pairs []float64
	for i := 0; i < rounds; i++ {
		var x, y float64
		if i%2 == 0 {
			x = throughClient()
			y = throughBare()
		} else {
			y = throughBare()
			x = throughClient()
		}
		a, b, pairs = append(a, x), append(b, y), append(pairs, x-y)
	}
	json.NewEncoder(os.Stdout).Encode(map[string]any{"rounds": rounds, "client_ms": median(a), "bare_ms": median(b), "paired_overhead_ms": median(pairs)})
}

func check(body []byte, err error) {
	if err != nil {
		fail(err)
	}
	if !bytes.HasPrefix(body, []byte("%PDF-")) {
		fail(fmt.Errorf("the answer is not a PDF: %.40q", body))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(values []float64) float64 {
	sorted := append([]float64(nil), values...)
	sort.Float64s(sorted)
	mid := len(sorted) / 2
	if len(sorted)%2 == 1 {
		return sorted[mid]
	}
	return (sorted[mid-1] + sorted[mid]) / 2
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
