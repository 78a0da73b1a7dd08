// Package roundtrip measures the client's memory on a 90 MiB upload and download
// (used by the integration test and by scripts/bench/client-go.ts through cmd/roundtrip).
package roundtrip

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"pdf-service.dev/pdfservice"
	"pdf-service.dev/pdfservice/internal/bigpdf"
)

// Size is the content stream of the input: 90 MiB.
const Size = 90 << 20

// Figures are what one round trip measured.
type Figures struct {
	// GrowthMiB is the peak resident memory during the round trip over the warmed-up baseline.
	GrowthMiB float64 `json:"growth_mib"`
	// Sent and Received are the sizes of the input and of the answer saved to disk.
	Sent     int64 `json:"sent"`
	Received int64 `json:"received"`
}

// Run writes the big input into dir, then sends it through unlock and saves the answer,
// measuring the process's peak RSS (VmHWM, reset before) over its RSS before the call.
func Run(ctx context.Context, client *pdfservice.Client, dir string) (Figures, error) {
	input, output := filepath.Join(dir, "big.pdf"), filepath.Join(dir, "big-out.pdf")
	defer os.Remove(input)
	defer os.Remove(output)
	if err := bigpdf.Write(input, Size); err != nil {
		return Figures{}, err
	}
	// Warm up: the first connection and the transport's lazily built state are not the round trip's.
	if _, err := client.Account(ctx); err != nil {
		return Figures{}, err
	}
	runtime.GC()
	debug.FreeOSMemory()
	// Writing 5 to clear_refs resets VmHWM (Linux ≥ 4.0), so the peak below is this round trip's.
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		return Figures{}, err
	}
	baseline, err := status("VmRSS")
	if err != nil {
		return Figures{}, err
	}
	result, err := client.Unlock(ctx, pdfservice.FromPath(input), nil)
	if err != nil {
		return Figures{}, err
	}
	if err := result.Save(output); err != nil {
		return Figures{}, err
	}
	peak, err := status("VmHWM")
	if err != nil {
		return Figures{}, err
	}
	in, err := os.Stat(input)
	if err != nil {
		return Figures{}, err
	}
	out, err := os.Stat(output)
	if err != nil {
		return Figures{}, err
	}
	return Figures{GrowthMiB: float64(peak-baseline) / (1 << 20), Sent: in.Size(), Received: out.Size()}, nil
}

// status reads a size field of /proc/self/status in bytes.
func status(field string) (int64, error) {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, field+":") {
			rest := strings.TrimPrefix(line, field+":")
			kib, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kib << 10, err
		}
	}
	return 0, fmt.Errorf("no %s in /proc/self/status", field)
}
