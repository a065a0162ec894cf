// Package benchmix holds what every relurl benchmark shares: the crawl mix
// of (base, reference) pairs that the speed goals are stated on, and Ratio,
// the CPU-time ratio measurement that stands up on a busy machine
// (docs/performance.md).
package benchmix

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/cputime"
)

// A Link is one (base, reference) pair of the mix.
type Link struct{ Base, Ref string }

// CrawlMix returns n links as a crawler meets them: a few pages, each
// linking by relative paths, "../" paths, absolute paths, absolute URLs,
// fragments, queries and network-path references, in proportions close to
// those of web pages. The seed is fixed, so every run resolves the same
// links.
func CrawlMix(n int) []Link {
	rng := rand.New(rand.NewPCG(1808, 3986))
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	word := func() string {
		return pick("news", "2024", "about", "products", "img", "css", "js", "blog", "team", "index.html",
			"article-4521.html", "logo.png", "site.css", "app.min.js", "contact", "en", "docs", "v2")
	}
	bases := make([]string, 64)
	for i := range bases {
		bases[i] = fmt.Sprintf("https://%s/%s/%s/%s", pick("www.example.com", "news.example.org", "shop.example.net"),
			word(), word(), pick("index.html", "page.php?id=42", "article-1234.html", "", "list;jsessionid=abc?p=3"))
	}
	links := make([]Link, n)
	for i := range links {
		var ref string
		switch k := rng.IntN(100); {
		case k < 30: // relative path
			ref = word() + "/" + word()
		case k < 40: // "../" path
			ref = "../" + word() + "/" + word()
		case k < 45:
			ref = "../../" + word()
		case k < 50:
			ref = "./" + word()
		case k < 70: // absolute path
			ref = "/" + word() + "/" + word() + "/" + word()
		case k < 82: // absolute URL
			ref = "https://" + pick("cdn.example.com", "www.example.com", "twitter.com") + "/" + word() + "/" + word()
		case k < 88:
			ref = "#" + word()
		case k < 94:
			ref = "?page=" + word()
		case k < 97: // network-path reference
			ref = "//static.example.org/" + word() + "/" + word()
		default: // a path with a query and a fragment
			ref = word() + "?q=" + word() + "#" + word()
		}
		links[i] = Link{bases[rng.IntN(len(bases))], ref}
	}
	return links
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
