package links

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/limits"
)

// readers returns the two readings of an Extractor: the scanner (what
// Extract and ExtractBytes use) and the Tokenizer (the reference), for
// tests that both must pass.
func readers() map[string]*Extractor {
	return map[string]*Extractor{"scanner": {}, "tokenizer": {ref: true}}
}

func TestNoscriptLimit(t *testing.T) {
	// noscript nested 100 deep: the content past the limit is text (its
	// link is not found), with a warning, and the links after it are all
	// found. Issue 11, defect 5.
	doc := `<a href=before>` + strings.Repeat("<noscript>", 100) + `<a href=inside>` +
		strings.Repeat("</noscript>", 100) + `<a href=after1><img src=after2>`
	for name, x := range readers() {
		var got []string
		var warns []*LimitError
		x.Warn = func(w error) { warns = append(warns, w.(*LimitError)) }
		err := x.Extract(strings.NewReader(doc), base.Retrieved("http://h/"), func(l Link) error {
			got = append(got, l.Ref)
			return nil
		})
		if err != nil || strings.Join(got, ",") != "before,after1,after2" {
			t.Errorf("%s: %v, %v", name, got, err)
		}
		var le *limits.Error
		if len(warns) != 1 || !errors.As(warns[0], &le) || le.Limit != "Noscript" || le.Max != limits.DefaultNoscript {
			t.Fatalf("%s: warnings %v", name, warns)
		}
		// The offset is that of the deepest content read as text: after
		// the first link and limit+1 start tags.
		if want := int64(len(`<a href=before>`) + (limits.DefaultNoscript+1)*len("<noscript>")); warns[0].Offset != want {
			t.Errorf("%s: warning at offset %d, want %d: %v", name, warns[0].Offset, want, warns[0])
		}
		// Without Warn, the warning is the document's error, after its
		// links.
		x.Warn = nil
		got = got[:0]
		err = x.Extract(strings.NewReader(doc), base.Retrieved("http://h/"), func(l Link) error {
			got = append(got, l.Ref)
			return nil
		})
		if !errors.As(err, &le) || len(got) != 3 {
			t.Errorf("%s: without Warn: %v, %v", name, got, err)
		}
		// A lower limit reads fewer levels.
		x.Limits.Noscript = 1
		got = got[:0]
		x.Extract(strings.NewReader(`<noscript><a href=1><noscript><a href=2></noscript><a href=3>`), base.Base{}, func(l Link) error {
			got = append(got, l.Ref)
			return nil
		})
		if strings.Join(got, ",") != "1,3" {
			t.Errorf("%s: Noscript 1: %v", name, got)
		}
	}
}

func TestURLLimit(t *testing.T) {
	// A reference, a resolved URL or a base longer than the URL limit:
	// the link is not passed on, and a warning names it. Issue 11,
	// defect 9: a small input cannot make a huge output.
	long := strings.Repeat("x", 100)
	lim := limits.Limits{URL: 64}
	tests := []struct {
		name, doc string
		outer     base.Base
		want      string // the refs passed on
		warns     []string
	}{
		{"long reference", `<a href=ok><a href="` + long + `"><img src=ok2>`, base.Retrieved("http://h/"),
			"ok,ok2", []string{"a@href 100 at 11"}},
		{"long resolved URL", `<a href=ok><area href="` + long[:60] + `">`, base.Retrieved("http://h/"),
			"ok", []string{"area@href 69 at 11"}},
		// Issue 23, item 5: a BASE href over the limit is not used; the
		// base outside it stands, as README and docs/design.md say.
		{"long base: the outer base stands", `<base href="http://h/` + long + `/"><a href=a><a href="http://abs/">`, base.Retrieved("http://o/d"),
			"a,http://abs/", []string{"base 110 at 0"}},
		{"long resolved base: the outer base stands", `<base href="` + long[:60] + `/"><a href=a>`, base.Retrieved("http://o/d"),
			"a", []string{"base 70 at 0"}},
		{"long outer base", `<a href=a>`, base.Retrieved("http://h/" + long),
			"", []string{"a@href 109 at 0"}},
		{"held in the head", `<link href="` + long + `"><link href=s><body>`, base.Retrieved("http://h/"),
			"s", []string{"link@href 100 at 0"}},
	}
	for name, x := range readers() {
		x.Limits = lim
		for _, tt := range tests {
			var got, warns []string
			x.Warn = func(err error) {
				var le *limits.Error
				if !errors.As(err, &le) || le.Limit != "URL" || le.Max != 64 {
					t.Errorf("%s: %s: %v", name, tt.name, err)
				}
				if be, ok := err.(*BaseError); ok {
					warns = append(warns, "base "+itoa(int64(be.Length))+" at "+itoa(be.Offset))
					return
				}
				w := err.(*LimitError)
				warns = append(warns, w.Element+"@"+w.Attr+" "+itoa(w.Length)+" at "+itoa(w.Offset))
			}
			err := x.Extract(strings.NewReader(tt.doc), tt.outer, func(l Link) error {
				got = append(got, l.Ref)
				if l.Base != tt.outer && strings.HasPrefix(tt.name, "long base") {
					t.Errorf("%s: %s: base %v, want the outer one", name, tt.name, l.Base)
				}
				return nil
			})
			if err != nil || strings.Join(got, ",") != tt.want || strings.Join(warns, ";") != strings.Join(tt.warns, ";") {
				t.Errorf("%s: %s: links %q, warnings %q, %v; want %q, %q", name, tt.name, got, warns, err, tt.want, tt.warns)
			}
		}
		// Without Warn: one error, counting the others, after the links.
		x.Warn = nil
		n := 0
		err := x.ExtractBytes(strings.NewReader(strings.Repeat(`<a href="`+long+`"><a href=s>`, 10)), base.Retrieved("http://h/"), func(*LinkBytes) error {
			n++
			return nil
		})
		var le *LimitError
		if n != 10 || !errors.As(err, &le) || le.More != 9 || le.Offset != 0 {
			t.Errorf("%s: without Warn: %d links, %v", name, n, err)
		}
	}
}

func itoa(n int64) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		if n /= 10; n == 0 {
			return s
		}
	}
}

func TestTokenLimit(t *testing.T) {
	// A tag, a comment or noscript content longer than the Token limit
	// ends the document with an error naming its offset and the limit;
	// the links before it are passed on. The raw text of script, title
	// and the like is not held by the scanner, which reads on (the
	// Tokenizer stops there too); style's is, for its CSS.
	lim := limits.Limits{Token: 1 << 10}
	big := strings.Repeat("y", 2<<10)
	const before = `<link href=a><a href=b>`
	for _, tt := range []struct {
		name, doc string
		goesOn    bool // the scanner reads on
	}{
		{"tag", before + `<a title="` + big + `" href=c><a href=d>`, false},
		{"comment", before + `<!--` + big + `--><a href=d>`, false},
		{"noscript", before + `<noscript>` + big + `</noscript><a href=d>`, false},
		{"script", before + `<script>` + big + `</script><a href=d>`, true},
		{"escaped script", before + `<script><!--<script>` + big + `</script>--></script><a href=d>`, true},
		{"style", before + `<style>` + big + `</style><a href=d>`, false},
		{"title", before + `<title>` + big + `</title><a href=d>`, true},
		{"plaintext", before + `<plaintext>` + big, true},
	} {
		for name, x := range readers() {
			x.Limits = lim
			var got []string
			err := x.Extract(strings.NewReader(tt.doc), base.Retrieved("http://h/"), func(l Link) error {
				got = append(got, l.Ref)
				return nil
			})
			if tt.goesOn && name == "scanner" {
				if want := "a,b,d"; tt.name == "plaintext" {
					if err != nil || strings.Join(got, ",") != "a,b" {
						t.Errorf("%s: %s: links %v, %v", name, tt.name, got, err)
					}
				} else if err != nil || strings.Join(got, ",") != want {
					t.Errorf("%s: %s: links %v, %v", name, tt.name, got, err)
				}
				continue
			}
			var le *LimitError
			if !errors.As(err, &le) || le.Err.Limit != "Token" || le.Err.Max != 1<<10 || strings.Join(got, ",") != "a,b" {
				t.Errorf("%s: %s: links %v, %v", name, tt.name, got, err)
				continue
			}
			// The offset is the start of the token, or (for raw text)
			// of its content.
			if le.Offset < int64(len(before)) || le.Offset > int64(len(before+`<plaintext>`)) {
				t.Errorf("%s: %s: offset %d", name, tt.name, le.Offset)
			}
		}
	}
}

// A repeat is a document of a prefix and then n bytes of unit repeated,
// made as it is read.
type repeat struct {
	prefix, unit string
	n, i         int
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.prefix != "" {
		n := copy(p, r.prefix)
		r.prefix = r.prefix[n:]
		return n, nil
	}
	if r.n == 0 {
		return 0, io.EOF
	}
	p = p[:min(len(p), r.n)]
	for j := range p {
		p[j] = r.unit[r.i]
		r.i = (r.i + 1) % len(r.unit)
	}
	r.n -= len(p)
	return len(p), nil
}

func TestTokenMemory(t *testing.T) {
	// 64 MB of a single token (a tag, a comment, raw text, or text), or
	// of links in a head that never ends: the memory allocated is bounded
	// by the Token limit (4 MiB by default), not by the input.
	const size = 64 << 20
	for _, r := range []repeat{
		{prefix: "<a href=x title=", unit: "z"}, {prefix: "<!--", unit: "z"}, {prefix: "<script>", unit: "z"},
		{prefix: "<noscript>", unit: "z"}, {prefix: "<a href=x>", unit: "z"}, {unit: "<link href=x>"},
	} {
		for name, x := range readers() {
			if name == "tokenizer" && r.unit != "z" {
				// The Tokenizer allocates (and drops) a key for every
				// attribute, which TotalAlloc counts.
				continue
			}
			r := r
			r.n = size
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			x.Warn = func(error) {}
			x.Extract(&r, base.Base{}, func(Link) error { return nil })
			runtime.ReadMemStats(&after)
			bound := uint64(5 * limits.DefaultToken)
			if name == "tokenizer" {
				// The reference holds text too, in a buffer that doubles:
				// to hold a token of Token bytes (SetMaxBuf(Token+1)), it
				// grows to twice the limit.
				bound *= 2
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > bound {
				t.Errorf("%s: %q then %q to 64 MB: %d MB allocated", name, r.prefix, r.unit, alloc>>20)
			}
		}
	}
}

func TestHeadLimit(t *testing.T) {
	// Links held while the head has not ended take more than the Token
	// limit: the base found so far becomes final, with a warning, and a
	// later BASE is not seen. Every link is still passed on.
	const n = 200
	doc := strings.Repeat(`<link href=a>`, n) + `<base href="http://b/"><a href=x>`
	for name, x := range readers() {
		x.Limits = limits.Limits{Token: 1 << 10}
		var warns []*LimitError
		x.Warn = func(w error) { warns = append(warns, w.(*LimitError)) }
		outer := base.Retrieved("http://h/")
		got := 0
		err := x.Extract(strings.NewReader(doc), outer, func(l Link) error {
			got++
			if l.Base != outer {
				t.Fatalf("%s: base %v", name, l.Base)
			}
			return nil
		})
		if err != nil || got != n+1 || len(warns) != 1 || warns[0].Element != "head" || warns[0].Err.Limit != "Token" {
			t.Errorf("%s: %d links, %v, warnings %v", name, got, err, warns)
		}
		// Under the default limit the BASE counts.
		x.Limits = limits.Limits{}
		x.Extract(strings.NewReader(doc), outer, func(l Link) error {
			if l.Base.URL != "http://b/" {
				t.Fatalf("%s: base %v", name, l.Base)
			}
			return nil
		})
	}
}

// TestTokenLimitBoundary: Limits.Token is the largest token held, as for
// style sheets and sitemaps: a tag, a comment or noscript or style
// content of exactly Token bytes is read, one byte more is the error,
// whatever the reader's pace; by the reference reading too for tags and
// comments (the Tokenizer holds the end tag it looks for after raw text
// with the text, FuzzScanner's seeds say where).
func TestTokenLimitBoundary(t *testing.T) {
	const limit = 64
	pad := func(pre, post string, n int) string { return pre + strings.Repeat("y", n-len(pre)-len(post)) + post }
	for _, tt := range []struct {
		name  string
		token func(n int) string // a token of n bytes
	}{
		{"tag", func(n int) string { return pad(`<a href=c title="`, `">`, n) }},
		{"comment", func(n int) string { return pad(`<!--`, `-->`, n) }},
		{"noscript", func(n int) string { return `<noscript>` + pad(`<a href=c>`, ``, n) + `</noscript>` }},
		{"style", func(n int) string { return `<style>` + pad(`a{b:url(c)}`, ``, n) + `</style>` }},
	} {
		for _, n := range []int{limit, limit + 1} {
			doc := `<p><a href=b>` + tt.token(n) + `<a href=d>`
			for name, x := range readers() {
				if name == "tokenizer" && (tt.name == "noscript" || tt.name == "style") {
					continue
				}
				for _, slow := range []bool{false, true} {
					x.Limits = limits.Limits{Token: limit}
					var r io.Reader = strings.NewReader(doc)
					if slow {
						r = iotest.OneByteReader(r)
					}
					var got []string
					err := x.Extract(r, base.Retrieved("http://h/"), func(l Link) error {
						got = append(got, l.Ref)
						return nil
					})
					var le *LimitError
					switch {
					case n == limit && (err != nil || strings.Join(got, ",") != "b,c,d" && !(tt.name == "comment" && strings.Join(got, ",") == "b,d")):
						t.Errorf("%s of %d bytes, %s (one byte a read: %v): links %v, %v; want every link", tt.name, n, name, slow, got, err)
					case n > limit && (!errors.As(err, &le) || le.Err.Limit != "Token" || strings.Join(got, ",") != "b"):
						t.Errorf("%s of %d bytes, %s (one byte a read: %v): links %v, %v; want the Token limit's error after b", tt.name, n, name, slow, got, err)
					}
				}
			}
		}
	}
}
