package crawl

// The fuzz targets of the package, in one place.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"math"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/rows"
)

func FuzzSniff(f *testing.F) {
	f.Add("Subject: x\r\n\r\nbody")                               // a header without MIME fields: HTML
	f.Add("MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n") // a MIME message
	f.Add("<html>")                                               // HTML
	f.Add("\xef\xbb\xbfFrom: a\r\nBase: http://a/")               // a BOM, then a header
	f.Add("Note: moved\r\n<a href=x>")                            // a header-like first line (issue 11)
	f.Add("Content-Type: x\r\n folded\r\n\tagain\r\n\r\n")        // continuation lines
	f.Add("<x:y>")                                                // markup that a header name could be
	f.Add("<:\nBAse:")                                            // markup, then a base field: found by fuzzing
	f.Fuzz(func(t *testing.T, s string) {
		k := Sniff(bufio.NewReader(strings.NewReader(s)))
		if k != HTML && k != Message {
			t.Fatalf("sniff(%q) = %d", s, k)
		}
		if strings.HasPrefix(strings.TrimLeft(strings.TrimPrefix(s, "\xef\xbb\xbf"), " \t\r\n\f"), "<") && k != HTML {
			t.Fatalf("sniff(%q): markup taken for a message", s)
		}
		if k == Message {
			low := strings.ToLower(s)
			if !strings.Contains(low, "content-") && !strings.Contains(low, "mime-version") && !strings.Contains(low, "base") {
				t.Fatalf("sniff(%q): a message without a MIME field", s)
			}
		}
	})
}

// FuzzOutputName checks the names of -out-dir files: one path component,
// never hidden, bounded, and for short names the input path itself once
// unescaped.
func FuzzOutputName(f *testing.F) {
	f.Add("crawl/CC-MAIN-1.warc.gz")
	f.Add("../x y/.z%~")
	f.Add(strings.Repeat("long/", 60))
	f.Add("http://h/p?q#f")
	f.Fuzz(func(t *testing.T, in string) {
		if in == "" {
			return
		}
		n := OutputName(in, rows.TSV, true)
		if strings.ContainsAny(n, "/\\\x00") || strings.HasPrefix(n, ".") || len(n) > 255 || !strings.HasSuffix(n, ".tsv.gz") {
			t.Fatalf("outputName(%q) = %q", in, n)
		}
		// Its temporary files are told from it and from every other
		// output's: removeStaleTmp finds them by tmpOutput.
		if got, ok := tmpOutput("." + n + ".123456789.tmp"); !ok || got != n {
			t.Fatalf("temporary file of %q taken for one of %q", n, got)
		}
		if got, ok := tmpOutput(n); ok {
			t.Fatalf("output %q taken for a temporary file of %q", n, got)
		}
		if strings.HasPrefix(n, "~") {
			return
		}
		p, err := url.PathUnescape(strings.TrimSuffix(n, ".tsv.gz"))
		want := in
		if !isHTTPURL(in) {
			want = filepath.Clean(in)
		}
		if err != nil || p != want {
			t.Fatalf("outputName(%q) = %q, unescapes to %q (%v)", in, n, p, err)
		}
	})
}

// FuzzRun runs the crawler on bytes given as standard input, with small
// limits so that they are hit: whatever the bytes, every row is whole
// (six columns, one line), every error line is bounded, nothing panics.
func FuzzRun(f *testing.F) {
	f.Add([]byte("<a href=g><base href=http://b/><a href=h>"))                                                                                                // HTML, base after a link
	f.Add([]byte("Note: moved\r\n<a href=x>"))                                                                                                                // HTML with a header-like line
	f.Add([]byte("MIME-Version: 1.0\r\nContent-Type: text/html\r\nBase: http://h/\r\n\r\n<a href=y>"))                                                        // a message
	f.Add([]byte("<a href=" + strings.Repeat("u", 100) + ">"))                                                                                                // over the URL limit
	f.Add([]byte("WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://a/\r\nContent-Type: text/html\r\nContent-Length: 10\r\n\r\n<a href=x>\r\n\r\n")) // an archive
	f.Add([]byte("Content-Base: http://a:99999/\r\nContent-Type: text/html\r\n\r\n<a href=g>   "))                                                            // a base header the URL Standard rejects (len%4 == 3)
	f.Add([]byte("<a href=\"http://a:99999/\"><a href=\"g\"> "))                                                                                              // a link it rejects (len%4 == 3)
	f.Fuzz(func(t *testing.T, in []byte) {
		var out, errs bytes.Buffer
		// The specification varies with the input: under WHATWG a
		// failure is a row with an empty url and an error line.
		spec := relurl.Specs()[len(in)%4]
		c := &Config{Stdin: bytes.NewReader(in), Stdout: &out, Stderr: &errs, URL: "http://a/b", Limits: limits.Limits{URL: 64, Record: 4096}, Spec: spec}
		s, err := c.Run([]string{"-"})
		if err != nil {
			t.Fatal(err)
		}
		rows := strings.SplitAfter(out.String(), "\n")
		for _, r := range rows[:len(rows)-1] {
			if strings.Count(r, "\t") != 5 {
				t.Fatalf("row %q", r)
			}
		}
		if rows[len(rows)-1] != "" || int64(len(rows)-1) != s.Links {
			t.Fatalf("%d rows, %d links counted, last %q", len(rows)-1, s.Links, rows[len(rows)-1])
		}
		for _, l := range strings.SplitAfter(errs.String(), "\n") {
			if len(l) > maxErrorLine+100 {
				t.Fatalf("error line of %d bytes", len(l))
			}
		}
		if s.Failed != (errs.Len() > 0) {
			t.Fatalf("failed %v with stderr %q", s.Failed, errs.String())
		}
	})
}

// FuzzRunLimits runs the crawler under any Limits values, extreme ones
// included (issue 23.8: -max-record 2^63-1 panicked, -max-header-line
// 2^63-2 rejected every record, negative values were read differently by
// different readers). Whatever the values: nothing panics, and when
// every limit, once resolved, is above what the input can reach, the
// output is the one under the largest limits (limits.Max): a huge limit
// acts as a large one.
func FuzzRunLimits(f *testing.F) {
	warcRec := "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://a/\r\nContent-Type: text/html\r\nContent-Length: 10\r\n\r\n<a href=x>\r\n\r\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(warcRec))
	zw.Close()
	const most = math.MaxInt64
	f.Add([]byte("<a href=g><noscript><a href=n></noscript>"), int64(0), int64(-1), int64(most), int64(most-1), int64(1), int64(0), int64(0))
	f.Add([]byte("MIME-Version: 1.0\r\nContent-Type: text/html\r\nBase: http://h/\r\n\r\n<a href=y>"), int64(most), int64(most), int64(most), int64(most), int64(most), int64(most), int64(most))
	f.Add([]byte(warcRec), int64(-5), int64(most-1), int64(most-1), int64(most), int64(0), int64(1), int64(3))
	f.Add(gz.Bytes(), int64(1), int64(1), int64(1), int64(1), int64(1), int64(1), int64(1))
	f.Fuzz(func(t *testing.T, in []byte, token, line, block, record, depth, noscript, url int64) {
		run := func(l limits.Limits) (string, Stats) {
			var out, errs bytes.Buffer
			c := &Config{Stdin: bytes.NewReader(in), Stdout: &out, Stderr: &errs, URL: "http://a/b", Limits: l}
			s, err := c.Run([]string{"-"})
			if err != nil {
				t.Fatal(err)
			}
			return out.String(), s
		}
		clamp := func(v int64) int { return int(max(min(v, math.MaxInt), math.MinInt)) }
		l := limits.Limits{Token: clamp(token), HeaderLine: clamp(line), HeaderBlock: clamp(block), Record: record, Depth: clamp(depth), Noscript: clamp(noscript), URL: clamp(url)}
		out, _ := run(l)
		r := l.Resolve()
		// Past these, no limit can be reached by this input (a URL is at
		// most the input and the base; two layers of gzip inflate at most
		// about 1032 times each).
		reach := len(in) + 64
		if min(r.Token, r.HeaderLine, r.HeaderBlock, r.Depth, r.Noscript, r.URL) > reach && r.Record > int64(reach)*1100*1100 {
			huge := limits.Limits{Token: limits.Max, HeaderLine: limits.Max, HeaderBlock: limits.Max, Record: limits.MaxRecord, Depth: limits.Max, Noscript: limits.Max, URL: limits.Max}
			if want, _ := run(huge); out != want {
				t.Fatalf("under %+v:\n%s\nunder the largest limits:\n%s", r, out, want)
			}
		}
	})
}
