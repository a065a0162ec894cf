package links_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/textproto"
	"strings"

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

// CSS in a <style> element and in a style attribute gives links:
// style@import for the string or url() after @import, style@url for a
// url(), ELEMENT@style for a style attribute; a comment holds none.
func ExampleExtract_css() {
	doc := `<style>
@import "reset.css";
@import url(print.css) print;
/* body { background: url(old.png) } */
p { background: url('img/p.png') }
</style>
<div style="background: url(bg.png)">text</div>`
	links.Extract(strings.NewReader(doc), base.Retrieved("http://example.org/dir/page.html"), func(l links.Link) error {
		fmt.Println(l.Element+"@"+l.Attr, l.Ref, l.URL)
		return nil
	})
	// Output:
	// style@import reset.css http://example.org/dir/reset.css
	// style@import print.css http://example.org/dir/print.css
	// style@url img/p.png http://example.org/dir/img/p.png
	// div@style bg.png http://example.org/dir/bg.png
}

// The content of <meta http-equiv="refresh"> is a link (meta@content) when
// it has a URL part, read as the HTML Standard's shared declarative refresh
// steps read it: quotes around the URL go; a delay alone is no link.
func ExampleExtract_refresh() {
	for _, content := range []string{"5", "0; URL='/moved'", "3;url=next.html"} {
		doc := `<meta http-equiv="Refresh" content="` + content + `">`
		fmt.Printf("%q:", content)
		links.Extract(strings.NewReader(doc), base.Retrieved("http://example.org/dir/page.html"), func(l links.Link) error {
			fmt.Print(" ", l.Element+"@"+l.Attr, " ", l.Ref, " ", l.URL)
			return nil
		})
		fmt.Println()
	}
	// Output:
	// "5":
	// "0; URL='/moved'": meta@content /moved http://example.org/moved
	// "3;url=next.html": meta@content next.html http://example.org/dir/next.html
}

// The attributes of HTML 4.01 that HTML5 dropped are read too; the classid,
// data and archive of an <object> (a space-separated list, each item a link)
// are resolved against its codebase, which is then the link's base.
func ExampleExtract_object() {
	doc := `<body background="bg.gif">
<table><tr><td background="cell.gif"><img src="hi.jpg" lowsrc="lo.jpg"></td></tr></table>
<object codebase="applets/" classid="Clock.class" data="clock.dat" archive="clock.jar lib.jar"></object>`
	links.Extract(strings.NewReader(doc), base.Retrieved("http://example.org/dir/page.html"), func(l links.Link) error {
		fmt.Println(l.Element+"@"+l.Attr, l.Ref, l.URL, "base", l.Base.URL, l.Base.Source)
		return nil
	})
	// Output:
	// body@background bg.gif http://example.org/dir/bg.gif base http://example.org/dir/page.html retrieval
	// td@background cell.gif http://example.org/dir/cell.gif base http://example.org/dir/page.html retrieval
	// img@src hi.jpg http://example.org/dir/hi.jpg base http://example.org/dir/page.html retrieval
	// img@lowsrc lo.jpg http://example.org/dir/lo.jpg base http://example.org/dir/page.html retrieval
	// object@classid Clock.class http://example.org/dir/applets/Clock.class base http://example.org/dir/applets/ html
	// object@data clock.dat http://example.org/dir/applets/clock.dat base http://example.org/dir/applets/ html
	// object@archive clock.jar http://example.org/dir/applets/clock.jar base http://example.org/dir/applets/ html
	// object@archive lib.jar http://example.org/dir/applets/lib.jar base http://example.org/dir/applets/ html
}

// Each candidate of an image candidate list (img@srcset, source@srcset,
// link@imagesrcset) is a link, its descriptor left out. As the HTML
// Standard parses a srcset, a URL runs up to white space: "a.webp,b.webp"
// is one URL, and the commas after a URL separate candidates.
func ExampleExtract_srcset() {
	doc := `<link rel=preload as=image imagesrcset="hero.png 1x, hero-2x.png 2x">
<picture><source srcset="a.webp,b.webp 2x"><img srcset="s.jpg 480w,l.jpg 1080w" sizes="50vw"></picture>`
	links.Extract(strings.NewReader(doc), base.Retrieved("http://example.org/dir/page.html"), func(l links.Link) error {
		fmt.Println(l.Element+"@"+l.Attr, l.Ref, l.URL)
		return nil
	})
	// Output:
	// link@imagesrcset hero.png http://example.org/dir/hero.png
	// link@imagesrcset hero-2x.png http://example.org/dir/hero-2x.png
	// source@srcset a.webp,b.webp http://example.org/dir/a.webp,b.webp
	// img@srcset s.jpg http://example.org/dir/s.jpg
	// img@srcset l.jpg http://example.org/dir/l.jpg
}

// Extractor.Lazy adds the attributes of scripts' lazy loading (data-src,
// data-srcset, ...: LazyAttributes), which are no part of HTML.
func ExampleExtractor_lazy() {
	doc := `<img src="blank.gif" data-src="photo.jpg" data-srcset="photo-2x.jpg 2x">`
	for _, lazy := range []bool{false, true} {
		x := links.Extractor{Lazy: lazy}
		x.Extract(strings.NewReader(doc), base.Retrieved("http://example.org/"), func(l links.Link) error {
			fmt.Println(lazy, l.Element+"@"+l.Attr, l.URL)
			return nil
		})
	}
	// Output:
	// false img@src http://example.org/blank.gif
	// true img@src http://example.org/blank.gif
	// true img@data-src http://example.org/photo.jpg
	// true img@data-srcset http://example.org/photo-2x.jpg
}

// Extractor.Context fills each link's context: the anchor text of an <a>
// (character references decoded, white space collapsed), and the rel and
// title attributes of any element.
func ExampleExtractor_context() {
	doc := `<link rel="stylesheet" href="s.css" title="Default">
<a href="next.html" rel="next" title="Page 2">Go to
  <b>page</b>&#32;2</a>
<a href="/">Home <img src="home.png" alt="house"></a>`
	x := links.Extractor{Context: true}
	x.Extract(strings.NewReader(doc), base.Retrieved("http://example.org/"), func(l links.Link) error {
		fmt.Printf("%s@%s %s text=%q rel=%q title=%q\n", l.Element, l.Attr, l.Ref, l.Text, l.Rel, l.Title)
		return nil
	})
	// Output:
	// link@href s.css text="" rel="stylesheet" title="Default"
	// a@href next.html text="Go to page 2" rel="next" title="Page 2"
	// a@href / text="Home" rel="" title=""
	// img@src home.png text="" rel="" title=""
}

// The Link fields of an HTTP response header (RFC 8288) and its Refresh
// field give links, resolved against the base the header establishes (a
// Content-Base here), never against a BASE element of the body.
func ExampleExtractor_ExtractHeader() {
	h := http.Header{
		"Content-Type": {"text/html"},
		"Content-Base": {"http://example.com/docs/"},
		"Link":         {`</style.css>; rel=preload, <next.html>; rel="next"; title="Page 2"`},
		"Refresh":      {"5; url=later.html"},
	}
	fmt.Println(links.HasHeaderLinks(h), links.HasHeaderLinks(http.Header{"Content-Type": {"text/html"}}))
	outer, _, _ := base.HTTPHeader(textproto.MIMEHeader(h), base.Retrieved("http://example.com/dir/page"), relurl.RFC1808, limits.Limits{})
	x := links.Extractor{Context: true}
	x.ExtractHeader(h, outer, func(l links.Link) error {
		fmt.Printf("%s@%s %s %s (%s) rel=%q title=%q\n", l.Element, l.Attr, l.Ref, l.URL, l.Base.Source, l.Rel, l.Title)
		return nil
	})
	// Output:
	// true false
	// http@link /style.css http://example.com/style.css (header) rel="preload" title=""
	// http@link next.html http://example.com/docs/next.html (header) rel="next" title="Page 2"
	// http@refresh later.html http://example.com/docs/later.html (header) rel="" title=""
}

// A style sheet read as a CSS document: each url() is a link css@url, the
// string or url() after @import a link css@import; escapes are read as
// CSS Syntax reads them (u\72l is url).
func ExampleExtractor_ExtractCSS() {
	sheet := `@import url("print.css") print;
@import 'theme.css';
/* url(old.png) */
body { background: url(img/bg.png) }
.icon { background-image: u\72l(icon.svg) }`
	var x links.Extractor
	x.ExtractCSS(strings.NewReader(sheet), base.Retrieved("http://example.org/css/site.css"), func(l links.Link) error {
		fmt.Println(l.Element+"@"+l.Attr, l.Ref, l.URL)
		return nil
	})
	// Output:
	// css@import print.css http://example.org/css/print.css
	// css@import theme.css http://example.org/css/theme.css
	// css@url img/bg.png http://example.org/css/img/bg.png
	// css@url icon.svg http://example.org/css/icon.svg
}

// An XML sitemap gives the <loc> of each <url> (url@loc) or <sitemap>
// (sitemap@loc), entities decoded and white space trimmed; IsSitemap tells
// a sitemap by its root element, and other XML gives ErrNotSitemap.
func ExampleExtractor_ExtractSitemap() {
	for _, doc := range []string{
		`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>http://example.org/a?x=1&amp;y=2</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc>
    http://example.org/b
  </loc></url>
</urlset>`,
		`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://example.org/s2.xml.gz</loc></sitemap></sitemapindex>`,
		`<?xml version="1.0"?><rss version="2.0"><channel><link>http://example.org/</link></channel></rss>`,
	} {
		fmt.Println("sitemap:", links.IsSitemap([]byte(doc)))
		var x links.Extractor
		err := x.ExtractSitemap(strings.NewReader(doc), base.Retrieved("http://example.org/sitemap.xml"), func(l links.Link) error {
			fmt.Println(l.Element+"@"+l.Attr, l.URL)
			return nil
		})
		fmt.Println(errors.Is(err, links.ErrNotSitemap))
	}
	// Output:
	// sitemap: true
	// url@loc http://example.org/a?x=1&y=2
	// url@loc http://example.org/b
	// false
	// sitemap: true
	// sitemap@loc http://example.org/s2.xml.gz
	// false
	// sitemap: false
	// true
}

// A robots.txt file gives the URL of each Sitemap record (robots@sitemap),
// the name in any case, comments left out, a relative URL resolved
// against the file's.
func ExampleExtractor_ExtractRobots() {
	robots := `User-agent: *
Disallow: /private/
# Sitemap: /old.xml
sitemap: /sitemap.xml
Sitemap: https://cdn.example.org/index.xml.gz  # all the others
`
	var x links.Extractor
	x.ExtractRobots(strings.NewReader(robots), base.Retrieved("http://example.org/robots.txt"), func(l links.Link) error {
		fmt.Println(l.Element+"@"+l.Attr, l.Ref, l.URL)
		return nil
	})
	// Output:
	// robots@sitemap /sitemap.xml http://example.org/sitemap.xml
	// robots@sitemap https://cdn.example.org/index.xml.gz https://cdn.example.org/index.xml.gz
}
