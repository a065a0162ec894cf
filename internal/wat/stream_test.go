package wat_test

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/header"
	"github.com/relurl/relurl/internal/wat"
	"github.com/relurl/relurl/limits"
)

// page returns a WAT document whose HTML-Metadata holds links (the JSON
// text of the Links array's elements), after a header and a BASE.
func page(headers, head, links string) string {
	return `{"Envelope":{"WARC-Header-Metadata":{"WARC-Target-URI":"http://x/"},"Payload-Metadata":{"HTTP-Response-Metadata":{` +
		`"Response-Message":{"Status":"200"},"Headers":{` + headers + `},"HTML-Metadata":{"Head":{` + head + `},"Links":[` + links + `]}}}}}`
}

// TestCutStrings: a string longer than the larger of Limits.URL and
// Limits.HeaderLine characters (64 at least) is cut before it is held, its link flagged with its length in the JSON text;
// an escape sequence counts as one character and is never split; cut
// strings in skipped values do not mark later ones.
func TestCutStrings(t *testing.T) {
	lim := limits.Limits{URL: 64, HeaderLine: 20}
	long := strings.Repeat("a", 100)
	esc := strings.Repeat(`\u0041`, 80) // 80 characters, 480 bytes
	js := page(`"Location":"`+long+`"`, `"Base":"`+long+`","Title":"`+long+`"`,
		`{"url":"`+long[:64]+`","path":"A@/href"},{"url":"`+long[:65]+`"},{"url":"`+long+`"},{"x":"`+long+`","url":"short"},{"url":"`+esc+`"},{"url":"\"\\\"\\\\"}`)
	var got []wat.Link
	rec, err := wat.Decode(strings.NewReader(js), lim, func(_ *wat.Record, l *wat.Link) error {
		got = append(got, *l)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	type cut struct {
		url string
		cut bool
		n   int64
	}
	want := []cut{
		{long[:64], false, 64},                     // at the limit: whole
		{long[:65], false, 65},                     // limit+1 characters: whole, over the limit downstream
		{long[:65], true, 100},                     // cut after limit+1 characters
		{"short", false, 5},                        // after a cut string in a skipped member
		{strings.Repeat("A", 65), true, 65 + 15*6}, // escapes: 65 kept, the rest (15 sequences of 6 bytes) dropped
		{`"\"\\`, false, 5},                        // escaped quotes and backslashes are not string ends
	}
	if len(got) != len(want) {
		t.Fatalf("%d links, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if g := got[i]; g.URL != w.url || g.Cut != w.cut || g.URLLen != w.n {
			t.Errorf("link %d: %q cut=%v len=%d, want %q cut=%v len=%d", i, g.URL, g.Cut, g.URLLen, w.url, w.cut, w.n)
		}
	}
	if !rec.HasBase || len(rec.Base) != 65 || rec.BaseLen != 100 {
		t.Errorf("Base %q (%d), want 65 bytes of 100", rec.Base, rec.BaseLen)
	}
	if loc := rec.Header["Location"]; len(loc) != 1 || len(loc[0]) != 65 {
		t.Errorf("Location %q, want 65 bytes", loc)
	}
}

// TestCutEscape: the cut never splits an escape sequence, wherever it
// falls (the text stays valid JSON: no error).
func TestCutEscape(t *testing.T) {
	for n := 60; n < 72; n++ {
		s := strings.Repeat("a", n) + `\u00e9\n\"` + strings.Repeat("b", 20)
		var got string
		_, err := wat.Decode(strings.NewReader(page("", "", `{"url":"`+s+`"}`)), limits.Limits{URL: 64, HeaderLine: 64}, func(_ *wat.Record, l *wat.Link) error {
			got = l.URL
			return nil
		})
		if err != nil || len([]rune(got)) != 65 {
			t.Errorf("%d: %q, %v", n, got, err)
		}
	}
}

// TestScalarLimit: a number longer than the string bound is an error.
func TestScalarLimit(t *testing.T) {
	_, err := wat.Decode(strings.NewReader(`{"Envelope":{"Offset":`+strings.Repeat("1", 100)+`}}`), limits.Limits{URL: 8, HeaderLine: 8}, nil)
	if err == nil || !strings.Contains(err.Error(), "number or literal longer than 64 bytes") {
		t.Errorf("error %v", err)
	}
}

// TestLate: a field bearing on the base that comes after the first link
// is named in Late; in Common Crawl's order, none.
func TestLate(t *testing.T) {
	js := `{"Envelope":{"Payload-Metadata":{"HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[{"url":"a"}],"Head":{"Base":"http://b/"}}}}}}`
	rec, err := wat.Decode(strings.NewReader(js), limits.Limits{}, nil)
	if err != nil || rec.Late != "Head.Base" {
		t.Errorf("Late %q, %v", rec.Late, err)
	}
	rec, err = wat.Decode(strings.NewReader(page(`"Location":"x"`, `"Base":"y"`, `{"url":"a"}`)), limits.Limits{}, nil)
	if err != nil || rec.Late != "" {
		t.Errorf("Late %q, %v", rec.Late, err)
	}
}

// part is n copies of item joined by commas, between prefix and suffix.
type part struct {
	prefix, item string
	n            int
	suffix       string
}

// jsonGen writes the parts, never holding them whole.
func jsonGen(parts ...part) io.Reader {
	pr, pw := io.Pipe()
	go func() {
		for _, p := range parts {
			io.WriteString(pw, p.prefix)
			chunk := []byte(strings.Repeat(p.item+",", 4096))
			for left := p.n; left > 1; {
				k := min(left-1, 4096)
				pw.Write(chunk[:k*(len(p.item)+1)])
				left -= k
			}
			io.WriteString(pw, p.item+p.suffix)
		}
		pw.Close()
	}()
	return pr
}

// TestStreamed: links, header names and a header's values are streamed
// or skipped, never collected: the heap retained while the last link is
// given is that retained at the thousandth, whatever the count (issue
// 23, defect 1).
func TestStreamed(t *testing.T) {
	const n = 1 << 20
	head := `{"Envelope":{"Payload-Metadata":{"HTTP-Response-Metadata":{"Headers":{`
	links := part{`},"HTML-Metadata":{"Links":[`, `{"url":"u"}`, n, `]}}}}}`}
	for _, c := range []struct {
		name  string
		parts []part
	}{
		{"links", []part{{head, `"A":"b"`, 1, ""}, links}},
		{"header names", []part{{head, `"X-A":"b"`, n, ""}, links}},
		{"header values", []part{{head + `"Location":[`, `"v"`, n, "]"}, links}},
		{"empty links", []part{{head, `"A":"b"`, 1, ""}, {links.prefix, `{}`, n, links.suffix}}},
	} {
		var first, last uint64
		var m runtime.MemStats
		count := 0
		_, err := wat.Decode(jsonGen(c.parts...), limits.Limits{}, func(r *wat.Record, l *wat.Link) error {
			if count++; count == 1000 || count == n {
				runtime.GC()
				runtime.ReadMemStats(&m)
				first, last = last, m.HeapAlloc
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d links, heap %d at the 1000th, %d at the last", c.name, count, first, last)
		if count != n {
			t.Errorf("%s: %d links, want %d", c.name, count, n)
		}
		if last > first+1<<20 {
			t.Errorf("%s: heap grew from %d to %d bytes over the links", c.name, first, last)
		}
	}
}

// TestLinkFields: every value of the Link and Refresh fields is kept, in
// the order of the JSON, a string as one field and an array as one field
// per element (webarchive-commons 1.2's repeated names), names read
// case-insensitively; other types are skipped. A value whose line
// "Name: value" is over Limits.HeaderLine, or that would take the values
// kept past Limits.HeaderBlock, is Record.HeaderErr (a *limits.Error
// inside, its offset that of the value in the JSON text, cut strings
// before it counted), and neither it nor any value after it is kept.
func TestLinkFields(t *testing.T) {
	rec, err := wat.Decode(strings.NewReader(page(`"Link":["<a>","<b>"],"Server":"x","link":"<c>","Refresh":"0; url=r","LINK":5,"Link":[{"x":1},"<d>"]`, ``, ``)), limits.Limits{}, nil)
	if err != nil || rec.HeaderErr != nil {
		t.Fatal(err, rec.HeaderErr)
	}
	if got := fmt.Sprint(rec.Header["Link"], rec.Header["Refresh"]); got != "[<a> <b> <c> <d>] [0; url=r]" {
		t.Errorf("fields %s", got)
	}

	long := strings.Repeat("x", 100)
	for _, c := range []struct {
		name    string
		lim     limits.Limits
		headers string
		kept    string // Link values kept
		limit   string
		at      string // the JSON text at the error's offset
	}{
		// "Link: <" + 23 + ">" is 31 bytes: over a line of 30, after a
		// cut string (the Title, 100 characters, over the 64 kept).
		{"line", limits.Limits{URL: 8, HeaderLine: 30}, `"Link":["<a>","<` + long[:23] + `>","<b>"],"Refresh":"1"`, "[<a>]", "HeaderLine", `"<xxx`},
		{"line, cut", limits.Limits{URL: 8, HeaderLine: 30}, `"Link":"<a>","Refresh":"` + long + `","Link":"<b>"`, "[<a>]", "HeaderLine", `"xxx`},
		// Each field is its line and CRLF: 11 bytes; 3 fit in 35.
		{"block", limits.Limits{HeaderBlock: 35}, `"Link":["<a>","<b>"],"Link":["<c>","<d>"]`, "[<a> <b> <c>]", "HeaderBlock", `"<d>"`},
	} {
		js := page(c.headers, `"Title":"`+long+`"`, ``)
		// Head comes after Headers in page; put a cut string first.
		js = strings.Replace(js, `"Envelope":{`, `"Envelope":{"Skip":"`+long+`",`, 1)
		rec, err := wat.Decode(strings.NewReader(js), c.lim, nil)
		if err != nil {
			t.Fatal(c.name, err)
		}
		var le *limits.Error
		if fmt.Sprint(rec.Header["Link"]) != c.kept || !errors.As(rec.HeaderErr, &le) || le.Limit != c.limit {
			t.Errorf("%s: kept %q, error %v", c.name, rec.Header["Link"], rec.HeaderErr)
			continue
		}
		var he *header.Error
		if !errors.As(rec.HeaderErr, &he) || !strings.HasPrefix(js[he.Offset:], c.at) {
			t.Errorf("%s: error %v at %q", c.name, rec.HeaderErr, js[min(he.Offset, len(js)):])
		}
		if len(rec.Header["Refresh"]) != 0 {
			t.Errorf("%s: Refresh after the error kept: %q", c.name, rec.Header["Refresh"])
		}
	}
}

// TestRevisitFields: the WARC-Refers-To fields of a revisit record are
// kept; of a WARC field given as an array (a repeated field), the first
// value, as warc.Record's Header.Get gives it.
func TestRevisitFields(t *testing.T) {
	js := `{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"revisit","WARC-Target-URI":["http://a/p","http://a/q"],` +
		`"WARC-Refers-To-Target-URI":"http://a/o","WARC-Refers-To-Date":["2020-01-02T03:04:05Z",{"x":1}],"WARC-Date":"2026"}}}`
	rec, err := wat.Decode(strings.NewReader(js), limits.Limits{}, nil)
	if got := strings.Join([]string{rec.Type, rec.TargetURI, rec.RefersTo, rec.RefersToDate, rec.Date}, " "); err != nil || got != "revisit http://a/p http://a/o 2020-01-02T03:04:05Z 2026" {
		t.Errorf("%q, %v", got, err)
	}
}

// TestTargetURIAngles: a WARC-Target-URI written in angle brackets (the
// uri of WARC/1.0 section 5's grammar is "<" URI ">", and writers
// following it enclose the field) is the URI inside them, as the WARC
// reader takes it (warc.Record.TargetURI); the links read after it are
// resolved against that.
func TestTargetURIAngles(t *testing.T) {
	js := `{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"\u003chttp://a/b/\u003e"}}}`
	rec, err := wat.Decode(strings.NewReader(js), limits.Limits{}, nil)
	if err != nil || rec.TargetURI != "http://a/b/" {
		t.Errorf("TargetURI %q, %v; want http://a/b/", rec.TargetURI, err)
	}
}
