package links

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
)

// collectSpec extracts all links of doc, resolving by spec, and checks
// that each URL is spec's resolution of its reference.
func collectSpec(t *testing.T, spec relurl.Spec, doc string, outer base.Base) []Link {
	t.Helper()
	x := Extractor{Spec: spec}
	var got []Link
	if err := x.Extract(strings.NewReader(doc), outer, func(l Link) error {
		if want := spec.Resolve(l.Base.URL, l.Ref); l.URL != want {
			t.Fatalf("%v: %q against %q: URL %q, want %q", spec, l.Ref, l.Base.URL, l.URL, want)
		}
		got = append(got, l)
		return nil
	}); err != nil {
		t.Fatalf("Extract: %v", err)
	}
	return got
}

func TestSpec(t *testing.T) {
	// RFC 1808's section 5 base, retrieved: ";x" and "../../../g" are
	// answered differently by the three specifications.
	outer := base.Retrieved("http://a/b/c/d;p?q")
	doc := `<a href=";x"><a href="../../../g"><a href="?y"><img srcset="../../../i 2x">`
	want := map[relurl.Spec]string{
		relurl.RFC1808: "a@href ;x -> http://a/b/c/d;x [http://a/b/c/d;p?q retrieval]\n" +
			"a@href ../../../g -> http://a/../g [http://a/b/c/d;p?q retrieval]\n" +
			"a@href ?y -> http://a/b/c/d;p?y [http://a/b/c/d;p?q retrieval]\n" +
			"img@srcset ../../../i -> http://a/../i [http://a/b/c/d;p?q retrieval]\n",
		relurl.RFC2396: "a@href ;x -> http://a/b/c/;x [http://a/b/c/d;p?q retrieval]\n" +
			"a@href ../../../g -> http://a/../g [http://a/b/c/d;p?q retrieval]\n" +
			"a@href ?y -> http://a/b/c/?y [http://a/b/c/d;p?q retrieval]\n" +
			"img@srcset ../../../i -> http://a/../i [http://a/b/c/d;p?q retrieval]\n",
		relurl.RFC3986: "a@href ;x -> http://a/b/c/;x [http://a/b/c/d;p?q retrieval]\n" +
			"a@href ../../../g -> http://a/g [http://a/b/c/d;p?q retrieval]\n" +
			"a@href ?y -> http://a/b/c/d;p?y [http://a/b/c/d;p?q retrieval]\n" +
			"img@srcset ../../../i -> http://a/i [http://a/b/c/d;p?q retrieval]\n",
		relurl.WHATWG: "a@href ;x -> http://a/b/c/;x [http://a/b/c/d;p?q retrieval]\n" +
			"a@href ../../../g -> http://a/g [http://a/b/c/d;p?q retrieval]\n" +
			"a@href ?y -> http://a/b/c/d;p?y [http://a/b/c/d;p?q retrieval]\n" +
			"img@srcset ../../../i -> http://a/i [http://a/b/c/d;p?q retrieval]\n",
	}
	for _, spec := range relurl.Specs() {
		if got := short(collectSpec(t, spec, doc, outer)); got != want[spec] {
			t.Errorf("%v:\ngot\n%swant\n%s", spec, got, want[spec])
		}
	}
	// A relative BASE href is resolved against the outer base by the
	// same specification, held links included.
	doc = `<link href=s.css><base href="../../../x/"><a href=g>`
	want = map[relurl.Spec]string{
		relurl.RFC1808: "link@href s.css -> http://a/../x/s.css [http://a/../x/ html]\n" +
			"a@href g -> http://a/../x/g [http://a/../x/ html]\n",
		relurl.RFC3986: "link@href s.css -> http://a/x/s.css [http://a/x/ html]\n" +
			"a@href g -> http://a/x/g [http://a/x/ html]\n",
	}
	for spec, w := range want {
		if got := short(collectSpec(t, spec, doc, outer)); got != w {
			t.Errorf("%v, relative BASE:\ngot\n%swant\n%s", spec, got, w)
		}
	}
	// No base: RFC 3986 still removes the dot segments of a reference
	// with a scheme (its section 5.2.2 does not look at the base).
	got := short(collectSpec(t, relurl.RFC3986, `<a href="http://h/./a/../b"><a href="../g">`, base.Base{}))
	if want := "a@href http://h/./a/../b -> http://h/b [ none]\na@href ../g -> ../g [ none]\n"; got != want {
		t.Errorf("RFC 3986 without a base:\ngot\n%swant\n%s", got, want)
	}
	// The Spec holds for the whole document: changing it from fn does not
	// change the links that follow.
	x := Extractor{Spec: relurl.RFC3986}
	var urls []string
	x.Extract(strings.NewReader(`<a href=";x"><a href=";x">`), outer, func(l Link) error {
		x.Spec = relurl.RFC1808
		urls = append(urls, l.URL)
		return nil
	})
	if fmt.Sprint(urls) != "[http://a/b/c/;x http://a/b/c/;x]" {
		t.Errorf("Spec changed during a document: %v", urls)
	}
}

// linksBoth extracts doc with Extract and with ExtractBytes (copying each
// LinkBytes with Link), through the same Extractor, and reports whether
// they agree.
func linksBoth(x *Extractor, doc string, outer base.Base) (links, bytesLinks []Link, errs [2]error) {
	errs[0] = x.Extract(strings.NewReader(doc), outer, func(l Link) error {
		links = append(links, l)
		return nil
	})
	errs[1] = x.ExtractBytes(strings.NewReader(doc), outer, func(l *LinkBytes) error {
		bytesLinks = append(bytesLinks, l.Link())
		return nil
	})
	return links, bytesLinks, errs
}

func TestExtractBytes(t *testing.T) {
	// ExtractBytes passes the same links as Extract, for every kind of
	// document the other tests use, under each specification.
	docs := []string{
		`<link href="s.css"><base href="../b/"><a href="g?x=1&amp;y=2">`,
		"<a href=\" \n\t g?x=1&amp;y=&#50;&lt; \f\">",
		`<img srcset="s1 1x, s2 2x" src=i longdesc=d>`,
		"<img src=plain srcset=\"a&amp;b 1x, c\" longdesc=\"d\r\ne\">",
		`<noscript><a href=x><base href="http://no/"></noscript><base href="http://yes/"><a href=y>`,
		`<a href="">`,
		`<a href="http://abs/x">`,
	}
	var x Extractor
	for _, spec := range relurl.Specs() {
		x.Spec = spec
		for _, doc := range docs {
			a, b, errs := linksBoth(&x, doc, base.Retrieved("http://h/a/b"))
			if errs[0] != nil || errs[1] != nil || len(a) == 0 || fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("%v %q:\nExtract      %v %v\nExtractBytes %v %v", spec, doc, a, errs[0], b, errs[1])
			}
		}
	}
	// The bytes are valid until fn returns: a link's bytes are not
	// overwritten while fn runs, and fn's error stops the extraction.
	// (With no base, RFC 1808 takes each reference as it is.)
	x.Spec = relurl.RFC1808
	stop := fmt.Errorf("stop")
	n := 0
	err := x.ExtractBytes(strings.NewReader(`<a href=1><a href=2><a href=3>`), base.Base{}, func(l *LinkBytes) error {
		n++
		if string(l.Ref) != fmt.Sprint(n) || string(l.URL) != fmt.Sprint(n) {
			t.Errorf("link %d: %q %q", n, l.Ref, l.URL)
		}
		if n == 2 {
			return stop
		}
		return nil
	})
	if err != stop || n != 2 {
		t.Errorf("stopped after %d links with %v, want 2 and stop", n, err)
	}
}

func TestExtractBytesAllocs(t *testing.T) {
	// No allocation per link once the buffers have grown (the
	// Tokenizer's own allocations aside): a document with 1,000 links
	// allocates no more than one with 10.
	doc := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "<p>text <a href=\"page%d.html?a=1&amp;b=2\" title=t>x</a> <img src=\"i%d.png\" srcset=\"i%d-2x.png 2x\">\n", i, i, i)
		}
		return b.String()
	}
	var x Extractor
	outer := base.Retrieved("http://h/d/p.html")
	count := func(d string) float64 {
		return testing.AllocsPerRun(20, func() {
			x.ExtractBytes(strings.NewReader(d), outer, func(*LinkBytes) error { return nil })
		})
	}
	small, large := count(doc(10)), count(doc(1000))
	// The Tokenizer allocates per attribute key; subtract what it does
	// alone on the same document.
	tok := func(d string) float64 {
		return testing.AllocsPerRun(20, func() { tokenizeOnly([]byte(d)) })
	}
	if extra := (large - tok(doc(1000))) - (small - tok(doc(10))); extra > 2 {
		t.Errorf("1,000 links allocate %.0f more than 10, beyond the Tokenizer's own", extra)
	}
}
