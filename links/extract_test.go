package links

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/rfcexamples"
	"github.com/relurl/relurl/limits"
)

// collect extracts all links of doc.
func collect(t *testing.T, doc string, outer base.Base) []Link {
	t.Helper()
	var got []Link
	if err := Extract(strings.NewReader(doc), outer, func(l Link) error {
		checkLink(t, l)
		got = append(got, l)
		return nil
	}); err != nil {
		t.Fatalf("Extract: %v", err)
	}
	return got
}

// checkLink checks what holds for every link: the URL is the resolution of
// the reference against the base, by relurl.
func checkLink(t *testing.T, l Link) {
	t.Helper()
	if want := relurl.Resolve(l.Base.URL, l.Ref); l.URL != want {
		t.Fatalf("%s@%s %q: URL %q, want %q", l.Element, l.Attr, l.Ref, l.URL, want)
	}
}

// short formats links as "elem@attr ref -> url [base source]".
func short(ls []Link) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "%s@%s %s -> %s [%s %s]\n", l.Element, l.Attr, l.Ref, l.URL, l.Base.URL, l.Base.Source)
	}
	return b.String()
}

func TestSection10(t *testing.T) {
	// "regardless of the context in which the example document was
	// obtained": with any outer base, the BASE element wins.
	for _, outer := range []base.Base{{}, base.Retrieved("http://elsewhere/")} {
		got := collect(t, rfcexamples.HTMLDocument, outer)
		want := []Link{{Element: "a", Attr: "href", Ref: rfcexamples.HTMLRef, URL: rfcexamples.HTMLWant, Base: base.Base{URL: rfcexamples.HTMLBase, Source: base.HTML}}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("outer %v:\ngot  %v\nwant %v", outer, got, want)
		}
	}
}

func TestRoyFielding(t *testing.T) {
	// Roy Fielding's pages: extract the base from <BASE href> and check
	// that each anchor resolves to the RFC 1808 answer ([X] rows).
	dir := filepath.Join("..", "testdata", "conformance")
	f, err := os.Open(filepath.Join(dir, "perl-uri-roytest.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type row struct{ base, ref, want string }
	rows := map[string][]row{}
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 5 || fs[3] != "rfc1808" {
			continue
		}
		page := strings.Fields(fs[4])[1] // "t/roytest1.html"
		rows[filepath.Base(page)] = append(rows[filepath.Base(page)], row{fs[0], fs[1], fs[2]})
	}
	checked := 0
	for page, rs := range rows {
		doc, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Fatal(err)
		}
		links := collect(t, string(doc), base.Retrieved("file:///"+page))
		byRef := map[string][]Link{}
		for _, l := range links {
			if l.Element == "a" && l.Attr == "href" {
				byRef[l.Ref] = append(byRef[l.Ref], l)
			}
		}
		for _, r := range rs {
			ls := byRef[r.ref]
			if len(ls) == 0 {
				t.Errorf("%s: no anchor with href %q", page, r.ref)
				continue
			}
			for _, l := range ls {
				if l.Base != (base.Base{URL: r.base, Source: base.HTML}) || l.URL != r.want {
					t.Errorf("%s: %q: got %q with base %v, want %q with base %q", page, r.ref, l.URL, l.Base, r.want, r.base)
				}
			}
			checked++
		}
	}
	if checked != 73 {
		t.Errorf("checked %d [X] rows, want the 73 of perl-uri-roytest.tsv", checked)
	}
}

func TestBaseRules(t *testing.T) {
	outer := base.Retrieved("http://r/dir/page.html")
	tests := []struct{ name, doc, want string }{
		{"retrieval URL without BASE",
			`<a href="g">`,
			"a@href g -> http://r/dir/g [http://r/dir/page.html retrieval]\n"},
		{"relative BASE href resolved against the retrieval URL",
			`<base href="../sub/"><a href="g">`,
			"a@href g -> http://r/sub/g [http://r/sub/ html]\n"},
		{"links before BASE get its base too",
			`<link rel=stylesheet href="s.css"><base href="http://b/x/"><a href="g">`,
			"link@href s.css -> http://b/x/s.css [http://b/x/ html]\na@href g -> http://b/x/g [http://b/x/ html]\n"},
		{"BASE after the head does not count",
			`<head><link href="s.css"></head><body><base href="http://no/"><a href="g">`,
			"link@href s.css -> http://r/dir/s.css [http://r/dir/page.html retrieval]\na@href g -> http://r/dir/g [http://r/dir/page.html retrieval]\n"},
		{"first BASE with href",
			`<base target=x><base href="http://one/"><base href="http://two/"><a href=g>`,
			"a@href g -> http://one/g [http://one/ html]\n"},
		{"links held until the end when the head never ends",
			`<link href="a.css"><base>`,
			"link@href a.css -> http://r/dir/a.css [http://r/dir/page.html retrieval]\n"},
		// A template's content is not the document's (HTML Standard,
		// "in template"): its BASE does not count, its tags do not end
		// the head; its links are the markup's and are given.
		{"BASE in a template does not count",
			`<template><base href="http://no/"><a href="t"></template><base href="http://yes/"><a href="g">`,
			"a@href t -> http://yes/t [http://yes/ html]\na@href g -> http://yes/g [http://yes/ html]\n"},
	}
	for _, tt := range tests {
		if got := short(collect(t, tt.doc, outer)); got != tt.want {
			t.Errorf("%s:\ngot\n%swant\n%s", tt.name, got, tt.want)
		}
	}
	// No base at all: references are taken as they are (3.4).
	if got := short(collect(t, `<a href="../g">`, base.Base{})); got != "a@href ../g -> ../g [ none]\n" {
		t.Errorf("no base: %s", got)
	}
}

func TestAllAttributes(t *testing.T) {
	// Every element@attribute of the table is extracted, in document
	// order, with names in any case.
	var doc strings.Builder
	attrs := Attributes()
	for i, ea := range attrs {
		e, a, _ := strings.Cut(ea, "@")
		switch ea {
		case "meta@content":
			fmt.Fprintf(&doc, "<META HTTP-EQUIV=Refresh Content=\"0; URL=u%d\">", i)
		case "*@style":
			fmt.Fprintf(&doc, "<DIV Style=\"background: URL(u%d)\"></div>", i)
			attrs[i] = "div@style"
		default:
			fmt.Fprintf(&doc, "<%s %s=\"u%d\"></%s>", strings.ToUpper(e), strings.ToUpper(a[:1])+a[1:], i, e)
		}
	}
	got := collect(t, doc.String(), base.Retrieved("http://h/d/"))
	if len(got) != len(attrs) {
		t.Fatalf("got %d links, want %d:\n%s", len(got), len(attrs), short(got))
	}
	for i, l := range got {
		if l.Element+"@"+l.Attr != attrs[i] || l.Ref != fmt.Sprintf("u%d", i) || l.URL != fmt.Sprintf("http://h/d/u%d", i) {
			t.Errorf("link %d: %s@%s %q %q, want %s", i, l.Element, l.Attr, l.Ref, l.URL, attrs[i])
		}
	}
	// The list is all there.
	need := "a@href area@href link@href img@src img@srcset script@src iframe@src frame@src form@action embed@src object@data source@src source@srcset video@src video@poster audio@src track@src input@src blockquote@cite q@cite ins@cite del@cite body@background table@background td@background th@background img@lowsrc img@dynsrc applet@code applet@archive object@classid object@archive meta@content image@href use@xlink:href link@imagesrcset div@style"
	have := map[string]bool{}
	for _, a := range attrs {
		have[a] = true
	}
	for _, n := range strings.Fields(need) {
		if !have[n] {
			t.Errorf("%s is not extracted", n)
		}
	}
}

func TestValues(t *testing.T) {
	outer := base.Retrieved("http://h/a/b")
	tests := []struct{ name, doc, want string }{
		{"entities decoded, white space trimmed",
			"<a href=\" \n\t g?x=1&amp;y=&#50;&lt; \f\">",
			"a@href g?x=1&y=2< -> http://h/a/g?x=1&y=2< [http://h/a/b retrieval]\n"},
		{"empty href is the document",
			`<a href="">`,
			"a@href  -> http://h/a/b [http://h/a/b retrieval]\n"},
		{"first of a repeated attribute",
			`<a href=one href=two>`,
			"a@href one -> http://h/a/one [http://h/a/b retrieval]\n"},
		{"attributes in the order written",
			`<img srcset="s1 1x, s2 2x" src=i longdesc=d>`,
			"img@srcset s1 -> http://h/a/s1 [http://h/a/b retrieval]\nimg@srcset s2 -> http://h/a/s2 [http://h/a/b retrieval]\nimg@src i -> http://h/a/i [http://h/a/b retrieval]\nimg@longdesc d -> http://h/a/d [http://h/a/b retrieval]\n"},
		{"no link in comments, scripts, textarea; CSS links in styles",
			`<!-- <a href=c> --><script>"<a href=s>"</script><style>a{background:url(x)}<a href=st></style><textarea><a href=t></textarea><title><a href=t2></title>`,
			"style@url x -> http://h/a/x [http://h/a/b retrieval]\n"},
		{"attributes of other elements",
			`<div href=x src=y><a name=n title=href>`,
			""},
		{"raw bytes, then TagAttr for a value with a reference: no link twice",
			"<img src=plain srcset=\"a&amp;b 1x, c\" longdesc=\"d\r\ne\">",
			"img@src plain -> http://h/a/plain [http://h/a/b retrieval]\nimg@srcset a&b -> http://h/a/a&b [http://h/a/b retrieval]\nimg@srcset c -> http://h/a/c [http://h/a/b retrieval]\nimg@longdesc d\ne -> http://h/a/d\ne [http://h/a/b retrieval]\n"},
		{"unquoted values: a reference first, \"&amp;\" read raw",
			"<a href=&lt;x><a href=p?a=1&amp;b=2&amp;c>",
			"a@href <x -> http://h/a/<x [http://h/a/b retrieval]\na@href p?a=1&b=2&c -> http://h/a/p?a=1&b=2&c [http://h/a/b retrieval]\n"},
		{"NUL in a value becomes U+FFFD",
			"<a href=\"x\x00y\">",
			"a@href x\uFFFDy -> http://h/a/x\uFFFDy [http://h/a/b retrieval]\n"},
		{"unquoted and self-closing",
			`<img src=x.png/><link href=s.css />`,
			"img@src x.png/ -> http://h/a/x.png/ [http://h/a/b retrieval]\nlink@href s.css -> http://h/a/s.css [http://h/a/b retrieval]\n"},
	}
	for _, tt := range tests {
		if got := short(collect(t, tt.doc, outer)); got != tt.want {
			t.Errorf("%s:\ngot\n%swant\n%s", tt.name, got, tt.want)
		}
	}
}

func TestNoscript(t *testing.T) {
	outer := base.Retrieved("http://h/")
	doc := `<head><noscript><link href=ns.css></noscript><base href="http://b/"></head>` +
		`<body><a href=1><noscript><img src=2><noscript><a href=3></noscript><a href=4></noscript><a href=5>`
	want := "link@href ns.css -> http://b/ns.css [http://b/ html]\n" +
		"a@href 1 -> http://b/1 [http://b/ html]\n" +
		"img@src 2 -> http://b/2 [http://b/ html]\n" +
		// The inner </noscript> closes the raw text: "4" is outside, as
		// the Tokenizer sees it.
		"a@href 3 -> http://b/3 [http://b/ html]\n" +
		"a@href 4 -> http://b/4 [http://b/ html]\n" +
		"a@href 5 -> http://b/5 [http://b/ html]\n"
	if got := short(collect(t, doc, outer)); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	// noscript content neither ends the head nor holds the BASE: the base
	// is the one FromHTML finds.
	doc = `<noscript><a href=x><base href="http://no/"></noscript><base href="http://yes/"><a href=y>`
	want = "a@href x -> http://yes/x [http://yes/ html]\na@href y -> http://yes/y [http://yes/ html]\n"
	if got := short(collect(t, doc, outer)); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	// Within the limit the link is found; deeper nesting is the subject
	// of TestNoscriptLimit.
	ok := strings.Repeat("<noscript>", limits.DefaultNoscript) + "<a href=x>"
	if got := collect(t, ok, outer); len(got) != 1 {
		t.Errorf("%d noscript levels: %v", limits.DefaultNoscript, got)
	}
}

func TestStop(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	err := Extract(strings.NewReader(`<link href=a><link href=b><a href=c><a href=d>`), base.Base{}, func(Link) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if err != stop || n != 3 {
		t.Errorf("err %v after %d links, want stop after 3", err, n)
	}
	// Stopped while the held links are sent, at the end of the input.
	n = 0
	err = Extract(strings.NewReader(`<link href=a><link href=b>`), base.Base{}, func(Link) error {
		n++
		return stop
	})
	if err != stop || n != 1 {
		t.Errorf("held links: err %v after %d links, want stop after 1", err, n)
	}
}

func TestReadError(t *testing.T) {
	// The links read before the error are all delivered, held ones too,
	// then the error.
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader(`<link href=a><a href=b><a href=c>`), errReader{boom})
	var got []string
	err := Extract(r, base.Base{}, func(l Link) error { got = append(got, l.Ref); return nil })
	if !errors.Is(err, boom) || strings.Join(got, ",") != "a,b,c" {
		t.Errorf("got %v, %v", got, err)
	}
	r = io.MultiReader(strings.NewReader(`<link href=a>`), errReader{boom})
	got = nil
	err = Extract(r, base.Base{}, func(l Link) error { got = append(got, l.Ref); return nil })
	if !errors.Is(err, boom) || strings.Join(got, ",") != "a" {
		t.Errorf("held link: got %v, %v", got, err)
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func TestHugeAttribute(t *testing.T) {
	// A 50 MB attribute: one link, intact, under limits that allow it.
	const size = 50 << 20
	ref := strings.Repeat("x", size)
	doc := `<a href="` + ref + `">`
	n := 0
	x := Extractor{Limits: limits.Limits{Token: 64 << 20, URL: 64 << 20}}
	err := x.Extract(strings.NewReader(doc), base.Retrieved("http://h/d/"), func(l Link) error {
		n++
		if len(l.Ref) != size || l.URL != "http://h/d/"+ref {
			t.Errorf("ref of %d bytes, URL of %d", len(l.Ref), len(l.URL))
		}
		return nil
	})
	if err != nil || n != 1 {
		t.Errorf("got %d links, %v", n, err)
	}
}

func TestBinaryGarbage(t *testing.T) {
	// Random bytes mixed with pieces of markup: every link found is its
	// resolution (collect checks it), the scanner finds exactly the links
	// of the reference reading, and some links are found at all.
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("<>/=\"' \x00\xffahrefsrcbasenoscript&#;")
	pieces := []string{"<a href=", "<img src=", "<base href=", "<noscript>", "</noscript>", "<!--", "-->", "<script>", "</script>", "\"", "&amp;"}
	found := 0
	for range 300 {
		buf := make([]byte, 0, 2000)
		for len(buf) < cap(buf) && rng.IntN(2000) != 0 {
			switch rng.IntN(8) {
			case 0:
				buf = append(buf, pieces[rng.IntN(len(pieces))]...)
			case 1, 2, 3:
				buf = append(buf, byte(rng.Uint32()))
			default:
				buf = append(buf, alphabet[rng.IntN(len(alphabet))])
			}
		}
		found += len(collect(t, string(buf), base.Retrieved("http://h/")))
		if diff := differ(string(buf), base.Retrieved("http://h/"), relurl.RFC1808, limits.Limits{}); diff != "" {
			t.Fatalf("%q:\n%s", buf, diff)
		}
	}
	if found < 300 {
		t.Errorf("%d links found in the garbage, want more: the test tests little", found)
	}
}

func TestExtractorReuse(t *testing.T) {
	// A reused Extractor starts each document afresh: no base or held
	// link leaks from one to the next.
	var x Extractor
	var got []Link
	fn := func(l Link) error { got = append(got, l); return nil }
	x.Extract(strings.NewReader(`<base href="http://one/"><a href=a>`), base.Base{}, fn)
	x.Extract(strings.NewReader(`<link href=b>`), base.Retrieved("http://two/"), fn)
	want := "a@href a -> http://one/a [http://one/ html]\nlink@href b -> http://two/b [http://two/ retrieval]\n"
	if short(got) != want {
		t.Errorf("got\n%swant\n%s", short(got), want)
	}
}

func TestResolveCache(t *testing.T) {
	// Documents with enough links for the cache, many written twice,
	// through one Extractor with a different base each time: every link
	// must still be its own resolution against its own document's base.
	var x Extractor
	rng := rand.New(rand.NewPCG(5, 6))
	refs := []string{"g", "../g", "/g", "?q", "#f", "g;p", "http://abs/x", "", "./", "..", "a/b/../c"}
	for doc := range 20 {
		var b strings.Builder
		if doc%2 == 0 {
			fmt.Fprintf(&b, "<base href=\"http://b%d/x/y/z\">", doc)
		}
		var want []string
		for i := range 3000 {
			ref := refs[rng.IntN(len(refs))]
			if rng.IntN(3) == 0 {
				ref = fmt.Sprintf("%s%d", ref, i)
			}
			fmt.Fprintf(&b, "<a href=\"%s\">", ref)
			want = append(want, ref)
		}
		outer := base.Retrieved(fmt.Sprintf("http://r%d/p/q", doc))
		var got []string
		err := x.Extract(strings.NewReader(b.String()), outer, func(l Link) error {
			checkLink(t, l)
			got = append(got, l.Ref)
			if doc%2 == 1 && l.Base != outer || doc%2 == 0 && l.Base.URL != fmt.Sprintf("http://b%d/x/y/z", doc) {
				t.Fatalf("doc %d: base %v", doc, l.Base)
			}
			return nil
		})
		if err != nil || strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Fatalf("doc %d: %v, refs differ", doc, err)
		}
	}
}

func TestResolveCacheOff(t *testing.T) {
	// Links that never repeat turn the cache off, whatever documents they
	// are in; the links after that, repeated or not, are still right, and
	// after cacheRest links the cache probes again.
	var b strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&b, "<a href=\"u%d\">", i%1500)
	}
	var x Extractor
	n := 0
	err := x.Extract(strings.NewReader(b.String()), base.Retrieved("http://h/d/"), func(l Link) error {
		checkLink(t, l)
		if want := fmt.Sprintf("u%d", n%1500); l.Ref != want {
			t.Fatalf("link %d: ref %q, want %q", n, l.Ref, want)
		}
		n++
		return nil
	})
	if err != nil || n != 2000 || !x.cache.off() {
		t.Fatalf("%d links, %v, cache off: %v", n, err, x.cache.off())
	}
	// Still off for the next document, until cacheRest links have passed.
	repeated := strings.Repeat(`<a href="same">`, cacheRest)
	x.Extract(strings.NewReader(repeated), base.Retrieved("http://h/d/"), func(l Link) error { checkLink(t, l); return nil })
	if x.cache.off() {
		t.Fatal("cache still off after cacheRest links")
	}
	// On again: a repeated link comes from the cache (the same string).
	var first, second string
	x.Extract(strings.NewReader(`<a href="r/s">x <a href="r/s">`), base.Retrieved("http://h/d/"), func(l Link) error {
		if first == "" {
			first = l.URL
		} else {
			second = l.URL
		}
		return nil
	})
	if first != "http://h/d/r/s" || unsafe.StringData(first) != unsafe.StringData(second) {
		t.Errorf("repeated link %q, %q: not from the cache", first, second)
	}
}
