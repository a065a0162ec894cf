package links

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/growth"
	"github.com/relurl/relurl/limits"
)

// The differential tests: the scanner (Extract, ExtractBytes) finds
// exactly the links of the reference reading by x/net/html's Tokenizer,
// with the same bases, in the same order, with the same warnings and
// errors.

// reading returns, one line each, the links, warnings and error of doc
// read by x through the reader that wrap makes.
func reading(x *Extractor, doc string, outer base.Base, wrap func(io.Reader) io.Reader) string {
	var b strings.Builder
	x.Warn = func(w error) { fmt.Fprintf(&b, "warning %v\n", w) }
	err := x.ExtractBytes(wrap(strings.NewReader(doc)), outer, func(l *LinkBytes) error {
		fmt.Fprintf(&b, "%s@%s %q %q [%q %s]", l.Element, l.Attr, l.Ref, l.URL, l.Base.URL, l.Base.Source)
		if x.Context {
			// The context columns, the anchor text's included, are
			// judged as the links are.
			fmt.Fprintf(&b, " text=%q rel=%q title=%q", l.Text, l.Rel, l.Title)
		}
		b.WriteByte('\n')
		return nil
	})
	fmt.Fprintf(&b, "error %v\n", err)
	return b.String()
}

func same(r io.Reader) io.Reader { return r }

// differ reports how the scanner's reading of doc differs from the
// reference's, through readers that return one byte or half the bytes
// asked at a time too, or "": by default, and with the context and the
// lazy-loading attributes.
func differ(doc string, outer base.Base, spec relurl.Spec, lim limits.Limits) string {
	for _, ctx := range []bool{false, true} {
		ref := Extractor{Spec: spec, Limits: lim, ref: true, Context: ctx, Lazy: ctx}
		want := reading(&ref, doc, outer, same)
		for _, wrap := range []func(io.Reader) io.Reader{same, iotest.HalfReader, iotest.OneByteReader, iotest.DataErrReader} {
			x := Extractor{Spec: spec, Limits: lim, Context: ctx, Lazy: ctx}
			if got := reading(&x, doc, outer, wrap); got != want && !tokenLimitPrefix(got, want) {
				return fmt.Sprintf("context %v: scanner:\n%sreference:\n%s", ctx, got, want)
			}
		}
	}
	return ""
}

// tokenLimitPrefix reports whether two readings differ only as they may
// where a token comes within a few bytes of the Token limit: the Tokenizer
// counts the bytes it looks ahead (up to "</script>" after a script's
// raw text) and the scanner does not, so that one may stop at the token
// with a *LimitError where the other goes on. The links before are the
// same.
//
// Each reading is cut at its first line that names the Token limit (the
// error, or the warning that links held for the head's end exceed it,
// which the Tokenizer may give for a token the scanner never holds). The
// length a Noscript-limit warning gives is not compared either: the
// Tokenizer's lookahead is in it too (an end tag left open at the end of
// the input: 18 bytes of noscript text for the Tokenizer, 8 for the
// scanner, which stops at the "</").
func tokenLimitPrefix(got, want string) bool {
	if !strings.Contains(got+want, "Token limit") {
		return false
	}
	g, w := beforeTokenLimit(got), beforeTokenLimit(want)
	g, w = noscriptLength.ReplaceAllString(g, "noscript content (N bytes)"), noscriptLength.ReplaceAllString(w, "noscript content (N bytes)")
	return strings.HasPrefix(g, w) || strings.HasPrefix(w, g)
}

var noscriptLength = regexp.MustCompile(`noscript content \(\d+ bytes\)`)

// beforeTokenLimit returns the lines of a reading before the first that
// names the Token limit, or before its last line (the error) if none does.
func beforeTokenLimit(r string) string {
	if i := strings.Index(r, "Token limit"); i >= 0 {
		return r[:strings.LastIndex(r[:i], "\n")+1]
	}
	return r[:strings.LastIndex(r[:len(r)-1], "\n")+1]
}

// tinyBuffer makes the scanner start with a buffer of n bytes for the
// duration of a test, so that tokens cross refills.
func tinyBuffer(t testing.TB, n int) {
	old := minScanBuf
	minScanBuf = n
	t.Cleanup(func() { minScanBuf = old })
}

// trickyHTML holds documents where the two readings could part: each
// rule of the tokenizer that decides where a token ends or whether a
// link is seen.
var trickyHTML = []string{
	`<a href=x>`, `<a href="x>y">`, `<a href='x>y'>`, `<a title=">" href=x>`, `<a title='"' href=x>`,
	`<a href=x/>`, `<a/href=x>`, `<a =href=x>`, `<a ==x href=y>`, `<a href = "x" >`, "<a\thref\n=\fx>",
	`<a href=x href=y>`, `<A HREF=X HrEf=Y>`, `<a href="a&amp;b&lt;c&#65;&#x42;&notin;&ampx">`,
	"<a href=\"x\x00y\r\nz\rw\">", `<a href=&amp>`, `<a href=&amp;&amp;>`,
	`<a href="unclosed>`, `<a href=x`, `<a`, `<`, `</`, `<!`, `<!-`, `<!--`, `<?`, `<a href=x><`,
	`<!-- <a href=c> --><a href=d>`, `<!--> <a href=e>`, `<!---> <a href=f>`, `<!----> <a href=g>`,
	`<!-- --!> <a href=h> -->`, `<!-- --!-> <a href=i> -->`, `<!-- --!x> <a href=j> -->`, `<!-- -- > <a href=k> -->`,
	`<!--x--!`, `<!--x--`, `<!--x-`, `<!doctype html><a href=l>`, `<!DOCTYPE`, `<!DOC><a href=m>`, `<!><a href=n>`,
	`<![CDATA[<a href=o>]]><a href=p>`, `<?xml <a href=q>?><a href=r>`, `</><a href=s>`, `</ a href=t><a href=u>`,
	`</a title=">" ><a href=v>`, `</3><a href=w>`, `a < b <a href=x> c <<a href=y>`, `<<<a href=z>`,
	`<script><a href=1></script><a href=2>`, `<script>"</scriptx><a href=3>"</script><a href=4>`,
	`<script><!-- <a href=5> </script><a href=6>`, `<script><!-- <script> </script> <a href=7> --> </script><a href=8>`,
	`<script><!--<script></script><a href=9>--></script><a href=10>`, `<script><!-- --> </script><a href=11>`,
	`<script><!-- <script </script> </script><a href=12>`, `<script><!-- <scriptx> </script><a href=13>`,
	`<script><!-- <s </script><a href=14>`, `<script><!-- < </script><a href=15>`, `<script><!-- -<a href=16> </script>`,
	`<script><!--<script>--></script><a href=17></script><a href=18>`, `<SCRIPT>x</ScRiPt ><a href=19>`,
	`<script>x</script/><a href=20>`, `<script/><a href=21></script><a href=22>`, `<script>`, `<script><!--`,
	`<script><!--<script>`, `<script><!--<script>-`, `<script></scr`, `<script>a</script`,
	`<style><a href=23></style ><a href=24>`, `<xmp><a href=25></xmp><a href=26>`, `<iframe src=27><a href=28></iframe><a href=29>`,
	`<noembed><a href=30></noembed><a href=31>`, `<noframes><a href=32></noframes><a href=33>`,
	`<title><a href=34></title><a href=35>`, `<textarea><a href=36></textarea><a href=37>`, `<plaintext><a href=38></plaintext><a href=39>`,
	`<title></titlex><a href=40></title>`, `<title></title`, `<noscript><a href=41></noscript><a href=42>`,
	`<noscript><a href=43>`, `<noscript><noscript><a href=44></noscript><a href=45></noscript><a href=46>`,
	`<noscript><script><a href=47></noscript><a href=48>`, `<noscript><base href=http://no/></noscript><a href=49>`,
	`<noscript></noscript><a href=50>`, `<noscript/><a href=51>`, `<noscript><!--</noscript>--><a href=52>`,
	`<link href=a><base href="http://b/"><a href=c>`, `<base href="x"><base href="y"><a href=c>`,
	`<base><base target=t><base href=z><a href=c>`, `<head><link href=a></head><base href="http://no/"><a href=b>`,
	`<link href=a>text<base href="http://no/">`, `<link href=a> <base href="http://yes/">`,
	"\xef\xbb\xbf<link href=a><base href=\"http://bom/\">", "\xef\xbb\xbf <base href=\"http://bom/\"><a href=x>",
	`<title>t</title><style>s</style><script>x</script><noscript>n</noscript><base href="http://late/"><a href=x>`,
	`<div><base href="http://no/"><a href=x>`, `<br><base href="http://no/">`, `</br><base href="http://no/">`,
	`</p><base href="http://yes/"><a href=x>`, `<template><base href="http://no/"></template><a href=x>`,
	`<template><div>t</div></template><base href="http://yes/"><a href=x>`, `<template></head><base href=http://no/></template><base href=http://yes/><a href=x>`,
	`<base href="http://b/" href="http://c/"><a href=x>`, `<BASE HREF=" http://sp/ "><a href=x>`, `<base href=&#104;ttp://e/><a href=x>`,
	`<img srcset="a 1x, b 2x" src=c longdesc=d>`, `<img srcset=",,a,,b (1,2) , c 3x">`, `<img srcset="">`,
	`<source srcset="x&amp;y 1x">`, `<a name=n>`, `<div href=x>`, `<video src=v poster=p>`, `<html manifest=m><body background=b>`,
	"<a href=\" \t\nx\f \">", `<a href="">`, `<a href>`, `<a href=>`, `<a href="`,
	`<a href=x><a href=x><a href=x>`, strings.Repeat("<noscript>", 12) + "<a href=deep>" + strings.Repeat("</noscript>", 12) + "<a href=after>",
	`<a href=x><ùnicode href=y><a href=z>`, "<a\x00 href=x>", "<a href\x00=x>", "<\x00a href=x>",
	// The sources of issue 21: CSS in style elements and attributes,
	// refresh, the pre-HTML5 attributes and codebase, SVG, imagesrcset,
	// lazy loading.
	`<style>@import "i.css"; @import url(j.css); a{background:url( "k" )} b{x:url(l)}/* url(no) */</style>`,
	`<style>a{background:URL(m\29 n)} b{c:u\72l(o)} d{e:"url(no)"} f{g:1url(no)} h{i:-url(no)}</style>`,
	`<style>a{b:url(p`, `<style>a{b:url("q`, `<style>@import 'r`, `<STYLE>x</style ><style>url(s)</style>`,
	`<div style="background:url(t)"><P STYLE='list-style: url(&quot;u&quot;)'><x-y style=c:url(v)>`,
	`<span style="a:url&lpar;w)">`, `<span style="a:url(x) url(y)" style="url(no)">`, `<my-very-long-element-name style=a:url(z)>`,
	`<meta http-equiv=refresh content="5; url=r1">`, `<meta content="0;URL='r2'" http-equiv="REFRESH">`,
	`<meta http-equiv=refresh content="5">`, `<meta http-equiv=refresh content="x; url=no">`, `<meta http-equiv=refresh content=".5,r3">`,
	`<meta http-equiv=refresh content="1 ; url = &quot;r4&quot; x">`, `<meta http-equiv=refresh content="1; ux">`, `<meta content="1;url=no">`,
	`<meta http-equiv=" refresh" content="1;url=no">`, `<meta http-equiv=refresh content="1;urlr5">`,
	`<img lowsrc=l1 dynsrc=d1 src=s1><table background=t1><tr><td background=t2><th background=t3>`,
	`<applet codebase="cb/" code="A.class" archive="a.jar, b.jar"></applet>`, `<applet code=A.class archive=c.jar>`,
	`<object codebase="http://other/o/" classid="clsid:x" data="d.swf" archive="e.jar  f.jar"></object>`,
	`<object data=d codebase=../up/>`, `<link href=h><base href="http://b/"><object codebase=c/ data=d>`,
	`<svg><image href=i1 xlink:href=i2 /><use xlink:href="#u"/><feImage href=f1 /><a xlink:href=x1>t</a><script href=s2 /></svg>`,
	`<link rel=preload as=image imagesrcset="p1 1x, p2 2x" href=p0 title="T">`,
	`<img data-src=ds1 data-srcset="ds2 1x, ds3 2x" src=s data-original=ds4><iframe data-src=ds5><video data-poster=dp>`,
	// The context: anchor text across tags, references, white space,
	// raw text left out, nested and unclosed anchors, noscript.
	`<a href=a1 rel="next nofollow" title="The &amp; title">  Some <b>bold</b>&amp;
	 <i>text</i>&#32; </a>`, `<a href=a2>one<a href=a3>two</a>three</a>`, `<a href=a4>x<script>no</script>y<style>z{}</style>w`,
	`<a href=a5><img src=i alt=no>in<!-- no -->side</a>`, `<a href=a6>&am<!---->p;&amp</a>`, `<a href=a7>a < b <c</a>`,
	`<a href=a8><noscript><a href=a9>ns</a></noscript>after</a>`, `<a href=a10>` + strings.Repeat("x ", 100) + `</a>`,
	`<a href=a11>` + strings.Repeat("é", 200), `<link href=l rel=stylesheet><a href=a12>head text<base href="http://no/">`,
	`<a href=a13 style="background:url(st)">t</a>`, `<area href=ar rel=r title=t><a name=n>text</a><a href=a14></a >`,
	"<a href=a15>\x00nul&#0;\r\ncr</a>", `<a href=a16>&notin;&notit;&NotEqualTilde;&#x1F600;</a>`,
}

func TestScannerTricky(t *testing.T) {
	outer := base.Retrieved("http://r/d/p")
	for _, size := range []int{minScanBuf, 1} {
		tinyBuffer(t, size)
		for _, doc := range trickyHTML {
			// Alone, after text (so that a token starts mid-buffer) and
			// followed by a link, which must be found or not alike.
			for _, d := range []string{doc, "text " + doc, doc + `<a href=next>`, `<link href=held>` + doc} {
				if diff := differ(d, outer, relurl.RFC1808, limits.Limits{}); diff != "" {
					t.Errorf("buffer %d: %q:\n%s", size, d, diff)
				}
			}
		}
	}
}

// corpusFiles returns the HTML documents of the repository: the Node.js
// pages of testdata, Roy Fielding's test pages, the command's web page,
// and generated pages.
func corpusFiles(t testing.TB) []corpusDoc {
	docs := sampleDocs(t)
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "conformance", "roytest*.html"))
	if len(files) == 0 {
		t.Fatal("no testdata/conformance/roytest*.html")
	}
	// The command's web page (relurl serve).
	files = append(files, filepath.Join("..", "cmd", "relurl", "web", "index.html"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, corpusDoc{url: "file:///" + filepath.Base(f), body: b})
	}
	return append(docs, generatedSite(100)...)
}

func TestScannerCorpora(t *testing.T) {
	// Every corpus in the repository, and those of the benchmarks when
	// installed, under each specification; with a small buffer too, so
	// that every document is read in many refills.
	docs := append(corpusFiles(t), gorootDocs()...)
	docs = append(docs, nodejsDocs()...)
	n := 0
	for _, size := range []int{minScanBuf, 4096} {
		tinyBuffer(t, size)
		for _, d := range docs {
			for _, spec := range []relurl.Spec{relurl.RFC1808, relurl.RFC3986} {
				ref := Extractor{Spec: spec, ref: true}
				want := reading(&ref, string(d.body), base.Retrieved(d.url), same)
				x := Extractor{Spec: spec}
				if got := reading(&x, string(d.body), base.Retrieved(d.url), same); got != want {
					t.Errorf("%s (buffer %d, %v): the readings differ:\n%s", d.url, size, spec, firstDiff(got, want))
				}
				n += strings.Count(want, "\n")
			}
		}
	}
	if n < 20000 {
		t.Errorf("only %d links compared", n)
	}
}

// firstDiff shows the first line where two readings differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\nscanner   %s\nreference %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("scanner %d lines, reference %d", len(g), len(w))
}

func TestScannerRandom(t *testing.T) {
	// Random documents made of the pieces where the readings could part,
	// with a tiny buffer and low limits so that refills, the Token limit
	// (on tags, comments, raw text: not on text between tags, which the
	// scanner never holds) and the Noscript and URL limits are met.
	rng := rand.New(rand.NewPCG(11, 14))
	pieces := []string{"<", ">", "/", "=", "\"", "'", " ", "\n", "-", "!", "?", "a", "href", "src", "x", "&amp;", "&lt;", "&#",
		"<a ", "<img ", "<base ", "<link ", "</", "<!--", "-->", "--!>", "<!", "<?", "<script>", "</script>", "<!--<script>",
		"<noscript>", "</noscript>", "<title>", "</title>", "<style>", "</style", "<head>", "</head>", "<body>", "srcset=",
		"\x00", "\r", "\xef\xbb\xbf", "http://h/", "../", "#f"}
	lim := limits.Limits{Token: 200, Noscript: 2, URL: 40}
	tinyBuffer(t, 8)
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		doc := b.String()
		if len(doc) >= lim.Token {
			// It may hold text longer than the limit, which the
			// Tokenizer holds (and fails on) and the scanner does not.
			continue
		}
		if diff := differ(doc, base.Retrieved("http://r/d/p"), relurl.RFC1808, lim); diff != "" {
			t.Fatalf("%q:\n%s", doc, diff)
		}
	}
}

func TestScannerLinear(t *testing.T) {
	// Inputs that make a scanner read again or look far: twice the input
	// costs at most about twice as much (internal/growth).
	inputs := map[string]func(n int) string{
		"nested noscript": func(n int) string { return strings.Repeat("<noscript><a href=x>", n/20) },
		"unclosed tag":    func(n int) string { return "<a href=x title=\"" + strings.Repeat("<a ", n/3) },
		"unclosed comment": func(n int) string {
			return "<!--" + strings.Repeat("-!-", n/3)
		},
		"script escapes": func(n int) string {
			return "<script>" + strings.Repeat("<!--<script></scrip -->", n/23)
		},
		"title near misses": func(n int) string { return "<title>" + strings.Repeat("</titl</title", n/13) },
		"less-than signs":   func(n int) string { return strings.Repeat("<<</<!<?>", n/9) },
	}
	for name, gen := range inputs {
		growth.Linear(t, name, 2<<20, func(n int) func() {
			doc := gen(n)
			return func() {
				x := Extractor{Limits: limits.Limits{Token: 64 << 20}}
				x.Extract(iotest.HalfReader(strings.NewReader(doc)), base.Base{}, func(Link) error { return nil })
			}
		})
	}
}
