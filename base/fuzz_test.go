package base

import (
	"bytes"
	"github.com/relurl/relurl/limits"
	"io"
	"strings"
	"testing"
)

func FuzzHeaderValue(f *testing.F) {
	f.Add("<URL:http://a/b/c>")     // section 3.1's form
	f.Add("<URL: http://a/\r\n b>") // folded, white space inside
	f.Add("http://a/b")             // bare (Content-Base)
	f.Add("<url:>")                 // empty URL: error
	f.Add("<URL:http://a/")         // unclosed: error
	f.Add("<a> b")                  // text after '>': error
	f.Add("URL:URL:")               // label only once
	f.Fuzz(func(t *testing.T, v string) {
		u, err := HeaderValue(v)
		if err != nil {
			he, ok := err.(*HeaderError)
			if !ok || he.Value != v || he.Offset < 0 || he.Offset > len(v) {
				t.Fatalf("HeaderValue(%q): bad error %#v", v, err)
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
	f.Fuzz(func(t *testing.T, msg []byte) {
		w := Walker{Limits: limits.Limits{Depth: 8}}
		err := w.WalkMessage(bytes.NewReader(msg), Retrieved("http://r/m"), func(p *Part) error {
			if p.Base.Source == None {
				t.Fatalf("part %q lost the retrieval base", p.Position)
			}
			_, err := io.Copy(io.Discard, p.Body)
			_ = err // a body may fail to decode; the walk must still end
			return nil
		})
		if err != nil {
			if _, ok := err.(*PartError); !ok {
				t.Fatalf("error %v (%T) is not a *PartError", err, err)
			}
		}
	})
}

func FuzzFromHTML(f *testing.F) {
	f.Add("<base href=x>")                                // relative BASE
	f.Add("<title><base href=no></title><base href=yes>") // raw text is not markup
	f.Add("<p><base href=late>")                          // after the head
	f.Add("\x00<BASE\x00HREF=\xff>")                      // garbage
	f.Fuzz(func(t *testing.T, doc string) {
		b, err := FromHTML(strings.NewReader(doc), Retrieved("http://r/d"), limits.Limits{})
		if err != nil {
			t.Fatalf("FromHTML: %v", err)
		}
		if b.Source != HTML && b != Retrieved("http://r/d") {
			t.Fatalf("base %v: neither the BASE nor the outer base", b)
		}
	})
}
