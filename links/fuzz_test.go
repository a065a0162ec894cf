package links

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/body"
	"github.com/relurl/relurl/internal/rfcexamples"
	"github.com/relurl/relurl/limits"
	"golang.org/x/net/html"
)

func FuzzExtract(f *testing.F) {
	f.Add(rfcexamples.HTMLDocument)                                             // section 10
	f.Add(`<link href=a><base href="../b/"><a href=c>`)                         // held links, relative BASE
	f.Add(`<noscript><a href=1><noscript><img srcset="x 1x,y"></noscript>`)     // noscript re-tokenized
	f.Add(`<img srcset="a.png (1, 2), b,, c 2x">`)                              // srcset edge cases
	f.Add("<a href=\"&amp;&#0;&#xD800;\x00\">")                                 // references and NUL
	f.Add(strings.Repeat("<noscript>", 12) + "<a href=x></noscript><a href=y>") // noscript depth limit: a warning, y found
	f.Add("<title><a href=x></title><script><a href=y></script>")               // raw text
	f.Add("<noscript><a href=x></noscript><base href=y>")                       // noscript does not end the head
	f.Add(`<base href="../../../x/"><a href=";x"><a href="a&amp;b">`)           // specifications differ; "&amp;" read raw
	f.Add("<A href=\x00\x00\x00\x00\x000>")                                     // NULs made U+FFFD: a reference longer than the document (found by fuzzing)
	f.Add(`<link href=l><base href="http://a:99999/"><base href=y><a href=x>`)  // WHATWG rejects the BASE href: the outer base, a warning
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
			// A NUL becomes U+FFFD, three bytes: nothing else makes a
			// reference longer than what it is written with.
			if len(l.Ref) > 3*len(doc) {
				t.Fatalf("ref longer than the document allows")
			}
			return nil
		})
		// The only errors are warnings (noscript nested too deep, a link
		// over the URL limit): no token of a fuzzed input reaches the
		// Token limit.
		var le *LimitError
		if err != nil && (!errors.As(err, &le) || le.Err.Limit == "Token") {
			t.Fatalf("Extract: %v", err)
		}
		// The base agrees with base.FromHTML.
		b, _ := base.FromHTML(strings.NewReader(doc), outer, relurl.RFC1808, limits.Limits{})
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
		// ExtractBytes passes the same links as Extract, under another
		// specification too.
		x := Extractor{Spec: relurl.RFC3986}
		links, bytesLinks, errs := linksBoth(&x, doc, outer)
		if (errs[0] == nil) != (errs[1] == nil) || fmt.Sprint(links) != fmt.Sprint(bytesLinks) {
			t.Fatalf("Extract %v %v\nExtractBytes %v %v", links, errs[0], bytesLinks, errs[1])
		}
		for _, l := range links {
			if want := relurl.RFC3986.Resolve(l.Base.URL, l.Ref); l.URL != want {
				t.Fatalf("RFC 3986: %q against %q: %q, want %q", l.Ref, l.Base.URL, l.URL, want)
			}
		}
		// Under WHATWG a BASE href the URL Standard rejects leaves the
		// outer base, with a *BaseError; one it accepts is the base.
		x = Extractor{Spec: relurl.WHATWG}
		var rejected *BaseError
		x.Warn = func(w error) { errors.As(w, &rejected) }
		links = links[:0]
		if err := x.Extract(strings.NewReader(doc), outer, func(l Link) error {
			links = append(links, l)
			return nil
		}); err != nil {
			t.Fatalf("WHATWG: %v", err)
		}
		// The query of a link is encoded in the document's encoding
		// (docs/design.md#document-encoding), found as internal/body's
		// sniffing finds it (held to the HTML Standard by its own tests);
		// windows-1252 for a page whose first bytes are not UTF-8.
		head := doc[:min(len(doc), body.PrescanLen)]
		enc := body.URLEncoding(body.SniffEncoding([]byte(head), ""))
		for _, l := range links {
			pb, err := relurl.WHATWG.ParseBaseEncoding(l.Base.URL, enc)
			if err != nil {
				t.Fatalf("WHATWG: base %q, encoding %q: %v", l.Base.URL, enc, err)
			}
			wb, werr := pb.AppendResolveErr(nil, l.Ref)
			if want := string(wb); l.URL != want || fmt.Sprint(l.Err) != fmt.Sprint(werr) || (l.URL == "") != (l.Err != nil) {
				t.Fatalf("WHATWG: %q against %q (encoding %q): %q, %v, want %q, %v", l.Ref, l.Base.URL, enc, l.URL, l.Err, want, werr)
			}
			if rejected != nil && l.Base != outer || l.Base.Source == base.HTML && l.Base.URL == "" {
				t.Fatalf("WHATWG: base %v, BASE href rejected: %v", l.Base, rejected)
			}
		}
		// base.FromHTML establishes the same base by the same rule.
		if wb, _ := base.FromHTML(strings.NewReader(doc), outer, relurl.WHATWG, limits.Limits{}); len(links) > 0 && links[0].Base != wb {
			t.Fatalf("WHATWG: Extract's base %v, FromHTML's %v", links[0].Base, wb)
		}
	})
}

func FuzzRawAttrs(f *testing.F) {
	// attrScanner and plainValue must read the same attributes as
	// Tokenizer.TagAttr, for every tag they accept.
	f.Add(`<a href=x title="t" data-x='y'>`)                                            // the three value forms
	f.Add(`<a/href=x/ =y ==z href=dup>`)                                                // slashes, "=" keys, duplicates
	f.Add(`<img src = "a b" srcset	=c>`)                                                // white space around "="
	f.Add(`<a href="x>y" b=>`)                                                          // '>' inside quotes, empty unquoted value
	f.Add(`<a href='unclosed>`)                                                         // quote never closed
	f.Add(`<A HREF=X>`)                                                                 // upper case
	f.Add(`<a href=x&amp;y&amp;amp;z&amp>`)                                             // "&amp;" decoded; "&amp" without ";" left to TagAttr
	f.Add(`<a href="a&amp;b" c='&lt;'>`)                                                // common references: decoded by plainValue
	f.Add(`<a title="&mdash;&#8220;q&#8221;" c="&#x80;&#0;&#xD800;" d=&copy=&eacute;>`) // common, then others left to TagAttr
	f.Add("<A \xc6>")                                                                   // a key that is not UTF-8 (found by fuzzing)
	f.Add("<A \x00>")                                                                   // a NUL key: U+FFFD for TagAttr (found by fuzzing)
	f.Add("<A 0=&>")                                                                    // a reference starting an unquoted value (found by fuzzing)
	f.Fuzz(func(t *testing.T, doc string) {
		z := html.NewTokenizer(strings.NewReader(doc))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				return
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			raw := append([]byte(nil), z.Raw()...)
			var buf [maxName]byte
			name := rawTagName(raw, &buf)
			tn, _ := z.TagName()
			// A NUL in a name becomes U+FFFD for TagName: no element of
			// interest has either.
			if len(tn) <= maxName && string(name) != string(tn) && !strings.Contains(string(name), "\x00") {
				t.Fatalf("%q: rawTagName %q, TagName %q", raw, name, tn)
			}
			if len(tn) > maxName {
				continue
			}
			var got []string
			seen := map[string]bool{}
			var s attrScanner
			var dec []byte
			ok := s.start(raw, len(name))
			for ok {
				k, v, outcome := s.next()
				if outcome == attrEnd {
					break
				}
				// Keys with a NUL never match a name that Extract
				// looks for; TagAttr turns it into U+FFFD.
				if outcome == attrBail || strings.Contains(string(k), "\x00") {
					ok = false
					break
				}
				key := asciiLower(k)
				if seen[key] {
					continue
				}
				seen[key] = true
				// A value that plainValue cannot give is left to
				// TagAttr.
				if v, ok = plainValue(&dec, v); ok {
					got = append(got, key+"="+string(v))
				}
			}
			var want []string
			for more := true; more; {
				k, v, m := z.TagAttr()
				more = m
				if len(k) > 0 {
					want = append(want, string(k)+"="+string(v))
				}
			}
			if ok && strings.Join(got, "\x00") != strings.Join(want, "\x00") {
				t.Fatalf("%q:\nattrScanner %q\nTagAttr     %q", raw, got, want)
			}
		}
	})
}

// asciiLower lowers ASCII letters only, as the Tokenizer does.
func asciiLower(b []byte) string {
	out := []byte(string(b))
	for i, c := range out {
		if 'A' <= c && c <= 'Z' {
			out[i] = c + 'a' - 'A'
		}
	}
	return string(out)
}

func FuzzScanner(f *testing.F) {
	// The scanner and the reference reading agree on every document,
	// read with a tiny buffer through readers of every pace.
	for _, doc := range trickyHTML {
		f.Add(doc)
	}
	// Found by fuzzing: at a Token limit of 48 the Tokenizer's lookahead
	// past noscript's raw text breaks the limit where the scanner does not.
	f.Add("<nosCript>0000<A href 0000000000000><A href 000</nosCript>")
	// Found by fuzzing: an end tag left open at the end of noscript text
	// nested past the Noscript limit: the Tokenizer's lookahead is in the
	// warning's length and breaks the Token limit, the scanner's is not.
	f.Add("000<nosCript><nosCript><nosCript><nosCript>00000000</nosCript ")
	// A BASE href the URL Standard rejects (read under WHATWG below): the
	// same outer base and warning offset from both readings.
	f.Add("<link href=l><BASE href='http://[::1'><a href=x>")
	// The 128th character of an anchor text cut in two by a refill of
	// the 16-byte buffer (at offset 144): one character, as the
	// Tokenizer's.
	f.Add("<b>xyz<a href=x>" + strings.Repeat("a", AnchorTextMax-1) + "日本</a>")
	f.Fuzz(func(t *testing.T, doc string) {
		lim := limits.Limits{Token: 1 << 30, Noscript: 3, URL: 64}
		if len(doc) < 100 {
			// Small enough that no text run can reach the limit: the
			// Token limit is met on tags and comments too.
			lim.Token = 48
		}
		tinyBuffer(t, 16)
		for _, spec := range []relurl.Spec{relurl.RFC1808, relurl.WHATWG} {
			if diff := differ(doc, base.Retrieved("http://r/d/p"), spec, lim); diff != "" {
				t.Fatalf("%v %q:\n%s", spec, doc, diff)
			}
		}
	})
}

// FuzzAnchorText is TestAnchorTextSlow on the fuzzer's text: one token,
// or two when sep is in it, cut at the fuzzer's points.
func FuzzAnchorText(f *testing.F) {
	f.Add("  fs.readFile(path[, options], callback)  ", "|", uint8(3), uint8(9))
	f.Add("a &amp; b|&mdash;c\x00d", "|", uint8(0), uint8(1))                  // a reference, a NUL
	f.Add(strings.Repeat("word ", 40), "", uint8(7), uint8(200))               // cut at AnchorTextMax
	f.Add(strings.Repeat("x", AnchorTextMax-1)+" y", "", uint8(255), uint8(0)) // a space at the cut
	f.Add(strings.Repeat("x", AnchorTextMax-1)+"日本", "", uint8(127), uint8(0)) // the 128th character cut in two
	f.Fuzz(func(t *testing.T, s, sep string, c1, c2 uint8) {
		if strings.IndexByte(s, 0) >= 0 {
			// The Tokenizer's NUL handling is the differential test's
			// (FuzzScanner): the slow reading here decodes references only.
			return
		}
		tokens := []string{s}
		if sep != "" {
			tokens = strings.SplitN(s, sep, 2)
		}
		if got, want := anchorTextOf(tokens, []int{int(c1), int(c2)}), slowAnchorText(tokens); got != want {
			t.Fatalf("tokens %q cut at %d, %d: text %q, want %q", tokens, c1, c2, got, want)
		}
	})
}
