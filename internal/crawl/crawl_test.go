package crawl

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/rows"
)

func TestSniff(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Kind
	}{
		{"<html><a href=x>", HTML},
		{"  \r\n<!doctype html>", HTML},
		{"Note: moved\r\n<a href=x>moved</a>", HTML},                // issue 11: a header-like first line, no MIME field
		{"Note: moved\r\nSee: <a href=x>here</a>\r\n\r\nbye", HTML}, // a whole header-like block, still no MIME field
		{"Subject: x\r\n\r\nbody", HTML},                            // RFC 822 without MIME: no HTML part to read either way
		{"MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n<a href=x>", Message},
		{"From: a@b\r\nSubject: folded\r\n  over two lines\r\ncontent-type: text/html\n\n<a>", Message}, // folding (RFC 822 3.1.1), LF, any case
		{"\xef\xbb\xbfContent-Base: http://a/\r\n\r\n", Message},                                        // a byte order mark
		{"Base: http://a/", Message},                                                                    // header to the end of the input
		{"Content-Type: text/html\r\nnot a header line\r\n\r\n", HTML},                                  // a line that is not a field
		{" Content-Type: text/html\r\n\r\n", HTML},                                                      // a continuation of nothing
		{"Content Type: text/html\r\n\r\n", HTML},                                                       // a space in the name
		{"<x:y>", HTML},
		{"", HTML},
	} {
		if got := Sniff(bufio.NewReader(strings.NewReader(c.in))); got != c.want {
			t.Errorf("Sniff(%q) = %d, want %d", c.in, got, c.want)
		}
	}
	// A header longer than the bytes looked at is judged by the lines
	// that fit, the last one cut.
	long := "Content-Type: text/html\r\n" + strings.Repeat("X-Pad: "+strings.Repeat("p", 70)+"\r\n", 2000)
	if got := Sniff(bufio.NewReaderSize(strings.NewReader(long), 4096)); got != Message {
		t.Errorf("Sniff(long header) = %d, want Message", got)
	}
}

func TestParseKind(t *testing.T) {
	for in, want := range map[string]Kind{"html": HTML, "MIME": Message, "warc": Archive, "wat": Archive} {
		if got, err := ParseKind(in); got != want || err != nil {
			t.Errorf("ParseKind(%q) = %d, %v", in, got, err)
		}
	}
	if _, err := ParseKind("pdf"); err == nil {
		t.Error("ParseKind(pdf): no error")
	}
}

func TestCheckOutputNames(t *testing.T) {
	err := CheckOutputNames([]string{"a.html", "doc.html", "b.html", "./doc.html"}, rows.TSV, true)
	var ne *OutputNameError
	if !errors.As(err, &ne) || ne.Inputs != [2]string{"doc.html", "./doc.html"} || ne.Name != "doc.html.tsv.gz" ||
		!strings.Contains(err.Error(), `"doc.html" and "./doc.html"`) {
		t.Errorf("duplicates: %v", err)
	}
	if err := CheckOutputNames([]string{"a/b", "a%2Fb", "a_b", "dir/", "dir2"}, rows.NDJSON, false); err != nil {
		t.Errorf("distinct names: %v", err)
	}
	if err := CheckOutputNames([]string{"dir", "dir/", "dir/."}, rows.TSV, false); err == nil {
		t.Error("dir and dir/: no error")
	}
}

func TestTmpNames(t *testing.T) {
	dir := t.TempDir()
	f, err := os.CreateTemp(dir, tmpPattern("a.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if n, ok := tmpOutput(filepath.Base(f.Name())); !ok || n != "a.tsv" {
		t.Errorf("%s is taken for a temporary file of %q", f.Name(), n)
	}
	// Not temporary files of a.tsv: kept.
	keep := []string{"a.tsv", ".a.tsv.b.tsv.123.tmp", ".a.tsv.x1.tmp", ".b.tsv.1.tmp", ".a.tsv.1.tmp.x"}
	for _, n := range append(keep, ".a.tsv.tmp", ".a.tsv.42.tmp") {
		os.WriteFile(filepath.Join(dir, n), nil, 0o666)
	}
	removeStaleTmp(dir, map[string]string{"a.tsv": "a"})
	ents, _ := os.ReadDir(dir)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != ".a.tsv.1.tmp.x .a.tsv.b.tsv.123.tmp .a.tsv.x1.tmp .b.tsv.1.tmp a.tsv" {
		t.Errorf("after removeStaleTmp: %q", got)
	}
}

func TestDocLimit(t *testing.T) {
	for _, n := range []int{0, 9, 10, 11, 100} {
		in := strings.Repeat("x", n)
		// One byte at a time too, so that the limit falls inside a read
		// and between reads.
		for _, r := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in))} {
			got, err := io.ReadAll(newDocLimit(r, 10))
			var re *RecordError
			var le *limits.Error
			if n <= 10 {
				if err != nil || string(got) != in {
					t.Errorf("%d bytes: %q, %v", n, got, err)
				}
			} else if len(got) != 10 || !errors.As(err, &re) || re.Offset != 10 || !errors.As(err, &le) || le.Limit != "Record" || le.Max != 10 {
				t.Errorf("%d bytes: %d read, %v", n, len(got), err)
			}
		}
	}
}

// TestCapLine: an error line is cut in its middle (the excerpts in it are
// internal/quote's, tested there).
func TestCapLine(t *testing.T) {
	long := strings.Repeat("a", 100<<10)
	msg := "doc: " + long + ": the reason"
	if got := capLine(msg); len(got) > maxErrorLine+60 || !strings.HasPrefix(got, "doc: aaa") || !strings.HasSuffix(got, "aaa: the reason") ||
		!strings.Contains(got, " bytes of a 102417-byte error cut ...] ") {
		t.Errorf("capLine of 100 KB: %d bytes: %q", len(got), got[maxErrorLine*3/4-10:maxErrorLine*3/4+60])
	}
}

// TestURLLimit runs a document whose base is longer than the URL limit:
// its rows are not written, one error per document says how many (the
// extractor's warning, for HTML; Rows says the same for WAT links and
// redirects, which do not pass through the extractor).
func TestURLLimit(t *testing.T) {
	long := "http://h/" + strings.Repeat("p", 200)
	var out, errs bytes.Buffer
	doc := "<a href=a><a href=b><a href=c>"
	c := &Config{Stdin: strings.NewReader(doc), Stdout: &out, Stderr: &errs, Prefix: "x: ", URL: long, Limits: limits.Limits{URL: 100}, Type: HTML}
	s, err := c.Run([]string{"-"})
	if err != nil || !s.Failed || s.Links != 0 || out.Len() != 0 {
		t.Fatalf("stats %+v, err %v, out %q", s, err, out.String())
	}
	if e := errs.String(); strings.Count(e, "\n") != 1 || !strings.Contains(e, "x: -: offset 0: a@href link of 209 bytes not written: exceeds the URL limit of 100 (and 2 more warnings)") {
		t.Errorf("stderr %q", e)
	}
	// Under the limit, every row is written.
	out.Reset()
	errs.Reset()
	c.Stdin, c.Limits.URL = strings.NewReader(doc), 1000
	if s, _ := c.Run([]string{"-"}); s.Failed || s.Links != 3 || strings.Count(out.String(), "\n") != 3 {
		t.Errorf("stats %+v, stderr %q", s, errs.String())
	}
}

// TestRecordLimit reads an HTML document larger than the Record limit:
// the links before the limit are written, then an error naming the
// offset and the limit.
func TestRecordLimit(t *testing.T) {
	doc := "<a href=first>" + strings.Repeat(" ", 1000) + "<a href=late>"
	var out, errs bytes.Buffer
	c := &Config{Stdin: strings.NewReader(doc), Stdout: &out, Stderr: &errs, URL: "http://a/", Limits: limits.Limits{Record: 500}}
	s, _ := c.Run([]string{"-"})
	if !s.Failed || !strings.Contains(out.String(), "\tfirst\t") || strings.Contains(out.String(), "late") ||
		!strings.Contains(errs.String(), "-: ") || !strings.Contains(errs.String(), "offset 500: exceeds the Record limit of 500") {
		t.Errorf("stats %+v, out %q, stderr %q", s, out.String(), errs.String())
	}
}

// TestURLLimitOneLayer checks that the URL limit is applied once, by the
// extractor, to the links of every source (an HTML response, a redirect,
// a WAT record's links), with one error type (*links.LimitError) and one
// message per document, the first counting the others (issue 19, item 6).
func TestURLLimitOneLayer(t *testing.T) {
	long := "http://h/" + strings.Repeat("x", 200)
	dir := t.TempDir()
	var b bytes.Buffer
	w := warctest.NewWriter(&b, false)
	for _, rec := range []warctest.Record{
		warctest.HTML("http://h/d", `<a href="`+long+`"><a href=ok><a href="`+long+`">`),
		warctest.Response("http://h/r", 301, [][2]string{{"Location", long}}, ""),
		{Type: "metadata", TargetURI: "http://w/d", ContentType: "application/json", Block: []byte(
			`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://w/d"},"Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=response","HTTP-Response-Metadata":` +
				`{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"` + long + `"},{"path":"A@/href","url":"k"},{"path":"A@/href","url":"` + long + `"}]}}}}}`)},
	} {
		if _, err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	name := filepath.Join(dir, "a.warc")
	if err := os.WriteFile(name, b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, f := range []rows.Format{rows.TSV, rows.NDJSON} {
		var out, errs bytes.Buffer
		c := &Config{Stdout: &out, Stderr: &errs, Format: f, Limits: limits.Limits{URL: 64}}
		s, err := c.Run([]string{name})
		if err != nil || !s.Failed || s.Links != 2 || s.Errors != 3 || strings.Count(out.String(), "\n") != 2 {
			t.Fatalf("format %d: stats %+v, err %v\n%s%s", f, s, err, out.String(), errs.String())
		}
		doc := func(i int) string { return fmt.Sprintf("%s#%d", name, w.Offsets[i]) }
		want := []string{
			doc(0) + ": offset 0: a@href link of 209 bytes not written: exceeds the URL limit of 64 (and 1 more warnings)",
			doc(1) + ": http@location link of 209 bytes not written: exceeds the URL limit of 64",
			doc(2) + ": a@href link of 209 bytes not written: exceeds the URL limit of 64 (and 1 more warnings)",
		}
		if got := strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("format %d: stderr\n%s\nwant\n%s", f, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestDiffer runs a document with Differ set: only the links RFC 1808 and
// the URL Standard resolve differently are written, with both answers and
// the reason of a failure, under a header naming the two.
func TestDiffer(t *testing.T) {
	var out, errs bytes.Buffer
	doc := `<a href="http:g"><a href="g"><a href="..\x"><a href="http://a:99999/"><a href="?y">`
	pair := [2]relurl.Spec{relurl.RFC1808, relurl.WHATWG}
	c := &Config{Stdin: strings.NewReader(doc), Stdout: &out, Stderr: &errs, URL: "http://a/b/c", Type: HTML, Header: true, Differ: &pair}
	s, err := c.Run([]string{"-"})
	if err != nil || s.Failed || s.Links != 3 { // the rows written
		t.Fatalf("stats %+v, err %v, stderr %q", s, err, errs.String())
	}
	want := "document\tbase\tbase_source\telement@attribute\tref\trfc1808\twhatwg\tfailure\n" +
		"-\thttp://a/b/c\tretrieval\ta@href\thttp:g\thttp:g\thttp://a/b/g\t\n" +
		"-\thttp://a/b/c\tretrieval\ta@href\t..\\\\x\thttp://a/b/..\\\\x\thttp://a/x\t\n" +
		"-\thttp://a/b/c\tretrieval\ta@href\thttp://a:99999/\thttp://a:99999/\t\twhatwg: port-out-of-range at offset 9\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	// rows.NDJSON names the answers after the specifications.
	out.Reset()
	c.Stdin, c.Format = strings.NewReader(`<a href="http:g"><a href="g">`), rows.NDJSON
	if _, err := c.Run([]string{"-"}); err != nil || strings.Count(out.String(), "\n") != 1 ||
		!strings.Contains(out.String(), `"rfc1808":"http:g","whatwg":"http://a/b/g"}`) {
		t.Errorf("rows.NDJSON: %q, %v", out.String(), err)
	}
}

// TestWHATWGFailure checks that under -spec whatwg a link the URL Standard
// rejects keeps its row, with an empty url, and is reported with the
// reason: never a silent empty answer.
func TestWHATWGFailure(t *testing.T) {
	var out, errs bytes.Buffer
	c := &Config{Stdin: strings.NewReader(`<a href="g"><a href="http://a:99999/">`), Stdout: &out, Stderr: &errs, Prefix: "x: ",
		URL: "http://a/b", Type: HTML, Spec: relurl.WHATWG}
	s, err := c.Run([]string{"-"})
	if err != nil || !s.Failed || s.Links != 2 {
		t.Fatalf("stats %+v, err %v", s, err)
	}
	if want := "-\thttp://a/b\tretrieval\ta@href\tg\thttp://a/g\n-\thttp://a/b\tretrieval\ta@href\thttp://a:99999/\t\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	if e := errs.String(); e != "x: -: a@href link: whatwg: parse \"http://a:99999/\": port-out-of-range at offset 9\n" {
		t.Errorf("stderr %q", e)
	}
}

// TestDifferParquet: differ rows have no Parquet form; a run asked for
// them fails before any work with ErrDifferParquet, never a panic.
func TestDifferParquet(t *testing.T) {
	specs := [2]relurl.Spec{relurl.RFC1808, relurl.WHATWG}
	var out, errb bytes.Buffer
	c := &Config{Format: rows.Parquet, Differ: &specs, Stdout: &out, Stderr: &errb}
	st, err := c.Run([]string{"testdata/does-not-matter.html"})
	if !errors.Is(err, ErrDifferParquet) || st.Inputs != 0 || out.Len() != 0 {
		t.Fatalf("Run: %v, %+v, %d bytes out; want ErrDifferParquet and nothing done", err, st, out.Len())
	}
}
