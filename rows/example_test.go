package rows_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/canon"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

// A Writer writes one row per link; the optional columns follow url.
func ExampleWriter() {
	w := rows.Writer{Page: true, Key: func(dst []byte, u string) ([]byte, error) {
		k, err := canon.CDXKey(u)
		return append(dst, k...), err
	}}
	d := &rows.Document{Name: "crawl.warc.gz#1234", Page: "http://www.example.com/a/", Date: "2026-11-21T00:00:00Z"}
	k := links.Link{Element: "a", Attr: "href", Ref: "b?y=2&x=1", URL: "http://www.example.com/a/b?y=2&x=1",
		Base: base.Retrieved("http://www.example.com/a/")}
	os.Stdout.WriteString(w.Header())
	os.Stdout.Write(w.Append(nil, d, k))
	// Output:
	// document	base	base_source	element@attribute	ref	url	page	date	page_key	url_key
	// crawl.warc.gz#1234	http://www.example.com/a/	retrieval	a@href	b?y=2&x=1	http://www.example.com/a/b?y=2&x=1	http://www.example.com/a/	2026-11-21T00:00:00Z	com,example)/a	com,example)/a/b?x=1&y=2
}

// Read reads rows back, TSV by its header's column names or NDJSON.
func ExampleRead() {
	in := "document\tbase\tbase_source\telement@attribute\tref\turl\n" +
		"d.html\thttp://a/\tretrieval\ta@href\tx\\ty\thttp://a/x%09y\n" +
		`{"document":"e.html","base":"http://b/","base_source":"html","attribute":"img@src","ref":"i","url":"http://b/i"}` + "\n" +
		"only\ttwo\n"
	err := rows.Read(strings.NewReader(in), "in", func(r *rows.Row) error {
		fmt.Printf("%d: %s %s %q %s\n", r.Line, r.Document, r.Attribute, r.Ref, r.URL)
		return nil
	}, func(err error) { fmt.Println("bad:", err) })
	fmt.Println(err)
	// Output:
	// 2: d.html a@href "x\ty" http://a/x%09y
	// 3: e.html img@src "i" http://b/i
	// bad: in:4: 2 columns, want 6
	// <nil>
}

// A Writer of Format Parquet hands each row's values to a ParquetWriter,
// which writes the Parquet file once closed.
func ExampleParquetWriter() {
	var file bytes.Buffer
	pw := rows.NewParquetWriter(&file)
	w := rows.Writer{Format: rows.Parquet, Page: true}
	d := &rows.Document{Name: "crawl.warc.gz#1234", Page: "http://www.example.com/a/"}
	var b []byte
	for _, ref := range []string{"b", "/c"} {
		url := relurl.Resolve("http://www.example.com/a/", ref)
		b = w.Append(b[:0], d, links.Link{Element: "a", Attr: "href", Ref: ref, URL: url, Base: base.Retrieved(d.Page)})
		if _, err := pw.Write(b); err != nil {
			fmt.Println(err)
		}
	}
	if err := pw.Close(); err != nil {
		fmt.Println(err)
	}
	type link struct {
		Ref  string  `parquet:"ref"`
		URL  string  `parquet:"url"`
		Text *string `parquet:"text,optional"`
		Page *string `parquet:"page,optional"`
	}
	got, err := parquet.Read[link](bytes.NewReader(file.Bytes()), int64(file.Len()))
	for _, l := range got {
		fmt.Println(l.Ref, l.URL, l.Text == nil, *l.Page)
	}
	fmt.Println(err)
	// Output:
	// b http://www.example.com/a/b true http://www.example.com/a/
	// /c http://www.example.com/c true http://www.example.com/a/
	// <nil>
}
