package base

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/rfcexamples"
	"github.com/relurl/relurl/limits"
)

func TestFromHTMLSection10(t *testing.T) {
	// Section 10: the BASE element gives the base "regardless of the
	// context in which the example document was obtained".
	for _, outer := range []Base{{}, Retrieved("http://elsewhere/doc.html")} {
		b, err := FromHTML(strings.NewReader(rfcexamples.HTMLDocument), outer, relurl.RFC1808, limits.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if b != (Base{rfcexamples.HTMLBase, HTML}) {
			t.Errorf("outer %v: got %v, want %v (html)", outer, b, rfcexamples.HTMLBase)
		}
		if got := relurl.Resolve(b.URL, rfcexamples.HTMLRef); got != rfcexamples.HTMLWant {
			t.Errorf("resolving %q: got %q, want %q", rfcexamples.HTMLRef, got, rfcexamples.HTMLWant)
		}
	}
}

func TestFromHTMLRoyFielding(t *testing.T) {
	// Roy Fielding's pages set their base with <BASE href> in the head.
	want := []string{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q=1/2", "http://a/b/c/d;p=1/2?q", "fred:///s//a/b/c", "http:///s//a/b/c"}
	for i, w := range want {
		name := filepath.Join("..", "testdata", "conformance", "roytest"+string(rune('1'+i))+".html")
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := FromHTML(f, Retrieved("file:///x"), relurl.RFC1808, limits.Limits{})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if b != (Base{w, HTML}) {
			t.Errorf("%s: base %v, want %q (html)", name, b, w)
		}
	}
}

func TestFromHTML(t *testing.T) {
	outer := Retrieved("http://r/dir/page.html")
	tests := []struct {
		name, doc string
		want      Base
	}{
		{"relative href resolved against retrieval URL", `<base href="../other/">`, Base{"http://r/other/", HTML}},
		{"names case-insensitive", `<HEAD><BaSe HrEf="http://a/b">`, Base{"http://a/b", HTML}},
		{"entities decoded, white space trimmed", "<base href=\" \n http://a/?x=1&amp;y=2&#x3b;z \t\">", Base{"http://a/?x=1&y=2;z", HTML}},
		{"first BASE with href wins", `<base target=_top><base href="http://first/"><base href="http://second/">`, Base{"http://first/", HTML}},
		{"first href attribute of the element", `<base href="http://1/" href="http://2/">`, Base{"http://1/", HTML}},
		{"self-closing", `<base href="http://x/"/>`, Base{"http://x/", HTML}},
		{"after head elements", `<!DOCTYPE html><html><head><meta charset=utf-8><title>t <base href=no></title><script>"<base href=no>"</script><link rel=x href=y><base href="http://yes/">`, Base{"http://yes/", HTML}},
		{"empty href is the outer base", `<base href="">`, Base{"http://r/dir/page.html", HTML}},
		{"no BASE: the outer base", `<html><head><title>x</title></head><body><a href=g>`, outer},
		{"BASE after </head> does not count", `<head></head><base href="http://no/">`, outer},
		{"BASE after body content does not count", `<p>text</p><base href="http://no/">`, outer},
		{"text ends the head", `hello <base href="http://no/">`, outer},
		{"BASE in a comment", `<!-- <base href="http://no/"> -->`, outer},
		{"byte order mark first", "\xef\xbb\xbf<!DOCTYPE html><base href=\"http://bom/\">", Base{"http://bom/", HTML}},
		{"byte order mark later is text", "<!-- c -->\xef\xbb\xbf<base href=\"http://no/\">", outer},
		{"empty document", ``, outer},
		{"binary garbage", "\x00\xff<\x00base\xfe href=\x01>", outer},
		// A template's content is its own fragment, not the document
		// (HTML Standard, the "in template" insertion mode): its BASE
		// does not count, and nothing in it ends the head.
		{"BASE in a template does not count", `<template><base href="http://no/"></template><base href="http://yes/">`, Base{"http://yes/", HTML}},
		{"BASE in a template alone", `<head><template><base href="http://no/"></template></head>`, outer},
		{"body content in a template leaves the head open", `<template><div>text</div><p></template><base href="http://yes/">`, Base{"http://yes/", HTML}},
		{"</head> in a template is ignored", `<template></head><base href="http://no/"></template><base href="http://yes/">`, Base{"http://yes/", HTML}},
		{"nested templates", `<template><template></template><base href="http://no/"></template><base href="http://yes/">`, Base{"http://yes/", HTML}},
		{"self-closing template still opens", `<template/><base href="http://no/"></template><base href="http://yes/">`, Base{"http://yes/", HTML}},
		{"an unclosed template holds the rest", `<template><base href="http://no/">`, outer},
		{"a stray </template> is ignored", `</template><base href="http://yes/">`, Base{"http://yes/", HTML}},
	}
	for _, tt := range tests {
		b, err := FromHTML(strings.NewReader(tt.doc), outer, relurl.RFC1808, limits.Limits{})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if b != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, b, tt.want)
		}
	}
}

func TestFromHTMLNoOuter(t *testing.T) {
	// A relative BASE href with nothing outside it stays relative
	// (sections 3.4 and 4 step 1).
	b, err := FromHTML(strings.NewReader(`<base href="rel/">`), Base{}, relurl.RFC1808, limits.Limits{})
	if err != nil || b != (Base{"rel/", HTML}) {
		t.Errorf("got %v, %v", b, err)
	}
}

func TestFromHTMLReadError(t *testing.T) {
	boom := errors.New("boom")
	r := iotest.DataErrReader(strings.NewReader("<title>x"))
	_, err := FromHTML(&failAfter{r: r, err: boom}, Base{}, relurl.RFC1808, limits.Limits{})
	if !errors.Is(err, boom) {
		t.Errorf("err = %v, want %v", err, boom)
	}
}

// failAfter returns err once r is exhausted.
type failAfter struct {
	r   interface{ Read([]byte) (int, error) }
	err error
}

func (f *failAfter) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err != nil {
		return n, f.err
	}
	return n, nil
}

func TestFromHTMLLongHref(t *testing.T) {
	// Issue 11: a BASE href longer than Limits.URL is reported, naming
	// the limit, and the next rule of section 3 gives the base.
	outer := Retrieved("http://r/d")
	lim := limits.Limits{URL: 100}
	ok := "http://a/" + strings.Repeat("b", 91) // 100 bytes
	b, err := FromHTML(strings.NewReader(`<base href="`+ok+`">`), outer, relurl.RFC1808, lim)
	if err != nil || b != (Base{ok, HTML}) {
		t.Errorf("href at the limit: %v, %v", b, err)
	}
	doc := `<head><title>t</title><base href="` + ok + `x"><a href=y>`
	b, err = FromHTML(strings.NewReader(doc), outer, relurl.RFC1808, lim)
	var fe *FallbackError
	var le *limits.Error
	if b != outer || !errors.As(err, &fe) || !errors.As(err, &le) || le.Limit != "URL" || le.Max != 100 {
		t.Fatalf("href over the limit: %v, %v", b, err)
	}
	if fe.Offset != int64(strings.Index(doc, "<base")) || fe.Length != 101 || fe.Outer != outer ||
		!strings.HasPrefix(err.Error(), "at byte 22: BASE href \"http://a/bbb") || !strings.Contains(err.Error(), "(101 bytes, exceeds the URL limit of 100)") {
		t.Errorf("error %v: want the BASE tag's offset and the href's length", err)
	}

	// A 10 MB href, with the default limits: over the Token limit
	// first, and the error is short.
	b, err = FromHTML(hostile(`<base href="`, 'h', 10<<20, `">`), outer, relurl.RFC1808, limits.Limits{})
	if b != outer || !errors.As(err, &le) || le.Limit != "Token" || len(err.Error()) > 300 {
		t.Errorf("10 MB href: %v, %.300v", b, err)
	}
}

func TestFromHTMLGiantToken(t *testing.T) {
	// The tokenizer holds at most Limits.Token bytes: a larger token in
	// the head is an error and the base is the outer one; text that ends
	// the head is no error, however long.
	outer := Retrieved("http://r/d")
	lim := limits.Limits{Token: 1000}
	tests := []struct {
		name, doc string
		err       bool
	}{
		{"comment", "<head><!--" + strings.Repeat("c", 2000) + "--><base href=x>", true},
		{"tag", "<head><link " + strings.Repeat("a=b ", 500) + "><base href=x>", true},
		{"white space", "<head>" + strings.Repeat(" ", 2000) + "<base href=x>", true},
		{"script", "<head><script>" + strings.Repeat("s", 2000) + "</script><base href=x>", true},
		{"text ends the head", "<head>" + strings.Repeat("t", 2000) + "<base href=x>", false},
		{"under the limit", "<head><!--" + strings.Repeat("c", 900) + "--><base href=http://x/>", false},
	}
	for _, tt := range tests {
		b, err := FromHTML(strings.NewReader(tt.doc), outer, relurl.RFC1808, lim)
		var le *limits.Error
		if tt.err != (err != nil) || err != nil && (!errors.As(err, &le) || le.Limit != "Token" || b != outer || len(err.Error()) > 300) {
			t.Errorf("%s: %v, %v", tt.name, b, err)
		}
	}
	// With the default limits, a 100 MB comment costs about the limit.
	var err error
	alloc := allocated(func() {
		_, err = FromHTML(hostile("<!--", 'c', 100<<20, "--><base href=x>"), outer, relurl.RFC1808, limits.Limits{})
	})
	if err == nil || alloc > 4*limits.DefaultToken {
		t.Errorf("100 MB comment: %v, %d bytes allocated", err, alloc)
	}
	t.Logf("100 MB comment: %d bytes allocated", alloc)
}
