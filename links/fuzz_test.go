package links

import (
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/rfcexamples"
)

func FuzzExtract(f *testing.F) {
	f.Add(rfcexamples.HTMLDocument)                                         // section 10
	f.Add(`<link href=a><base href="../b/"><a href=c>`)                     // held links, relative BASE
	f.Add(`<noscript><a href=1><noscript><img srcset="x 1x,y"></noscript>`) // noscript re-tokenized
	f.Add(`<img srcset="a.png (1, 2), b,, c 2x">`)                          // srcset edge cases
	f.Add("<a href=\"&amp;&#0;&#xD800;\x00\">")                             // references and NUL
	f.Add(strings.Repeat("<noscript>", 12) + "<a href=x>")                  // noscript depth limit
	f.Add("<title><a href=x></title><script><a href=y></script>")           // raw text
	f.Fuzz(func(t *testing.T, doc string) {
		outer := base.Retrieved("http://r/d/p")
		var n int
		err := Extract(strings.NewReader(doc), outer, func(l Link) error {
			n++
			if l.URL != relurl.Resolve(l.Base.URL, l.Ref) {
				t.Fatalf("%q resolved to %q against %q", l.Ref, l.URL, l.Base.URL)
			}
			if l.Base != outer && l.Base.Source != base.HTML {
				t.Fatalf("base %v", l.Base)
			}
			if len(l.Ref) > len(doc) {
				t.Fatalf("ref longer than the document")
			}
			return nil
		})
		if err != nil && !strings.Contains(err.Error(), "noscript") {
			t.Fatalf("Extract: %v", err)
		}
		// The base agrees with base.FromHTML.
		b, _ := base.FromHTML(strings.NewReader(doc), outer)
		var first *Link
		Extract(strings.NewReader(doc), outer, func(l Link) error {
			if first == nil {
				first = &l
			}
			return nil
		})
		if first != nil && first.Base != b {
			t.Fatalf("Extract's base %v, FromHTML's %v", first.Base, b)
		}
	})
}
