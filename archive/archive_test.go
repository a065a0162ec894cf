package archive

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/internal/wat"
	"github.com/relurl/relurl/links"
)

// result is what a Reader gave for one archive.
type result struct {
	links  []string   // doc|base|source|element@attr|ref|url
	docs   []Document // the document of each link
	kinds  []Kind
	errors []error
}

// read runs a Reader named file over data.
func read(file string, data []byte) *result {
	var res result
	a := Reader{
		File: file,
		Link: func(d *Document, k *links.LinkBytes) error {
			res.links = append(res.links, linkString(d.Name, k.Link()))
			res.docs = append(res.docs, *d)
			return nil
		},
		Error:  func(err error) { res.errors = append(res.errors, err) },
		Record: func(k Kind) { res.kinds = append(res.kinds, k) },
	}
	a.Read(bytes.NewReader(data))
	return &res
}

func linkString(doc string, k links.Link) string {
	attr := k.Element
	if k.Attr != "" {
		attr += "@" + k.Attr
	}
	return strings.Join([]string{doc, k.Base.URL, k.Base.Source.String(), attr, k.Ref, k.URL}, "|")
}

// write returns recs as a WARC file, plain or one gzip member a record,
// and the records' offsets.
func write(t *testing.T, gz bool, recs ...warctest.Record) ([]byte, []int64) {
	t.Helper()
	var b bytes.Buffer
	w := warctest.NewWriter(&b, gz)
	for _, rec := range recs {
		if _, err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes(), w.Offsets
}

// watRecord returns a WAT record of a response to uri, its
// HTTP-Response-Metadata being payload.
func watRecord(uri, payload string) warctest.Record {
	return warctest.Record{Type: "metadata", TargetURI: uri, ContentType: "application/json", Block: []byte(
		`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"` + uri + `"},"Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=response","HTTP-Response-Metadata":` + payload + `}}}`)}
}

func equal(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\ngot\n%s\nwant\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestReaderWARC(t *testing.T) {
	recs := []warctest.Record{
		warctest.Warcinfo(),
		{Type: "request", TargetURI: "http://a/b/c/d;p?q", ContentType: "application/http; msgtype=request", Block: []byte("GET /b/c/d;p?q HTTP/1.1\r\nHost: a\r\n\r\n")},
		// 2: the retrieval URL is the base (3.3); RFC 1808 section 5 cases.
		warctest.HTML("http://a/b/c/d;p?q", `<a href="g"> <a href=";x"> <img src="../../../g">`),
		// 3: a BASE element (3.1).
		warctest.HTML("http://a/page.html", `<head><base href="http://x/y/"></head><a href="z">`),
		// 4: a Content-Base header (3.1) and, inside it, a relative BASE.
		warctest.Response("http://a/hdr.html", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Base", "http://hdr/dir/"}},
			`<head><base href="sub/"></head><a href="k">`),
		// 5: a Base header alone.
		warctest.Response("http://a/h2", 200, [][2]string{{"Content-Type", "application/xhtml+xml"}, {"Base", "<URL:http://b/1/>"}}, `<a href="k">`),
		// 6: a malformed Base header: reported, not used.
		warctest.Response("http://a/bad/h", 200, [][2]string{{"Content-Type", "text/html; charset=utf-8"}, {"Base", "<http://b/"}}, `<a href="k">`),
		// 7: a redirect: its Location, space trimmed, resolved against
		// the target URI; the body is not read.
		warctest.Response("http://a/b/c/d", 301, [][2]string{{"Location", " ../elsewhere "}, {"Content-Type", "text/html"}}, `<a href="body">`),
		// 8: not HTML.
		warctest.Response("http://a/logo.png", 200, [][2]string{{"Content-Type", "image/png"}}, `<a href="not-html">`),
		// 9: no WARC-Target-URI: an error from the reader, no Record call.
		warctest.HTML("", `<a href="no-uri">`),
		// 10, 11: resource records, HTML and not.
		{Type: "resource", TargetURI: "http://r/dir/file.html", ContentType: "text/html; charset=utf-8", Block: []byte(`<a href="../up">`)},
		{Type: "resource", TargetURI: "http://r/dir/file.txt", ContentType: "text/plain", Block: []byte(`<a href="../up">`)},
		// 12: metadata that is not WAT.
		{Type: "metadata", TargetURI: "http://a/", ContentType: "application/warc-fields", Block: []byte("fetchTimeMs: 1\r\n")},
		// 13: a response record whose block is not HTTP.
		{Type: "response", TargetURI: "http://a/x", ContentType: "application/http; msgtype=response", Block: []byte("garbage\r\n\r\n")},
		// 14: a resource record whose Content-Type has no media type.
		{Type: "resource", TargetURI: "http://r/x", ContentType: "text html", Block: []byte(`<a href="y">`)},
		// 15, 16: a malformed parameter is passed over, as browsers do
		// (MIME Sniffing, "parse a MIME type"): the pages are read.
		{Type: "resource", TargetURI: "http://r/p", ContentType: "text/html; =", Block: []byte(`<a href="q">`)},
		warctest.Response("http://s/p", 200, [][2]string{{"Content-Type", "text/html; charset"}}, `<a href="q">`),
	}
	for _, gz := range []bool{false, true} {
		data, offs := write(t, gz, recs...)
		res := read("f.warc", data)
		d := func(i int) string { return fmt.Sprintf("f.warc#%d", offs[i]) }
		equal(t, fmt.Sprint("links, gzip ", gz), res.links, []string{
			d(2) + "|http://a/b/c/d;p?q|retrieval|a@href|g|http://a/b/c/g",
			d(2) + "|http://a/b/c/d;p?q|retrieval|a@href|;x|http://a/b/c/d;x",
			d(2) + "|http://a/b/c/d;p?q|retrieval|img@src|../../../g|http://a/../g",
			d(3) + "|http://x/y/|html|a@href|z|http://x/y/z",
			d(4) + "|http://hdr/dir/sub/|html|a@href|k|http://hdr/dir/sub/k",
			d(5) + "|http://b/1/|header|a@href|k|http://b/1/k",
			d(6) + "|http://a/bad/h|retrieval|a@href|k|http://a/bad/k",
			d(7) + "|http://a/b/c/d|retrieval|http@location|../elsewhere|http://a/b/elsewhere",
			d(10) + "|http://r/dir/file.html|retrieval|a@href|../up|http://r/up",
			d(15) + "|http://r/p|retrieval|a@href|q|http://r/q",
			d(16) + "|http://s/p|retrieval|a@href|q|http://s/q",
		})
		wantKinds := []Kind{Skipped, Skipped, Page, Page, Page, Page, Page, Redirect, Skipped /* 9 */, Page, Skipped, Skipped, Failed, Skipped, Page, Page}
		if fmt.Sprint(res.kinds) != fmt.Sprint(wantKinds) {
			t.Errorf("gzip %v: kinds %v, want %v", gz, res.kinds, wantKinds)
		}
		if len(res.errors) != 3 {
			t.Fatalf("gzip %v: errors %q, want 3", gz, res.errors)
		}
		var de *DocError
		var he *base.HeaderError
		if !errors.As(res.errors[0], &de) || de.Doc != d(6) || !errors.As(res.errors[0], &he) ||
			!strings.HasPrefix(res.errors[0].Error(), d(6)+": ") || !strings.HasSuffix(res.errors[0].Error(), " (not used)") {
			t.Errorf("gzip %v: header error %q", gz, res.errors[0])
		}
		var we *warc.Error
		if !errors.As(res.errors[1], &we) || we.File != "f.warc" || we.Offset != offs[9] || !errors.Is(res.errors[1], warc.ErrMissingTargetURI) {
			t.Errorf("gzip %v: missing target error %q", gz, res.errors[1])
		}
		if !errors.As(res.errors[2], &we) || we.Offset != offs[13] || !errors.Is(res.errors[2], warc.ErrHTTP) {
			t.Errorf("gzip %v: HTTP error %q", gz, res.errors[2])
		}
	}
}

func TestReaderWAT(t *testing.T) {
	data, offs := write(t, true,
		warctest.Warcinfo(),
		// 1: a relative Head.Base (3.1) inside the retrieval URL; head
		// links first; a path without attribute; HTML space trimmed.
		watRecord("http://w/x/y", `{"Response-Message":{"Status":"200"},"Headers":{"Content-Type":"text/html"},"HTML-Metadata":{"Head":{"Base":" ../b/;p ","Link":[{"path":"LINK@/href","url":"st.css"}]},"Links":[{"path":"A@/href","url":" g "},{"path":"IMG@/src","url":"../i.png"},{"path":"STYLE/#text","url":"s.css"}]}}`),
		// 2: a Content-Base header, and a BASE relative to it.
		watRecord("http://w/p", `{"Response-Message":{"Status":200},"Headers":{"Content-Base":"http://cb/d/"},"HTML-Metadata":{"Head":{"Base":"e/"},"Links":[{"path":"A@/href","url":"q"}]}}`),
		// 3: a redirect.
		watRecord("http://w/old/", `{"Response-Message":{"Status":"302"},"Headers":{"Location":"../new"}}`),
		// 4: not HTML.
		watRecord("http://w/i.png", `{"Response-Message":{"Status":"200"},"Headers":{"Content-Type":"image/png"}}`),
		// 5: broken JSON.
		warctest.Record{Type: "metadata", TargetURI: "http://w/z", ContentType: "application/json", Block: []byte(`{"Envelope":`)},
		// 6: an HTML page with no target URI anywhere.
		watRecord("", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"lost"}]}}`),
		// 7: a page without a BASE: the retrieval URL.
		watRecord("http://w/last", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"?q"}]}}`),
	)
	res := read("c.wat.gz", data)
	d := func(i int) string { return fmt.Sprintf("c.wat.gz#%d", offs[i]) }
	equal(t, "links", res.links, []string{
		d(1) + "|http://w/b/;p|html|link@href|st.css|http://w/b/st.css",
		d(1) + "|http://w/b/;p|html|a@href|g|http://w/b/g",
		d(1) + "|http://w/b/;p|html|img@src|../i.png|http://w/i.png",
		d(1) + "|http://w/b/;p|html|style/#text|s.css|http://w/b/s.css",
		d(2) + "|http://cb/d/e/|html|a@href|q|http://cb/d/e/q",
		d(3) + "|http://w/old/|retrieval|http@location|../new|http://w/new",
		d(7) + "|http://w/last|retrieval|a@href|?q|http://w/last?q",
	})
	wantKinds := []Kind{Skipped, Page, Page, Redirect, Skipped, Failed, Failed, Page}
	if fmt.Sprint(res.kinds) != fmt.Sprint(wantKinds) {
		t.Errorf("kinds %v, want %v", res.kinds, wantKinds)
	}
	if len(res.errors) != 2 {
		t.Fatalf("errors %q, want 2", res.errors)
	}
	var we *warc.Error
	if !errors.As(res.errors[0], &we) || we.File != "c.wat.gz" || we.Offset != offs[5] || !errors.Is(res.errors[0], wat.ErrJSON) {
		t.Errorf("JSON error %q", res.errors[0])
	}
	if !errors.As(res.errors[1], &we) || we.Offset != offs[6] || !errors.Is(res.errors[1], warc.ErrMissingTargetURI) ||
		!strings.Contains(res.errors[1].Error(), "in WAT record") {
		t.Errorf("target error %q", res.errors[1])
	}
}

// TestReaderWholeGzip: in a file gzipped whole every record has the
// offset 0, and the document names count the records.
func TestReaderWholeGzip(t *testing.T) {
	plain, _ := write(t, false,
		warctest.HTML("http://a/1", `<a href="x">`),
		warctest.HTML("http://a/2", `<a href="y">`),
		warctest.HTML("http://a/3", `<a href="z">`))
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(plain)
	zw.Close()
	res := read("w.warc.gz", b.Bytes())
	equal(t, "links", res.links, []string{
		"w.warc.gz#0|http://a/1|retrieval|a@href|x|http://a/x",
		"w.warc.gz#0+1|http://a/2|retrieval|a@href|y|http://a/y",
		"w.warc.gz#0+2|http://a/3|retrieval|a@href|z|http://a/z",
	})
}

func TestDocName(t *testing.T) {
	var (
		last int64 = -1
		nth  int
	)
	var got []string
	for _, off := range []int64{0, 0, 0, 17, 17, 40} {
		got = append(got, docName("f", off, &last, &nth))
	}
	equal(t, "names", got, []string{"f#0", "f#0+1", "f#0+2", "f#17", "f#17+1", "f#40"})
}

// TestReaderLinkError: an error from Link stops that document's links,
// is reported as a *DocError, and the next record is read.
func TestReaderLinkError(t *testing.T) {
	errStop := errors.New("stop")
	data, offs := write(t, false,
		warctest.HTML("http://a/1", `<a href="x"><a href="y">`),
		watRecord("http://w/", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"x"},{"path":"A@/href","url":"y"}]}}`),
		warctest.Response("http://a/r", 302, [][2]string{{"Location", "x"}}, ""),
		warctest.HTML("http://a/2", `<a href="z">`))
	var got []string
	var errs []error
	a := Reader{
		File: "f",
		Link: func(d *Document, k *links.LinkBytes) error {
			doc := d.Name
			got = append(got, doc+" "+string(k.Ref))
			if string(k.Ref) == "x" {
				return errStop
			}
			return nil
		},
		Error: func(err error) { errs = append(errs, err) },
	}
	a.Read(bytes.NewReader(data))
	d := func(i int) string { return fmt.Sprintf("f#%d", offs[i]) }
	equal(t, "links", got, []string{d(0) + " x", d(1) + " x", d(2) + " x", d(3) + " z"})
	if len(errs) != 3 {
		t.Fatalf("errors %q, want 3", errs)
	}
	for i, err := range errs {
		var de *DocError
		if !errors.As(err, &de) || de.Doc != d(i) || !errors.Is(err, errStop) || err.Error() != d(i)+": stop" {
			t.Errorf("error %d: %q", i, err)
		}
	}
}

func TestWATPath(t *testing.T) {
	for _, c := range []struct{ path, elem, attr string }{
		{"A@/href", "a", "href"},
		{"IMG@/SRC", "img", "src"},
		{"LINK@href", "link", "href"},      // no "/" after "@"
		{"STYLE/#text", "style/#text", ""}, // a URL found in CSS: no attribute
		{"FORM@/action@x", "form", "action@x"},
		{"", "", ""},
	} {
		if e, a := watPath(c.path); e != c.elem || a != c.attr {
			t.Errorf("watPath(%q) = %q, %q; want %q, %q", c.path, e, a, c.elem, c.attr)
		}
	}
}

// TestReaderAgain reads archives of each kind one after another with one
// Reader, as a job of the links command does, and checks that each gives
// what a new Reader gives.
func TestReaderAgain(t *testing.T) {
	page := warctest.HTML("http://a/b/c", `<base href="../x/"><a href="g">`)
	wat := watRecord("http://w/p", `{"Response-Message":{"Status":200},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"q"}]}}`)
	redirect := warctest.Response("http://a/r", 302, [][2]string{{"Location", "x"}}, "")
	gz, _ := write(t, true, warctest.Warcinfo(), page, redirect)
	plain, _ := write(t, false, page, wat)
	watgz, _ := write(t, true, wat)
	files := []struct {
		name string
		data []byte
	}{{"a.warc.gz", gz}, {"b.warc", plain}, {"c.wat.gz", watgz}, {"cut.warc.gz", gz[:len(gz)-20]}, {"d.warc.gz", gz}}
	var got result
	a := Reader{
		Link: func(d *Document, k *links.LinkBytes) error {
			doc := d.Name
			got.links = append(got.links, linkString(doc, k.Link()))
			return nil
		},
		Error:  func(err error) { got.errors = append(got.errors, err) },
		Record: func(k Kind) { got.kinds = append(got.kinds, k) },
	}
	for _, f := range files {
		got = result{}
		a.File = f.name
		a.Read(bytes.NewReader(f.data))
		want := read(f.name, f.data)
		if len(want.links) == 0 {
			t.Fatalf("%s: no links", f.name)
		}
		equal(t, f.name+" links", got.links, want.links)
		if fmt.Sprint(got.kinds, got.errors) != fmt.Sprint(want.kinds, want.errors) {
			t.Errorf("%s: kinds and errors %v %v, want %v %v", f.name, got.kinds, got.errors, want.kinds, want.errors)
		}
	}
}

// TestDocument: each link names its document: FILE#OFFSET, the record's
// WARC-Target-URI and WARC-Date; for a WAT record, the original
// capture's, from its envelope's WARC-Header-Metadata ("" when absent).
func TestDocument(t *testing.T) {
	wat := func(uri, date string) warctest.Record {
		return warctest.Record{Type: "metadata", TargetURI: uri + "#wat", ContentType: "application/json", Block: []byte(
			`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response",` + date + `"WARC-Target-URI":"` + uri +
				`"},"Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=response","HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[{"path":"A@/href","url":"g"}]}}}}}`)}
	}
	data, offs := write(t, true,
		warctest.HTML("http://a/p", `<a href="g">`),
		warctest.Response("http://a/r", 301, [][2]string{{"Location", "/t"}}, ""),
		wat("http://w/p", `"WARC-Date":"2020-01-02T03:04:05Z",`),
		wat("http://w/q", ""),
	)
	res := read("F", data)
	const date = "2026-11-21T00:00:00Z" // warctest's
	want := []Document{
		{fmt.Sprintf("F#%d", offs[0]), "http://a/p", date},
		{fmt.Sprintf("F#%d", offs[1]), "http://a/r", date},
		{fmt.Sprintf("F#%d", offs[2]), "http://w/p", "2020-01-02T03:04:05Z"},
		{fmt.Sprintf("F#%d", offs[3]), "http://w/q", ""},
	}
	if fmt.Sprint(res.docs) != fmt.Sprint(want) || len(res.errors) != 0 {
		t.Errorf("documents\n%v\nwant\n%v (errors %v)", res.docs, want, res.errors)
	}
}

// TestRevisitRefersToAngles: a WARC-Refers-To-Target-URI in angle
// brackets, as a writer that encloses WARC-Target-URI writes it (the
// uri of WARC/1.0 section 5's grammar is "<" URI ">"), is the URI inside
// them, in a revisit record and in the WAT record of one: the
// warc@revisit link is to http://a/old, not to a relative reference
// "<http://a/old>" resolved against the target URI.
func TestRevisitRefersToAngles(t *testing.T) {
	rv := warctest.Record{Type: "revisit", TargetURI: "<http://a/new>", Fields: [][2]string{
		{"WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"},
		{"WARC-Refers-To-Target-URI", "<http://a/old>"}, {"WARC-Refers-To-Date", "2020-01-02T03:04:05Z"}}}
	data, off := write(t, false, rv, warctest.WAT(rv, ""))
	res := read("F", data)
	equal(t, "links", res.links, []string{
		fmt.Sprintf("F#%d|http://a/new|retrieval|warc@revisit|2020-01-02T03:04:05Z|http://a/old", off[0]),
		fmt.Sprintf("F#%d|http://a/new|retrieval|warc@revisit|2020-01-02T03:04:05Z|http://a/old", off[1]),
	})
	if len(res.errors) != 0 {
		t.Errorf("errors %v", res.errors)
	}
}
