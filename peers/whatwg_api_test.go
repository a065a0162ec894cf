package peers

import (
	"testing"

	nlnwa "github.com/nlnwa/whatwg-url/url"

	"github.com/relurl/relurl/internal/benchmix"
	"github.com/relurl/relurl/whatwg"
)

// readDataset returns the lines of one of ada's datasets, kept gzipped in
// the whatwg package's testdata.
func readDataset(tb testing.TB, name string) []string {
	return benchmix.Dataset(tb, "../whatwg/testdata/datasets/"+name+".txt.gz")
}

// BenchmarkParseVsNlnwa: parsing every line of ada's datasets as an
// absolute URL, whatwg.Parse against nlnwa/whatwg-url's Parse, CPU time
// ratio in one run (x-nlnwa is how many times faster whatwg is).
func BenchmarkParseVsNlnwa(b *testing.B) {
	p := nlnwa.NewParser()
	for _, name := range []string{"kasztp", "node_files"} {
		lines := readDataset(b, name)
		sink := 0
		b.Run(name, func(b *testing.B) {
			benchmix.Ratio(b, len(lines), func() {
				for _, l := range lines {
					u, _ := whatwg.Parse(l)
					sink += len(u.Href())
				}
			}, func() {
				for _, l := range lines {
					if u, err := p.Parse(l); err == nil {
						sink += len(u.Href(false))
					}
				}
			}, "nlnwa")
		})
		_ = sink
	}
}

// BenchmarkSettersVsNlnwa: each setter on the crawl mix's bases (a host, a
// port, a path, a query, a fragment), whatwg's returning a new URL against
// nlnwa's changing one in place (a fresh parse each time on both sides, as
// a URL value cannot be changed in place).
func BenchmarkSettersVsNlnwa(b *testing.B) {
	links := benchmix.CrawlMix(256)
	p := nlnwa.NewParser()
	sink := 0
	b.Run("host-port-path-search-hash", func(b *testing.B) {
		benchmix.Ratio(b, len(links), func() {
			for _, l := range links {
				u, _ := whatwg.Parse(l.Base)
				u = u.SetHost("example.net:8080").SetPathname("/a b/c").SetSearch("q=1&r=2").SetHash("top")
				sink += len(u.Href())
			}
		}, func() {
			for _, l := range links {
				u, _ := p.Parse(l.Base)
				u.SetHost("example.net:8080")
				u.SetPathname("/a b/c")
				u.SetSearch("q=1&r=2")
				u.SetHash("top")
				sink += len(u.Href(false))
			}
		}, "nlnwa")
	})
	_ = sink
}

// BenchmarkSearchParamsVsNlnwa: URLSearchParams on a query of eight pairs:
// parse, get, set, delete, append, sort and serialize, kept in step with
// the URL.
func BenchmarkSearchParamsVsNlnwa(b *testing.B) {
	const href = "https://example.org/search?q=caf%C3%A9&page=2&sort=date&tag=a&tag=b&lang=en&x=%20y&z"
	p := nlnwa.NewParser()
	sink := 0
	b.Run("mutate", func(b *testing.B) {
		benchmix.Ratio(b, 64, func() {
			for range 64 {
				u := whatwg.MustParse(href)
				s := u.SearchParams()
				v, _ := s.Get("page")
				s.Set("page", v+"0")
				s.Delete("tag")
				s.Append("n", "v w")
				s.Sort()
				sink += len(u.Href())
			}
		}, func() {
			for range 64 {
				u, _ := p.Parse(href)
				s := u.SearchParams()
				v := s.Get("page")
				s.Set("page", v+"0")
				s.Delete("tag")
				s.Append("n", "v w")
				s.Sort()
				sink += len(u.Href(false))
			}
		}, "nlnwa")
	})
	_ = sink
}

// TestSetterAndParamsAgreeWithNlnwa: the work the benchmarks compare gives
// the same hrefs on both sides.
func TestSetterAndParamsAgreeWithNlnwa(t *testing.T) {
	p := nlnwa.NewParser()
	for _, l := range benchmix.CrawlMix(64) {
		u, _ := whatwg.Parse(l.Base)
		u = u.SetHost("example.net:8080").SetPathname("/a b/c").SetSearch("q=1&r=2").SetHash("top")
		v, _ := p.Parse(l.Base)
		v.SetHost("example.net:8080")
		v.SetPathname("/a b/c")
		v.SetSearch("q=1&r=2")
		v.SetHash("top")
		if u.Href() != v.Href(false) {
			t.Errorf("setters on %q: whatwg %q, nlnwa %q", l.Base, u.Href(), v.Href(false))
		}
	}
}
