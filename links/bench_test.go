package links

import (
	"bytes"
	"testing"
	"time"

	"github.com/relurl/relurl/base"
	"golang.org/x/net/html"
)

// The speed goal: extracting and resolving links runs at no less than 80%
// of the throughput of x/net/html's Tokenizer merely tokenizing the same
// bytes. The benchmarks below run both over the same corpora in one run;
// BenchmarkRatio reports extract/tokenize throughput as "ratio".

// tokenizeOnly is the peer: the Tokenizer reading every token and nothing
// else.
func tokenizeOnly(body []byte) {
	z := html.NewTokenizer(bytes.NewReader(body))
	for z.Next() != html.ErrorToken {
	}
}

// extractAll extracts and resolves every link, as the links command does.
func extractAll(x *Extractor, d corpusDoc, n *int) {
	err := x.Extract(bytes.NewReader(d.body), base.Retrieved(d.url), func(l Link) error {
		*n += len(l.URL)
		return nil
	})
	if err != nil {
		panic(err)
	}
}

func corpora(b *testing.B) map[string][]corpusDoc {
	c := map[string][]corpusDoc{"generated": generatedSite(300)}
	if g := gorootDocs(); len(g) > 0 {
		c["goroot-doc"] = g
	} else {
		b.Logf("no $GOROOT/doc/*.html: only the generated corpus is measured")
	}
	return c
}

func BenchmarkTokenize(b *testing.B) {
	for name, docs := range corpora(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(corpusSize(docs))
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range docs {
					tokenizeOnly(d.body)
				}
			}
		})
	}
}

func BenchmarkExtract(b *testing.B) {
	for name, docs := range corpora(b) {
		b.Run(name, func(b *testing.B) {
			var x Extractor
			var n int
			b.SetBytes(corpusSize(docs))
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range docs {
					extractAll(&x, d, &n)
				}
			}
		})
	}
}

// BenchmarkRatio times the two over each corpus in alternation and
// reports the extract throughput as a fraction of the tokenizer's
// ("ratio"; the goal is at least 0.80), with each one's MB/s. Each figure
// is the fastest of the rounds: on a machine shared with other work the
// fastest round is the one least disturbed, and alternating the two in one
// loop (in both orders) exposes them to the same conditions.
func BenchmarkRatio(b *testing.B) {
	for name, docs := range corpora(b) {
		b.Run(name, func(b *testing.B) {
			var x Extractor
			var n, links int
			for _, d := range docs {
				x.Extract(bytes.NewReader(d.body), base.Retrieved(d.url), func(Link) error { links++; return nil })
			}
			size := corpusSize(docs)
			tok := func() {
				for _, d := range docs {
					tokenizeOnly(d.body)
				}
			}
			ext := func() {
				for _, d := range docs {
					extractAll(&x, d, &n)
				}
			}
			timed := func(f func()) time.Duration {
				t0 := time.Now()
				f()
				return time.Since(t0)
			}
			var minTok, minExt time.Duration = 1<<63 - 1, 1<<63 - 1
			i := 0
			for b.Loop() {
				var tt, te time.Duration
				if i%2 == 0 {
					tt, te = timed(tok), timed(ext)
				} else {
					te, tt = timed(ext), timed(tok)
				}
				minTok, minExt = min(minTok, tt), min(minExt, te)
				i++
			}
			mb := float64(size) / 1e6
			b.ReportMetric(mb/minTok.Seconds(), "tokenize-MB/s")
			b.ReportMetric(mb/minExt.Seconds(), "extract-MB/s")
			b.ReportMetric(minTok.Seconds()/minExt.Seconds(), "ratio")
			b.ReportMetric(float64(size)/float64(links), "bytes/link")
		})
	}
}
