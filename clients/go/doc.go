// Package pdfservice is the Go client of the PDF service: every operation as a
// typed method (generated from the service's OpenAPI document), files streamed
// in and out without being loaded whole, errors as *APIError with sentinels for
// errors.Is, retries with backoff honouring Retry-After, asynchronous jobs,
// Standard Webhooks verification and the account's allowance.
//
// It uses only the standard library (Go ≥ 1.19). Every call takes a
// context.Context first: cancel it, or give it a deadline, to bound the call.
//
//	client := pdfservice.New("http://127.0.0.1:8080", os.Getenv("PDF_API_KEY"))
//	result, err := client.Merge(ctx, pdfservice.Paths("a.pdf", "b.pdf"), &pdfservice.MergeOptions{Bookmarks: pdfservice.Bool(true)})
//	if err != nil {
//		return err
//	}
//	return result.Save("merged.pdf")
package pdfservice
