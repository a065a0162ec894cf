package relurl

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// relPair is one (base, reference, target) triple: target is the
// resolution of reference against base, the link a site generator or an
// archiver would turn back into a relative reference.
type relPair struct{ base, ref, target string }

// relMix returns n triples shaped like the links of crawled pages: mostly
// relative and absolute paths, then absolute URLs (same site and others),
// "../", fragments, queries and network paths. The seed is fixed, so every
// run measures the same links.
func relMix(n int) []relPair {
	rng := rand.New(rand.NewPCG(1808, 53))
	words := []string{"index", "news", "about", "products", "2024", "blog", "img", "static", "css", "en", "search", "article", "docs", "wiki", "user"}
	word := func() string { return words[rng.IntN(len(words))] }
	bases := make([]string, 64)
	for i := range bases {
		bases[i] = fmt.Sprintf("https://www.site%d.example.com/%s/%s/%s-%d.html", i, word(), word(), word(), rng.IntN(1000))
		if i%4 == 0 {
			bases[i] += "?id=" + fmt.Sprint(rng.IntN(100000))
		}
	}
	pairs := make([]relPair, n)
	for i := range pairs {
		base := bases[rng.IntN(len(bases))]
		var ref string
		switch k := rng.IntN(100); {
		case k < 30:
			ref = fmt.Sprintf("%s/%s-%d.html", word(), word(), rng.IntN(100))
		case k < 45:
			ref = fmt.Sprintf("../%s/%s.html", word(), word())
		case k < 60:
			ref = fmt.Sprintf("/%s/%s/%s.html", word(), word(), word())
		case k < 70: // a link to the same site, written absolute
			ref = base[:strings.Index(base[8:], "/")+8] + fmt.Sprintf("/%s/%s.html", word(), word())
		case k < 80:
			ref = fmt.Sprintf("https://cdn%d.example.net/%s/%s.js", rng.IntN(10), word(), word())
		case k < 88:
			ref = "#" + word()
		case k < 93:
			ref = fmt.Sprintf("?page=%d&sort=%s", rng.IntN(50), word())
		default:
			ref = fmt.Sprintf("//img%d.example.org/%s.png", rng.IntN(10), word())
		}
		pairs[i] = relPair{base, ref, Resolve(base, ref)}
	}
	return pairs
}

var relPairs = relMix(4096)

var relSink string

// BenchmarkRelative measures Relative on realistic pairs, next to Resolve
// doing the inverse work on the same links in the same run.
func BenchmarkRelative(b *testing.B) {
	b.Run("Relative", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			p := relPairs[i%len(relPairs)]
			relSink = Relative(p.base, p.target)
		}
	})
	b.Run("Resolve", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			p := relPairs[i%len(relPairs)]
			relSink = Resolve(p.base, p.ref)
		}
	})
}

// BenchmarkAppendRelative measures the same against parsed bases into a
// reused buffer, next to AppendResolve.
func BenchmarkAppendRelative(b *testing.B) {
	parsed := make([]URL, len(relPairs))
	for i, p := range relPairs {
		parsed[i] = Parse(p.base)
	}
	buf := make([]byte, 0, 1024)
	b.Run("AppendRelative", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(relPairs)
			buf = parsed[j].AppendRelative(buf[:0], relPairs[j].target)
		}
	})
	b.Run("AppendResolve", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(relPairs)
			buf = parsed[j].AppendResolve(buf[:0], relPairs[j].ref)
		}
	})
}

// BenchmarkRelativeLong climbs 1 MB of directories in an 8 MB base: the
// time per byte stays flat, Relative being linear.
func BenchmarkRelativeLong(b *testing.B) {
	const n = 8 << 20
	deep := strings.Repeat("x/", n/4)
	base := "http://a/" + deep + strings.Repeat("y/", n/8) + "f"
	target := "http://a/" + deep + "g"
	b.SetBytes(int64(len(base) + len(target)))
	for b.Loop() {
		relSink = Relative(base, target)
	}
}
