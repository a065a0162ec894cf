package wat_test

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/wat"
	"github.com/relurl/relurl/limits"
)

// page returns a WAT document whose HTML-Metadata holds links (the JSON
// text of the Links array's elements), after a header and a BASE.
func page(headers, head, links string) string {
	return `{"Envelope":{"WARC-Header-Metadata":{"WARC-Target-URI":"http://x/"},"Payload-Metadata":{"HTTP-Response-Metadata":{` +
		`"Response-Message":{"Status":"200"},"Headers":{` + headers + `},"HTML-Metadata":{"Head":{` + head + `},"Links":[` + links + `]}}}}}`
}

// TestCutStrings: a string longer than Limits.URL characters (64 at
// least) is cut before it is held, its link flagged with its length in the JSON text;
// an escape sequence counts as one character and is never split; cut
// strings in skipped values do not mark later ones.
func TestCutStrings(t *testing.T) {
	lim := limits.Limits{URL: 64}
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
		_, err := wat.Decode(strings.NewReader(page("", "", `{"url":"`+s+`"}`)), limits.Limits{URL: 64}, func(_ *wat.Record, l *wat.Link) error {
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
	_, err := wat.Decode(strings.NewReader(`{"Envelope":{"Offset":`+strings.Repeat("1", 100)+`}}`), limits.Limits{URL: 8}, nil)
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
