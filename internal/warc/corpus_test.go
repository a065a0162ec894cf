package warc_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// TestCorpus reads a small generated corpus whole: every record comes
// back, without error, with the pages and links the generator counted;
// and the same seed gives the same bytes.
func TestCorpus(t *testing.T) {
	var a, b bytes.Buffer
	st, err := warctest.Corpus(&a, 1<<20, 7)
	if err != nil {
		t.Fatal(err)
	}
	warctest.Corpus(&b, 1<<20, 7)
	if !bytes.Equal(a.Bytes(), b.Bytes()) || st.Bytes != int64(a.Len()) || a.Len() < 1<<20 {
		t.Fatalf("corpus not reproducible or wrong size: %d, %d, stats %+v", a.Len(), b.Len(), st)
	}
	r := warc.NewReader(bytes.NewReader(a.Bytes()), "corpus")
	var got warctest.CorpusStats
	each(t, r, a.Len(), func(rec *warc.Record) {
		got.Records++
		if !rec.IsHTTPResponse() {
			return
		}
		resp, err := rec.ReadHTTPResponse()
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := resp.Redirect(); ok {
			got.Redirects++
		}
		if resp.StatusCode == 200 && resp.IsHTML() {
			got.HTML++
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			got.Links += strings.Count(string(body), "<a href=")
		}
	}, func(err error) { t.Fatal(err) })
	got.Bytes = st.Bytes
	if got != st {
		t.Errorf("read %+v, generator wrote %+v", got, st)
	}
}

// ExampleReader reads a two-record archive written on the spot.
func ExampleReader() {
	var buf bytes.Buffer
	w := warctest.NewWriter(&buf, false) // plain, for offsets that do not depend on the compressor
	w.Write(warctest.Warcinfo())
	w.Write(warctest.Response("http://example.com/old", 301, [][2]string{{"Location", "/new"}}, ""))
	w.Write(warctest.HTML("http://example.com/", `<base href="http://a/b/c/d;p?q"><a href="g">`))

	r := warc.NewReader(bytes.NewReader(buf.Bytes()), "example.warc")
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err) // an *Error naming the file and offset; reading goes on
			continue
		}
		if !rec.IsHTTPResponse() {
			fmt.Println(rec.Offset, rec.Type)
			continue
		}
		resp, err := rec.ReadHTTPResponse()
		if err != nil {
			fmt.Println(err)
			continue
		}
		if loc, ok := resp.Redirect(); ok {
			fmt.Println(rec.Offset, rec.TargetURI, resp.StatusCode, "->", loc)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		fmt.Println(rec.Offset, rec.TargetURI, resp.StatusCode, resp.IsHTML(), string(body))
	}
	// Output:
	// 0 warcinfo
	// 251 http://example.com/old 301 -> /new
	// 547 http://example.com/ 200 true <base href="http://a/b/c/d;p?q"><a href="g">
}
