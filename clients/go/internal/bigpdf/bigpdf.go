// Package bigpdf writes the large input of the memory checks: a valid one-page PDF
// whose content stream is padded to the size asked (unlock returns it unchanged).
package bigpdf

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Write creates a PDF at path with a content stream of streamSize bytes, written in
// small pieces (the writer never holds the file).
func Write(path string, streamSize int64) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if closeErr := f.Close(); err == nil {
			err = closeErr
		}
	}()
	w := &countingWriter{w: bufio.NewWriterSize(f, 64<<10)}
	fmt.Fprint(w, "%PDF-1.4\n")
	var offsets []int64
	for _, body := range []string{"<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Kids[3 0 R]/Count 1>>", "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>"} {
		offsets = append(offsets, w.n)
		fmt.Fprintf(w, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	offsets = append(offsets, w.n)
	fmt.Fprintf(w, "4 0 obj\n<</Length %d>>\nstream\n", streamSize)
	line := "% padding line of a big content stream ........................................\n"
	block := strings.Repeat(line, 8192)
	for written := int64(0); written < streamSize; {
		piece := block
		if rest := streamSize - written; rest < int64(len(piece)) {
			piece = piece[:rest]
		}
		fmt.Fprint(w, piece)
		written += int64(len(piece))
	}
	fmt.Fprint(w, "\nendstream\nendobj\n")
	xref := w.n
	fmt.Fprint(w, "xref\n0 5\n0000000000 65535 f \n")
	for _, o := range offsets {
		fmt.Fprintf(w, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(w, "trailer\n<</Size 5/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n", xref)
	if w.err != nil {
		return w.err
	}
	return w.w.Flush()
}

// countingWriter knows the offset of every object (for the xref table) and keeps the first error.
type countingWriter struct {
	w   *bufio.Writer
	n   int64
	err error
}

func (c *countingWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}
