// Package benchmix holds what every relurl benchmark shares: the crawl mix
// of (base, reference) pairs that the speed goals are stated on, and Ratio,
// the CPU-time ratio measurement that stands up on a busy machine
// (docs/performance.md).
package benchmix

import (
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/cputime"
)

// A Link is one (base, reference) pair of the mix.
type Link struct{ Base, Ref string }

// CrawlMix returns n (base, reference) pairs shaped like the links of
// crawled pages: bases that are real-looking page URLs (60-100 bytes, one
// of 64), references mostly relative paths and absolute paths, then
// absolute URLs, "../", fragments, queries, network paths and dot
// segments. The seed is fixed, so every run resolves the same links.
func CrawlMix(n int) []Link {
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
	pairs := make([]Link, n)
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
		pairs[i] = Link{bases[rng.IntN(len(bases))], ref}
	}
	return pairs
}

// Rounds is how many times Ratio runs each side in a row: enough for some
// milliseconds, well above the granularity of CPU time accounting.
const Rounds = 20

// Ratio measures a goal stated as a ratio in a way that stands up on a busy
// machine: each iteration runs ours Rounds times, then theirs as many
// times, alternately, and sums the process CPU time of each apart, so that
// time spent waiting for a core counts for neither and a load that slows
// one slows the other alike. perRun is how many operations one call of ours
// or theirs does. It reports the CPU time per operation of each side and
// "x-NAME", how many times faster ours is.
func Ratio(b *testing.B, perRun int, ours, theirs func(), name string) {
	var tOurs, tTheirs time.Duration
	for b.Loop() {
		c0, _ := cputime.Process()
		for range Rounds {
			ours()
		}
		c1, _ := cputime.Process()
		for range Rounds {
			theirs()
		}
		c2, _ := cputime.Process()
		tOurs, tTheirs = tOurs+c1-c0, tTheirs+c2-c1
	}
	n := float64(b.N * Rounds * perRun)
	b.ReportMetric(float64(tOurs.Nanoseconds())/n, "cpu-ns/op")
	b.ReportMetric(float64(tTheirs.Nanoseconds())/n, name+"-cpu-ns/op")
	if tOurs > 0 {
		b.ReportMetric(float64(tTheirs)/float64(tOurs), "x-"+name)
	}
}

// Dataset returns the lines of a gzipped file of URLs, one per line, such
// as ada's datasets in whatwg/testdata/datasets (their origin and licence
// are there): the benchmarks of package whatwg and of the peers module,
// and the differential tests against Node, read them.
func Dataset(tb testing.TB, path string) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}
