package relurl

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"testing"
)

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

var sink string

// BenchmarkResolve compares Resolve with net/url doing the same from
// strings: parse base, parse reference, ResolveReference, String.
func BenchmarkResolve(b *testing.B) {
	b.Run("relurl", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			p := benchPairs[i%len(benchPairs)]
			sink = Resolve(p.base, p.ref)
		}
	})
	b.Run("net-url", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			p := benchPairs[i%len(benchPairs)]
			bu, err := url.Parse(p.base)
			if err != nil {
				b.Fatal(err)
			}
			ru, err := url.Parse(p.ref)
			if err != nil {
				b.Fatal(err)
			}
			sink = bu.ResolveReference(ru).String()
		}
	})
}

// BenchmarkAppendResolve compares resolution against an already parsed
// base: AppendResolve into a reused buffer, net/url with a parsed base,
// and, as the floor, a plain copy of the base and reference bytes into the
// buffer.
func BenchmarkAppendResolve(b *testing.B) {
	parsed, netParsed := parseBenchBases(b)
	buf := make([]byte, 0, 1024)
	b.Run("relurl", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(benchPairs)
			buf = parsed[j].AppendResolve(buf[:0], benchPairs[j].ref)
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(benchPairs)
			ru, err := url.Parse(benchPairs[j].ref)
			if err != nil {
				b.Fatal(err)
			}
			buf = append(buf[:0], netParsed[j].ResolveReference(ru).String()...)
		}
	})
	b.Run("copy", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(benchPairs)
			buf = append(append(buf[:0], benchPairs[j].base...), benchPairs[j].ref...)
		}
	})
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

// BenchmarkResolveLong resolves 8 MB references of "../" and "x/../": the
// time per byte stays flat because step 6 is a stack, not rewriting.
func BenchmarkResolveLong(b *testing.B) {
	for _, shape := range []string{"../", "./", "x/../"} {
		ref := ""
		for len(ref) < 8<<20 {
			ref += ref + shape
		}
		b.Run(shape, func(b *testing.B) {
			b.SetBytes(int64(len(ref)))
			for b.Loop() {
				sink = Resolve(rfcBase, ref)
			}
		})
	}
}

// BenchmarkRatios measures the goals of the core as ratios with
// benchRatio, on the crawl mix: Resolve against net/url from strings (goal:
// at least 6 times faster), AppendResolve on parsed bases against net/url
// with parsed bases (at least 12 times faster), and the plain copy of base
// and reference bytes against AppendResolve (AppendResolve at most 5 times
// the copy: "x-appendresolve", the cost of AppendResolve over the copy's,
// at most 5).
//
//	go test -run '^$' -bench '^BenchmarkRatios$' -benchtime=20x -count=5 .
func BenchmarkRatios(b *testing.B) {
	parsed, netParsed := parseBenchBases(b)
	buf := make([]byte, 0, 1024)
	n := 0
	resolve := func() {
		for _, p := range benchPairs {
			n += len(Resolve(p.base, p.ref))
		}
	}
	netResolve := func() {
		for _, p := range benchPairs {
			bu, _ := url.Parse(p.base)
			ru, _ := url.Parse(p.ref)
			n += len(bu.ResolveReference(ru).String())
		}
	}
	appendResolve := func() {
		for i, p := range benchPairs {
			buf = parsed[i].AppendResolve(buf[:0], p.ref)
		}
	}
	netParsedBase := func() {
		for i, p := range benchPairs {
			ru, _ := url.Parse(p.ref)
			buf = append(buf[:0], netParsed[i].ResolveReference(ru).String()...)
		}
	}
	plainCopy := func() {
		for _, p := range benchPairs {
			buf = append(append(buf[:0], p.base...), p.ref...)
		}
	}
	b.Run("Resolve", func(b *testing.B) { benchRatio(b, len(benchPairs), resolve, netResolve, "net/url") })
	b.Run("AppendResolve", func(b *testing.B) { benchRatio(b, len(benchPairs), appendResolve, netParsedBase, "net/url") })
	b.Run("copy", func(b *testing.B) { benchRatio(b, len(benchPairs), plainCopy, appendResolve, "appendresolve") })
	sink = string(buf[:min(len(buf), 1)])
	_ = n
}

// parseBenchBases parses the bases of benchPairs, by relurl and by net/url,
// for the benchmarks that resolve against parsed bases.
func parseBenchBases(b *testing.B) ([]URL, []*url.URL) {
	parsed := make([]URL, len(benchPairs))
	netParsed := make([]*url.URL, len(benchPairs))
	for i, p := range benchPairs {
		parsed[i] = Parse(p.base)
		u, err := url.Parse(p.base)
		if err != nil {
			b.Fatal(err)
		}
		netParsed[i] = u
	}
	return parsed, netParsed
}
