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
