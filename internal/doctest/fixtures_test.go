package doctest

import (
	"os"
	"path/filepath"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// writeFixtures writes the files the documents' examples read that a
// Markdown block cannot hold: crawl.warc.gz, a web archive with one gzip
// member per record (CRLF line ends, exact lengths), holding a warcinfo
// record, a page, a redirect and a page with a BASE element.
func writeFixtures(dir string) error {
	f, err := os.Create(filepath.Join(dir, "crawl.warc.gz"))
	if err != nil {
		return err
	}
	w := warctest.NewWriter(f, true)
	for _, rec := range []warctest.Record{
		warctest.Warcinfo(),
		warctest.HTML("http://a/b/c/d;p?q", `<a href=";x">x</a> <img src="../../../g">`),
		warctest.Response("http://a/b/c/d", 301, [][2]string{{"Location", "../elsewhere"}}, "moved"),
		warctest.HTML("http://x/old/page.html", `<head><base href="http://x/y/"></head><a href="z">z</a>`),
	} {
		if _, err := w.Write(rec); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}
