package links

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/growth"
	"github.com/relurl/relurl/limits"
)

// headerLinks returns the links of h as "attr url rel|title" lines, with
// the context on, and the error.
func headerLinks(h map[string][]string, outer base.Base, lim limits.Limits) ([]string, error) {
	x := Extractor{Context: true, Limits: lim}
	var got []string
	err := x.ExtractHeader(h, outer, func(l Link) error {
		if l.Element != "http" {
			return fmt.Errorf("element %q", l.Element)
		}
		got = append(got, l.Attr+" "+l.URL+" "+l.Rel+"|"+l.Title)
		return nil
	})
	return got, err
}

// TestLinkHeaderRFC8288: the examples of RFC 8288 section 3.5, each a
// field value, resolved against the retrieval URL of chapter 3 (section
// 3.2: relative targets against the base of the header).
func TestLinkHeaderRFC8288(t *testing.T) {
	outer := base.Retrieved("http://example.com/TheBook/chapter3")
	for _, c := range []struct {
		field string
		want  []string
	}{
		{`<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"`,
			[]string{"link http://example.com/TheBook/chapter2 previous|previous chapter"}},
		{`</>; rel="http://example.net/foo"`,
			[]string{"link http://example.com/ http://example.net/foo|"}},
		// anchor changes the context, not the target (section 3.2).
		{`</terms>; rel="copyright"; anchor="#foo"`,
			[]string{"link http://example.com/terms copyright|"}},
		// title* (RFC 8187) is not title: no Title.
		{`</TheBook/chapter2>; rel="previous"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel="next"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel`,
			[]string{"link http://example.com/TheBook/chapter2 previous|", "link http://example.com/TheBook/chapter4 next|"}},
		// Several relation types: one link, rel as written.
		{`<http://example.org/>; rel="start http://example.net/relation/other"`,
			[]string{"link http://example.org/ start http://example.net/relation/other|"}},
		{`<https://example.org/>; rel="start", <https://example.org/index>; rel="index"`,
			[]string{"link https://example.org/ start|", "link https://example.org/index index|"}},
	} {
		got, err := headerLinks(map[string][]string{"Link": {c.field}}, outer, limits.Limits{})
		if err != nil || strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:\ngot  %q, %v\nwant %q", c.field, got, err, c.want)
		}
	}
}

// TestLinkHeaderForms: commas inside <> and quoted strings, quoted-pairs,
// repeated parameters (the first counts, sections 3.3 and 3.4.1), several
// fields, Refresh fields read as <meta http-equiv=refresh>, the context
// left empty when Context is off.
func TestLinkHeaderForms(t *testing.T) {
	outer := base.Retrieved("http://a/b/c")
	h := map[string][]string{
		"Link": {
			`<x,y>; title="a, \"b\"; c"; rel=next; rel=prev, ,<z>;rel = "up" ;type=text/html`,
			` <../w>`,
		},
		"Refresh": {"5; url='r?q'", "5", "x; url=no", "0,ux"},
	}
	got, err := headerLinks(h, outer, limits.Limits{})
	want := []string{
		`link http://a/b/x,y next|a, "b"; c`,
		"link http://a/b/z up|",
		"link http://a/w |",
		"refresh http://a/b/r?q |",
		"refresh http://a/b/x |", // "u" skipped, as the HTML Standard's steps do
	}
	if err != nil || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got  %q, %v\nwant %q", got, err, want)
	}
	var x Extractor
	x.ExtractHeaderBytes(h, outer, func(k *LinkBytes) error {
		if k.Rel != nil || k.Title != nil {
			t.Errorf("context without Context: %q %q", k.Rel, k.Title)
		}
		return nil
	})
	// No field: no link, no error.
	if got, err := headerLinks(map[string][]string{"Location": {"/x"}}, outer, limits.Limits{}); got != nil || err != nil {
		t.Errorf("no Link field: %q, %v", got, err)
	}
}

// TestLinkHeaderMalformed: a link-value that does not parse is reported
// with its field and offset, counting the others, and the link-values
// after its next comma are given.
func TestLinkHeaderMalformed(t *testing.T) {
	outer := base.Retrieved("http://a/")
	for _, c := range []struct {
		field  string
		want   []string
		offset int
		more   int
	}{
		{`x, <a>`, []string{"link http://a/a |"}, 0, 0},
		{`<a>; rel="unclosed, <b>`, nil, 23, 0},
		{`<a> junk, <b>;rel=n, <c`, []string{"link http://a/b n|"}, 4, 1},
		{`<a>;=x, <b>; "q,<" ,<c>`, []string{"link http://a/c |"}, 4, 1},
		{`<a>, <b`, []string{"link http://a/a |"}, 5, 0},
	} {
		got, err := headerLinks(map[string][]string{"Link": {"<ok>", c.field}}, outer, limits.Limits{})
		want := append([]string{"link http://a/ok |"}, c.want...)
		var he *HeaderError
		if strings.Join(got, "\n") != strings.Join(want, "\n") || !errors.As(err, &he) || !errors.Is(err, ErrLinkHeader) ||
			he.Field != "Link" || he.Index != 1 || he.Offset != c.offset || he.More != c.more {
			t.Errorf("%s:\ngot  %q, %v\nwant %q, offset %d, %d more", c.field, got, err, want, c.offset, c.more)
		}
	}
	// Warn gets each one as it comes.
	var n int
	x := Extractor{Warn: func(err error) { n++ }}
	if err := x.ExtractHeader(map[string][]string{"Link": {"x, y, <z>"}}, outer, func(Link) error { return nil }); err != nil || n != 2 {
		t.Errorf("Warn: %d warnings, %v", n, err)
	}
}

// TestLinkHeaderLimits: a target over the URL limit is not given, with a
// *LimitError naming http@link; an error of fn stops the reading.
func TestLinkHeaderLimits(t *testing.T) {
	h := map[string][]string{"Link": {"<" + strings.Repeat("a", 200) + ">, <b>"}, "Refresh": {"0;url=" + strings.Repeat("r", 200)}}
	got, err := headerLinks(h, base.Retrieved("http://a/"), limits.Limits{URL: 100})
	var le *LimitError
	if fmt.Sprint(got) != "[link http://a/b |]" || !errors.As(err, &le) || le.Element != "http" || le.Attr != "link" || le.Offset != 0 || le.More != 1 {
		t.Errorf("got %q, %v", got, err)
	}
	stop := errors.New("stop")
	var x Extractor
	n := 0
	if err := x.ExtractHeader(h, base.Retrieved("http://a/"), func(Link) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("stop: %d links, %v", n, err)
	}
}

// TestLinkHeaderLinear: a Link field of 100,000 link-values (200,000 in
// the larger run), and one long malformed value, cost linear memory and
// time (RELURL_TIMING=1).
func TestLinkHeaderLinear(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 20000
	}
	growth.Linear(t, "Link header", n, func(n int) func() {
		h := map[string][]string{"Link": {strings.Repeat(`</p,q>; rel="next"; title="a \"t\"", `, n)}}
		return func() {
			x := Extractor{Context: true}
			k := 0
			if err := x.ExtractHeaderBytes(h, base.Retrieved("http://a/"), func(*LinkBytes) error { k++; return nil }); err != nil || k != n {
				t.Fatalf("%d links, %v", k, err)
			}
		}
	})
	growth.Linear(t, "Link header malformed", n, func(n int) func() {
		h := map[string][]string{"Link": {strings.Repeat(`x;"<,>"`, n)}}
		return func() {
			var x Extractor
			x.ExtractHeaderBytes(h, base.Retrieved("http://a/"), func(*LinkBytes) error { return nil })
		}
	})
}

func FuzzLinkHeader(f *testing.F) {
	f.Add(`<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"`, "5;url=x")
	f.Add(`</TheBook/chapter2>; rel="previous"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel="next"`, "")
	f.Add(`<x,y>; title="a, \"b\"; c"; rel=next; rel=prev, ,<z>;rel = "up" ;type=text/html`, "0,'u'")
	f.Add(`<a>; rel="unclosed, <b>`, "x")
	f.Add(`x;"<,>", <c`, "")
	f.Fuzz(func(t *testing.T, link, refresh string) {
		h := map[string][]string{"Link": {link}, "Refresh": {refresh}}
		x := Extractor{Context: true}
		var refs []string
		err := x.ExtractHeaderBytes(h, base.Retrieved("http://r/d/p"), func(k *LinkBytes) error {
			// The target is what lies between < and >, or a refresh URL:
			// part of the field as written.
			if !strings.Contains(link, string(k.Ref)) && !strings.Contains(refresh, string(k.Ref)) {
				t.Fatalf("ref %q not in the fields", k.Ref)
			}
			if k.Attr == "link" && (strings.ContainsAny(string(k.Ref), ">") || len(k.Rel)+len(k.Title) > len(link)) {
				t.Fatalf("link %q rel %q title %q", k.Ref, k.Rel, k.Title)
			}
			refs = append(refs, string(k.Ref))
			return nil
		})
		var he *HeaderError
		var le *LimitError
		if err != nil && !errors.As(err, &he) && !errors.As(err, &le) {
			t.Fatalf("error %v", err)
		}
		if he != nil && (he.Offset < 0 || he.Offset > len(link)) {
			t.Fatalf("offset %d in %d bytes", he.Offset, len(link))
		}
		// The same links by ExtractHeader.
		i := 0
		x.ExtractHeader(h, base.Retrieved("http://r/d/p"), func(l Link) error {
			if i >= len(refs) || l.Ref != refs[i] {
				t.Fatalf("ExtractHeader gives %q, ExtractHeaderBytes %q", l.Ref, refs)
			}
			i++
			return nil
		})
		if i != len(refs) {
			t.Fatalf("%d links, then %d", len(refs), i)
		}
	})
}
