package peers

import (
	"testing"

	nlnwacanon "github.com/nlnwa/whatwg-url/canonicalizer"
	nlnwa "github.com/nlnwa/whatwg-url/url"

	"github.com/relurl/relurl/canon"
	"github.com/relurl/relurl/internal/benchmix"
	"github.com/relurl/relurl/whatwg"
)

// crawlURLs is the crawl mix as absolute URLs: each link resolved against
// its page, the strings a crawler canonicalizes.
func crawlURLs(tb testing.TB) []string {
	links := benchmix.CrawlMix(1024)
	urls := make([]string, len(links))
	for i, l := range links {
		s, err := whatwg.Resolve(l.Base, l.Ref)
		if err != nil {
			tb.Fatal(err)
		}
		urls[i] = s
	}
	return urls
}

// canonPeers pairs each canonicalizer with nlnwa/whatwg-url's nearest
// profile.
var canonPeers = []struct {
	ours   *canon.Canonicalizer
	theirs nlnwa.Parser
}{
	{canon.WHATWG, nlnwacanon.WhatWg},
	{canon.Google, nlnwacanon.GoogleSafeBrowsing},
	{canon.Semantic, nlnwacanon.Semantic},
}

// TestCanonAgreesWithNlnwa: on the crawl mix, each canonicalizer gives the
// URL nlnwa/whatwg-url's profile gives, so that the benchmark compares
// equal work.
func TestCanonAgreesWithNlnwa(t *testing.T) {
	for _, p := range canonPeers {
		for _, s := range crawlURLs(t) {
			ours, err := p.ours.Canonicalize(s)
			if err != nil {
				t.Fatalf("%s(%q): %v", p.ours.Name(), s, err)
			}
			u, err := p.theirs.Parse(s)
			if err != nil {
				t.Fatalf("nlnwa %s(%q): %v", p.ours.Name(), s, err)
			}
			if theirs := u.Href(false); ours != theirs {
				t.Errorf("%s(%q): relurl %q, nlnwa %q", p.ours.Name(), s, ours, theirs)
			}
		}
	}
}

// TestURLCanonReadingOnCrawlMix: on the crawl mix, the canonicalizers
// read as urlcanon parses give what nlnwa/whatwg-url's profile gives, as
// the URL Standard reading does, so that the benchmark compares equal
// work for them too.
func TestURLCanonReadingOnCrawlMix(t *testing.T) {
	for _, p := range canonPeers {
		u := canon.URLCanon(p.ours)
		for _, s := range crawlURLs(t) {
			ours, err := u.Canonicalize(s)
			if err != nil {
				t.Fatalf("%s(%q): %v", u.Name(), s, err)
			}
			theirs, err := p.theirs.Parse(s)
			if err != nil {
				t.Fatalf("nlnwa %s(%q): %v", p.ours.Name(), s, err)
			}
			if h := theirs.Href(false); ours != h {
				t.Errorf("%s(%q): relurl %q, nlnwa %q", u.Name(), s, ours, h)
			}
		}
	}
}

// BenchmarkCanonVsNlnwa: canonicalizing from strings against
// nlnwa/whatwg-url's canonicalizer profiles, CPU time ratio in one run on
// the crawl mix (goal: relurl at least 3 times faster, issue 22), in the
// URL Standard reading and read as urlcanon parses (urlcanon.NAME).
func BenchmarkCanonVsNlnwa(b *testing.B) {
	urls := crawlURLs(b)
	for _, p := range canonPeers {
		for _, ours := range []*canon.Canonicalizer{p.ours, canon.URLCanon(p.ours)} {
			b.Run(ours.Name(), func(b *testing.B) { benchCanonVsNlnwa(b, urls, ours, p.theirs) })
		}
	}
}

func benchCanonVsNlnwa(b *testing.B, urls []string, ours *canon.Canonicalizer, theirs nlnwa.Parser) {
	sink := 0
	benchmix.Ratio(b, len(urls), func() {
		for _, s := range urls {
			c, _ := ours.Canonicalize(s)
			sink += len(c)
		}
	}, func() {
		for _, s := range urls {
			u, _ := theirs.Parse(s)
			sink += len(u.Href(false))
		}
	}, "nlnwa")
	_ = sink
}
