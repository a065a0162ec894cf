package base

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/limits"
)

func FuzzHeaderValue(f *testing.F) {
	f.Add("<URL:http://a/b/c>")     // section 3.1's form
	f.Add("<URL: http://a/\r\n b>") // folded, white space inside
	f.Add("http://a/b")             // bare (Content-Base)
	f.Add("<url:>")                 // empty URL: error
	f.Add("<URL:http://a/")         // unclosed: error
	f.Add("<a> b")                  // text after '>': error
	f.Add("URL:URL:")               // label only once
	// Hostile: a long malformed value (the error quotes 120 bytes of it).
	f.Add("<URL:" + strings.Repeat("http://a/", 2000))
	f.Fuzz(func(t *testing.T, v string) {
		u, err := HeaderValue(v)
		if err != nil {
			he, ok := err.(*HeaderError)
			if !ok || he.Value != v || he.Offset < 0 || he.Offset > len(v) {
				t.Fatalf("HeaderValue(%q): bad error %#v", v, err)
			}
			if len(err.Error()) > 300 {
				t.Fatalf("HeaderValue: error of %d bytes, want it short", len(err.Error()))
			}
			return
		}
		if u == "" || strings.ContainsAny(u, " \t\r\n") {
			t.Fatalf("HeaderValue(%q) = %q: empty or with white space", v, u)
		}
		// The same URL written in section 3.1's form gives it back,
		// unless it holds a '>' that would close the brackets early.
		if !strings.Contains(u, ">") {
			if u2, err := HeaderValue("<URL:" + u + ">"); err != nil || (u2 != u && !strings.HasPrefix(strings.ToUpper(u), "URL:")) {
				t.Fatalf("round trip of %q: %q, %v", u, u2, err)
			}
		}
	})
}

func FuzzWalkMessage(f *testing.F) {
	f.Add([]byte(threeLevels))                                                                                                                   // every rule of sections 3.1 and 3.2
	f.Add([]byte(nested(70)))                                                                                                                    // deeper than the limit
	f.Add([]byte("Content-Type: multipart/mixed\r\n\r\n"))                                                                                       // no boundary
	f.Add([]byte(threeLevels[:300]))                                                                                                             // truncated
	f.Add([]byte("Content-Type: message/rfc822\r\n\r\nContent-Type: multipart/digest; boundary=d\r\n\r\n--d\r\n\r\nA: b\r\n\r\nx\r\n--d--\r\n")) // digest in a message
	f.Add([]byte("Content-Transfer-Encoding: base64\r\nContent-Type: text/html\r\n\r\nPGE+ ===\r\n"))                                            // bad base64
	// Hostile classes of issue 11, at the small limits below:
	f.Add([]byte("Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nX: " + strings.Repeat("x", 300) + "\r\n\r\n--B\r\n\r\nok\r\n--B--"))                   // long header line, then a good part
	f.Add([]byte("A: b\r\n" + strings.Repeat(" folded\r\n", 200) + "\r\nbody"))                                                                                  // many folded lines: header block
	f.Add([]byte("Content-Type: multipart/mixed; boundary=B\r\n\r\n" + strings.Repeat("p", 9000) + "\r\n--B\r\n\r\nx\r\n--B--\r\n" + strings.Repeat("e", 9000))) // preamble and epilogue lines over 4 KiB
	f.Add([]byte("Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\n\r\n" + strings.Repeat("r", 2000) + "\r\n--B--\r\n"))                                  // body over the record limit
	f.Add([]byte("Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: multipart/mixed; boundary=C\r\n\r\n--C\r\n\r\nx\r\n--B--\r\n"))          // inner multipart cut by the outer delimiter
	f.Add([]byte("Content-Type: message/rfc822\r\nContent-Transfer-Encoding: base64\r\n\r\nQTogYg0KDQp4\r\n"))                                                   // encoded composite (RFC 2045 6.4 forbids it)
	f.Add([]byte("Content-Transfer-Encoding: quoted-printable\r\n\r\n" + strings.Repeat("q=3D", 2000) + "=\r\n"))                                                // quoted-printable line over 4 KiB
	f.Add([]byte("Content-Base: http://a:99999/\r\nContent-Type: text/html\r\n\r\nx"))                                                                           // a base the URL Standard rejects (with len%4 == 3)
	f.Add([]byte("Content-Base: ..;x/\r\nContent-Type: text/html\r\n\r\n"))                                                                                      // read differently by RFC 1808 and the others
	f.Add([]byte("Content-Type: multipart/mixed; boundary=B\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!!\r\n"))                                              // encoded multipart, corrupt before its first delimiter
	f.Fuzz(func(t *testing.T, msg []byte) {
		// The specification varies with the input, and the URL limit is
		// small: every part's base is one the specification accepts,
		// within the limit (base.Within falls back otherwise).
		spec := relurl.Specs()[len(msg)%4]
		w := Walker{Limits: limits.Limits{Depth: 8, HeaderLine: 100, HeaderBlock: 1000, Record: 1000, URL: 64}, Spec: spec}
		err := w.WalkMessage(bytes.NewReader(msg), Retrieved("http://r/m"), func(p *Part) error {
			if p.Base.Source == None {
				t.Fatalf("part %q lost the retrieval base", p.Position)
			}
			if len(p.Base.URL) > 64 {
				t.Fatalf("part %q: base of %d bytes, over the limit", p.Position, len(p.Base.URL))
			}
			// Parsed alone (no base): a base may parse and still take no
			// relative reference ("a:0" has an opaque path).
			if _, err := spec.ResolveErr("", p.Base.URL); err != nil {
				t.Fatalf("part %q: base %q that %v rejects: %v", p.Position, p.Base.URL, spec, err)
			}
			// A body may fail to decode; the error names the part, and
			// the walk must still end.
			if _, err := io.Copy(io.Discard, p.Body); err != nil {
				if pe, ok := err.(*PartError); !ok || pe.Position != p.Position {
					t.Fatalf("part %q: body error %v (%T) is not a *PartError naming it", p.Position, err, err)
				}
			}
			return nil
		})
		errs := []error{err}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			errs = j.Unwrap()
			if len(errs) < 2 || len(errs) > maxErrors+1 {
				t.Fatalf("%d errors joined", len(errs))
			}
			if _, ok := errs[len(errs)-1].(*PartError); !ok && len(errs) == maxErrors+1 {
				errs = errs[:maxErrors] // the count of the rest
			}
		}
		for _, err := range errs {
			if _, ok := err.(*PartError); err != nil && !ok {
				t.Fatalf("error %v (%T) is not a *PartError", err, err)
			}
			// Limits of 100 and 1000 bytes: no error may quote more.
			if err != nil && len(err.Error()) > 400 {
				t.Fatalf("error of %d bytes: %.500s", len(err.Error()), err)
			}
		}
	})
}

func FuzzFromHTML(f *testing.F) {
	f.Add("<base href=x>")                                // relative BASE
	f.Add("<title><base href=no></title><base href=yes>") // raw text is not markup
	f.Add("<p><base href=late>")                          // after the head
	f.Add("\x00<BASE\x00HREF=\xff>")                      // garbage
	// Hostile, at the small limits below:
	f.Add("<base href=" + strings.Repeat("u", 150) + ">")                 // href over the URL limit
	f.Add("<!--" + strings.Repeat("c", 600) + "--><base href=x>")         // giant token (a comment)
	f.Add(strings.Repeat(" ", 600) + "<base href=x>")                     // giant white-space text token
	f.Add("<title>" + strings.Repeat("t", 600) + "</title><base href=x>") // giant raw text token
	f.Add("<base " + strings.Repeat("a=b ", 200) + "href=x>")             // giant tag
	f.Fuzz(func(t *testing.T, doc string) {
		b, err := FromHTML(strings.NewReader(doc), Retrieved("http://r/d"), relurl.RFC1808, limits.Limits{Token: 512, URL: 100})
		if err != nil {
			var he *HTMLError
			var fe *FallbackError
			var le *limits.Error
			if !errors.As(err, &he) && !errors.As(err, &fe) || !errors.As(err, &le) || b != Retrieved("http://r/d") || len(err.Error()) > 400 {
				t.Fatalf("FromHTML: %v (base %v)", err, b)
			}
			return
		}
		if b.Source != HTML && b != Retrieved("http://r/d") {
			t.Fatalf("base %v: neither the BASE nor the outer base", b)
		}
	})
}
