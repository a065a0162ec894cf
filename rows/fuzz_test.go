package rows

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/relurl/relurl/base"
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

// FuzzParquet: the Parquet file of a link whose values are the fuzzed
// strings, with the optional columns opts chooses, is the same written
// the direct way and from its NDJSON rows, and gives every value back
// exact (wantRow); the fuzzed bytes handed to a ParquetWriter as rows
// are rows or an ErrParquetRow, never a panic.
func FuzzParquet(f *testing.F) {
	f.Add("d.html", "g", "http://a/g", "text", uint8(0), []byte{})
	f.Add("a.warc.gz#12", "../x", "http://bad/x", "", uint8(7), []byte{parquetRowTag, 2, 'd'})             // key refused; a cut row
	f.Add("\xff\x00", "\t\n", "", "\xc3", uint8(5|3<<3), []byte(`{"document":"d"}`))                       // not UTF-8, NUL, no URL, NDJSON given as rows
	f.Add("", "", "", "", uint8(2|4<<3), append([]byte{parquetRowTag}, bytes.Repeat([]byte{0xff}, 11)...)) // empty values, a length that overflows
	f.Fuzz(func(t *testing.T, doc, ref, url, text string, opts uint8, raw []byte) {
		in := []pqInput{{Document{Name: doc, Page: url, Date: text},
			links.Link{Element: text, Attr: ref, Ref: ref, URL: url, Base: base.Base{URL: doc, Source: base.Source(opts >> 3 % 5)},
				Text: text, Rel: doc, Title: ref}}}
		o := pqOpts{opts&1 != 0, opts&2 != 0, opts&4 != 0}
		direct := writeParquetBy(t, in, o, false, 0)
		if nd := writeParquetBy(t, in, o, true, 3); !bytes.Equal(direct, nd) {
			t.Fatalf("%+v: the direct way and NDJSON give different files", in)
		}
		_, got, _ := readParquet(t, direct)
		if len(got) != 1 {
			t.Fatalf("%d rows", len(got))
		}
		checkRow(t, 0, got[0], wantRow(in[0], o))

		pw := NewParquetWriter(io.Discard)
		_, err := pw.Write(raw)
		if err != nil && !errors.Is(err, ErrParquetRow) {
			t.Fatalf("rows %q: %v", raw, err)
		}
		if cerr := pw.Close(); err == nil && cerr != nil && !errors.Is(cerr, ErrParquetRow) {
			t.Fatalf("rows %q: Close: %v", raw, cerr)
		}
	})
}
