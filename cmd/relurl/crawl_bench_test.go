package main

import (
	"bufio"
	"io"
	"os"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	kpgzip "github.com/klauspost/compress/gzip"

	"github.com/relurl/relurl/internal/cputime"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// benchCorpusBytes is the size of the synthetic crawl the benchmarks read:
// at least 50 MB of .warc.gz.
const benchCorpusBytes = 50 << 20

var (
	benchOnce  sync.Once
	benchDir   string
	benchPath  string
	benchStats warctest.CorpusStats
	benchErr   error
)

// benchCorpus writes the corpus once per run of the test binary, in a
// temporary directory removed by TestMain (main_test.go).
func benchCorpus(b *testing.B) (string, warctest.CorpusStats) {
	benchOnce.Do(func() {
		benchDir, benchErr = os.MkdirTemp("", "relurl-crawl-bench-")
		if benchErr == nil {
			benchPath, benchStats, benchErr = warctest.CorpusFile(benchDir, benchCorpusBytes, 44)
		}
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchPath, benchStats
}

var statsLinks = regexp.MustCompile(`; (\d+) links;`)

// benchLinks runs "relurl links -jobs J" over copies inputs, each the
// corpus, writing the rows to io.Discard, and reports links per second
// (wall clock), links per CPU second (the process's CPU time, all
// threads: the rate per core, whatever else the machine runs) and the
// cores used on average (CPU time over wall time).
func benchLinks(b *testing.B, jobs, copies int) {
	path, st := benchCorpus(b)
	args := []string{"links", "-stats", "-jobs", strconv.Itoa(jobs)}
	for range copies {
		args = append(args, path)
	}
	b.SetBytes(st.Bytes * int64(copies))
	var links int64
	var cpu time.Duration
	b.ResetTimer()
	for range b.N {
		var errb strWriter
		e := &env{stdin: eofReader{}, stdout: io.Discard, stderr: &errb}
		c0, _ := cputime.Process()
		if code := run(e, args); code != exitOK {
			b.Fatalf("exit %d: %s", code, errb.s)
		}
		c1, ok := cputime.Process()
		if ok {
			cpu += c1 - c0
		}
		m := statsLinks.FindStringSubmatch(errb.s)
		if m == nil {
			b.Fatalf("no counts in %q", errb.s)
		}
		n, _ := strconv.ParseInt(m[1], 10, 64)
		links += n
	}
	b.StopTimer()
	if want := int64(st.Links) * int64(copies); links/int64(b.N) < want {
		b.Fatalf("%d links per run, want at least the corpus's %d a@href", links/int64(b.N), want)
	}
	b.Logf("corpus: %d bytes, %d records, %d HTML pages, %d a@href; %d rows per run", st.Bytes, st.Records, st.HTML, st.Links, links/int64(b.N))
	b.ReportMetric(float64(links)/b.Elapsed().Seconds(), "links/s")
	if cpu > 0 {
		b.ReportMetric(float64(links)/cpu.Seconds(), "links/cpu-s")
		// The cores the process had on average: 2 for -jobs 2 on an idle
		// 2-core machine, less when others share it.
		b.ReportMetric(cpu.Seconds()/b.Elapsed().Seconds(), "cores")
	}
}

// BenchmarkCrawlLinks measures "relurl links" on the corpus, one input
// per job (the rate per core), and two inputs with -jobs 1 and -jobs 2
// (the scaling: compare the links/s of jobs=2 with jobs=1).
func BenchmarkCrawlLinks(b *testing.B) {
	b.Run("inputs=1/jobs=1", func(b *testing.B) { benchLinks(b, 1, 1) })
	b.Run("inputs=2/jobs=1", func(b *testing.B) { benchLinks(b, 1, 2) })
	b.Run("inputs=2/jobs=2", func(b *testing.B) { benchLinks(b, 2, 2) })
}

// BenchmarkCrawlGunzip is the peer: decompressing the corpus, which
// "relurl links" must do too, and nothing else, with the decoder the
// command uses (github.com/klauspost/compress/gzip, internal/warc).
func BenchmarkCrawlGunzip(b *testing.B) {
	path, st := benchCorpus(b)
	b.SetBytes(st.Bytes)
	b.ResetTimer()
	for range b.N {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		zr, err := kpgzip.NewReader(bufio.NewReaderSize(f, 64<<10))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, zr); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}

// strWriter collects what is written to it (standard error).
type strWriter struct{ s string }

func (w *strWriter) Write(p []byte) (int, error) { w.s += string(p); return len(p), nil }

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// BenchmarkCrawlScaling runs "relurl links" over two copies of the corpus
// with -jobs 1 and then -jobs 2 in each iteration, so that both meet the
// same load from other processes, and reports the speedup: wall time of
// -jobs 1 over wall time of -jobs 2 (2 at best on 2 free cores).
func BenchmarkCrawlScaling(b *testing.B) {
	path, st := benchCorpus(b)
	b.SetBytes(st.Bytes * 2 * 2)
	var wall [3]time.Duration
	var cpu [3]time.Duration
	b.ResetTimer()
	for range b.N {
		for _, jobs := range []int{1, 2} {
			var errb strWriter
			e := &env{stdin: eofReader{}, stdout: io.Discard, stderr: &errb}
			t0 := time.Now()
			c0, _ := cputime.Process()
			if code := run(e, []string{"links", "-jobs", strconv.Itoa(jobs), path, path}); code != exitOK {
				b.Fatalf("exit %d: %s", code, errb.s)
			}
			c1, _ := cputime.Process()
			wall[jobs] += time.Since(t0)
			cpu[jobs] += c1 - c0
		}
	}
	b.StopTimer()
	b.ReportMetric(wall[1].Seconds()/wall[2].Seconds(), "speedup")
	if cpu[1] > 0 {
		b.ReportMetric(cpu[2].Seconds()/wall[2].Seconds(), "cores-jobs2")
		b.ReportMetric(cpu[1].Seconds()/cpu[2].Seconds(), "cpu-efficiency")
	}
}
