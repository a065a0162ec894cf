package crawl

// The archive path as a user measures it (issue 21): the CPU time of the
// built command, "relurl links FILE > /dev/null", against a 20-line
// program that decompresses FILE with klauspost's decoder
// (testdata/decompress), both whole processes on one core (GOMAXPROCS=1),
// startup included. BenchmarkArchiveVsGunzip measures the same work
// inside one process; this one adds what a process costs: the runtime's
// start, the binary's size, the garbage collector without a spare core.
// Each process takes a tenth of a second or two, near the kernel's
// tick-based accounting of CPU time: forty rounds or more give a ratio to
// two decimals.
//
//	go test -run '^$' -bench '^BenchmarkProcessVsDecompress$' -benchtime=40x -count=3 ./internal/crawl

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/cputime"
)

// buildTool builds the main package in dir (relative to this package) to
// an executable in a temporary directory, with the flags go build gives a
// user (for cmd/relurl, its default.pgo), and returns its path.
func buildTool(b *testing.B, dir string) string {
	out := filepath.Join(b.TempDir(), filepath.Base(dir))
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %s: %v\n%s", dir, err, msg)
	}
	return out
}

// processCPU returns a contender's Child that starts name with args on one
// core, its output to the null device, and returns the child's CPU time.
func processCPU(b *testing.B, name string, args ...string) func() time.Duration {
	return func() time.Duration {
		cmd := exec.Command(name, args...)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
		if err := cmd.Run(); err != nil {
			b.Fatalf("%s %v: %v", name, args, err)
		}
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
}

// BenchmarkProcessVsDecompress reports "process-x-decompress": the CPU
// time of the relurl links process over that of the decompressing one, on
// the .warc.gz of real pages the other archive benchmarks read (the goal
// is at most 2).
func BenchmarkProcessVsDecompress(b *testing.B) {
	path, _, _ := benchArchives(b, 1)
	processVs(b, path, "process-x-decompress")
}

// BenchmarkProcessVsUnzstd is BenchmarkProcessVsDecompress on the same
// records as a .warc.zst (a zstd frame a record): "process-x-unzstd" is
// the command's CPU time as a multiple of the 20-line program's
// decompressing it (the goal of issue 21 is at most 2).
//
//	go test -run '^$' -bench '^BenchmarkProcessVsUnzstd$' -benchtime=40x -count=3 ./internal/crawl
func BenchmarkProcessVsUnzstd(b *testing.B) {
	path, _, _ := benchArchivesIn(b, 1, true)
	processVs(b, path, "process-x-unzstd")
}

// processVs runs "relurl links path" and the decompress program on path,
// alternately, each as a process on one core, and reports the command's
// CPU time over the program's as metric.
func processVs(b *testing.B, path, metric string) {
	relurl := buildTool(b, filepath.Join("..", "..", "cmd", "relurl"))
	decompress := buildTool(b, filepath.Join("testdata", "decompress"))
	b.Logf("load average before: %s", loadavg())
	floor := &cputime.Contender{Name: "decompress", Child: processCPU(b, decompress, path)}
	links := &cputime.Contender{Name: "links", Child: processCPU(b, relurl, "links", path)}
	cputime.Alternate(b, cputime.Collect, floor, links)
	b.Logf("load average after: %s", loadavg())
	if floor.CPU <= 0 {
		b.Skip("no CPU time measured on this platform")
	}
	b.ReportMetric(links.CPU.Seconds()/floor.CPU.Seconds(), metric)
}
