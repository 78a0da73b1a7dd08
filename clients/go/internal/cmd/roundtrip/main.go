// Command roundtrip prints the client's memory growth on a 90 MiB round trip as JSON:
//
//	go run ./internal/cmd/roundtrip URL KEY WORKDIR
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"pdf-service.dev/pdfservice"
	"pdf-service.dev/pdfservice/internal/roundtrip"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: roundtrip URL KEY WORKDIR")
		os.Exit(2)
	}
	figures, err := roundtrip.Run(context.Background(), pdfservice.New(os.Args[1], os.Args[2]), os.Args[3])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	json.NewEncoder(os.Stdout).Encode(figures)
}
