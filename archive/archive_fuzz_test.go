package archive

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/links"
)

// FuzzReader reads bytes as a WARC file: whatever they hold, nothing
// panics, every link names a record of the file (FILE#OFFSET, the
// offset inside the input) and every error is a *warc.Error naming the
// file or a *DocError naming a document.
func FuzzReader(f *testing.F) {
	var b bytes.Buffer
	w := warctest.NewWriter(&b, false)
	w.Write(warctest.HTML("http://a/b/c/d;p?q", `<base href="../x/"><a href="g">`))
	w.Write(watRecord("http://w/x/y", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Head":{"Base":"../b/"},"Links":[{"path":"A@/href","url":"g"},{"path":"STYLE/#text","url":"s.css"}]}}`))
	f.Add(b.Bytes())                                                                                                                                                                       // an HTML response with a BASE, a WAT page
	f.Add([]byte("WARC/1.1\r\nWARC-Type: response\r\nContent-Type: application/http\r\nWARC-Target-URI: http://a/\r\nContent-Length: 60\r\n\r\nHTTP/1.1 302 x\r\nLocation: ../b\r\n\r\n")) // a short redirect
	f.Add([]byte("WARC/1.0\r\nWARC-Type: metadata\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{\"Envelope\":{\"Payl\r\n\r\n"))                                          // broken WAT JSON
	f.Add([]byte("WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: x\r\nContent-Type: text/html\r\nContent-Length: 9\r\n\r\n<a href=\r\n\r\n"))                                         // a cut-off tag
	// Seeds for the defect classes of issue 11 (see fuzzLimits).
	f.Add([]byte("WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://a/\r\nContent-Type: text/html\r\nContent-Length: 300\r\n\r\n" + strings.Repeat("<a href=x>", 30) + "\r\n\r\n"))                                                                                                           // a record over the Record limit
	f.Add([]byte("WARC/1.0\r\nWARC-Type: resource\r\nX: y\r\n" + strings.Repeat(" z\r\n", 200) + "WARC-Target-URI: http://a/\r\nContent-Type: text/html\r\nContent-Length: 9\r\n\r\n<a href=y>\r\n\r\n"))                                                                                              // a folded header over HeaderBlock
	f.Add([]byte("WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://a/\r\nContent-Type: text/html\r\nContent-Length: 500\r\n\r\n<a href=a>\r\n\r\nWARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://b/\r\nContent-Type: text/html\r\nContent-Length: 10\r\n\r\n<a href=b>\r\n\r\n")) // Content-Length past the next record: its link stays its own
	// Seeds for issue 23: a UTF-16 resource record, a gzip one, a WAT
	// record with a url over fuzzLimits.URL and a base field after its
	// links.
	w.Write(warctest.Record{Type: "resource", TargetURI: "http://u/", ContentType: "text/html; charset=utf-16", Block: []byte("<\x00a\x00 \x00h\x00r\x00e\x00f\x00=\x00x\x00>\x00")})
	w.Write(warctest.Record{Type: "resource", TargetURI: "http://z/", ContentType: "text/html", Block: []byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\xb3IT\xc8(JM\xb3\xad\xb0\x03\x00M\x9b3\x98\n\x00\x00\x00")})
	w.Write(watRecord("http://w/", `{"HTML-Metadata":{"Links":[{"url":"`+strings.Repeat("u", 100)+`"},{"url":"g"}],"Head":{"Base":"b/"}}}`))
	f.Add(b.Bytes())
	// Issue 21: style sheets in a response and a resource record, one cut
	// in a url( and a string.
	b.Reset()
	w.Write(warctest.Response("http://c/s.css", 200, [][2]string{{"Content-Type", "text/css"}}, `@import "a.css"; p{background:url(b.png)}`))
	w.Write(warctest.Record{Type: "resource", TargetURI: "http://c/t.css", ContentType: "text/css", Block: []byte(`@import "x`)})
	w.Write(warctest.Record{Type: "resource", TargetURI: "http://c/u.css", ContentType: "text/css", Block: []byte(`a{b:url( y`)})
	f.Add(b.Bytes())
	// WAT records of a response with header links (one over
	// fuzzLimits.HeaderLine) and of revisit records.
	b.Reset()
	resp := warctest.Response("http://h/p", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Base", "d/"}, {"Link", "<a>; rel=x, <b>"},
		{"Link", "<" + strings.Repeat("l", 100) + ">"}, {"Refresh", "0; url=r"}}, "")
	w.Write(warctest.WAT(resp, `{"Links":[{"path":"A@/href","url":"k"}]}`))
	w.Write(warctest.WAT(warctest.Record{Type: "revisit", TargetURI: "http://h/v", Fields: [][2]string{{"WARC-Refers-To-Target-URI", "o"}, {"WARC-Refers-To-Date", "2020"}}}, ""))
	w.Write(warctest.WAT(warctest.Response("http://h/m", 301, [][2]string{{"Location", "n"}, {"Link", "<c>"}}, ""), ""))
	f.Add(b.Bytes())
	// Audit of archive: a WAT record of a WARC/1.0 record whose target
	// URI is in angle brackets; a revisit record whose
	// WARC-Refers-To-Target-URI is; a Content-Length of "-0".
	b.Reset()
	w.Write(watRecord("<http://a/b/c>", `{"HTML-Metadata":{"Links":[{"path":"A@/href","url":"../x"}]}}`))
	w.Write(warctest.Record{Type: "revisit", TargetURI: "<http://a/n>", Fields: [][2]string{{"WARC-Refers-To-Target-URI", "<http://a/o>"}}})
	w.WriteRaw([]byte("WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://a/\r\nContent-Type: text/html\r\nContent-Length: -0\r\n\r\n<a href=x>\r\n\r\n"))
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		for i, lim := range []limits.Limits{{}, fuzzLimits} {
			// The specification varies with the input.
			fuzzRead(t, data, lim, relurl.Specs()[(len(data)+i)%4])
		}
	})
}

// fuzzLimits are small limits, so that fuzzing reaches them.
var fuzzLimits = limits.Limits{Record: 200, HeaderLine: 100, HeaderBlock: 400, URL: 40}

func fuzzRead(t *testing.T, data []byte, lim limits.Limits, spec relurl.Spec) {
	{
		a := Reader{
			File:      "F",
			Limits:    lim,
			Extractor: &links.Extractor{Spec: spec, Limits: lim},
			Link: func(d *Document, k *links.LinkBytes) error {
				if !strings.HasPrefix(d.Name, "F#") {
					t.Fatalf("document %q", d.Name)
				}
				// Every link, of HTML, a redirect or a WAT record, passed
				// the one URL limit, and a failure is never an empty URL
				// alone.
				if max := lim.Resolve().URL; len(k.URL) > max || len(k.Ref) > max || len(k.Base.URL) > max {
					t.Fatalf("link over the URL limit: %d %d %d", len(k.URL), len(k.Ref), len(k.Base.URL))
				}
				if k.Err != nil && len(k.URL) != 0 {
					t.Fatalf("link %q with URL %q and failure %v", k.Ref, k.URL, k.Err)
				}
				return nil
			},
			Error: func(err error) {
				var we *warc.Error
				var de *DocError
				switch {
				case errors.As(err, &de):
					if !strings.HasPrefix(de.Doc, "F#") {
						t.Fatalf("error %q", err)
					}
				case errors.As(err, &we):
					if we.File != "F" || we.Offset < 0 || we.Offset > int64(len(data)) {
						t.Fatalf("error %q", err)
					}
				default:
					t.Fatalf("error %T %q", err, err)
				}
			},
			Record: func(k Kind) {
				if k < Skipped || k > Robots {
					t.Fatalf("kind %d", k)
				}
			},
		}
		a.Read(bytes.NewReader(data))
	}
}
