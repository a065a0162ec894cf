package links_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/whatwg"
)

// TestErrFromOutside shows, from outside the module's packages, that a
// reference the URL Standard rejects is passed on typed: Link.Err is a
// *whatwg.Error naming the input, the offset and the reason, which
// errors.Is reaches (issue 19, item 3), by Extract, ExtractBytes and
// ResolveBytes alike; and that a rejected BASE href falls back with a
// warning that errors.Is reaches too.
func TestErrFromOutside(t *testing.T) {
	doc := `<base href="http://a:99999/"><a href="http://h:8x/">1</a><a href="//">2</a><a href="ok">3</a>`
	outer := base.Retrieved("http://r/d/")
	want := []struct {
		ref, url string
		reason   error
		offset   int
	}{
		{"http://h:8x/", "", whatwg.PortInvalid, 10}, // at the "x"
		{"//", "", whatwg.HostMissing, 2},
		{"ok", "http://r/d/ok", nil, 0},
	}
	check := func(how string, i int, ref, url string, err error) {
		t.Helper()
		if i >= len(want) {
			t.Fatalf("%s: link %d %q: too many", how, i, ref)
		}
		w := want[i]
		if ref != w.ref || url != w.url || (err == nil) != (w.reason == nil) {
			t.Fatalf("%s: link %d: %q %q %v, want %q %q %v", how, i, ref, url, err, w.ref, w.url, w.reason)
		}
		if err == nil {
			return
		}
		var we *whatwg.Error
		if !errors.Is(err, w.reason) || !errors.As(err, &we) || we.Input != w.ref || we.Offset != w.offset || we.Base {
			t.Errorf("%s: link %d: %#v, want input %q offset %d reason %v", how, i, err, w.ref, w.offset, w.reason)
		}
	}
	x := links.Extractor{Spec: relurl.WHATWG}
	var warns []error
	x.Warn = func(err error) { warns = append(warns, err) }
	i := 0
	if err := x.Extract(strings.NewReader(doc), outer, func(l links.Link) error {
		check("Extract", i, l.Ref, l.URL, l.Err)
		if l.Base != outer {
			t.Errorf("Extract: base %v, want the outer base %v", l.Base, outer)
		}
		i++
		return nil
	}); err != nil || i != len(want) {
		t.Fatalf("Extract: %d links, %v", i, err)
	}
	i = 0
	if err := x.ExtractBytes(strings.NewReader(doc), outer, func(l *links.LinkBytes) error {
		check("ExtractBytes", i, string(l.Ref), string(l.URL), l.Err)
		i++
		return nil
	}); err != nil || i != len(want) {
		t.Fatalf("ExtractBytes: %d links, %v", i, err)
	}
	for i, w := range want {
		if err := x.ResolveBytes("http", "location", []byte(w.ref), outer, func(l *links.LinkBytes) error {
			check("ResolveBytes", i, string(l.Ref), string(l.URL), l.Err)
			return nil
		}); err != nil {
			t.Fatalf("ResolveBytes: %v", err)
		}
	}
	// One warning per document for the BASE href, reaching the reason.
	var fe *base.FallbackError
	if len(warns) != 2 || !errors.Is(warns[0], whatwg.PortOutOfRange) || !errors.As(warns[1], &fe) || fe.Outer != outer || fe.Source != base.HTML {
		t.Errorf("warnings %v, want one port-out-of-range per document", warns)
	}
}
