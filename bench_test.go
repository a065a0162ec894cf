package relurl

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/cputime"
)

// All the benchmarks of the package. The goals, as ratios measured in one
// run (BenchmarkRatios):
//
//	go test -run '^$' -bench '^BenchmarkRatios$' -benchtime=20x -count=3 .
//
// Spec.Resolve from strings at least 6 times faster than net/url, and
// ParsedBase.AppendResolve at least 12 times faster than net/url with a
// parsed base, with 0 allocations (TestAppendResolveNoAlloc).

// crawlPair is one (base, reference) pair of the benchmark mix.
type crawlPair struct{ base, ref string }

// crawlMix returns n (base, reference) pairs shaped like the links of
// crawled pages: mostly relative paths and absolute paths, then absolute
// URLs, "../", fragments, queries and network paths. The seed is fixed, so
// every run resolves the same links.
func crawlMix(n int) []crawlPair {
	rng := rand.New(rand.NewPCG(1808, 1995))
	word := func() string {
		words := []string{"index", "news", "about", "products", "2024", "blog", "img", "static", "css", "en", "search", "article", "docs", "wiki", "user"}
		return words[rng.IntN(len(words))]
	}
	bases := make([]string, 64)
	for i := range bases {
		bases[i] = fmt.Sprintf("https://www.site%d.example.com/%s/%s/%s-%d.html", i, word(), word(), word(), rng.IntN(1000))
		if i%4 == 0 {
			bases[i] += "?id=" + fmt.Sprint(rng.IntN(100000))
		}
	}
	pairs := make([]crawlPair, n)
	for i := range pairs {
		var ref string
		switch k := rng.IntN(100); {
		case k < 30: // relative path
			ref = fmt.Sprintf("%s/%s-%d.html", word(), word(), rng.IntN(100))
		case k < 45: // up a level or two
			ref = fmt.Sprintf("../%s/%s.html", word(), word())
			if k < 35 {
				ref = "../" + ref
			}
		case k < 65: // absolute path
			ref = fmt.Sprintf("/%s/%s/%s.html", word(), word(), word())
		case k < 80: // absolute URL
			ref = fmt.Sprintf("https://cdn%d.example.net/%s/%s.js", rng.IntN(10), word(), word())
		case k < 88: // fragment
			ref = "#" + word()
		case k < 93: // query
			ref = fmt.Sprintf("?page=%d&sort=%s", rng.IntN(50), word())
		case k < 98: // network path
			ref = fmt.Sprintf("//img%d.example.org/%s.png", rng.IntN(10), word())
		default: // dot segments
			ref = "./" + word() + "/./" + word() + "/../x.html"
		}
		pairs[i] = crawlPair{bases[rng.IntN(len(bases))], ref}
	}
	return pairs
}

var benchPairs = crawlMix(4096)

// TestCrawlMix checks that the mix is what the benchmarks claim: fixed from
// run to run, and resolved by RFC 3986 here as by net/url, so that the two
// sides of a ratio do the same work.
func TestCrawlMix(t *testing.T) {
	if again := crawlMix(len(benchPairs)); again[len(again)-1] != benchPairs[len(benchPairs)-1] {
		t.Fatal("the crawl mix changes from call to call")
	}
	for _, p := range benchPairs {
		bu, err1 := url.Parse(p.base)
		ru, err2 := url.Parse(p.ref)
		if err1 != nil || err2 != nil {
			t.Fatalf("net/url rejects %q, %q", p.base, p.ref)
		}
		if got, want := RFC3986.Resolve(p.base, p.ref), bu.ResolveReference(ru).String(); got != want {
			t.Errorf("RFC3986.Resolve(%q, %q) = %q, net/url gives %q", p.base, p.ref, got, want)
		}
	}
}

var sink string

// ratioRounds is how many times benchRatio runs each side in a row: enough
// for some milliseconds, well above the granularity of CPU time accounting.
const ratioRounds = 20

// benchRatio measures a goal stated as a ratio in a way that stands up on a
// busy machine: each iteration runs ours ratioRounds times, then theirs as
// many times, and sums the process CPU time of each apart, so that time
// spent waiting for a core counts for neither and a load that slows one
// slows the other alike. perRun is how many operations one call of ours or
// theirs does. It reports the CPU time per operation of each side and
// "x-NAME", how many times faster ours is.
func benchRatio(b *testing.B, perRun int, ours, theirs func(), name string) {
	var tOurs, tTheirs time.Duration
	for b.Loop() {
		c0, _ := cputime.Process()
		for range ratioRounds {
			ours()
		}
		c1, _ := cputime.Process()
		for range ratioRounds {
			theirs()
		}
		c2, _ := cputime.Process()
		tOurs, tTheirs = tOurs+c1-c0, tTheirs+c2-c1
	}
	n := float64(b.N * ratioRounds * perRun)
	b.ReportMetric(float64(tOurs.Nanoseconds())/n, "cpu-ns/op")
	b.ReportMetric(float64(tTheirs.Nanoseconds())/n, name+"-cpu-ns/op")
	if tOurs > 0 {
		b.ReportMetric(float64(tTheirs)/float64(tOurs), "x-"+name)
	}
}

// BenchmarkRatios measures the goals on the crawl mix, for each Spec:
// Resolve against net/url from strings (goal: 6x), AppendResolve on parsed
// bases against net/url with parsed bases (goal: 12x), and, for RFC 1808,
// the plain copy of base and reference bytes against AppendResolve
// ("x-appendresolve": AppendResolve's cost over the copy's, at most 5).
func BenchmarkRatios(b *testing.B) {
	netParsed := make([]*url.URL, len(benchPairs))
	for i, p := range benchPairs {
		u, err := url.Parse(p.base)
		if err != nil {
			b.Fatal(err)
		}
		netParsed[i] = u
	}
	buf := make([]byte, 0, 1024)
	n := 0
	netResolve := func() {
		for _, p := range benchPairs {
			bu, _ := url.Parse(p.base)
			ru, _ := url.Parse(p.ref)
			n += len(bu.ResolveReference(ru).String())
		}
	}
	netParsedBase := func() {
		for i, p := range benchPairs {
			ru, _ := url.Parse(p.ref)
			buf = append(buf[:0], netParsed[i].ResolveReference(ru).String()...)
		}
	}
	for _, s := range Specs() {
		parsed := make([]ParsedBase, len(benchPairs))
		for i, p := range benchPairs {
			parsed[i] = s.ParseBase(p.base)
		}
		resolve := func() {
			for _, p := range benchPairs {
				n += len(s.Resolve(p.base, p.ref))
			}
		}
		appendResolve := func() {
			for i, p := range benchPairs {
				buf = parsed[i].AppendResolve(buf[:0], p.ref)
			}
		}
		b.Run(s.String()+"/Resolve", func(b *testing.B) { benchRatio(b, len(benchPairs), resolve, netResolve, "net/url") })
		b.Run(s.String()+"/AppendResolve", func(b *testing.B) {
			benchRatio(b, len(benchPairs), appendResolve, netParsedBase, "net/url")
		})
		if s == RFC1808 {
			plainCopy := func() {
				for _, p := range benchPairs {
					buf = append(append(buf[:0], p.base...), p.ref...)
				}
			}
			b.Run(s.String()+"/copy", func(b *testing.B) {
				benchRatio(b, len(benchPairs), plainCopy, appendResolve, "appendresolve")
			})
		}
	}
	sink = string(buf[:min(len(buf), 1)])
	_ = n
}

// BenchmarkResolve gives ns/op and allocs/op of each way to resolve, per
// Spec, on the crawl mix.
func BenchmarkResolve(b *testing.B) {
	buf := make([]byte, 0, 1024)
	for _, s := range Specs() {
		parsed := make([]ParsedBase, len(benchPairs))
		for i, p := range benchPairs {
			parsed[i] = s.ParseBase(p.base)
		}
		b.Run(s.String()+"/Resolve", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				p := benchPairs[i%len(benchPairs)]
				sink = s.Resolve(p.base, p.ref)
			}
		})
		b.Run(s.String()+"/ParseBase", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				parsed[i%len(parsed)] = s.ParseBase(benchPairs[i%len(benchPairs)].base)
			}
		})
		b.Run(s.String()+"/AppendResolve", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				j := i % len(benchPairs)
				buf = parsed[j].AppendResolve(buf[:0], benchPairs[j].ref)
			}
		})
	}
}

// BenchmarkParse measures splitting a URL into its components.
func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	var u URL
	for i := 0; b.Loop(); i++ {
		u = Parse(benchPairs[i%len(benchPairs)].base)
	}
	sink = u.Path()
}

// BenchmarkRelative measures Relative and AppendRelative on the targets of
// the crawl mix, next to Resolve doing the inverse work.
func BenchmarkRelative(b *testing.B) {
	targets := make([]string, len(benchPairs))
	parsed := make([]ParsedBase, len(benchPairs))
	for i, p := range benchPairs {
		targets[i], parsed[i] = Resolve(p.base, p.ref), RFC1808.ParseBase(p.base)
	}
	buf := make([]byte, 0, 1024)
	b.Run("Relative", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(benchPairs)
			sink = Relative(benchPairs[j].base, targets[j])
		}
	})
	b.Run("AppendRelative", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(benchPairs)
			buf = parsed[j].AppendRelative(buf[:0], targets[j])
		}
	})
	b.Run("Resolve", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			p := benchPairs[i%len(benchPairs)]
			sink = Resolve(p.base, p.ref)
		}
	})
}

// BenchmarkLong resolves, relativizes and explains 8 MB inputs: the time
// per byte stays flat, each being linear (TestLinear measures it).
func BenchmarkLong(b *testing.B) {
	for _, shape := range []string{"../", "./", "x/../"} {
		ref := ""
		for len(ref) < 8<<20 {
			ref += ref + shape
		}
		for _, s := range Specs() {
			b.Run("Resolve/"+s.String()+"/"+shape, func(b *testing.B) {
				b.SetBytes(int64(len(ref)))
				for b.Loop() {
					sink = s.Resolve(rfcBase, ref)
				}
			})
		}
		b.Run("Explain/"+shape, func(b *testing.B) {
			b.SetBytes(int64(len(ref)))
			for b.Loop() {
				Explain(rfcBase, ref)
			}
		})
	}
	deep := strings.Repeat("x/", 8<<20/4)
	base := "http://a/" + deep + strings.Repeat("y/", 8<<20/8) + "f"
	target := "http://a/" + deep + "g"
	b.Run("Relative", func(b *testing.B) {
		b.SetBytes(int64(len(base) + len(target)))
		for b.Loop() {
			sink = Relative(base, target)
		}
	})
}

// BenchmarkExplain compares Explain with Resolve on a few references.
func BenchmarkExplain(b *testing.B) {
	for _, ref := range []string{"g", "../g", "./g/../h/."} {
		for _, s := range Specs() {
			b.Run(s.String()+"/"+ref, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					s.Explain(rfcBase, ref)
				}
			})
		}
	}
}
