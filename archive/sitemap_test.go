package archive

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// TestSitemapsAndRobots: response and resource records of robots.txt
// files and XML sitemaps (gzipped or not) give their links, by the rule
// the links command uses for a fetched URL; other XML and text records
// are skipped without an error.
func TestSitemapsAndRobots(t *testing.T) {
	const sitemap = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/a</loc></url></urlset>`
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(`<sitemapindex><sitemap><loc>http://e/s2.xml</loc></sitemap></sitemapindex>`))
	zw.Close()
	recs := []warctest.Record{
		warctest.Response("http://e/robots.txt", 200, [][2]string{{"Content-Type", "text/plain; charset=utf-8"}}, "User-agent: *\nSitemap: /sitemap.xml\n"),
		warctest.Response("http://e/sitemap.xml", 200, [][2]string{{"Content-Type", "application/xml"}, {"Content-Base", "http://h/"}}, sitemap),
		warctest.Response("http://e/index.xml.gz", 200, [][2]string{{"Content-Type", "application/x-gzip"}}, gz.String()),
		{Type: "resource", TargetURI: "http://r/robots.txt", ContentType: "text/plain", Block: []byte("Sitemap: http://r/s.xml\n")},
		{Type: "resource", TargetURI: "http://r/s.xml", ContentType: "text/xml", Block: []byte(sitemap)},
		// Not a robots.txt file by its name, not a sitemap by its root.
		warctest.Response("http://e/notes.txt", 200, [][2]string{{"Content-Type", "text/plain"}}, "Sitemap: http://e/no\n"),
		warctest.Response("http://e/feed.xml", 200, [][2]string{{"Content-Type", "text/xml"}}, `<rss><link>http://e/no</link></rss>`),
	}
	for _, gzipped := range []bool{false, true} {
		data, offs := write(t, gzipped, recs...)
		res := read("f.warc", data)
		d := func(i int) string { return fmt.Sprintf("f.warc#%d", offs[i]) }
		equal(t, fmt.Sprint("links, gzip ", gzipped), res.links, []string{
			d(0) + "|http://e/robots.txt|retrieval|robots@sitemap|/sitemap.xml|http://e/sitemap.xml",
			d(1) + "|http://h/|header|url@loc|/a|http://h/a",
			d(2) + "|http://e/index.xml.gz|retrieval|sitemap@loc|http://e/s2.xml|http://e/s2.xml",
			d(3) + "|http://r/robots.txt|retrieval|robots@sitemap|http://r/s.xml|http://r/s.xml",
			d(4) + "|http://r/s.xml|retrieval|url@loc|/a|http://r/a",
		})
		if want := []Kind{Robots, Sitemap, Sitemap, Robots, Sitemap, Skipped, Skipped}; fmt.Sprint(res.kinds) != fmt.Sprint(want) {
			t.Errorf("gzip %v: kinds %v, want %v", gzipped, res.kinds, want)
		}
		if len(res.errors) != 0 {
			t.Errorf("gzip %v: errors %v", gzipped, res.errors)
		}
	}
}
