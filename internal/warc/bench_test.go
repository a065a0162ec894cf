package warc_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
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
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got.Records++
		if !rec.IsHTTPResponse() {
			continue
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
	}
	got.Bytes = st.Bytes
	if got != st {
		t.Errorf("read %+v, generator wrote %+v", got, st)
	}
}

// benchCorpus is a corpus of at least 50 MB, made once per test binary.
var benchCorpus struct {
	once sync.Once
	dir  string
	path string
	st   warctest.CorpusStats
	err  error
}

func corpusFile(b *testing.B) (string, warctest.CorpusStats) {
	c := &benchCorpus
	c.once.Do(func() {
		c.dir, c.err = os.MkdirTemp("", "warc-bench-")
		if c.err == nil {
			c.path, c.st, c.err = warctest.CorpusFile(c.dir, 50<<20, 1)
		}
	})
	if c.err != nil {
		b.Fatal(c.err)
	}
	return c.path, c.st
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchCorpus.dir != "" {
		os.RemoveAll(benchCorpus.dir)
	}
	os.Exit(code)
}

// BenchmarkGunzip decompresses the corpus and nothing else: the floor
// BenchmarkReader is to be compared with (bytes are the compressed file's).
func BenchmarkGunzip(b *testing.B) {
	path, st := corpusFile(b)
	b.SetBytes(st.Bytes)
	buf := make([]byte, 32<<10)
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		zr, err := gzip.NewReader(bufio.NewReaderSize(f, 64<<10))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.CopyBuffer(io.Discard, zr, buf); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}

// BenchmarkReader reads every record of the corpus and, for each HTTP
// response, its status, header and whole body: what link extraction asks
// of the reader. Bytes are the compressed file's.
func BenchmarkReader(b *testing.B) {
	path, st := corpusFile(b)
	b.SetBytes(st.Bytes)
	buf := make([]byte, 32<<10)
	var records int
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		records = 0
		r := warc.NewReader(f, path)
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			records++
			if rec.IsHTTPResponse() {
				resp, err := rec.ReadHTTPResponse()
				if err != nil {
					b.Fatal(err)
				}
				io.CopyBuffer(io.Discard, resp.Body, buf)
			}
		}
		f.Close()
	}
	if records != st.Records {
		b.Fatalf("read %d records, want %d", records, st.Records)
	}
	b.ReportMetric(float64(st.Records)*float64(b.N)/b.Elapsed().Seconds(), "records/s")
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
