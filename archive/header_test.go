package archive

import (
	"errors"
	"fmt"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/links"
)

// TestHeaderLinks: the Link and Refresh fields of an HTTP response give
// http@link and http@refresh links before those of the body, resolved
// against the header's base (Content-Base here), never the BASE element
// (RFC 8288 section 3.2); so do a redirect's (its Location against the
// retrieval URL) and those of a response that is not a document; a
// malformed link-value is reported for its record.
func TestHeaderLinks(t *testing.T) {
	recs := []warctest.Record{
		warctest.Response("http://a/b/page.html", 200, [][2]string{
			{"Content-Type", "text/html"}, {"Content-Base", "http://h/d/"},
			{"Link", `<style.css>; rel=stylesheet, </next>; rel="next"`}, {"Link", "<../up>"}, {"Refresh", "3; url=later"},
		}, `<base href="http://body/"><a href="k">`),
		warctest.Response("http://a/b/moved", 302, [][2]string{
			{"Location", "there"}, {"Content-Base", "http://h/d/"}, {"Link", "<canon>; rel=canonical"},
		}, ``),
		warctest.Response("http://a/b/doc.pdf", 200, [][2]string{{"Content-Type", "application/pdf"}, {"Link", `<doc.html>; rel="alternate"`}}, `%PDF`),
		warctest.Response("http://a/b/bad.html", 200, [][2]string{{"Content-Type", "text/html"}, {"Link", `junk, <ok>`}}, `<a href="k">`),
	}
	for _, gz := range []bool{false, true} {
		data, offs := write(t, gz, recs...)
		res := read("f.warc", data)
		d := func(i int) string { return fmt.Sprintf("f.warc#%d", offs[i]) }
		equal(t, fmt.Sprint("links, gzip ", gz), res.links, []string{
			d(0) + "|http://h/d/|header|http@link|style.css|http://h/d/style.css",
			d(0) + "|http://h/d/|header|http@link|/next|http://h/next",
			d(0) + "|http://h/d/|header|http@link|../up|http://h/up",
			d(0) + "|http://h/d/|header|http@refresh|later|http://h/d/later",
			d(0) + "|http://body/|html|a@href|k|http://body/k",
			d(1) + "|http://h/d/|header|http@link|canon|http://h/d/canon",
			d(1) + "|http://a/b/moved|retrieval|http@location|there|http://a/b/there",
			d(2) + "|http://a/b/doc.pdf|retrieval|http@link|doc.html|http://a/b/doc.html",
			d(3) + "|http://a/b/bad.html|retrieval|http@link|ok|http://a/b/ok",
			d(3) + "|http://a/b/bad.html|retrieval|a@href|k|http://a/b/k",
		})
		if want := []Kind{Page, Redirect, Skipped, Page}; fmt.Sprint(res.kinds) != fmt.Sprint(want) {
			t.Errorf("gzip %v: kinds %v, want %v", gz, res.kinds, want)
		}
		var de *DocError
		var he *links.HeaderError
		if len(res.errors) != 1 || !errors.As(res.errors[0], &de) || de.Doc != d(3) || !errors.As(res.errors[0], &he) ||
			he.Offset != 0 || !errors.Is(res.errors[0], links.ErrLinkHeader) {
			t.Errorf("gzip %v: errors %v", gz, res.errors)
		}
	}
}
