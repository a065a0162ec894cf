package crawl

import (
	"bytes"
	"io"
	"testing"

	"github.com/relurl/relurl/canon"
	"github.com/relurl/relurl/internal/cputime"
)

// BenchmarkKeys runs the links command over the .warc.gz of real pages
// of benchArchives, alternately without and with -key (the CDX key of
// each page and link, canon.AppendCDXKey as -key gives it), rows to io.Discard, and reports
// "x-without", the CPU time with keys as a multiple of the time without
// (issue 22's goal: at most 1.3).
//
//	go test -run '^$' -bench '^BenchmarkKeys$' -benchtime=5x -count=3 ./internal/crawl
func BenchmarkKeys(b *testing.B) {
	path, _, _ := benchArchives(b, 1)
	b.Logf("load average before: %s", loadavg())
	run := func(key func([]byte, string) ([]byte, error)) func() {
		return func() {
			var errb bytes.Buffer
			c := Config{Stdout: io.Discard, Stderr: &errb, Key: key}
			if st, err := c.Run([]string{path}); err != nil || st.Failed || st.Links == 0 {
				b.Fatalf("links: %v %s", err, errb.Bytes())
			}
		}
	}
	without := &cputime.Contender{Name: "without", Run: run(nil)}
	with := &cputime.Contender{Name: "keys", Run: run(canon.AppendCDXKey)}
	cputime.Alternate(b, cputime.Collect, without, with)
	b.Logf("load average after: %s", loadavg())
	if without.CPU <= 0 || with.CPU <= 0 {
		b.Skip("no CPU time measured on this platform")
	}
	b.ReportMetric(with.CPU.Seconds()/without.CPU.Seconds(), "x-without")
}
