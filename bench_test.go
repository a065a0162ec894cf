package relurl

import (
	"net/url"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/benchmix"
)

// All the benchmarks of the package. The goals, as ratios measured in one
// run (BenchmarkRatios):
//
//	go test -run '^$' -bench '^BenchmarkRatios$' -benchtime=20x -count=3 .
//
// Spec.Resolve from strings at least 6 times faster than net/url, and
// ParsedBase.AppendResolve at least 12 times faster than net/url with a
// parsed base, with 0 allocations (TestAppendResolveNoAlloc).

var benchPairs = benchmix.CrawlMix(4096)

// TestCrawlMix checks that the mix is what the benchmarks claim: fixed from
// run to run, and resolved by RFC 3986 here as by net/url, so that the two
// sides of a ratio do the same work.
func TestCrawlMix(t *testing.T) {
	if again := benchmix.CrawlMix(len(benchPairs)); again[len(again)-1] != benchPairs[len(benchPairs)-1] {
		t.Fatal("the crawl mix changes from call to call")
	}
	for _, p := range benchPairs {
		bu, err1 := url.Parse(p.Base)
		ru, err2 := url.Parse(p.Ref)
		if err1 != nil || err2 != nil {
			t.Fatalf("net/url rejects %q, %q", p.Base, p.Ref)
		}
		if got, want := RFC3986.Resolve(p.Base, p.Ref), bu.ResolveReference(ru).String(); got != want {
			t.Errorf("RFC3986.Resolve(%q, %q) = %q, net/url gives %q", p.Base, p.Ref, got, want)
		}
	}
}

var sink string

// BenchmarkRatios measures the goals on the crawl mix, for each Spec:
// Resolve against net/url from strings (goal: 6x), AppendResolve on parsed
// bases against net/url with parsed bases (goal: 12x), and, for RFC 1808,
// the plain copy of base and reference bytes against AppendResolve
// ("x-appendresolve": AppendResolve's cost over the copy's, at most 5).
func BenchmarkRatios(b *testing.B) {
	netParsed := make([]*url.URL, len(benchPairs))
	for i, p := range benchPairs {
		u, err := url.Parse(p.Base)
		if err != nil {
			b.Fatal(err)
		}
		netParsed[i] = u
	}
	buf := make([]byte, 0, 1024)
	n := 0
	netResolve := func() {
		for _, p := range benchPairs {
			bu, _ := url.Parse(p.Base)
			ru, _ := url.Parse(p.Ref)
			n += len(bu.ResolveReference(ru).String())
		}
	}
	netParsedBase := func() {
		for i, p := range benchPairs {
			ru, _ := url.Parse(p.Ref)
			buf = append(buf[:0], netParsed[i].ResolveReference(ru).String()...)
		}
	}
	for _, s := range Specs() {
		parsed := make([]ParsedBase, len(benchPairs))
		for i, p := range benchPairs {
			parsed[i] = s.ParseBase(p.Base)
		}
		resolve := func() {
			for _, p := range benchPairs {
				n += len(s.Resolve(p.Base, p.Ref))
			}
		}
		appendResolve := func() {
			for i, p := range benchPairs {
				buf = parsed[i].AppendResolve(buf[:0], p.Ref)
			}
		}
		b.Run(s.String()+"/Resolve", func(b *testing.B) { benchmix.Ratio(b, len(benchPairs), resolve, netResolve, "net/url") })
		b.Run(s.String()+"/AppendResolve", func(b *testing.B) {
			benchmix.Ratio(b, len(benchPairs), appendResolve, netParsedBase, "net/url")
		})
		if s == RFC1808 {
			plainCopy := func() {
				for _, p := range benchPairs {
					buf = append(append(buf[:0], p.Base...), p.Ref...)
				}
			}
			b.Run(s.String()+"/copy", func(b *testing.B) {
				benchmix.Ratio(b, len(benchPairs), plainCopy, appendResolve, "appendresolve")
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
			parsed[i] = s.ParseBase(p.Base)
		}
		b.Run(s.String()+"/Resolve", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				p := benchPairs[i%len(benchPairs)]
				sink = s.Resolve(p.Base, p.Ref)
			}
		})
		b.Run(s.String()+"/ParseBase", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				parsed[i%len(parsed)] = s.ParseBase(benchPairs[i%len(benchPairs)].Base)
			}
		})
		b.Run(s.String()+"/AppendResolve", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				j := i % len(benchPairs)
				buf = parsed[j].AppendResolve(buf[:0], benchPairs[j].Ref)
			}
		})
	}
}

// BenchmarkParse measures splitting a URL into its components.
func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	var u URL
	for i := 0; b.Loop(); i++ {
		u = Parse(benchPairs[i%len(benchPairs)].Base)
	}
	sink = u.Path()
}

// BenchmarkRelative measures Relative and AppendRelative on the targets of
// the crawl mix, next to Resolve doing the inverse work.
func BenchmarkRelative(b *testing.B) {
	targets := make([]string, len(benchPairs))
	parsed := make([]ParsedBase, len(benchPairs))
	for i, p := range benchPairs {
		targets[i], parsed[i] = Resolve(p.Base, p.Ref), RFC1808.ParseBase(p.Base)
	}
	buf := make([]byte, 0, 1024)
	b.Run("Relative", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(benchPairs)
			sink = Relative(benchPairs[j].Base, targets[j])
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
			sink = Resolve(p.Base, p.Ref)
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
