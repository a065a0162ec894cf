package links

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/whatwg"
)

// A BASE href the URL Standard rejects, under Spec WHATWG: the HTML
// Standard's "set the frozen base URL" (section 4.2.3) takes the fallback
// base URL, here the outer base, and the first BASE with an href is still
// the one (a later one is not looked at). The rejection is a *BaseError
// warning, never silent.

// rejectedBases are BASE hrefs the URL Standard rejects, with the reason.
var rejectedBases = []struct {
	href   string
	reason whatwg.Reason
}{
	{"http://a:99999/", whatwg.PortOutOfRange},
	{"http://a:8x/", whatwg.PortInvalid},
	{"http://[::1", whatwg.IPv6Unclosed},
	{"http://[1:2:3]/", whatwg.IPv6TooFewPieces},
	{"http://", whatwg.HostMissing},
	{"http://u@:80/", whatwg.HostMissing}, // credentials, no host
	{"http://a b/", whatwg.DomainInvalidCodePoint},
	{"http://a%3Cb/", whatwg.DomainInvalidCodePoint}, // percent-decoded first
	{"sc://a<b/", whatwg.HostInvalidCodePoint},       // an opaque host
	{"http://1.2.3.4.5.6/", whatwg.IPv4TooManyParts},
}

// baseDoc is a document whose first BASE has the href href (written as
// an attribute value: it holds no '"' or '&'), with a held link before it,
// a second BASE and a link after.
func baseDoc(href string) string {
	return `<!doctype html><html><head><link href=s.css><base target=_top href="` + href + `"><base href="http://second/"><title>t</title></head><body><a href="g?q">x</a><img srcset="i 2x">`
}

// extractWarn extracts the links of doc with x through Extract, then
// ExtractBytes, and returns them with the warnings and errors of each.
func extractWarn(x *Extractor, doc string, outer base.Base) (got [2][]Link, warns [2][]error, errs [2]error) {
	for i := range 2 {
		x.Warn = func(w error) { warns[i] = append(warns[i], w) }
		if i == 0 {
			errs[i] = x.Extract(strings.NewReader(doc), outer, func(l Link) error {
				got[i] = append(got[i], l)
				return nil
			})
		} else {
			errs[i] = x.ExtractBytes(strings.NewReader(doc), outer, func(l *LinkBytes) error {
				got[i] = append(got[i], l.Link())
				return nil
			})
		}
	}
	x.Warn = nil
	return got, warns, errs
}

func TestBaseWHATWGRejected(t *testing.T) {
	outer := base.Retrieved("http://h/d/p")
	want := []Link{
		{Element: "link", Attr: "href", Ref: "s.css", URL: "http://h/d/s.css", Base: outer},
		{Element: "a", Attr: "href", Ref: "g?q", URL: "http://h/d/g?q", Base: outer},
		{Element: "img", Attr: "srcset", Ref: "i", URL: "http://h/d/i", Base: outer},
	}
	for _, tc := range rejectedBases {
		// The table must hold rejections: otherwise the test would
		// prove nothing.
		if _, err := relurl.WHATWG.ResolveErr(outer.URL, tc.href); !errors.Is(err, tc.reason) {
			t.Fatalf("%q: ResolveErr gives %v, want %v", tc.href, err, tc.reason)
		}
		doc := baseDoc(tc.href)
		at := int64(strings.Index(doc, "<base"))
		for name, x := range readers() {
			x.Spec = relurl.WHATWG
			got, warns, errs := extractWarn(x, doc, outer)
			for i, fn := range []string{"Extract", "ExtractBytes"} {
				if errs[i] != nil || fmt.Sprint(got[i]) != fmt.Sprint(want) {
					t.Errorf("%s %s %q: %v, %v; want %v", name, fn, tc.href, got[i], errs[i], want)
				}
				var be *BaseError
				if len(warns[i]) != 1 || !errors.As(warns[i][0], &be) {
					t.Errorf("%s %s %q: warnings %v, want one *BaseError", name, fn, tc.href, warns[i])
					continue
				}
				var we *whatwg.Error
				if be.Offset != at || be.Value != strconv.Quote(tc.href) || be.Length != len(tc.href) || be.More != 0 || be.Outer != outer ||
					!errors.As(be, &we) || we.Base || we.Input != tc.href || !errors.Is(be, tc.reason) {
					t.Errorf("%s %s %q: warning %+v (%v), want offset %d, reason %v", name, fn, tc.href, be, be.Err, at, tc.reason)
				}
				msg := be.Error()
				if !strings.HasPrefix(msg, fmt.Sprintf("at byte %d: BASE href not used (whatwg: parse %q: ", at, tc.href)) || !strings.Contains(msg, tc.reason.Error()) {
					t.Errorf("%s %s %q: message %q", name, fn, tc.href, msg)
				}
			}
			// Without Warn, the warning is the document's error, once
			// every link has been passed on.
			n := 0
			err := x.Extract(strings.NewReader(doc), outer, func(l Link) error {
				if l.Base != outer {
					t.Errorf("%s %q without Warn: base %v", name, tc.href, l.Base)
				}
				n++
				return nil
			})
			var be *BaseError
			if n != len(want) || !errors.As(err, &be) || be.Offset != at || be.More != 0 || !errors.Is(err, tc.reason) {
				t.Errorf("%s %q without Warn: %d links, error %v", name, tc.href, n, err)
			}
		}
	}
}

func TestBaseWHATWGDiffer(t *testing.T) {
	// The scanner and the reference reading agree on documents with a
	// rejected BASE (links, bases, warnings and their offsets), through
	// readers of every pace and buffers refilled inside the tag.
	docs := []string{
		`<base href="http://a:99999/"><a href=x>`,
		"\ufeff  <!-- c --><BASE HREF='http://[::1'>\n<a href=x><base href=http://b/><a href=y>",
		`<link href=l><noscript><base href="http://ok/"></noscript><base href="http://a b/"><a href=x>`,
		`<base href="http://a:99999/"><base href=../ok/><a href=x>`,
		`<base href="http://&#91;::1"><a href=x>`, // the href decoded before it is parsed
		`<base href="../ok/"><a href=x>`,          // accepted
		`<base target=x><base href="sc://a<b/"><a href=x>`,
		"<base href=\"http://a:99999/" + strings.Repeat("\u00e9", 100) + "\"><a href=x>", // a long href
	}
	tinyBuffer(t, 16)
	for _, doc := range docs {
		for _, outer := range []base.Base{base.Retrieved("http://r/d/p"), {}, base.Retrieved("http://r:99999/")} {
			if diff := differ(doc, outer, relurl.WHATWG, limits.Limits{}); diff != "" {
				t.Errorf("%q against %v:\n%s", doc, outer, diff)
			}
		}
	}
}

func TestBaseWHATWGExcerpt(t *testing.T) {
	// A long href is quoted by its first 120 bytes at most, cut between
	// characters, with its length.
	href := "http://a:99999/" + strings.Repeat("\u00e9", 200)
	doc := `<base href="` + href + `"><a href=x>`
	for name, x := range readers() {
		x.Spec = relurl.WHATWG
		var urls []string
		err := x.Extract(strings.NewReader(doc), base.Retrieved("http://h/"), func(l Link) error {
			urls = append(urls, l.URL)
			return nil
		})
		var be *BaseError
		if !errors.As(err, &be) || fmt.Sprint(urls) != "[http://h/x]" {
			t.Fatalf("%s: %v, %v", name, urls, err)
		}
		quoted, _, _ := strings.Cut(be.Value, "...")
		v, qerr := strconv.Unquote(quoted)
		if be.Length != len(href) || qerr != nil || len(quoted) > 122 || len(v) < 100 || !strings.HasPrefix(href, v) || !utf8.ValidString(v) {
			t.Errorf("%s: Value %s (%d bytes), Length %d; href of %d bytes", name, be.Value, len(be.Value), be.Length, len(href))
		}
		if msg := err.Error(); len(msg) > 300 || !strings.Contains(msg, fmt.Sprintf("(%d bytes)", len(href))) {
			t.Errorf("%s: message of %d bytes: %s", name, len(msg), msg)
		}
	}
}

func TestBaseWHATWGAccepted(t *testing.T) {
	// Hrefs the URL Standard accepts set the base as before: relative
	// ones resolved against the outer base, the empty one being the
	// outer base itself (with the BASE element as its source).
	outer := base.Retrieved("http://h/d/p")
	for _, tc := range []struct{ href, base string }{
		{"../x/", "http://h/x/"},
		{"//o/y", "http://o/y"},
		{"", "http://h/d/p"},
		{"HTTP://A:80/b/./c", "http://a/b/c"},
		{"?q", "http://h/d/p?q"},
	} {
		for name, x := range readers() {
			x.Spec = relurl.WHATWG
			got, warns, errs := extractWarn(x, `<base href="`+tc.href+`"><a href=g>`, outer)
			want := fmt.Sprint([]Link{{Element: "a", Attr: "href", Ref: "g", URL: relurl.WHATWG.Resolve(tc.base, "g"), Base: base.Base{URL: tc.base, Source: base.HTML}}})
			for i := range 2 {
				if errs[i] != nil || len(warns[i]) != 0 || fmt.Sprint(got[i]) != want {
					t.Errorf("%s %q: %v %v %v, want %v", name, tc.href, got[i], warns[i], errs[i], want)
				}
			}
		}
	}
}

func TestBaseRFCUnchanged(t *testing.T) {
	// The RFCs resolve any href: the hrefs the URL Standard rejects set
	// the base, with no warning, as they always did.
	outer := base.Retrieved("http://h/d/p")
	for _, spec := range []relurl.Spec{relurl.RFC1808, relurl.RFC2396, relurl.RFC3986} {
		for _, tc := range rejectedBases {
			b := base.Base{URL: spec.Resolve(outer.URL, tc.href), Source: base.HTML}
			if b.URL == "" {
				t.Fatalf("%v: %q resolved to nothing", spec, tc.href)
			}
			want := fmt.Sprint([]Link{
				{Element: "link", Attr: "href", Ref: "s.css", URL: spec.Resolve(b.URL, "s.css"), Base: b},
				{Element: "a", Attr: "href", Ref: "g?q", URL: spec.Resolve(b.URL, "g?q"), Base: b},
				{Element: "img", Attr: "srcset", Ref: "i", URL: spec.Resolve(b.URL, "i"), Base: b},
			})
			for name, x := range readers() {
				x.Spec = spec
				got, warns, errs := extractWarn(x, baseDoc(tc.href), outer)
				for i := range 2 {
					if errs[i] != nil || len(warns[i]) != 0 || fmt.Sprint(got[i]) != want {
						t.Errorf("%v %s %q: %v %v %v, want %v", spec, name, tc.href, got[i], warns[i], errs[i], want)
					}
				}
			}
		}
	}
}

func TestBaseWHATWGOuter(t *testing.T) {
	// An outer base the URL Standard rejects fails every href resolved
	// against it: the warning says so (Err.Base), and the links keep
	// that outer base, each failing as it would without a BASE. With no
	// outer base, a relative href has nothing to be resolved against.
	for _, tc := range []struct {
		outer      base.Base
		href       string
		reason     whatwg.Reason
		failedBase bool
	}{
		{base.Retrieved("http://h:99999/"), "http://ok/", whatwg.PortOutOfRange, true},
		{base.Base{}, "rel/", whatwg.MissingSchemeNonRelativeURL, false},
	} {
		for name, x := range readers() {
			x.Spec = relurl.WHATWG
			got, warns, _ := extractWarn(x, `<base href="`+tc.href+`"><a href="http://abs/">`, tc.outer)
			var be *BaseError
			if len(warns[0]) != 1 || !errors.As(warns[0][0], &be) || be.Err.(*whatwg.Error).Base != tc.failedBase || !errors.Is(be, tc.reason) || be.Offset != 0 {
				t.Errorf("%s %v %q: warnings %v", name, tc.outer, tc.href, warns[0])
			}
			if len(got[0]) != 1 || got[0][0].Base != tc.outer {
				t.Errorf("%s %v %q: links %v", name, tc.outer, tc.href, got[0])
			}
		}
	}
}

func TestBaseWHATWGMore(t *testing.T) {
	// Without Warn, the first warning is the document's error and counts
	// the others: here the BASE's, then a link over the URL limit.
	doc := `<base href="http://[::1"><a href="` + strings.Repeat("x", 100) + `"><a href=y>`
	for name, x := range readers() {
		x.Spec, x.Limits = relurl.WHATWG, limits.Limits{URL: 64}
		var urls []string
		err := x.Extract(strings.NewReader(doc), base.Retrieved("http://h/"), func(l Link) error {
			urls = append(urls, l.URL)
			return nil
		})
		var be *BaseError
		var le *limits.Error
		if !errors.As(err, &be) || be.More != 1 || !strings.HasSuffix(err.Error(), "(and 1 more warnings)") ||
			errors.As(err, &le) || fmt.Sprint(urls) != "[http://h/y]" {
			t.Errorf("%s: %v, %v", name, urls, err)
		}
		// The BASE's warning is the error even when another came first:
		// it concerns every link.
		long := `<link href="` + strings.Repeat("x", 100) + `">`
		err = x.Extract(strings.NewReader(long+doc), base.Retrieved("http://h/"), func(Link) error { return nil })
		if !errors.As(err, &be) || be.More != 2 || be.Offset != int64(len(long)) {
			t.Errorf("%s, a warning before the BASE's: %v", name, err)
		}
		// With Warn, each one.
		var warns []string
		x.Warn = func(w error) { warns = append(warns, fmt.Sprintf("%T", w)) }
		err = x.Extract(strings.NewReader(doc), base.Retrieved("http://h/"), func(Link) error { return nil })
		x.Warn = nil
		if err != nil || fmt.Sprint(warns) != "[*links.BaseError *links.LimitError]" {
			t.Errorf("%s with Warn: %v, %v", name, warns, err)
		}
	}
}
