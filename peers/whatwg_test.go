package peers

import (
	"testing"

	nlnwa "github.com/nlnwa/whatwg-url/url"

	"github.com/relurl/relurl/internal/benchmix"
	"github.com/relurl/relurl/whatwg"
)

// TestWHATWGAgreesWithNlnwa: on the crawl mix, relurl's WHATWG engine and
// nlnwa/whatwg-url give the same href for every link, so the benchmark
// below compares equal work.
func TestWHATWGAgreesWithNlnwa(t *testing.T) {
	p := nlnwa.NewParser()
	for _, l := range benchmix.CrawlMix(1024) {
		ours, err := whatwg.Resolve(l.Base, l.Ref)
		if err != nil {
			t.Fatalf("Resolve(%q, %q): %v", l.Base, l.Ref, err)
		}
		theirs, err := p.ParseRef(l.Base, l.Ref)
		if err != nil {
			t.Fatalf("nlnwa ParseRef(%q, %q): %v", l.Base, l.Ref, err)
		}
		if ours != theirs.Href(false) {
			t.Errorf("(%q, %q): relurl %q, nlnwa %q", l.Base, l.Ref, ours, theirs.Href(false))
		}
	}
}

// BenchmarkWHATWGVsNlnwa: WHATWG resolution against nlnwa/whatwg-url, CPU
// time ratio in one run, with a parsed base and from strings.
func BenchmarkWHATWGVsNlnwa(b *testing.B) {
	links := benchmix.CrawlMix(1024)
	p := nlnwa.NewParser()
	ours := make([]whatwg.URL, len(links))
	theirs := make([]*nlnwa.Url, len(links))
	for i, l := range links {
		var err error
		if ours[i], err = whatwg.Parse(l.Base); err != nil {
			b.Fatal(err)
		}
		if theirs[i], err = p.Parse(l.Base); err != nil {
			b.Fatal(err)
		}
	}
	buf := make([]byte, 0, 512)
	sink := 0
	b.Run("parsed-base", func(b *testing.B) {
		benchmix.Ratio(b, len(links), func() {
			for i, l := range links {
				buf, _ = whatwg.AppendResolve(buf[:0], &ours[i], l.Ref)
			}
		}, func() {
			for i, l := range links {
				u, _ := p.BasicParser(l.Ref, theirs[i], nil, nlnwa.NoState)
				sink += len(u.Href(false))
			}
		}, "nlnwa")
	})
	b.Run("strings", func(b *testing.B) {
		benchmix.Ratio(b, len(links), func() {
			for _, l := range links {
				s, _ := whatwg.Resolve(l.Base, l.Ref)
				sink += len(s)
			}
		}, func() {
			for _, l := range links {
				u, _ := p.ParseRef(l.Base, l.Ref)
				sink += len(u.Href(false))
			}
		}, "nlnwa")
	})
	_ = sink
}
