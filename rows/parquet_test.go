package rows

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/duckdbtest"
	"github.com/relurl/relurl/internal/parquettest"
	"github.com/relurl/relurl/links"
)

// pqInput is a link and its document, as a test writes it.
type pqInput struct {
	doc Document
	k   links.Link
}

// pqInputs are links with the values Parquet must keep: a tab, a
// newline, a NUL, bytes that are not UTF-8 in several columns (document,
// ref, url, text, page), a link without a URL, a URL the test's key
// function refuses.
var pqInputs = []pqInput{
	{Document{Name: "a.warc.gz#0", Page: "http://a/", Date: "2026-01-02T03:04:05Z"},
		links.Link{Element: "a", Attr: "href", Ref: "g\tx", URL: "http://a/g\tx", Base: base.Base{URL: "http://a/", Source: base.Retrieval}, Text: "anchor", Rel: "next", Title: "T"}},
	{Document{Name: "b\xffc.html", Page: "file:///b%FFc.html"},
		links.Link{Element: "img", Attr: "src", Ref: "x\x00\xfe", URL: "file:///x\x00\xfe", Base: base.Base{URL: "file:///", Source: base.HTML}, Text: "\xc3"}},
	{Document{Name: "c", Page: "http://bad/\xff"},
		links.Link{Element: "a", Attr: "href", Ref: "http://[", Base: base.Base{Source: base.None}, Err: errors.New("rejected")}},
	{Document{Name: "c", Page: "http://bad/\xff"},
		links.Link{Element: "style", Ref: "u\n", URL: "http://bad/u", Base: base.Base{URL: "http://bad/", Source: base.Header}}},
}

// testKey is the test's key function: "K:" and the URL, refused for a
// URL holding "bad".
func testKey(dst []byte, url string) ([]byte, error) {
	if strings.Contains(url, "bad") {
		return dst, errors.New("bad key")
	}
	return append(append(dst, "K:"...), url...), nil
}

// pqOpts are the optional columns of a test's rows.
type pqOpts struct{ context, page, key bool }

var pqAll = pqOpts{true, true, true}

// writeParquet writes the inputs as Parquet the direct way (a Writer of
// Format Parquet and a ParquetWriter), with every optional column or
// none, the rows handed over chunk bytes at a time (0: whole).
func writeParquet(t testing.TB, in []pqInput, optional bool, chunk int) []byte {
	t.Helper()
	var o pqOpts
	if optional {
		o = pqAll
	}
	return writeParquetBy(t, in, o, false, chunk)
}

// writeParquetBy writes the inputs as Parquet with the optional columns
// of o, the direct way or, with viaNDJSON, from their NDJSON rows
// (ParquetFromNDJSON), handed over chunk bytes at a time (0: whole).
func writeParquetBy(t testing.TB, in []pqInput, o pqOpts, viaNDJSON bool, chunk int) []byte {
	t.Helper()
	w := Writer{Format: Parquet, Context: o.context, Page: o.page}
	if o.key {
		w.Key = testKey
	}
	var out bytes.Buffer
	var pw io.WriteCloser = NewParquetWriter(&out)
	if viaNDJSON {
		w.Format = NDJSON
		pw = NewParquetFromNDJSON(&out)
	}
	var rows []byte
	for _, r := range in {
		rows = w.Append(rows, &r.doc, r.k)
	}
	for rest := rows; len(rest) > 0; {
		n := len(rest)
		if chunk > 0 {
			n = min(n, chunk)
		}
		if _, err := pw.Write(rest[:n]); err != nil {
			t.Fatal(err)
		}
		rest = rest[n:]
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// readParquet reads a Parquet file with parquet-go's reader: each row a
// map from column name to value, nil for null.
func readParquet(t testing.TB, b []byte) ([]string, []map[string]*string, *parquet.File) {
	t.Helper()
	f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, path := range f.Schema().Columns() {
		names = append(names, strings.Join(path, "."))
	}
	r := parquet.NewReader(f)
	defer r.Close()
	var out []map[string]*string
	buf := make([]parquet.Row, 16)
	for {
		n, err := r.ReadRows(buf)
		for _, row := range buf[:n] {
			m := map[string]*string{}
			for _, v := range row {
				if v.IsNull() {
					m[names[v.Column()]] = nil
				} else {
					s := string(v.ByteArray())
					m[names[v.Column()]] = &s
				}
			}
			out = append(out, m)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return names, out, f
}

// wantColumns are the columns of the schema, in order
// (docs/links.md#parquet--format-parquet).
const wantColumns = "document base base_source attribute ref url text rel title page date page_key url_key page_key_error url_key_error " +
	"document_bytes base_bytes attribute_bytes ref_bytes url_bytes text_bytes rel_bytes title_bytes page_bytes date_bytes page_key_bytes url_key_bytes page_key_error_bytes url_key_error_bytes"

// wantRow is the row of input r by the documented rules, as exact
// values (the test checks the UTF-8 column and the _bytes column apart):
// nil for a column the rows do not have.
func wantRow(r pqInput, o pqOpts) map[string]*string {
	s := func(v string) *string { return &v }
	attr := r.k.Element
	if r.k.Attr != "" {
		attr += "@" + r.k.Attr
	}
	m := map[string]*string{"document": s(r.doc.Name), "base": s(r.k.Base.URL), "base_source": s(r.k.Base.Source.String()),
		"attribute": s(attr), "ref": s(r.k.Ref), "url": s(r.k.URL)}
	for _, c := range []string{"text", "rel", "title", "page", "date", "page_key", "url_key", "page_key_error", "url_key_error"} {
		m[c] = nil
	}
	if o.context {
		m["text"], m["rel"], m["title"] = s(r.k.Text), s(r.k.Rel), s(r.k.Title)
	}
	if o.page {
		m["page"], m["date"] = s(r.doc.Page), s(r.doc.Date)
	}
	if o.key {
		// A URL without a key has an empty one, and "bad key" as its
		// error when testKey refused it; "" and a link's failed URL are
		// not given to testKey.
		key := func(u, col string) {
			switch {
			case u == "":
				m[col] = s("")
			case strings.Contains(u, "bad"):
				m[col], m[col+"_error"] = s(""), s("bad key")
			default:
				m[col] = s("K:" + u)
			}
		}
		key(r.doc.Page, "page_key")
		if r.k.Err != nil {
			key("", "url_key")
		} else {
			key(r.k.URL, "url_key")
		}
	}
	return m
}

// checkRow compares a row read back with the exact values of want: a
// valid UTF-8 value is in its column and its _bytes column is null; any
// other is in its column with U+FFFD for bad bytes, exact in _bytes.
func checkRow(t *testing.T, i int, got, want map[string]*string) {
	t.Helper()
	for c, w := range want {
		g := got[c]
		gb, hasBytes := got[c+"_bytes"]
		switch {
		case w == nil:
			if g != nil || gb != nil {
				t.Errorf("row %d: %s = %v, %s_bytes = %v, want nulls", i, c, g, c, gb)
			}
		case g == nil:
			t.Errorf("row %d: %s is null, want %q", i, c, *w)
		case *g != strings.ToValidUTF8(*w, "\uFFFD"):
			t.Errorf("row %d: %s = %q, want %q", i, c, *g, *w)
		case !hasBytes && c != "base_source":
			t.Errorf("row %d: no column %s_bytes", i, c)
		case *g == *w && gb != nil:
			t.Errorf("row %d: %s_bytes = %q for a UTF-8 value", i, c, *gb)
		case *g != *w && (gb == nil || *gb != *w):
			t.Errorf("row %d: %s_bytes = %v, want %q", i, c, gb, *w)
		}
	}
}

// TestParquetRoundTrip reads the Parquet rows with parquet-go's reader:
// the schema's columns, and every value exact, with and without the
// optional columns, written the direct way and from NDJSON rows, the
// rows given whole or a few bytes at a time.
func TestParquetRoundTrip(t *testing.T) {
	for _, viaNDJSON := range []bool{false, true} {
		for _, o := range []pqOpts{{}, pqAll} {
			for _, chunk := range []int{0, 7} {
				names, got, _ := readParquet(t, writeParquetBy(t, pqInputs, o, viaNDJSON, chunk))
				if g := strings.Join(names, " "); g != wantColumns {
					t.Fatalf("columns %s\nwant %s", g, wantColumns)
				}
				if len(got) != len(pqInputs) {
					t.Fatalf("%d rows, want %d", len(got), len(pqInputs))
				}
				for i, r := range pqInputs {
					checkRow(t, i, got[i], wantRow(r, o))
				}
			}
		}
	}
	// A literal case of the U+FFFD rule: one replacement for a run.
	_, got, _ := readParquet(t, writeParquet(t, pqInputs[1:2], false, 0))
	if d := *got[0]["document"]; d != "b\uFFFDc.html" {
		t.Errorf("document %q", d)
	}
}

// pqHostile is a link with a NUL, bytes that are not UTF-8 in its
// element, attribute and base, and a reference and URL of 1 MiB.
func pqHostile() []pqInput {
	long := "http://h/" + strings.Repeat("\xff\x00a", 1<<20/3)
	return []pqInput{{Document{Name: "\x00"}, links.Link{Element: "a\xff", Attr: "h\x00", Ref: long, URL: long, Base: base.Base{URL: "\x80", Source: base.HTML}}}}
}

// TestParquetHostile: a NUL, bytes that are not UTF-8 and a URL of 1 MiB
// come back exact; a line that is not an NDJSON links row, and bytes that
// are not rows of a Writer of Format Parquet, are an error naming their
// row, ErrParquetRow, and the file is not finished.
func TestParquetHostile(t *testing.T) {
	in := pqHostile()
	for _, viaNDJSON := range []bool{false, true} {
		_, got, _ := readParquet(t, writeParquetBy(t, in, pqOpts{}, viaNDJSON, 0))
		if len(got) != 1 {
			t.Fatalf("%d rows", len(got))
		}
		checkRow(t, 0, got[0], wantRow(in[0], pqOpts{}))
	}

	for _, bad := range []string{"x\n", `{"document":"d"}` + "\n", `{"document":1,"base":"","base_source":"none","attribute":"a","ref":"","url":""}` + "\n",
		`{"document":"d","base":"","base_source":"\xff","attribute":"a","ref":"","url":""}` + "\n"} {
		pw := NewParquetFromNDJSON(io.Discard)
		_, err := pw.Write([]byte(`{"document":"d","base":"","base_source":"none","attribute":"a","ref":"","url":""}` + "\n" + bad))
		if !errors.Is(err, ErrParquetRow) || !strings.Contains(err.Error(), "row 2") {
			t.Errorf("%q: %v", bad, err)
		}
		if err := pw.Close(); err == nil {
			t.Errorf("%q: Close after an error succeeds", bad)
		}
	}

	good := AppendRow(nil, Parquet, "d", links.Link{Element: "a", Attr: "href", Ref: "r", URL: "u"}, nil)
	noDoc := append([]byte{parquetRowTag, 0}, good[1+2:]...) // document null
	badSource := AppendRow(nil, Parquet, "d", links.Link{Element: "a", Attr: "href"}, nil)
	badSource = bytes.Replace(badSource, []byte("\x05none"), []byte("\x05n\xffne"), 1)
	overflow := append([]byte{parquetRowTag}, bytes.Repeat([]byte{0xff}, 11)...)
	huge := append([]byte{parquetRowTag}, binary.AppendUvarint(nil, maxParquetValue+2)...)
	for _, c := range []struct {
		name, rows, want string
		atClose          bool
	}{
		{"NDJSON", `{"document":"d"}` + "\n", "byte 0x7b", false},
		{"no document", string(noDoc), "no value for column document", false},
		{"base_source", string(badSource), "column base_source", false},
		{"overflow", string(overflow), "column document: bad length", false},
		{"huge", string(huge), "column document: bad length", false},
		{"cut", string(good[:len(good)-3]), "the last", true},
	} {
		pw := NewParquetWriter(io.Discard)
		_, err := pw.Write(append(append([]byte(nil), good...), c.rows...))
		if !c.atClose && (!errors.Is(err, ErrParquetRow) || !strings.Contains(err.Error(), "row 2") || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v", c.name, err)
		}
		if c.atClose && err != nil {
			t.Errorf("%s: Write: %v", c.name, err)
		}
		err = pw.Close()
		if err == nil || c.atClose && (!errors.Is(err, ErrParquetRow) || !strings.Contains(err.Error(), "row 2") || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: Close: %v", c.name, err)
		}
	}
}

// TestParquetPaths: the Parquet file written the direct way is the one
// written from the NDJSON rows of the same links, byte for byte (same
// schema, values, row groups and pages), on every corpus of rows of the
// tests (pqInputs, the hostile link, the values of TestRoundTrip and the
// links of the Node.js API pages), with every set of optional columns,
// the rows given whole or in pieces, and with row groups of 1 KiB.
func TestParquetPaths(t *testing.T) {
	var values []pqInput
	for _, v := range roundTripValues {
		values = append(values, pqInput{Document{Name: "doc" + v, Page: "http://p/" + v, Date: "date" + v},
			links.Link{Element: "a", Attr: "href", Ref: v, URL: "http://u/" + v, Base: base.Base{URL: "http://b/" + v, Source: base.HTML},
				Text: "text" + v, Rel: "rel" + v, Title: "title" + v}})
	}
	var nodejs []pqInput
	docs, n := benchDocs(t)
	for _, d := range docs {
		for _, k := range d.links {
			nodejs = append(nodejs, pqInput{Document{Name: d.name, Page: "https://nodejs.org/api/", Date: "2026-11-24"}, k})
		}
	}
	corpora := map[string][]pqInput{"pqInputs": pqInputs, "hostile": pqHostile(), "values": values, "nodejs": nodejs}
	check := func(name string, in []pqInput, o pqOpts, chunk int) []byte {
		direct := writeParquetBy(t, in, o, false, chunk)
		if nd := writeParquetBy(t, in, o, true, chunk); !bytes.Equal(direct, nd) {
			t.Errorf("%s, %+v, chunk %d: %d bytes the direct way, %d from NDJSON, not the same", name, o, chunk, len(direct), len(nd))
		}
		return direct
	}
	for name, in := range corpora {
		for i := range 8 {
			o := pqOpts{i&1 != 0, i&2 != 0, i&4 != 0}
			if name == "hostile" && i != 0 && i != 7 {
				continue // its megabytes, twice: none or all
			}
			check(name, in, o, 0)
			switch name {
			case "pqInputs", "values":
				check(name, in, o, 7)
			case "hostile":
				check(name, in, o, 64<<10) // crawl's chunks
			}
		}
	}
	if _, got, _ := readParquet(t, check("nodejs", nodejs, pqAll, 0)); len(got) != n {
		t.Errorf("%d rows of %d links", len(got), n)
	}
	defer func(n int) { parquetGroupBytes = n }(parquetGroupBytes)
	parquetGroupBytes = 1 << 10
	if _, _, f := readParquet(t, check("nodejs", nodejs, pqAll, 4096)); len(f.RowGroups()) < 10 {
		t.Errorf("%d row groups of 1 KiB", len(f.RowGroups()))
	}
}

// TestParquetRowGroups: past parquetGroupBytes of values a row group is
// flushed, so that memory stays bounded, and every row is read back.
func TestParquetRowGroups(t *testing.T) {
	defer func(n int) { parquetGroupBytes = n }(parquetGroupBytes)
	parquetGroupBytes = 1 << 10
	var in []pqInput
	for range 200 {
		in = append(in, pqInputs[0])
	}
	_, got, f := readParquet(t, writeParquet(t, in, true, 0))
	if len(got) != len(in) {
		t.Fatalf("%d rows, want %d", len(got), len(in))
	}
	// A row holds about 130 bytes of values: a group every 8 rows.
	if n := len(f.RowGroups()); n < 20 {
		t.Errorf("%d row groups for 200 rows of 1 KiB groups", n)
	}
}

// TestParquetInDuckDB: a real DuckDB reads the Parquet rows, with the
// optional columns on: the column names and types of the schema, and
// every value, the bytes that are not UTF-8 in the _bytes columns.
func TestParquetInDuckDB(t *testing.T) {
	file := filepath.Join(t.TempDir(), "links.parquet")
	if err := os.WriteFile(file, writeParquet(t, pqInputs, true, 0), 0o666); err != nil {
		t.Fatal(err)
	}
	lit := "'" + strings.ReplaceAll(file, "'", "''") + "'"
	schema := duckdbtest.Query(t, "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet("+lit+"))")
	var types, want []string
	for _, c := range schema {
		types = append(types, c["column_name"].(string)+" "+c["column_type"].(string))
	}
	for _, c := range strings.Fields(wantColumns) {
		typ := "VARCHAR"
		if strings.HasSuffix(c, "_bytes") {
			typ = "BLOB"
		}
		want = append(want, c+" "+typ)
	}
	if g, w := strings.Join(types, ", "), strings.Join(want, ", "); g != w {
		t.Errorf("schema %s\nwant %s", g, w)
	}
	// Each value as DuckDB has it: the column, or its exact bytes in hex
	// from _bytes when there are any; "<null>" for null.
	var sel []string
	for _, c := range strings.Fields(wantColumns) {
		if strings.HasSuffix(c, "_bytes") {
			continue
		}
		if c == "base_source" {
			sel = append(sel, c)
			continue
		}
		sel = append(sel, "coalesce(hex("+c+"_bytes), hex(encode("+c+")), '<null>') AS "+c)
	}
	got := duckdbtest.Query(t, "SELECT "+strings.Join(sel, ", ")+" FROM read_parquet("+lit+")")
	if len(got) != len(pqInputs) {
		t.Fatalf("DuckDB reads %d rows, want %d", len(got), len(pqInputs))
	}
	for i, r := range pqInputs {
		for c, w := range wantRow(r, pqAll) {
			v := "<null>"
			if w != nil {
				v = strings.ToUpper(hexOf(*w))
				if c == "base_source" {
					v = *w
				}
			}
			if got[i][c] != v {
				t.Errorf("row %d: %s = %v, want %v", i, c, got[i][c], v)
			}
		}
	}
}

func hexOf(s string) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 0, 2*len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, digits[s[i]>>4], digits[s[i]&15])
	}
	return string(b)
}

// TestParquetSparkTypes: every column of the rows' Parquet file has a
// type Spark's reader maps as docs/links.md#parquet--format-parquet says
// (StringType, BinaryType for the _bytes columns), within the set every
// Spark from 2.4 on reads alike (package parquettest: Spark is not run
// here).
func TestParquetSparkTypes(t *testing.T) {
	got, err := parquettest.SparkTypes(writeParquet(t, pqInputs, true, 0))
	var want []string
	for _, c := range strings.Fields(wantColumns) {
		typ := "StringType"
		if strings.HasSuffix(c, "_bytes") {
			typ = "BinaryType"
		}
		want = append(want, c+" "+typ)
	}
	if err != nil || strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("%q, %v\nwant %q", got, err, want)
	}
}

// TestParquetFromNDJSONCRLF: ParquetFromNDJSON takes the lines Read
// takes: ended by "\r\n" as by "\n", a blank one ("\r\n" too) no row,
// so that the file is the same.
func TestParquetFromNDJSONCRLF(t *testing.T) {
	const row = `{"document":"d","base":"","base_source":"none","attribute":"a@href","ref":"r","url":"u"}`
	file := func(in string) ([]byte, error) {
		var b bytes.Buffer
		p := NewParquetFromNDJSON(&b)
		if _, err := p.Write([]byte(in)); err != nil {
			return nil, err
		}
		err := p.Close()
		return b.Bytes(), err
	}
	want, err := file(row + "\n\n" + row + "\n")
	if err != nil || len(want) == 0 {
		t.Fatal(len(want), err)
	}
	for _, in := range []string{row + "\r\n\r\n" + row + "\r\n", row + "\n\r\n" + row} {
		if got, err := file(in); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%q: %v, the same file: %v", in, err, bytes.Equal(got, want))
		}
	}
}
