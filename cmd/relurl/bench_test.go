package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/cputime"

	"github.com/relurl/relurl"
)

// The streaming benchmark: "relurl resolve" reading BASE<TAB>REF
// lines, against the same filter written over net/url, on the same input in
// the same run. Run it with
//
//	go test -run='^$' -bench=ResolveFilter -benchtime=3x ./cmd/relurl
//
// Goal: the relurl filter at least 5 times the net/url filter's throughput.

// crawlLines is the number of BASE<TAB>REF lines in the benchmark input.
const crawlLines = 1_000_000

var (
	crawlOnce  sync.Once
	crawlInput []byte
)

// crawl returns the benchmark input: crawlLines lines BASE<TAB>REF, made
// with a fixed seed so that every run reads the same bytes.
func crawl() []byte {
	crawlOnce.Do(func() { crawlInput = genCrawl(crawlLines, 1808) })
	return crawlInput
}

// genCrawl generates n lines as a crawler would see them: pages (the
// bases), each followed by its links (the references), in the proportions
// of a typical crawl: mostly relative paths, then absolute paths, absolute
// URLs of other sites, fragments, queries, "../" paths and network-path
// references (//host/x).
func genCrawl(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, seed))
	hosts := []string{"www.example.com", "news.example.org", "docs.example.net", "shop.example.co.uk", "a.b.c.example.io", "user:pw@intranet.example:8080"}
	words := []string{"index", "about", "news", "2024", "products", "item", "img", "css", "js", "en", "docs", "api", "v2", "search", "page", "archive", "static", "users", "blog", "tag"}
	word := func() string { return words[rng.IntN(len(words))] }
	dirs := func(k int) string {
		var b []byte
		for range k {
			b = append(b, word()...)
			b = append(b, '/')
		}
		return string(b)
	}
	var buf bytes.Buffer
	buf.Grow(n * 80)
	for lines := 0; lines < n; {
		host := hosts[rng.IntN(len(hosts))]
		base := "https://" + host + "/" + dirs(1+rng.IntN(4)) + word() + ".html"
		switch rng.IntN(4) {
		case 0:
			base += "?id=" + fmt.Sprint(rng.IntN(100000))
		case 1:
			base += ";jsessionid=" + fmt.Sprintf("%08x", rng.Uint32())
		}
		links := 5 + rng.IntN(60)
		for range links {
			if lines == n {
				break
			}
			var ref string
			switch k := rng.IntN(100); {
			case k < 35: // relative path
				ref = dirs(rng.IntN(3)) + word() + ".html"
			case k < 45: // relative path with ./ or ../
				ref = [...]string{"./", "../", "../../", "./../"}[rng.IntN(4)] + dirs(rng.IntN(2)) + word() + ".png"
			case k < 65: // absolute path
				ref = "/" + dirs(rng.IntN(4)) + word()
			case k < 77: // absolute URL, often another site
				ref = "https://" + hosts[rng.IntN(len(hosts))] + "/" + dirs(rng.IntN(3)) + word()
			case k < 85: // fragment
				ref = "#" + word()
			case k < 92: // query
				ref = "?" + word() + "=" + fmt.Sprint(rng.IntN(1000)) + "&sort=" + word()
			case k < 97: // network-path reference
				ref = "//cdn.example.net/" + dirs(1+rng.IntN(2)) + word() + ".js"
			case k < 99: // other schemes
				ref = [...]string{"mailto:info@example.com", "javascript:void(0)", "tel:+15551234"}[rng.IntN(3)]
			default: // the empty reference
				ref = ""
			}
			buf.WriteString(base)
			buf.WriteByte('\t')
			buf.WriteString(ref)
			buf.WriteByte('\n')
			lines++
		}
	}
	return buf.Bytes()
}

// runRelurlFilter runs the real "relurl resolve" filter over input.
func runRelurlFilter(tb testing.TB, input []byte, stdout io.Writer) {
	e := &env{stdin: bytes.NewReader(input), stdout: stdout, stderr: io.Discard}
	if st := run(e, []string{"resolve"}); st != exitOK {
		tb.Fatalf("relurl resolve: exit status %d", st)
	}
}

// runNetURLFilter is the same filter written over net/url: the same line
// reader and buffered writer, the same base caching, but url.Parse for the
// base and the reference, ResolveReference and String. A line net/url
// rejects gets an empty line and an error, as in relurl.
func runNetURLFilter(tb testing.TB, input []byte, stdout io.Writer) {
	e := &env{stdin: bytes.NewReader(input), stdout: stdout, stderr: io.Discard}
	l := newLineIO(e)
	var (
		lastBase string
		base     *url.URL
		baseErr  error
	)
	for {
		line, ok, err := l.next()
		if !ok {
			if !l.finish("neturl", err) {
				tb.Fatal("net/url filter: I/O error")
			}
			return
		}
		b, r, found := bytes.Cut(line, []byte{'\t'})
		if !found {
			l.errorf("line %d: no TAB", l.lineNo())
			l.out.WriteByte('\n')
			continue
		}
		if string(b) != lastBase {
			lastBase = string(b)
			base, baseErr = url.Parse(lastBase)
		}
		ref, err := url.Parse(string(r))
		if baseErr != nil || err != nil {
			l.errorf("line %d: %v %v", l.lineNo(), baseErr, err)
			l.out.WriteByte('\n')
			continue
		}
		l.out.WriteString(base.ResolveReference(ref).String())
		l.out.WriteByte('\n')
	}
}

func BenchmarkResolveFilter(b *testing.B) {
	input := crawl()
	for _, f := range []struct {
		name string
		run  func(testing.TB, []byte, io.Writer)
	}{{"relurl", runRelurlFilter}, {"neturl", runNetURLFilter}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(input)))
			b.ReportAllocs()
			for b.Loop() {
				f.run(b, input, io.Discard)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/crawlLines, "ns/line")
		})
	}
}

// BenchmarkResolveFilterRatio runs both filters on the same input, in
// turn, and reports how many times faster the relurl filter is (goal: ≥ 5),
// by wall time ("speedup") and by the process's CPU time, garbage
// collection included ("speedup-cpu"). The input is cut into chunks of
// whole lines and the two filters alternate chunk by chunk, in the order
// ABBA, so that a change in the machine's load (it may be shared) falls on
// both alike.
func BenchmarkResolveFilterRatio(b *testing.B) {
	input := crawl()
	chunks := splitLines(input, 16)
	filters := []func(testing.TB, []byte, io.Writer){runRelurlFilter, runNetURLFilter}
	b.SetBytes(int64(len(input)))
	var wall, cpu [2]time.Duration
	for b.Loop() {
		for k, chunk := range chunks {
			for j := range 2 {
				i := j ^ k&1 // relurl first on even chunks, net/url first on odd ones
				runtime.GC() // start clean: each filter pays for its own garbage
				c0, t0 := cpuTime(), time.Now()
				filters[i](b, chunk, io.Discard)
				wall[i] += time.Since(t0)
				cpu[i] += cpuTime() - c0
			}
		}
	}
	mb := float64(len(input)) * float64(b.N) / 1e6
	b.ReportMetric(mb/wall[0].Seconds(), "relurl-MB/s")
	b.ReportMetric(mb/wall[1].Seconds(), "neturl-MB/s")
	b.ReportMetric(wall[1].Seconds()/wall[0].Seconds(), "speedup")
	b.ReportMetric(cpu[1].Seconds()/cpu[0].Seconds(), "speedup-cpu")
}

// splitLines cuts input into n chunks of whole lines.
func splitLines(input []byte, n int) [][]byte {
	var chunks [][]byte
	for len(input) > 0 {
		size := min(len(input)/n+1, len(input))
		if i := bytes.IndexByte(input[size-1:], '\n'); i >= 0 {
			size += i
		} else {
			size = len(input)
		}
		chunks = append(chunks, input[:size])
		input = input[size:]
		n = max(n-1, 1)
	}
	return chunks
}

// cpuTime returns the CPU time the process has used (see internal/cputime).
func cpuTime() time.Duration {
	d, _ := cputime.Process()
	return d
}

// TestCrawlFilters checks what the benchmark compares: on a slice of the
// crawl, both filters write one line per input line, and they agree on the
// lines where RFC 1808 and net/url (RFC 3986) give the same answer, which
// is most of a crawl (plain relative and absolute paths, absolute URLs).
func TestCrawlFilters(t *testing.T) {
	input := genCrawl(20000, 1808)
	var a, b bytes.Buffer
	runRelurlFilter(t, input, &a)
	runNetURLFilter(t, input, &b)
	in := bytes.Count(input, []byte{'\n'})
	la, lb := bytes.Split(a.Bytes(), []byte{'\n'}), bytes.Split(b.Bytes(), []byte{'\n'})
	if len(la)-1 != in || len(lb)-1 != in {
		t.Fatalf("input %d lines, relurl %d, net/url %d", in, len(la)-1, len(lb)-1)
	}
	same := 0
	for i := range la {
		if bytes.Equal(la[i], lb[i]) {
			same++
		}
	}
	if same < in*8/10 {
		t.Errorf("relurl and net/url agree on only %d of %d crawl lines: the input or a filter is off", same, in)
	}
	t.Logf("relurl and net/url agree on %d of %d lines", same, in)

	// The ratio benchmark cuts the input into chunks of whole lines.
	chunks := splitLines(input, 16)
	if len(chunks) != 16 || !bytes.Equal(bytes.Join(chunks, nil), input) {
		t.Errorf("splitLines: %d chunks, joined equal: %v", len(chunks), bytes.Equal(bytes.Join(chunks, nil), input))
	}
	for i, c := range chunks {
		if !bytes.HasSuffix(c, []byte{'\n'}) {
			t.Errorf("chunk %d does not end a line", i)
		}
	}
}

// BenchmarkResolveFilterParts splits the relurl filter's time between the
// library and the I/O around it, on the same input: "library" calls
// AppendResolve on the pairs already split and parsed, "io" reads, splits
// and writes the lines without resolving. Their sum is about the filter's
// time: the filter adds nothing else of note.
func BenchmarkResolveFilterParts(b *testing.B) {
	input := crawl()
	b.Run("library", func(b *testing.B) {
		type pair struct {
			base relurl.ParsedBase
			ref  string
		}
		var pairs []pair
		for line := range bytes.Lines(input) {
			base, ref, _ := bytes.Cut(bytes.TrimSuffix(line, []byte{'\n'}), []byte{'\t'})
			pairs = append(pairs, pair{relurl.RFC1808.ParseBase(string(base)), string(ref)})
		}
		b.SetBytes(int64(len(input)))
		buf := make([]byte, 0, 4096)
		for b.Loop() {
			for _, p := range pairs {
				buf = p.base.AppendResolve(buf[:0], p.ref)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/crawlLines, "ns/line")
	})
	b.Run("io", func(b *testing.B) {
		b.SetBytes(int64(len(input)))
		for b.Loop() {
			l := newLineIO(&env{stdin: bytes.NewReader(input), stdout: io.Discard, stderr: io.Discard})
			for {
				line, ok, _ := l.next()
				if !ok {
					break
				}
				_, ref, _ := bytes.Cut(line, []byte{'\t'})
				l.out.Write(ref)
				l.out.WriteByte('\n')
			}
			l.flush()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/crawlLines, "ns/line")
	})
}
