package links_test

import (
	"fmt"
	"strings"

	"errors"
	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/whatwg"
)

func ExampleExtract() {
	doc := `<html><head>
<link rel=stylesheet href="style.css">
<base href="../docs/">
</head><body>
<a href="intro.html#start">Intro</a>
<img src="fig.png" srcset="fig-2x.png 2x, /img/fig-3x.png 3x">
<noscript><a href="?js=off">without scripts</a></noscript>
</body></html>`
	// The document was retrieved by this URL (RFC 1808 section 3.3); its
	// BASE element (3.1) is resolved against it.
	outer := base.Retrieved("http://example.org/a/b/page.html")
	links.Extract(strings.NewReader(doc), outer, func(l links.Link) error {
		fmt.Printf("%s@%s\t%s\t%s\t(%s)\n", l.Element, l.Attr, l.Ref, l.URL, l.Base.Source)
		return nil
	})
	// Output:
	// link@href	style.css	http://example.org/a/docs/style.css	(html)
	// a@href	intro.html#start	http://example.org/a/docs/intro.html#start	(html)
	// img@src	fig.png	http://example.org/a/docs/fig.png	(html)
	// img@srcset	fig-2x.png	http://example.org/a/docs/fig-2x.png	(html)
	// img@srcset	/img/fig-3x.png	http://example.org/img/fig-3x.png	(html)
	// a@href	?js=off	http://example.org/a/docs/?js=off	(html)
}

func ExampleExtractor_ExtractBytes() {
	doc := `<a href="/docs/">Docs</a> <a href="news.html?page=2&amp;lang=en">News</a>`
	var x links.Extractor
	var out []byte
	// Each link is written out at once: its bytes need not outlive the
	// call, and nothing is allocated for it.
	x.ExtractBytes(strings.NewReader(doc), base.Retrieved("http://example.org/a/index.html"), func(l *links.LinkBytes) error {
		out = append(out, l.Element+"@"+l.Attr+"\t"...)
		out = append(out, l.Ref...)
		out = append(out, '\t')
		out = append(out, l.URL...)
		out = append(out, '\n')
		return nil
	})
	fmt.Print(string(out))
	// Output:
	// a@href	/docs/	http://example.org/docs/
	// a@href	news.html?page=2&lang=en	http://example.org/a/news.html?page=2&lang=en
}

func ExampleExtractor_spec() {
	// The same document read by RFC 1808 and by RFC 3986, which answer
	// ";x" and "../../../g" differently.
	doc := `<a href=";x"></a> <a href="../../../g"></a>`
	outer := base.Retrieved("http://a/b/c/d;p?q")
	for _, spec := range []relurl.Spec{relurl.RFC1808, relurl.RFC3986} {
		x := links.Extractor{Spec: spec}
		x.Extract(strings.NewReader(doc), outer, func(l links.Link) error {
			fmt.Printf("%v\t%s\t%s\n", spec, l.Ref, l.URL)
			return nil
		})
	}
	// Output:
	// rfc1808	;x	http://a/b/c/d;x
	// rfc1808	../../../g	http://a/../g
	// rfc3986	;x	http://a/b/c/;x
	// rfc3986	../../../g	http://a/g
}

func ExampleLimitError() {
	// A crawler reads untrusted pages: a link longer than Limits.URL is
	// not written (a long data: URL, or a page that multiplies its
	// output), and noscript nested deeper than Limits.Noscript is read as
	// text. Each is a warning; the reading goes on.
	doc := `<a href="data:image/png;base64,` + strings.Repeat("A", 100) + `">` +
		strings.Repeat("<noscript>", 3) + `<a href=hidden>` + strings.Repeat("</noscript>", 3) +
		`<a href="next.html">`
	x := links.Extractor{
		Limits: limits.Limits{URL: 64, Noscript: 2},
		Warn:   func(w error) { fmt.Println("warning:", w) },
	}
	err := x.Extract(strings.NewReader(doc), base.Retrieved("http://example.org/"), func(l links.Link) error {
		fmt.Println(l.URL)
		return nil
	})
	fmt.Println("error:", err)
	// Output:
	// warning: offset 0: a@href link of 122 bytes not written: exceeds the URL limit of 64
	// warning: offset 163: noscript content (15 bytes) read as text, no links from it: nesting exceeds the Noscript limit of 2
	// http://example.org/next.html
	// error: <nil>
}

// Under the URL Standard a reference can fail: the link comes with an
// empty URL and its failure, which errors.Is tells apart; never an empty
// URL alone.
func ExampleLink_err() {
	x := links.Extractor{Spec: relurl.WHATWG}
	doc := `<a href="http://a:99999/">port</a><a href="g">ok</a>`
	x.Extract(strings.NewReader(doc), base.Retrieved("http://h/d/"), func(l links.Link) error {
		fmt.Printf("%q %q %v\n", l.Ref, l.URL, errors.Is(l.Err, whatwg.PortOutOfRange))
		return nil
	})
	// Output:
	// "http://a:99999/" "" true
	// "g" "http://h/d/g" false
}

// Extractor.All gives a document's links to a range loop; breaking out
// stops the reading.
func ExampleExtractor_All() {
	doc := `<a href="/a">A</a> <img src="b.png"> <a href="https://example.com/">ext</a> <a href="/c">C</a>`
	var x links.Extractor
	for l, err := range x.All(strings.NewReader(doc), base.Retrieved("http://example.org/dir/page.html")) {
		if err != nil {
			fmt.Println("error:", err)
			break
		}
		fmt.Println(l.Element, l.URL)
		if relurl.Parse(l.URL).NetLoc() != "example.org" {
			break // the first external link
		}
	}
	// Output:
	// a http://example.org/a
	// img http://example.org/dir/b.png
	// a https://example.com/
}
