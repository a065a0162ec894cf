package links

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/wpt"
	"github.com/relurl/relurl/limits"
)

// extractEncoded returns the links of doc read by an Extractor of spec
// with the charset parameter charset.
func extractEncoded(t *testing.T, spec relurl.Spec, charset, doc, outer string) []Link {
	t.Helper()
	return collectEncoded(t, spec, charset, func(x *Extractor, emit func(Link) error) error {
		return x.Extract(strings.NewReader(doc), base.Retrieved(outer), emit)
	})
}

// collectEncoded returns the links that read gives an Extractor of spec
// with the charset parameter charset, failing the test on its error.
func collectEncoded(t *testing.T, spec relurl.Spec, charset string, read func(x *Extractor, emit func(Link) error) error) []Link {
	t.Helper()
	x := Extractor{Spec: spec, Charset: charset}
	var got []Link
	if err := read(&x, func(l Link) error {
		got = append(got, l)
		return nil
	}); err != nil {
		t.Fatalf("%v: %v", spec, err)
	}
	return got
}

// charRefs writes s as numeric character references, so that a page of
// any ASCII-compatible encoding holds it as ASCII bytes.
func charRefs(s string) string {
	var b strings.Builder
	for _, r := range s {
		fmt.Fprintf(&b, "&#x%X;", r)
	}
	return b.String()
}

// percentEncodingCase is a case of WPT's percent-encoding.json: an input
// and its percent-encoded form by encoding label.
type percentEncodingCase struct {
	Input  string
	Output map[string]string
}

// percentEncodingCases loads WPT's percent-encoding.json (the copy that
// package whatwg's tests read).
func percentEncodingCases(t *testing.T) []percentEncodingCase {
	t.Helper()
	cases, err := wpt.Load[percentEncodingCase]("../whatwg/testdata/percent-encoding.json")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestEncodingWPT runs WPT's percent-encoding.json (url/resources, the
// cases of url/percent-encoding.window.js): the link
// <a href="https://doc.example/?INPUT"> in a document of each encoding
// the case lists resolves to "https://doc.example/?" + the expected
// output, as WPT's test reads it from a document in that encoding. The
// encoding is declared by <meta charset>, by the HTTP charset, and by
// <meta http-equiv=content-type>; the input is written as character
// references (WPT writes it so too, the page being generated).
func TestEncodingWPT(t *testing.T) {
	cases := percentEncodingCases(t)
	n := 0
	for _, c := range cases {
		for enc, want := range c.Output {
			link := `<a href="https://doc.example/?` + charRefs(c.Input) + `">x</a>`
			for _, form := range []struct{ how, charset, doc string }{
				{"meta charset", "", `<meta charset="` + enc + `">` + link},
				{"HTTP charset", enc, link},
				{"meta http-equiv", "", `<meta http-equiv="Content-Type" content="text/html; charset=` + enc + `">` + link},
			} {
				got := extractEncoded(t, relurl.WHATWG, form.charset, form.doc, "https://doc.example/")
				if len(got) != 1 || got[0].URL != "https://doc.example/?"+want {
					t.Errorf("%q in %s (%s): got %+v, want URL https://doc.example/?%s", c.Input, enc, form.how, got, want)
				}
				n++
			}
		}
	}
	if n < 30 {
		t.Fatalf("only %d cases read", n)
	}
}

// pctBytes percent-encodes every byte of b outside printable ASCII, as
// the query state does for the bytes of an encoded code point (URL
// Standard section 4.4, query state, step 3).
func pctBytes(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		if c < 0x21 || c > 0x7e {
			fmt.Fprintf(&s, "%%%02X", c)
		} else {
			s.WriteByte(c)
		}
	}
	return s.String()
}

func encode(t *testing.T, e encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := e.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return b
}

// TestEncodingPages reads a windows-1252 page and a Shift_JIS page whose
// links are written in the page's bytes: the path of each link is
// percent-encoded in UTF-8 and its query in the page's encoding. The
// expected values follow the URL Standard's algorithm (section 4.4,
// path and query states), computed here with x/text's encoders (for code
// points they encode as the Encoding Standard does).
func TestEncodingPages(t *testing.T) {
	for _, c := range []struct {
		name, meta string
		enc        encoding.Encoding
		path, q    string // a path segment and a query, not ASCII
		pathUTF8   string // path percent-encoded in UTF-8
	}{
		{"windows-1252", "windows-1252", charmap.Windows1252, "café", "q=é€ü", "caf%C3%A9"},
		{"windows-1252 as latin1", "ISO-8859-1", charmap.Windows1252, "café", "q=é€ü", "caf%C3%A9"},
		{"Shift_JIS", "Shift_JIS", japanese.ShiftJIS, "検索", "q=日本語&x=ｶﾅ", "%E6%A4%9C%E7%B4%A2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			page := append([]byte(`<!DOCTYPE html><html><head><meta charset="`+c.meta+`"><title>t</title></head><body>`), encode(t, c.enc, `<a href="/`+c.path+`?`+c.q+`">`+c.path+`</a>`)...)
			want := "http://example.test/" + c.pathUTF8 + "?" + pctBytes(encode(t, c.enc, c.q))
			got := extractEncoded(t, relurl.WHATWG, "", string(page), "http://example.test/dir/page.html")
			if len(got) != 1 || got[0].URL != want {
				t.Fatalf("got %+v, want URL %s", got, want)
			}
			if want := "/" + c.path + "?" + c.q; got[0].Ref != want {
				t.Errorf("Ref %q, want the reference decoded to UTF-8 %q", got[0].Ref, want)
			}
			// The same page, declared by HTTP alone.
			page = append([]byte("<p>"), encode(t, c.enc, `<a href="/`+c.path+`?`+c.q+`">`)...)
			if got := extractEncoded(t, relurl.WHATWG, c.meta, string(page), "http://example.test/"); len(got) != 1 || got[0].URL != want {
				t.Errorf("declared by HTTP: got %+v, want URL %s", got, want)
			}
		})
	}
}

// TestEncodingOrder checks the order of the HTML Standard's encoding
// sniffing (section 13.2.3.2): a byte order mark over the HTTP charset,
// which is over <meta>; an HTTP charset that names no encoding is passed
// over; without any, UTF-8, or windows-1252 when the first bytes are not
// UTF-8.
func TestEncodingOrder(t *testing.T) {
	const link = "<a href='/p?\xe9'>x</a>" // é in windows-1252, not UTF-8
	const link8 = "<a href='/p?\xc3\xa9'>x</a>"
	for _, c := range []struct {
		name, charset, doc, want string
	}{
		{"HTTP over meta", "windows-1252", `<meta charset=shift_jis>` + link, "?%E9"},
		{"HTTP unknown, meta", "x-no-such", `<meta charset=windows-1252>` + link, "?%E9"},
		{"BOM over HTTP", "windows-1252", "\xef\xbb\xbf" + link8, "?%C3%A9"},
		{"BOM over meta", "", "\xef\xbb\xbf<meta charset=windows-1252>" + link8, "?%C3%A9"},
		{"none, UTF-8", "", link8, "?%C3%A9"},
		{"none, ASCII head", "", strings.Repeat("<p>x", 300) + link8, "?%C3%A9"},
		{"none, not UTF-8", "", link, "?%E9"},
		{"meta utf-16 is UTF-8", "", `<meta charset=utf-16>` + link8, "?%C3%A9"},
		{"HTTP utf-16: decoded already", "utf-16", link8, "?%C3%A9"},
		{"meta after 1024 bytes", "", strings.Repeat(" ", 1024) + `<meta charset=windows-1252>` + link8, "?%C3%A9"},
	} {
		got := extractEncoded(t, relurl.WHATWG, c.charset, c.doc, "http://a/")
		if len(got) != 1 || got[0].URL != "http://a/p"+c.want {
			t.Errorf("%s: got %+v, want http://a/p%s", c.name, got, c.want)
		}
	}
}

// TestEncodingCSS checks that the links of CSS keep UTF-8 for the query
// in a page of another encoding (CSS Values section 4.5, "url-processing"),
// while the page's other links take its encoding, the same reference
// resolved both ways in one document (the resolution cache must not mix
// them).
func TestEncodingCSS(t *testing.T) {
	doc := "<meta charset=windows-1252><style>@import '/p?\xe9';</style><a href='/p?\xe9' style='background:url(/p?\xe9)'>x</a><a href='/p?\xe9'>y</a>"
	got := extractEncoded(t, relurl.WHATWG, "", doc, "http://a/")
	want := []string{"http://a/p?%C3%A9", "http://a/p?%E9", "http://a/p?%C3%A9", "http://a/p?%E9"}
	var urls []string
	for _, l := range got {
		urls = append(urls, l.URL)
	}
	if fmt.Sprint(urls) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", urls, want)
	}
	// Many repetitions, past the point where the cache starts.
	doc = "<meta charset=windows-1252>" + strings.Repeat("<a href='/p?\xe9' style='background:url(/p?\xe9)'>x</a>", 200)
	for i, l := range extractEncoded(t, relurl.WHATWG, "", doc, "http://a/") {
		if w := want[i%2+1]; l.URL != w {
			t.Fatalf("link %d (%s@%s): %s, want %s", i, l.Element, l.Attr, l.URL, w)
		}
	}
}

// TestEncodingRFC checks that the RFCs read the bytes as they are: no
// decoding, whatever the page declares.
func TestEncodingRFC(t *testing.T) {
	doc := "<meta charset=windows-1252><a href='/p?\xe9'>x</a>"
	for _, spec := range []relurl.Spec{relurl.RFC1808, relurl.RFC2396, relurl.RFC3986} {
		got := extractEncoded(t, spec, "windows-1252", doc, "http://a/")
		if len(got) != 1 || got[0].URL != "http://a/p?\xe9" || got[0].Ref != "/p?\xe9" {
			t.Errorf("%v: got %+v", spec, got)
		}
	}
}

// TestEncodingBytes checks ExtractBytes and a codebase: both take the
// document's encoding, and an Extractor reading a UTF-8 document next (or
// resolving a link with ResolveBytes) does not keep it.
func TestEncodingBytes(t *testing.T) {
	x := Extractor{Spec: relurl.WHATWG}
	var got []string
	fn := func(l *LinkBytes) error { got = append(got, string(l.URL)); return nil }
	doc := "<meta charset=windows-1252><applet codebase='/c\xe9/' code='k?\xe9'></applet><img src='?\xe9'>"
	if err := x.ExtractBytes(strings.NewReader(doc), base.Retrieved("http://a/"), fn); err != nil {
		t.Fatal(err)
	}
	if err := x.ExtractBytes(strings.NewReader("<img src='?\xc3\xa9'>"), base.Retrieved("http://a/"), fn); err != nil {
		t.Fatal(err)
	}
	if err := x.ResolveBytes("a", "href", []byte("?\xc3\xa9"), base.Retrieved("http://a/"), fn); err != nil {
		t.Fatal(err)
	}
	want := []string{"http://a/c%C3%A9/k?%E9", "http://a/?%E9", "http://a/?%C3%A9", "http://a/?%C3%A9"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestEncodingBase checks that a BASE href is parsed in the document's
// encoding under WHATWG, as the HTML Standard's "set the frozen base URL"
// (section 4.2.3) parses it "with document's fallback base URL, and
// document's character encoding", and that base.FromHTML finds the same
// base from the same bytes. The expected queries are WPT's
// (percent-encoding.json), the href written both as character references
// and in the page's own bytes (windows-1252 and Shift_JIS pages), absolute
// and relative to the retrieval URL.
func TestEncodingBase(t *testing.T) {
	cases := percentEncodingCases(t)
	type page struct{ name, doc, want string }
	var pages []page
	for _, c := range cases {
		for enc, want := range c.Output {
			meta := `<meta charset="` + enc + `">`
			pages = append(pages,
				page{enc + " absolute " + c.Input, meta + `<base href="https://doc.example/b/?` + charRefs(c.Input) + `">`, "https://doc.example/b/?" + want},
				page{enc + " relative " + c.Input, meta + `<base href="?` + charRefs(c.Input) + `">`, "https://doc.example/d/p?" + want})
		}
	}
	// A page's own bytes: U+2020 is 0x86 in windows-1252; 81 7C in
	// Shift_JIS is U+FF0D (the Encoding Standard's encoder also maps
	// U+2212 there, WPT's case above; "|" is not percent-encoded).
	for _, c := range []struct {
		name  string
		enc   encoding.Encoding
		q     string
		wantQ string
	}{
		{"windows-1252", charmap.Windows1252, "\u2020", "%86"},
		{"Shift_JIS", japanese.ShiftJIS, "\uff0d", "%81|"},
	} {
		raw := encode(t, c.enc, `<base href="/b/?`+c.q+`">`)
		pages = append(pages, page{c.name + " bytes", `<meta charset="` + c.name + `">` + string(raw), "https://doc.example/b/?" + c.wantQ})
	}
	outer := base.Retrieved("https://doc.example/d/p")
	n := 0
	for _, p := range pages {
		doc := p.doc + `<a href="#f">x</a>`
		want := base.Base{URL: p.want, Source: base.HTML}
		got := extractEncoded(t, relurl.WHATWG, "", doc, outer.URL)
		if len(got) != 1 || got[0].Base != want || got[0].URL != p.want+"#f" {
			t.Errorf("%s: links give %+v, want base %s", p.name, got, p.want)
		}
		fb, err := base.FromHTML(strings.NewReader(doc), outer, relurl.WHATWG, limits.Limits{})
		if err != nil || fb != want {
			t.Errorf("%s: FromHTML gives %+v, %v, want %s", p.name, fb, err, p.want)
		}
		n++
	}
	if n < 20 {
		t.Fatalf("only %d pages", n)
	}
	// The RFCs do no encoding: the href's bytes stay as they are.
	doc := "<meta charset=windows-1252><base href='/b/?\x86'><a href=''>x</a>"
	got := extractEncoded(t, relurl.RFC3986, "", doc, outer.URL)
	if len(got) != 1 || got[0].Base.URL != "https://doc.example/b/?\x86" {
		t.Errorf("RFC 3986: got %+v", got)
	}
}

// extractCSS returns the links of the style sheet sheet read by an
// Extractor of spec with the charset parameter charset.
func extractCSS(t *testing.T, spec relurl.Spec, charset string, sheet []byte, outer string) []Link {
	t.Helper()
	return collectEncoded(t, spec, charset, func(x *Extractor, emit func(Link) error) error {
		return x.ExtractCSS(bytes.NewReader(sheet), base.Retrieved(outer), emit)
	})
}

// TestEncodingCSSDocument reads windows-1252 and Shift_JIS style sheets
// under WHATWG, their encoding found by CSS Syntax Level 3 section 3.2
// (the protocol's charset, then `@charset "...";`), and checks them
// against the same sheets decoded whole by x/text and read as UTF-8: the
// same references, in UTF-8, and the same URLs, whose queries are UTF-8
// whatever the sheet's encoding (CSS Values section 4.5: CSS parses a
// url() with the URL parser's default encoding). The expected URLs are
// also written out: the path and the query percent-encoded in UTF-8 (URL
// Standard section 4.4, path and query states).
func TestEncodingCSSDocument(t *testing.T) {
	for _, c := range []struct {
		name, label string
		decl        string // the @charset, if any
		enc         encoding.Encoding
		ref         string // a url() with a path and a query, not ASCII
		url         string
	}{
		{"windows-1252 @charset", "", `@charset "windows-1252";`, charmap.Windows1252, "/café?q=é€", "http://s/caf%C3%A9?q=%C3%A9%E2%82%AC"},
		{"windows-1252 HTTP", "latin1", "", charmap.Windows1252, "/café?q=é€", "http://s/caf%C3%A9?q=%C3%A9%E2%82%AC"},
		{"windows-1252 HTTP over @charset", "windows-1252", `@charset "Shift_JIS";`, charmap.Windows1252, "/café?q=é€", "http://s/caf%C3%A9?q=%C3%A9%E2%82%AC"},
		{"Shift_JIS @charset", "", `@charset "Shift_JIS";`, japanese.ShiftJIS, "/検索?q=日本語", "http://s/%E6%A4%9C%E7%B4%A2?q=%E6%97%A5%E6%9C%AC%E8%AA%9E"},
		{"Shift_JIS HTTP", "shift_jis", "", japanese.ShiftJIS, "/検索?q=日本語", "http://s/%E6%A4%9C%E7%B4%A2?q=%E6%97%A5%E6%9C%AC%E8%AA%9E"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Past the 1024 bytes sniffed and the scanner's first
			// buffer.
			text := c.decl + `@import "` + c.ref + `";` + strings.Repeat(`a{background:url(`+c.ref+`)} `, 2000)
			sheet := encode(t, c.enc, text)
			got := extractCSS(t, relurl.WHATWG, c.label, sheet, "http://s/d/")
			// As UTF-8, without the @charset that would say otherwise.
			want := extractCSS(t, relurl.WHATWG, "", []byte(strings.TrimPrefix(text, c.decl)), "http://s/d/")
			if len(got) != 2001 || len(want) != len(got) {
				t.Fatalf("%d links, %d from the sheet as UTF-8", len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] || got[i].Ref != c.ref || got[i].URL != c.url {
					t.Fatalf("link %d: %+v\nas UTF-8: %+v\nwant ref %q, URL %s", i, got[i], want[i], c.ref, c.url)
				}
			}
			// The RFCs read the bytes as they are.
			rfc := extractCSS(t, relurl.RFC3986, c.label, sheet, "http://s/d/")
			if raw := string(encode(t, c.enc, c.ref)); len(rfc) != 2001 || rfc[1].Ref != raw {
				t.Errorf("RFC 3986: %d links, the second %+v, want ref %q", len(rfc), rfc[1], raw)
			}
		})
	}
}
