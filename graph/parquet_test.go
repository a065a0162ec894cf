package graph

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/parquet-go/parquet-go"
)

// TestParquetNotUTF8: a page graph's nodes and dates are the bytes of the
// rows, which need not be UTF-8 (a URL kept raw by RFC 1808, a file
// name), while a Parquet STRING must be (DuckDB refuses the file
// otherwise). As in the links rows' file (docs/links.md#parquet--format-parquet),
// each such value is written with every run of bad bytes as U+FFFD, and
// exactly in its column NAME_bytes, null when the value is UTF-8
// (docs/graphs.md#parquet).
func TestParquetNotUTF8(t *testing.T) {
	g := &Builder{Level: Page, Dir: t.TempDir()}
	defer g.Close()
	for _, e := range [][3]string{
		{"http://a/\xff", "http://b/\xfe\xfd", "2026\xc3"},
		{"http://a/", "http://b/é", "2026"},
		{"http://a/", "http://c/", ""},
	} {
		if err := g.Add(e[0], e[1], e[2]); err != nil {
			t.Fatal(err)
		}
	}
	var file bytes.Buffer
	if err := g.Write(&file, Parquet); err != nil {
		t.Fatal(err)
	}
	type edge struct {
		Source      string  `parquet:"source"`
		Target      string  `parquet:"target"`
		Date        *string `parquet:"date,optional"`
		Count       int64   `parquet:"count"`
		SourceBytes *[]byte `parquet:"source_bytes,optional"`
		TargetBytes *[]byte `parquet:"target_bytes,optional"`
		DateBytes   *[]byte `parquet:"date_bytes,optional"`
	}
	got, err := parquet.Read[edge](bytes.NewReader(file.Bytes()), int64(file.Len()))
	if err != nil {
		t.Fatal(err)
	}
	str := func(p *string) string {
		if p == nil {
			return "<null>"
		}
		return *p
	}
	byt := func(p *[]byte) string {
		if p == nil {
			return "<null>"
		}
		return string(*p)
	}
	// Sorted by the exact bytes: "http://a/" before "http://a/\xff".
	want := [][7]string{
		{"http://a/", "http://b/é", "2026", "1", "<null>", "<null>", "<null>"},
		{"http://a/", "http://c/", "<null>", "1", "<null>", "<null>", "<null>"},
		{"http://a/\uFFFD", "http://b/\uFFFD", "2026\uFFFD", "1", "http://a/\xff", "http://b/\xfe\xfd", "2026\xc3"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d edges, want %d: %+v", len(got), len(want), got)
	}
	for i, e := range got {
		if !utf8.ValidString(e.Source) || !utf8.ValidString(e.Target) || !utf8.ValidString(str(e.Date)) {
			t.Errorf("edge %d: a STRING value is not UTF-8: %q %q %q", i, e.Source, e.Target, str(e.Date))
		}
		g := [7]string{e.Source, e.Target, str(e.Date), string(rune('0' + e.Count)), byt(e.SourceBytes), byt(e.TargetBytes), byt(e.DateBytes)}
		if g != want[i] {
			t.Errorf("edge %d: %q\nwant    %q", i, g, want[i])
		}
	}
}
