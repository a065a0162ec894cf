package links

import (
	"bytes"
	"testing"

	"golang.org/x/net/html"
)

// BenchmarkScanTags measures reading the links of the start tags of the
// generated corpus from their raw bytes alone, without tokenizing or
// resolving: the part of Extract's cost that is per link.
func BenchmarkScanTags(b *testing.B) {
	type tag struct {
		raw  []byte
		n    int
		spec *elemSpec
	}
	var tags []tag
	var nbuf [maxName]byte
	for _, d := range generatedSite(300) {
		z := html.NewTokenizer(bytes.NewReader(d.body))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			raw := bytes.Clone(z.Raw())
			name := rawTagName(raw, &nbuf)
			if spec := lookup(name); spec != nil {
				tags = append(tags, tag{raw, len(name), spec})
			}
		}
	}
	var x Extractor
	x.final = true
	n := 0
	x.fnBytes = func(l *LinkBytes) error { n += len(l.URL); return nil }
	// No base: resolution is a copy.
	c0, _ := cpuTime()
	for b.Loop() {
		for _, t := range tags {
			x.attrs(nil, t.spec, t.raw, t.n)
		}
	}
	c1, _ := cpuTime()
	b.ReportMetric(float64((c1-c0).Nanoseconds())/float64(b.N*len(tags)), "cpu-ns/tag")
}
