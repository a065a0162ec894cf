package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/relurl/relurl/rows"
)

// parquetLink is the part of the Parquet schema of links rows
// (docs/links.md#parquet--format-parquet) the command's tests read, by column name.
type parquetLink struct {
	Document   string  `parquet:"document"`
	Base       string  `parquet:"base"`
	BaseSource string  `parquet:"base_source"`
	Attribute  string  `parquet:"attribute"`
	Ref        string  `parquet:"ref"`
	URL        string  `parquet:"url"`
	Text       *string `parquet:"text,optional"`
	Page       *string `parquet:"page,optional"`
	URLKey     *string `parquet:"url_key,optional"`
	RefBytes   []byte  `parquet:"ref_bytes,optional"`
	URLBytes   []byte  `parquet:"url_bytes,optional"`
}

// readLinksParquet reads Parquet links rows as the NDJSON Row they hold.
func readLinksParquet(t *testing.T, b []byte) []rows.Row {
	t.Helper()
	got, err := parquet.Read[parquetLink](bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var out []rows.Row
	for _, l := range got {
		r := rows.Row{Document: l.Document, Base: l.Base, BaseSource: l.BaseSource, Attribute: l.Attribute, Ref: l.Ref, URL: l.URL}
		if l.RefBytes != nil {
			r.Ref = string(l.RefBytes)
		}
		if l.URLBytes != nil {
			r.URL = string(l.URLBytes)
		}
		if l.Text == nil || l.Page == nil || l.URLKey == nil {
			t.Fatalf("row %+v: the optional columns are null", l)
		}
		r.Text, r.Page, r.URLKey = *l.Text, *l.Page, *l.URLKey
		out = append(out, r)
	}
	return out
}

// readNDJSON reads NDJSON rows with the rows package's reader.
func readNDJSON(t *testing.T, s string) []rows.Row {
	t.Helper()
	var out []rows.Row
	err := rows.Read(strings.NewReader(s), "ndjson", func(r *rows.Row) error {
		c := *r
		c.Line = 0
		out = append(out, rows.Row{Document: c.Document, Base: c.Base, BaseSource: c.BaseSource, Attribute: c.Attribute, Ref: c.Ref, URL: c.URL,
			Text: c.Text, Page: c.Page, URLKey: c.URLKey})
		return nil
	}, func(err error) { t.Error(err) })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLinksParquet: "relurl links -format parquet" writes the rows that
// -format ndjson writes (the very file rows.ParquetFromNDJSON makes of them), optional columns and a reference that is not
// UTF-8 (nor its URL, by RFC 1808) included, to standard output (a buffer, as a file or a pipe
// would be) and to -out-dir, one NAME.parquet per input.
func TestLinksParquet(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "p.html")
	doc := `<base href="http://h/d/"><a href="a b" title="t">Anchor</a><img src="x` + "\xff\x00" + `y"><a href="../c">c</a>`
	if err := os.WriteFile(page, []byte(doc), 0o666); err != nil {
		t.Fatal(err)
	}
	flags := []string{"-context", "-page", "-key", page, roytest(1)}
	nd, errs, code := runLinksCmd(t, "", false, append([]string{"-format", "ndjson"}, flags...)...)
	if code != exitOK {
		t.Fatalf("ndjson: exit %d, %s", code, errs)
	}
	want := readNDJSON(t, nd)
	if len(want) < 4 || !strings.Contains(nd, "ref_base64") {
		t.Fatalf("the test needs rows and a reference that is not UTF-8:\n%s", nd)
	}
	pq, errs, code := runLinksCmd(t, "", false, append([]string{"-format", "parquet"}, flags...)...)
	if code != exitOK {
		t.Fatalf("parquet: exit %d, %s", code, errs)
	}
	compareRows(t, "standard output", readLinksParquet(t, []byte(pq)), want)
	// The file written directly is, byte for byte, the one made from the
	// NDJSON rows (rows.ParquetFromNDJSON).
	var fromND bytes.Buffer
	pw := rows.NewParquetFromNDJSON(&fromND)
	if _, err := pw.Write([]byte(nd)); err != nil {
		t.Fatal(err)
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal([]byte(pq), fromND.Bytes()) {
		t.Errorf("-format parquet: %d bytes; from -format ndjson: %d bytes, not the same", len(pq), fromND.Len())
	}

	// Two jobs share the one file: the same rows, inputs interleaved.
	pq, errs, code = runLinksCmd(t, "", false, append([]string{"-format", "parquet", "-jobs", "2"}, flags...)...)
	if code != exitOK {
		t.Fatalf("-jobs 2: exit %d, %s", code, errs)
	}
	byDoc := func(rs []rows.Row) []rows.Row {
		slices.SortStableFunc(rs, func(a, b rows.Row) int { return strings.Compare(a.Document, b.Document) })
		return rs
	}
	compareRows(t, "-jobs 2", byDoc(readLinksParquet(t, []byte(pq))), byDoc(slices.Clone(want)))

	out := filepath.Join(dir, "out")
	if _, errs, code := runLinksCmd(t, "", false, append([]string{"-format", "parquet", "-out-dir", out}, flags...)...); code != exitOK {
		t.Fatalf("-out-dir: exit %d, %s", code, errs)
	}
	b, err := os.ReadFile(filepath.Join(out, strings.ReplaceAll(page, "/", "%2F")+".parquet"))
	if err != nil {
		ls, _ := os.ReadDir(out)
		t.Fatalf("%v; -out-dir holds %v", err, ls)
	}
	var ofPage []rows.Row
	for _, r := range want {
		if r.Document == page {
			ofPage = append(ofPage, r)
		}
	}
	compareRows(t, "-out-dir", readLinksParquet(t, b), ofPage)
}

func compareRows(t *testing.T, where string, got, want []rows.Row) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d", where, len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: row %d\n got %+v\nwant %+v", where, i, got[i], want[i])
		}
	}
}

// TestLinksParquetRefused: what -format parquet cannot do is a usage
// error (exit status 2) saying why.
func TestLinksParquetRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-differ", "rfc1808,whatwg"}, "cannot be used with -differ"},
		{[]string{"-gzip", "-out-dir", t.TempDir()}, "-gzip cannot be used with it"},
	} {
		_, errs, code := runLinksCmd(t, "", false, append(append([]string{"-format", "parquet"}, c.args...), roytest(1))...)
		if code != exitUsage || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errs, c.msg)
		}
	}
}
