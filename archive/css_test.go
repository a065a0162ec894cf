package archive

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// TestReaderCSS: a response or resource record of a text/css style sheet
// gives its url() and @import links, resolved against the retrieval URL
// or the HTTP header's Content-Base (RFC 1808 section 3.1), its body
// decoded as an HTML body is (Content-Encoding gzip); a CSS body of
// another type, or a CSS-looking body served as text/plain, is skipped.
func TestReaderCSS(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(`a { background: url(coded.png) }`))
	zw.Close()
	recs := []warctest.Record{
		warctest.Response("http://a/css/site.css", 200, [][2]string{{"Content-Type", "text/css; charset=utf-8"}},
			`@import "reset.css"; body { background: url( '../img/bg.png' ) } /* url(comment.png) */`),
		warctest.Response("http://a/css/h.css", 200, [][2]string{{"Content-Type", "TEXT/CSS"}, {"Content-Base", "http://cdn/x/"}}, `p{background:url(y.gif)}`),
		{Type: "resource", TargetURI: "http://r/s/file.css", ContentType: "text/css", Block: []byte(`@import url(../up.css);`)},
		warctest.Response("http://a/plain.txt", 200, [][2]string{{"Content-Type", "text/plain"}}, `x{background:url(no.png)}`),
		warctest.Response("http://a/css/z.css", 200, [][2]string{{"Content-Type", "text/css"}, {"Content-Encoding", "gzip"}}, gz.String()),
	}
	for _, gzFile := range []bool{false, true} {
		data, offs := write(t, gzFile, recs...)
		res := read("f.warc", data)
		d := func(i int) string { return fmt.Sprintf("f.warc#%d", offs[i]) }
		equal(t, fmt.Sprint("CSS links, gzip ", gzFile), res.links, []string{
			d(0) + "|http://a/css/site.css|retrieval|css@import|reset.css|http://a/css/reset.css",
			d(0) + "|http://a/css/site.css|retrieval|css@url|../img/bg.png|http://a/img/bg.png",
			d(1) + "|http://cdn/x/|header|css@url|y.gif|http://cdn/x/y.gif",
			d(2) + "|http://r/s/file.css|retrieval|css@import|../up.css|http://r/up.css",
			d(4) + "|http://a/css/z.css|retrieval|css@url|coded.png|http://a/css/coded.png",
		})
		if want := fmt.Sprint([]Kind{Stylesheet, Stylesheet, Stylesheet, Skipped, Stylesheet}); fmt.Sprint(res.kinds) != want {
			t.Errorf("gzip %v: kinds %v, want %v", gzFile, res.kinds, want)
		}
		if len(res.errors) != 0 {
			t.Errorf("gzip %v: errors %q", gzFile, res.errors)
		}
	}
}
