package links

import (
	"bytes"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/cputime"
	"golang.org/x/net/html"
)

// The speed goals, against x/net/html's Tokenizer merely tokenizing the
// same bytes (reading every token and nothing else): ExtractBytes, which
// the links command uses, extracts and resolves the links at least 2.5
// times as fast (issue 14: the scanner); Extract, which makes strings of
// every link, at least 0.80 times. The benchmarks below run them over the
// same corpora in one run; BenchmarkRatio reports the ratios.

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

// extractBytes extracts and resolves every link with ExtractBytes, as
// the links command does: nothing is kept.
func extractBytes(x *Extractor, d corpusDoc, n *int) {
	err := x.ExtractBytes(bytes.NewReader(d.body), base.Retrieved(d.url), func(l *LinkBytes) error {
		*n += len(l.URL)
		return nil
	})
	if err != nil {
		panic(err)
	}
}

func corpora(b *testing.B) map[string][]corpusDoc {
	c := map[string][]corpusDoc{"generated": generatedSite(300), "nodejs-sample": sampleDocs(b)}
	if g := gorootDocs(); len(g) > 0 {
		c["goroot-doc"] = g
	} else {
		b.Logf("no $GOROOT/doc/*.html: only the generated corpus is measured")
	}
	if n := nodejsDocs(); len(n) > 0 {
		c["nodejs-api"] = n
	} else {
		b.Logf("no /usr/share/doc/nodejs/api (apt-get install nodejs): that corpus is not measured")
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

func BenchmarkExtract(b *testing.B)      { benchExtract(b, extractAll) }
func BenchmarkExtractBytes(b *testing.B) { benchExtract(b, extractBytes) }

// BenchmarkExtractContext: ExtractBytes with Extractor.Context.
func BenchmarkExtractContext(b *testing.B) {
	benchExtract(b, func(x *Extractor, d corpusDoc, n *int) {
		x.Context = true
		extractBytes(x, d, n)
	})
}

// benchExtract measures extract over each corpus.
func benchExtract(b *testing.B, extract func(*Extractor, corpusDoc, *int)) {
	for name, docs := range corpora(b) {
		b.Run(name, func(b *testing.B) {
			var x Extractor
			var n int
			b.SetBytes(corpusSize(docs))
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range docs {
					extract(&x, d, &n)
				}
			}
		})
	}
}

// BenchmarkRatio runs the tokenizer, Extract, ExtractBytes and the
// reference reading (ExtractBytes by the Tokenizer) over each corpus in
// turn (the order rotating from round to round) and reports the
// throughput of each extraction as a multiple of the tokenizer's: "ratio"
// for Extract (Link strings: the goal is at least 0.80), "bytes-ratio" for
// ExtractBytes (no allocation per link: what the links command uses; the
// goal is at least 2.5 on the link-dense Node.js pages) and
// "reference-ratio" for the reference, from the process CPU time each used
// in total, garbage collection included, which other processes on a
// shared machine do not inflate; "wall-ratio" and "bytes-wall-ratio" from
// the fastest wall-clock round of each. Also each one's MB/s (CPU time)
// and the corpus' bytes per link.
func BenchmarkRatio(b *testing.B) {
	for name, docs := range corpora(b) {
		b.Run(name, func(b *testing.B) {
			var x Extractor
			ref := Extractor{ref: true}
			ctx := Extractor{Context: true}
			var n, links int
			for _, d := range docs {
				x.Extract(bytes.NewReader(d.body), base.Retrieved(d.url), func(Link) error { links++; return nil })
			}
			size := corpusSize(docs)
			all := func(extract func(d corpusDoc)) *cputime.Contender {
				return &cputime.Contender{Run: func() {
					for _, d := range docs {
						extract(d)
					}
				}}
			}
			cs := []*cputime.Contender{
				all(func(d corpusDoc) { tokenizeOnly(d.body) }),
				all(func(d corpusDoc) { extractAll(&x, d, &n) }),
				all(func(d corpusDoc) { extractBytes(&x, d, &n) }),
				all(func(d corpusDoc) { extractBytes(&ref, d, &n) }),
				all(func(d corpusDoc) { extractBytes(&ctx, d, &n) }),
			}
			rounds := cputime.Alternate(b, cputime.Leave, cs...)
			tok, ext, exb, exr, exc := cs[0], cs[1], cs[2], cs[3], cs[4]
			mb := float64(size) / 1e6
			if _, ok := cputime.Process(); ok && ext.CPU > 0 && exb.CPU > 0 {
				b.ReportMetric(mb*float64(rounds)/tok.CPU.Seconds(), "tokenize-MB/s")
				b.ReportMetric(mb*float64(rounds)/ext.CPU.Seconds(), "extract-MB/s")
				b.ReportMetric(mb*float64(rounds)/exb.CPU.Seconds(), "bytes-MB/s")
				b.ReportMetric(tok.CPU.Seconds()/ext.CPU.Seconds(), "ratio")
				b.ReportMetric(tok.CPU.Seconds()/exb.CPU.Seconds(), "bytes-ratio")
				b.ReportMetric(tok.CPU.Seconds()/exr.CPU.Seconds(), "reference-ratio")
				// What Extractor.Context costs, in CPU, over ExtractBytes.
				b.ReportMetric(100*(exc.CPU.Seconds()/exb.CPU.Seconds()-1), "context-cost-%")
			}
			b.ReportMetric(tok.BestWall.Seconds()/ext.BestWall.Seconds(), "wall-ratio")
			b.ReportMetric(tok.BestWall.Seconds()/exb.BestWall.Seconds(), "bytes-wall-ratio")
			b.ReportMetric(float64(size)/float64(links), "bytes/link")
		})
	}
}

// BenchmarkEncodingCost measures what finding a document's encoding costs
// under relurl.WHATWG (Extractor.Charset) on UTF-8 pages: ExtractBytes
// with no charset given, which looks for a <meta> declaration in the
// first 1024 bytes (the prescan, or its shortcut), against the same with
// the charset "utf-8" given, as by an HTTP header, which looks at nothing.
// The two alternate in one run; "encoding-cost-%" is the difference in
// process CPU time (the goal: about zero).
func BenchmarkEncodingCost(b *testing.B) {
	for name, docs := range corpora(b) {
		b.Run(name, func(b *testing.B) {
			var n int
			run := func(x *Extractor) *cputime.Contender {
				return &cputime.Contender{Run: func() {
					for _, d := range docs {
						extractBytes(x, d, &n)
					}
				}}
			}
			sniff := run(&Extractor{Spec: relurl.WHATWG})
			given := run(&Extractor{Spec: relurl.WHATWG, Charset: "utf-8"})
			cputime.Alternate(b, cputime.Leave, sniff, given)
			if _, ok := cputime.Process(); ok && given.CPU > 0 {
				b.ReportMetric(100*(sniff.CPU.Seconds()/given.CPU.Seconds()-1), "encoding-cost-%")
			}
		})
	}
}
