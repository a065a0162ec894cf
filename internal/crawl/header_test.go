package crawl

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// TestHeaderLinksFetchAndWARC: the same HTTP response, fetched from a
// server and read from a WARC record, gives the same rows (but for the
// document's name): http@link and http@refresh from its header against
// the header's base, then its body's links.
func TestHeaderLinksFetchAndWARC(t *testing.T) {
	header := [][2]string{
		{"Content-Type", "text/html; charset=utf-8"},
		{"Content-Base", "/base/"},
		{"Link", `<style.css>; rel=stylesheet, </a,b>; rel="next"; title="x, y"`},
		{"Link", `<../up>`},
		{"Refresh", "5; url=later"},
	}
	const body = `<base href="http://body/"><a href="k">`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, f := range header {
			w.Header().Add(f[0], f[1])
		}
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	page := srv.URL + "/dir/page"

	var warc bytes.Buffer
	if _, err := warctest.NewWriter(&warc, true).Write(warctest.Response(page, 200, header, body)); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "f.warc.gz")
	if err := os.WriteFile(file, warc.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}

	rowsOf := func(in string) []string {
		var out, errs bytes.Buffer
		c := Config{Stdout: &out, Stderr: &errs}
		s, err := c.Run([]string{in})
		if err != nil || s.Failed || errs.Len() > 0 {
			t.Fatalf("%s: %v, stderr %q", in, err, errs.String())
		}
		var r []string
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			_, rest, _ := strings.Cut(l, "\t") // the document's name differs
			r = append(r, rest)
		}
		return r
	}
	fetched, archived := rowsOf(page), rowsOf(file)
	if strings.Join(fetched, "\n") != strings.Join(archived, "\n") {
		t.Errorf("fetched:\n%s\narchived:\n%s", strings.Join(fetched, "\n"), strings.Join(archived, "\n"))
	}
	var where []string
	for _, r := range fetched {
		f := strings.Split(r, "\t")
		where = append(where, f[len(f)-3]+" "+f[len(f)-1])
	}
	want := []string{
		"http@link " + srv.URL + "/base/style.css",
		"http@link " + srv.URL + "/a,b",
		"http@link " + srv.URL + "/up",
		"http@refresh " + srv.URL + "/base/later",
		"a@href http://body/k",
	}
	if strings.Join(where, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant\n%s", strings.Join(where, "\n"), strings.Join(want, "\n"))
	}
}

// TestHeaderLinksRedirects: a fetch gives the header links of every
// response of its redirect chain, in order, each resolved against the
// base its own header establishes inside the URL that answered (RFC 8288
// section 3.2; a Content-Base counts, 3.1), that URL in the page column;
// then the last response's, then its body's. A redirect's Content-Base
// does not reach the responses after it.
func TestHeaderLinksRedirects(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/start", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Link", `<s.css>; rel=preload, </top>`)
		w.Header().Set("Refresh", "0; url=soon")
		http.Redirect(w, r, "/a/next", http.StatusFound)
	})
	mux.HandleFunc("/a/next", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Base", "/cb/")
		w.Header().Set("Link", `<x>; rel="next"`)
		http.Redirect(w, r, "/b/final", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/b/silent", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/b/final", http.StatusTemporaryRedirect)
	})
	mux.HandleFunc("/b/final", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Link", `<f>`)
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<a href="k">`))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	u := srv.URL

	run := func(in string) string {
		var out, errs bytes.Buffer
		c := Config{Stdout: &out, Stderr: &errs, Page: true}
		s, err := c.Run([]string{in})
		if err != nil || s.Failed || errs.Len() > 0 {
			t.Fatalf("%s: %v, stderr %q", in, err, errs.String())
		}
		return out.String()
	}
	// document, base, base_source, element@attribute, ref, url, page, date
	row := func(doc, b, src, where, ref, url, page string) string {
		return strings.Join([]string{doc, b, src, where, ref, url, page, ""}, "\t") + "\n"
	}
	in := u + "/start"
	want := row(in, u+"/start", "retrieval", "http@link", "s.css", u+"/s.css", u+"/start") +
		row(in, u+"/start", "retrieval", "http@link", "/top", u+"/top", u+"/start") +
		row(in, u+"/start", "retrieval", "http@refresh", "soon", u+"/soon", u+"/start") +
		row(in, u+"/cb/", "header", "http@link", "x", u+"/cb/x", u+"/a/next") +
		row(in, u+"/b/final", "retrieval", "http@link", "f", u+"/b/f", u+"/b/final") +
		row(in, u+"/b/final", "retrieval", "a@href", "k", u+"/b/k", u+"/b/final")
	if got := run(in); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A redirect without header links gives no row.
	in = u + "/b/silent"
	want = row(in, u+"/b/final", "retrieval", "http@link", "f", u+"/b/f", u+"/b/final") +
		row(in, u+"/b/final", "retrieval", "a@href", "k", u+"/b/k", u+"/b/final")
	if got := run(in); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
