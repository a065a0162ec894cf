package crawl

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSitemapsAndRobots checks when a document is a sitemap or a
// robots.txt file: by name in a directory (robots.txt; an .xml or
// .xml.gz file whose root is <urlset> or <sitemapindex>, other XML not
// read), by content on standard input and for a file named as an input,
// by -type, and over HTTP by Content-Type (text/plain at /robots.txt;
// application/xml, text/xml or gzip holding a sitemap).
func TestSitemapsAndRobots(t *testing.T) {
	const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://e/a</loc></url></urlset>`
	const robots = "User-agent: *\nDisallow:\nSitemap: http://e/sitemap.xml\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(sitemap))
	zw.Close()

	dir := t.TempDir()
	for name, body := range map[string][]byte{
		"robots.txt": []byte(robots), "s.xml.gz": gz.Bytes(), "feed.xml": []byte(`<?xml version="1.0"?><rss><link>http://e/no</link></rss>`),
		"notes.txt": []byte("Sitemap: http://e/no\n"),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write([]byte(robots))
		case "/sitemap.xml":
			w.Header().Set("Content-Type", "application/xml")
			w.Write([]byte(sitemap))
		case "/sitemap.xml.gz":
			w.Header().Set("Content-Type", "application/x-gzip")
			w.Write(gz.Bytes())
		case "/feed.xml":
			w.Header().Set("Content-Type", "text/xml")
			w.Write([]byte(`<rss/>`))
		}
	}))
	t.Cleanup(srv.Close)

	run := func(c Config, in string) (string, string, Stats) {
		var out, errs bytes.Buffer
		c.Stdout, c.Stderr = &out, &errs
		s, err := c.Run([]string{in})
		if err != nil {
			t.Fatal(err)
		}
		return out.String(), errs.String(), s
	}
	rows := func(out string) []string {
		var r []string
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if f := strings.Split(l, "\t"); len(f) == 6 {
				r = append(r, f[3]+" "+f[5])
			}
		}
		return r
	}
	out, errs, s := run(Config{}, dir)
	if got := strings.Join(rows(out), ","); got != "robots@sitemap http://e/sitemap.xml,url@loc http://e/a" || s.Failed {
		t.Errorf("directory: %q, stderr %q", out, errs)
	}
	out, errs, _ = run(stdin(sitemap, Unknown), "-")
	if got := strings.Join(rows(out), ","); got != "url@loc http://e/a" {
		t.Errorf("standard input: %q, stderr %q", out, errs)
	}
	out, errs, _ = run(stdin(robots, Robots), "-")
	if got := strings.Join(rows(out), ","); got != "robots@sitemap http://e/sitemap.xml" {
		t.Errorf("-type robots: %q, stderr %q", out, errs)
	}
	for _, p := range []string{"/robots.txt", "/sitemap.xml", "/sitemap.xml.gz"} {
		out, errs, s = run(Config{}, srv.URL+p)
		if len(rows(out)) != 1 || s.Failed {
			t.Errorf("fetch %s: %q, stderr %q", p, out, errs)
		}
	}
	out, errs, s = run(Config{}, srv.URL+"/feed.xml")
	if out != "" || !s.Failed || !strings.Contains(errs, "not an XML sitemap") {
		t.Errorf("fetch of XML that is no sitemap: %q, stderr %q", out, errs)
	}
}
