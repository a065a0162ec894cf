package crawl

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/rows"
)

// revisitArchive returns the records of an archive with revisits: one
// naming the capture it refers to, one without WARC-Refers-To-Target-URI
// (an earlier capture of its own URI), and a page between them.
func revisitArchive() []warctest.Record {
	return []warctest.Record{
		warctest.Warcinfo(),
		{Type: "revisit", TargetURI: "http://a/p", ContentType: "application/http; msgtype=response",
			Fields: [][2]string{
				{"WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"},
				{"WARC-Refers-To-Target-URI", "http://a/original"},
				{"WARC-Refers-To-Date", "2020-01-02T03:04:05Z"},
			},
			Block: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n")},
		warctest.HTML("http://a/q", `<a href="g">`),
		{Type: "revisit", TargetURI: "http://a/r", Fields: [][2]string{
			{"WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/server-not-modified"},
		}},
	}
}

// TestRevisitRows: a revisit record gives a warc@revisit row naming the
// capture it refers to (its ref the WARC-Refers-To-Date, its url the
// WARC-Refers-To-Target-URI or its own target URI), the same rows from
// an archive written plain, gzipped per record, gzipped whole and read
// from standard input, in TSV and NDJSON.
func TestRevisitRows(t *testing.T) {
	dir := t.TempDir()
	var plain, perRecord, whole bytes.Buffer
	for _, c := range []struct {
		b  *bytes.Buffer
		gz bool
	}{{&plain, false}, {&perRecord, true}} {
		w := warctest.NewWriter(c.b, c.gz)
		for _, rec := range revisitArchive() {
			if _, err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
		}
	}
	zw := gzip.NewWriter(&whole)
	zw.Write(plain.Bytes())
	zw.Close()
	files := map[string][]byte{"plain.warc": plain.Bytes(), "record.warc.gz": perRecord.Bytes(), "whole.warc.gz": whole.Bytes()}
	want := map[rows.Format]string{
		rows.TSV: "http://a/p\tretrieval\twarc@revisit\t2020-01-02T03:04:05Z\thttp://a/original\n" +
			"http://a/q\tretrieval\ta@href\tg\thttp://a/g\n" +
			"http://a/r\tretrieval\twarc@revisit\t\thttp://a/r\n",
		rows.NDJSON: `"base":"http://a/p","base_source":"retrieval","attribute":"warc@revisit","ref":"2020-01-02T03:04:05Z","url":"http://a/original"}` + "\n" +
			`"base":"http://a/q","base_source":"retrieval","attribute":"a@href","ref":"g","url":"http://a/g"}` + "\n" +
			`"base":"http://a/r","base_source":"retrieval","attribute":"warc@revisit","ref":"","url":"http://a/r"}` + "\n",
	}
	for _, f := range []rows.Format{rows.TSV, rows.NDJSON} {
		for name, data := range files {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, data, 0o666); err != nil {
				t.Fatal(err)
			}
			for _, stdin := range []bool{false, true} {
				var out, errs bytes.Buffer
				c := &Config{Format: f, Stdout: &out, Stderr: &errs}
				in := path
				if stdin {
					c.Stdin, in = bytes.NewReader(data), "-"
				}
				s, err := c.Run([]string{in})
				if err != nil || s.Failed || s.Links != 3 {
					t.Fatalf("%s (stdin %v): stats %+v, err %v, stderr %s", name, stdin, s, err, errs.String())
				}
				if got := withoutDocument(out.String(), f); got != want[f] {
					t.Errorf("%s (stdin %v), format %d:\n%s\nwant\n%s", name, stdin, f, got, want[f])
				}
			}
		}
	}
}

// withoutDocument removes the document column of each row, which names
// the record's offset and so differs from one form of an archive to the
// next.
func withoutDocument(out string, f rows.Format) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(out, "\n") {
		if line == "" {
			continue
		}
		if f == rows.TSV {
			_, line, _ = strings.Cut(line, "\t")
		} else {
			_, line, _ = strings.Cut(line, `",`)
		}
		b.WriteString(line)
	}
	return b.String()
}
