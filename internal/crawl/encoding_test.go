package crawl

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// TestWHATWGDocumentEncoding checks that every input a document can come
// from passes its charset to the extractor: under -spec whatwg, the link
// <a href="p?é"> of a windows-1252 document resolves with the query
// "%E9" (é in windows-1252; URL Standard section 4.4), its encoding
// declared by the HTTP Content-Type of a fetch or of a WARC record, by a
// MIME part's Content-Type (over the <meta> of the page), or by <meta
// charset> in a file. Under RFC 3986 the bytes stay as they are.
func TestWHATWGDocumentEncoding(t *testing.T) {
	// The page's <meta> says UTF-8: the charset given with it must win.
	const page = "<meta charset=utf-8><a href='p?\xe9'>x</a>"
	eachEncodedInput(t, "text/html", page, "p.html", "<meta charset=windows-1252><a href='p?\xe9'>x</a>",
		func(name string, spec relurl.Spec, base string, row string, fields []string) {
			want := relurl.Resolve(base, "p") + "?%E9"
			if spec != relurl.WHATWG {
				want = relurl.Resolve(base, "p") + "?\xe9"
			}
			if fields[len(fields)-1] != want {
				t.Errorf("%s, %v: row %q, want the URL %q", name, spec, row, want)
			}
		})
}

// TestWHATWGStyleSheetEncoding checks that every input a style sheet can
// come from reads it in its encoding under -spec whatwg (CSS Syntax Level
// 3 section 3.2): the HTTP charset of a fetch or a WARC record (over the
// sheet's own @charset), a MIME part's charset, the @charset of a file.
// The reference url(p?é) of a windows-1252 sheet is then "p?é" in UTF-8,
// and its query is encoded in UTF-8 (%C3%A9), as CSS parses URLs (CSS
// Values section 4.5), not in the sheet's encoding. Under RFC 3986 the
// bytes stay as they are. A Shift_JIS sheet declared so would read é's
// byte otherwise: the declaration that wins is the one that counts.
func TestWHATWGStyleSheetEncoding(t *testing.T) {
	const sheet = `@charset "shift_jis";a{background:url(p?` + "\xe9" + `)}`
	eachEncodedInput(t, "text/css", sheet, "s.css", `@charset "windows-1252";a{background:url(p?`+"\xe9"+`)}`,
		func(name string, spec relurl.Spec, base string, row string, fields []string) {
			ref, want := "p?é", relurl.Resolve(base, "p")+"?%C3%A9"
			if spec != relurl.WHATWG {
				ref, want = "p?\xe9", relurl.Resolve(base, "p")+"?\xe9"
			}
			if fields[len(fields)-2] != ref || fields[len(fields)-1] != want {
				t.Errorf("%s, %v: row %q, want the ref %q and URL %q", name, spec, row, ref, want)
			}
		})
}

// eachEncodedInput runs the crawl, under WHATWG and under RFC 3986, over
// body as each input gives a charset with it: a fetch and a WARC record
// whose Content-Type is mediaType with charset=windows-1252, a MIME part
// declared so, and a file named fileName holding fileBody (which declares
// its encoding itself). Each run must give one link; check gets the
// input's name, the specification, the base the link resolves against,
// the row and its fields.
func eachEncodedInput(t *testing.T, mediaType, body, fileName, fileBody string, check func(name string, spec relurl.Spec, base, row string, fields []string)) {
	t.Helper()
	contentType := mediaType + "; charset=windows-1252"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	file := filepath.Join(dir, fileName)
	if err := os.WriteFile(file, []byte(fileBody), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		in   string
		conf func() Config
		base string
	}{
		{"fetch", srv.URL + "/d/", func() Config { return Config{} }, srv.URL + "/d/"},
		{"WARC record", writeArchive(t, dir, warctest.Response("http://w/d/", 200, [][2]string{{"Content-Type", contentType}}, body)), func() Config { return Config{} }, "http://w/d/"},
		{"MIME part", "-", func() Config {
			return stdin("MIME-Version: 1.0\nContent-Type: "+contentType+"\n\n"+body, Message)
		}, tableOuter},
		{"file " + fileName, file, func() Config { return Config{URL: "http://f/d/"} }, "http://f/d/"},
	} {
		for _, spec := range []relurl.Spec{relurl.WHATWG, relurl.RFC3986} {
			var out, errs bytes.Buffer
			conf := c.conf()
			conf.Stdout, conf.Stderr, conf.Spec = &out, &errs, spec
			s, err := conf.Run([]string{c.in})
			if err != nil || s.Failed || s.Links != 1 {
				t.Fatalf("%s, %v: stats %+v, err %v, stderr %q", c.name, spec, s, err, errs.String())
			}
			check(c.name, spec, c.base, out.String(), strings.Split(strings.TrimSuffix(out.String(), "\n"), "\t"))
		}
	}
}

// TestStyleSheetPartDecoded: a text/css part of a MIME message in UTF-16
// (by its byte order mark, or its charset) or gzipped gives its links, as
// an HTML part does and as a .css file does (package body).
func TestStyleSheetPartDecoded(t *testing.T) {
	const sheet = `a{background:url(p?é)}`
	for _, c := range []struct {
		name, charset string
		body          []byte
	}{
		{"UTF-16LE BOM", "", warctest.UTF16(sheet, false, true)},
		{"UTF-16BE by charset", "; charset=utf-16be", warctest.UTF16(sheet, true, false)},
		{"gzip", "", warctest.Encode([]byte(sheet), "gzip")},
	} {
		msg := "MIME-Version: 1.0\nContent-Type: text/css" + c.charset + "\n\n" + string(c.body)
		for _, spec := range []relurl.Spec{relurl.WHATWG, relurl.RFC3986} {
			var out, errs bytes.Buffer
			conf := stdin(msg, Message)
			conf.Stdout, conf.Stderr, conf.Spec = &out, &errs, spec
			s, err := conf.Run([]string{"-"})
			if err != nil || s.Failed || s.Links != 1 {
				t.Fatalf("%s, %v: stats %+v, err %v, stderr %q, out %q", c.name, spec, s, err, errs.String(), out.String())
			}
			if fields := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\t"); fields[len(fields)-2] != "p?é" {
				t.Errorf("%s, %v: row %q, want the ref p?é", c.name, spec, out.String())
			}
		}
	}
}
