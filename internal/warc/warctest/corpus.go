package warctest

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
)

// CorpusStats counts what Corpus wrote.
type CorpusStats struct {
	Records   int   // WARC records, all types
	HTML      int   // 200 text/html responses
	Links     int   // a@href attributes in those pages
	Redirects int   // 3xx responses
	Bytes     int64 // size of the file written
}

// words for text and path segments; realistic enough to compress like
// English pages (about 4:1 with gzip).
var words = strings.Fields(`the of and to in is for on that with as by this are from at be or
an it was which have not were has more all also their can but its about other one new
page home news about contact search help index archive login register blog post article
data report research policy service product support event people team history project
library collection catalog item detail view list group member forum topic reply share
time year day week month world city state country market price store order account`)

// hrefs are the shapes of relative and absolute references found on real
// pages, %s being a word: every case of RFC 1808 section 5 has one.
var hrefs = []string{
	"%s.html", "%s/", "./%s", "../%s.html", "../../%s/", "/%s/%s.html", "/%s",
	"%s;type=a", "%s?id=%s", "?page=%s", "#%s", "%s.html#%s", "//cdn.example.org/%s.js",
	"http://www.example.com/%s", "https://%s.example.net/", "mailto:%s@example.com",
	"%s/../%s", "./%s/./%s", ";%s", "", ".", "..", "../", "g:%s",
}

// Corpus writes a gzip WARC of at least minBytes to w: for each page a
// request, a response and a metadata record, as crawlers write them.
// Responses are HTML pages with links of every shape (about one page in
// ten with a BASE element), images, and redirects. The same seed gives the
// same file.
func Corpus(w io.Writer, minBytes, seed int64) (CorpusStats, error) {
	var st CorpusStats
	rng := rand.New(rand.NewSource(seed))
	cw := &countWriter{w: w}
	ww := NewWriter(cw, true)
	write := func(rec Record) error {
		st.Records++
		_, err := ww.Write(rec)
		return err
	}
	if err := write(Warcinfo()); err != nil {
		return st, err
	}
	word := func() string { return words[rng.Intn(len(words))] }
	var page strings.Builder
	for i := 0; cw.n < minBytes; i++ {
		host := fmt.Sprintf("www.%s%d.example", word(), rng.Intn(1000))
		uri := fmt.Sprintf("http://%s/%s/%s-%d.html", host, word(), word(), i)
		req := fmt.Sprintf("GET %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: warctest\r\n\r\n", uri[len("http://")+len(host):], host)
		if err := write(Record{Type: "request", TargetURI: uri, ContentType: "application/http; msgtype=request", Block: []byte(req)}); err != nil {
			return st, err
		}
		var rec Record
		switch k := rng.Intn(20); {
		case k == 0:
			st.Redirects++
			rec = Response(uri, 301, [][2]string{{"Location", "/" + word() + "/"}, {"Content-Type", "text/html"}}, "<a href=\"/moved/\">moved</a>")
		case k <= 2:
			img := make([]byte, 2000+rng.Intn(8000))
			rng.Read(img)
			rec = Response(uri, 200, [][2]string{{"Content-Type", "image/jpeg"}}, string(img))
		default:
			st.HTML++
			page.Reset()
			st.Links += writePage(&page, rng, word)
			rec = Response(uri, 200, [][2]string{{"Content-Type", "text/html; charset=utf-8"}, {"Server", "warctest"}}, page.String())
		}
		if err := write(rec); err != nil {
			return st, err
		}
		meta := fmt.Sprintf("fetchTimeMs: %d\r\n", rng.Intn(2000))
		if err := write(Record{Type: "metadata", TargetURI: uri, ContentType: "application/warc-fields", Block: []byte(meta)}); err != nil {
			return st, err
		}
	}
	st.Bytes = cw.n
	return st, nil
}

// writePage writes an HTML page of 5 to 40 KB and returns its number of
// a@href links.
func writePage(b *strings.Builder, rng *rand.Rand, word func() string) int {
	b.WriteString("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n<title>")
	b.WriteString(word() + " " + word())
	b.WriteString("</title>\n")
	if rng.Intn(10) == 0 {
		fmt.Fprintf(b, "<base href=\"http://base.example.org/%s/%s;p?q\">\n", word(), word())
	}
	fmt.Fprintf(b, "<link rel=stylesheet href=\"/css/%s.css\"><script src=\"../js/%s.js\"></script>\n</head><body>\n", word(), word())
	links := 0
	paras := 5 + rng.Intn(40)
	for p := 0; p < paras; p++ {
		b.WriteString("<p>")
		for n := 10 + rng.Intn(60); n > 0; n-- {
			if rng.Intn(12) == 0 {
				h := hrefs[rng.Intn(len(hrefs))]
				args := make([]any, strings.Count(h, "%s"))
				for j := range args {
					args[j] = word()
				}
				fmt.Fprintf(b, "<a href=\"%s\">%s</a> ", fmt.Sprintf(h, args...), word())
				links++
				continue
			}
			b.WriteString(word())
			b.WriteByte(' ')
		}
		b.WriteString("</p>\n")
	}
	b.WriteString("</body></html>\n")
	return links
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// CorpusFile writes Corpus(minBytes, seed) to dir/corpus-SEED.warc.gz and
// returns its path.
func CorpusFile(dir string, minBytes, seed int64) (string, CorpusStats, error) {
	path := filepath.Join(dir, fmt.Sprintf("corpus-%d.warc.gz", seed))
	f, err := os.Create(path)
	if err != nil {
		return "", CorpusStats{}, err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	st, err := Corpus(bw, minBytes, seed)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return path, st, err
}
