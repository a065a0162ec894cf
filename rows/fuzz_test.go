package rows

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/relurl/relurl/links"
)

func FuzzOutputEscaping(f *testing.F) {
	f.Add("plain")
	f.Add("tab\there\nnewline\r\\back")   // every TSV escape
	f.Add("\xff\xfe invalid \u2028 \x00") // not UTF-8, line separator, NUL
	f.Add(`"quoted" \u0041`)
	f.Add("0123456\x01\x0b89abcdef\\ghijklmnopq\r") // word-sized runs, controls that need no escape
	f.Fuzz(func(t *testing.T, s string) {
		tsv := string(AppendTSV(nil, s))
		if strings.ContainsAny(tsv, "\t\n\r") || UnescapeTSV(tsv) != s {
			t.Fatalf("TSV %q for %q", tsv, s)
		}
		// An NDJSON row is one line of valid JSON that keeps every byte.
		row := AppendRow(nil, NDJSON, s, links.Link{Element: "a", Attr: "href", Ref: s, URL: s}, nil)
		if bytes.Count(row, []byte("\n")) != 1 || row[len(row)-1] != '\n' {
			t.Fatalf("NDJSON row for %q is not one line: %q", s, row)
		}
		// Read gives back every column a Writer wrote (an empty URL has
		// no key).
		wantKey := "key:" + s
		if s == "" {
			wantKey = ""
		}
		for _, f := range []Format{TSV, NDJSON} {
			d := &Document{Name: s, Page: s, Date: s}
			k := links.Link{Element: "a", Attr: "href", Ref: s, URL: s, Text: s, Rel: s, Title: s}
			if r := roundTrip(t, f, d, k); r.Document != s || r.Ref != s || r.URL != s || r.Text != s || r.Page != s || r.Date != s || r.URLKey != wantKey {
				t.Fatalf("format %d: %q read back as %+v", f, s, r)
			}
		}
		var m map[string]string
		if err := json.Unmarshal(row, &m); err != nil {
			t.Fatalf("NDJSON row %s for %q: %v", row, s, err)
		}
		for _, name := range []string{"document", "ref", "url"} {
			got := m[name]
			if b64, ok := m[name+"_base64"]; ok {
				raw, err := base64.StdEncoding.DecodeString(b64)
				if err != nil {
					t.Fatalf("%s_base64 %q: %v", name, b64, err)
				}
				got = string(raw)
			}
			if got != s {
				t.Fatalf("NDJSON %s gives %q, want %q", name, got, s)
			}
		}
	})
}
