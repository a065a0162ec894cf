package rows

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/bytestr"
	"github.com/relurl/relurl/links"
)

// TestAppendRow pins the row format the command and the Beam pipeline
// share.
func TestAppendRow(t *testing.T) {
	k := links.Link{Element: "a", Attr: "href", Ref: "g\tx", URL: "http://a/g\tx", Base: base.Base{URL: "http://a/", Source: base.HTML}}
	if got := string(AppendRow(nil, TSV, "d\n1", k, nil)); got != "d\\n1\thttp://a/\thtml\ta@href\tg\\tx\thttp://a/g\\tx\n" {
		t.Errorf("TSV %q", got)
	}
	want := `{"document":"d\n1","base":"http://a/","base_source":"html","attribute":"a@href","ref":"g\tx","url":"http://a/g\tx"}` + "\n"
	if got := string(AppendRow(nil, NDJSON, "d\n1", k, nil)); got != want {
		t.Errorf("NDJSON %s", got)
	}
	k.Attr = ""
	if got := string(AppendRow(nil, TSV, "d", k, nil)); !strings.Contains(got, "\ta\tg") {
		t.Errorf("no attribute: %q", got)
	}
}

// TestAppendTSV checks AppendTSV, which tests eight bytes at a time,
// against a byte loop: every byte value at every position of strings
// around the word size, after a control byte that needs no escape (which
// the word test flags too) or not.
func TestAppendTSV(t *testing.T) {
	slow := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			switch c := s[i]; c {
			case '\\', '\t', '\n', '\r':
				b.WriteString(map[byte]string{'\\': `\\`, '\t': `\t`, '\n': `\n`, '\r': `\r`}[c])
			default:
				b.WriteByte(c)
			}
		}
		return b.String()
	}
	for _, lead := range []string{"", "\x01", "abc\x0bdefgh"} {
		for n := 0; n <= 25; n++ {
			for pos := 0; pos < n; pos++ {
				for c := 0; c < 256; c++ {
					s := []byte(lead + strings.Repeat("x", n))
					s[len(lead)+pos] = byte(c)
					if got, want := string(AppendTSV([]byte("<"), string(s))), "<"+slow(string(s)); got != want {
						t.Fatalf("AppendTSV(%q) = %q, want %q", s, got, want)
					}
				}
			}
		}
	}
}

// TestRowsTSV checks that Rows writes AppendRow's bytes while it escapes
// the columns of a document once for all its links, over documents,
// bases and base sources that change, and links whose reference and URL
// view one buffer (as LinkBytes do).
func TestRowsTSV(t *testing.T) {
	view := "http://h/\tbase"
	buf := make([]byte, 0, 64)
	type row struct {
		doc string
		b   base.Base
	}
	var r Writer
	var got, want []byte
	for i, c := range []row{
		{"D#1", base.Base{URL: view, Source: base.Retrieval}},
		{"D#1", base.Base{URL: view, Source: base.Retrieval}},
		{"D#1", base.Base{URL: view, Source: base.HTML}},
		{"D#2", base.Base{URL: view, Source: base.HTML}},
		{"D#2", base.Base{URL: "other\n", Source: base.HTML}},
		{"D#2", base.Base{URL: view, Source: base.HTML}},
		{"D\t#3", base.Base{}},
	} {
		buf = fmt.Appendf(buf[:0], "r%d", i)
		ref := bytestr.View(buf)
		buf = fmt.Appendf(buf, "u\t%d", i)
		k := links.Link{Element: "a", Attr: "href", Ref: ref, URL: bytestr.View(buf[len(ref):]), Base: c.b}
		got = r.Append(got, &Document{Name: c.doc}, k)
		want = AppendRow(want, TSV, c.doc, k, nil)
	}
	if string(got) != string(want) {
		t.Errorf("Rows wrote\n%s\nAppendRow\n%s", got, want)
	}
}

// TestRowAllocs checks that writing a row allocates nothing once the
// buffer has room, in both formats.
func TestRowAllocs(t *testing.T) {
	k := links.Link{Element: "a", Attr: "href", Ref: "g", URL: "http://a/g", Base: base.Base{URL: "http://a/", Source: base.HTML}}
	for _, f := range []Format{TSV, NDJSON} {
		r := Writer{Format: f, Context: true, Page: true}
		buf := make([]byte, 0, 4096)
		if n := testing.AllocsPerRun(100, func() { buf = r.Append(buf[:0], &Document{Name: "d", Page: "http://a/", Date: "2026"}, k) }); n != 0 {
			t.Errorf("format %d: %v allocations a row", f, n)
		}
	}
}

// roundTrip writes the row of link k of document d with every optional
// column, in format f, and reads it back by Read, under the header in
// TSV.
func roundTrip(t *testing.T, f Format, d *Document, k links.Link) Row {
	t.Helper()
	w := Writer{Format: f, Context: true, Page: true,
		Key: func(dst []byte, u string) ([]byte, error) { return append(append(dst, "key:"...), u...), nil }}
	var b []byte
	if f == TSV {
		b = append(b, w.Header()...)
	}
	b = w.Append(b, d, k)
	var got []Row
	err := Read(strings.NewReader(string(b)), "rt", func(r *Row) error { got = append(got, *r); return nil },
		func(err error) { t.Fatalf("format %d: %v in %q", f, err, b) })
	if err != nil || len(got) != 1 {
		t.Fatalf("format %d: %d rows, %v, in %q", f, len(got), err, b)
	}
	return got[0]
}

// roundTripValues are values a Writer must keep whatever the format.
var roundTripValues = []string{"plain", "tab\there\nnew\r\\back\\", "\xff\xfe not UTF-8", `\t as written`, ""}

// TestRoundTrip: what a Writer writes, Read reads back column for column,
// in both formats, whatever bytes the values hold.
func TestRoundTrip(t *testing.T) {
	for _, v := range roundTripValues {
		d := &Document{Name: "doc" + v, Page: "http://p/" + v, Date: "date" + v}
		k := links.Link{Element: "a", Attr: "href", Ref: v, URL: "http://u/" + v, Base: base.Base{URL: "http://b/" + v, Source: base.HTML},
			Text: "text" + v, Rel: "rel" + v, Title: "title" + v}
		want := Row{Document: d.Name, Base: k.Base.URL, BaseSource: "html", Attribute: "a@href", Ref: k.Ref, URL: k.URL,
			Text: k.Text, Rel: k.Rel, Title: k.Title, Page: d.Page, Date: d.Date, PageKey: "key:" + d.Page, URLKey: "key:" + k.URL}
		for _, f := range []Format{TSV, NDJSON} {
			got := roundTrip(t, f, d, k)
			want.Line = got.Line
			if got != want {
				t.Errorf("format %d, value %q:\ngot  %+v\nwant %+v", f, v, got, want)
			}
		}
	}
}

// TestKeyError: a URL the key function fails on gets an empty key and
// its error, once for a page; in NDJSON the reason is a member too; a
// link without a URL gets no key and no key error.
func TestKeyError(t *testing.T) {
	fail := errors.New("no key")
	var errs []string
	w := Writer{Format: NDJSON, Key: func(dst []byte, u string) ([]byte, error) {
		if strings.Contains(u, "bad") {
			return dst, fail
		}
		return append(dst, u...), nil
	}, KeyError: func(u string, err error) { errs = append(errs, u+": "+err.Error()) }}
	d := &Document{Name: "d", Page: "http://bad/"}
	var b []byte
	for _, k := range []links.Link{
		{Element: "a", Attr: "href", Ref: "x", URL: "http://ok/x"},
		{Element: "a", Attr: "href", Ref: "y", URL: "http://bad/y"},
		{Element: "a", Attr: "href", Ref: "z", Err: fail},
	} {
		b = w.Append(b, d, k)
	}
	want := `{"document":"d","base":"","base_source":"none","attribute":"a@href","ref":"x","url":"http://ok/x","page_key":"","url_key":"http://ok/x","page_key_error":"no key"}
{"document":"d","base":"","base_source":"none","attribute":"a@href","ref":"y","url":"http://bad/y","page_key":"","url_key":"","page_key_error":"no key","url_key_error":"no key"}
{"document":"d","base":"","base_source":"none","attribute":"a@href","ref":"z","url":"","page_key":"","url_key":"","page_key_error":"no key"}
`
	if string(b) != want {
		t.Errorf("rows\n%s\nwant\n%s", b, want)
	}
	if fmt.Sprint(errs) != "[http://bad/: no key http://bad/y: no key]" {
		t.Errorf("key errors %q", errs)
	}
}

// TestFormatNames: String names each Format as relurl links -format
// takes it, and ParseFormat takes those names, in lower case only.
func TestFormatNames(t *testing.T) {
	for _, f := range []Format{TSV, NDJSON, Parquet} {
		got, err := ParseFormat(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %v, %v; want %v", f.String(), got, err, f)
		}
	}
	if s := TSV.String() + " " + NDJSON.String() + " " + Parquet.String(); s != "tsv ndjson parquet" {
		t.Errorf("names %q", s)
	}
	if s := Format(7).String(); s != "Format(7)" {
		t.Errorf("Format(7).String() = %q", s)
	}
	for _, s := range []string{"", "xml", "json", "TSV", "NDJson", " tsv", "tsv\n"} {
		if f, err := ParseFormat(s); err == nil {
			t.Errorf("ParseFormat(%q) = %v, no error", s, f)
		} else if want := fmt.Sprintf("rows: unknown format %q: want tsv, ndjson or parquet", s); err.Error() != want {
			t.Errorf("ParseFormat(%q): %q, want %q", s, err, want)
		}
	}
}
