package links

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/limits"
	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
	"golang.org/x/text/encoding/charmap"
)

// cssReading returns the links of a style sheet read by ExtractCSS
// through the reader wrap makes, one "attr value" line each, and its
// error.
func cssReading(t testing.TB, sheet string, wrap func(io.Reader) io.Reader) string {
	var x Extractor
	var b strings.Builder
	err := x.ExtractCSSBytes(wrap(strings.NewReader(sheet)), base.Base{}, func(l *LinkBytes) error {
		if l.Element != "css" || string(l.URL) != string(l.Ref) {
			t.Fatalf("link %s@%s %q -> %q", l.Element, l.Attr, l.Ref, l.URL)
		}
		fmt.Fprintf(&b, "%s %q\n", l.Attr, l.Ref)
		return nil
	})
	if err != nil {
		fmt.Fprintf(&b, "error %v\n", err)
	}
	return b.String()
}

// cssRefs returns the references of a style sheet read by ExtractCSS
// under WHATWG with the charset parameter charset, through the reader
// wrap makes, one "attr value" line each, and its error.
func cssRefs(sheet, charset string, wrap func(io.Reader) io.Reader) string {
	x := Extractor{Spec: relurl.WHATWG, Charset: charset}
	var b strings.Builder
	err := x.ExtractCSSBytes(wrap(strings.NewReader(sheet)), base.Retrieved("http://h/"), func(l *LinkBytes) error {
		fmt.Fprintf(&b, "%s %q\n", l.Attr, l.Ref)
		return nil
	})
	if err != nil {
		fmt.Fprintf(&b, "error %v\n", err)
	}
	return b.String()
}

// tdewolffReading returns the links of a style sheet as
// github.com/tdewolff/parse/v2/css's tokenizer finds them, in the form
// of cssReading: a URL token (which it gives for url("x") too), or the
// string or URL token after an @import. The values are decoded by
// unescapeSlowly.
func tdewolffReading(sheet string) string {
	l := css.NewLexer(parse.NewInputString(sheet))
	var b strings.Builder
	imported := false
	for {
		tt, text := l.Next()
		switch tt {
		case css.ErrorToken:
			return b.String()
		case css.WhitespaceToken, css.CommentToken:
			continue
		case css.URLToken:
			attr := "url"
			if imported {
				attr = "import"
			}
			// An empty value is no link (CSS Values 3, "Empty URLs").
			if v := urlValue(string(text)); v != "" {
				fmt.Fprintf(&b, "%s %q\n", attr, trimASCIISpace(v))
			}
		case css.StringToken:
			if s := string(text); imported {
				if v := unescapeSlowly(s[1:], s[0]); v != "" {
					fmt.Fprintf(&b, "import %q\n", trimASCIISpace(v))
				}
			}
		}
		imported = tt == css.AtKeywordToken && strings.EqualFold(string(text), "@import")
	}
}

// trimASCIISpace strips the HTML standard's ASCII whitespace from both
// ends of a link, as the extractor does with every URL it reads; not
// strings.TrimSpace, which also strips \v, U+0085 and U+00A0 (CI's
// fuzzing found "@IMPORT\"\v" read as "" by the harness).
func trimASCIISpace(s string) string { return strings.Trim(s, " \t\n\r\f") }

// urlValue returns the value of a URL token as tdewolff gives it:
// "url(" value ")", the value quoted or not, white space around it.
func urlValue(tok string) string {
	v := strings.TrimLeft(tok[len("url("):], " \t\n\r\f")
	if v != "" && (v[0] == '"' || v[0] == '\'') {
		// The string runs to its quote, or to the end when it has none
		// (a ')' then is inside it).
		return unescapeSlowly(v[1:], v[0])
	}
	return unescapeSlowly(strings.TrimRight(strings.TrimSuffix(v, ")"), " \t\n\r\f"), 0)
}

// unescapeSlowly decodes the escapes of a string's or url's content,
// as CSS Syntax section 4.3.7 words it, up to the closing quote q (or
// the end): "\" and a newline is nothing, "\" and one to six hex digits
// and one white space (CR LF counting as one) a code point (U+FFFD for
// 0, a surrogate or past U+10FFFF), "\" and any other code point that
// code point, "\" at the end nothing.
func unescapeSlowly(s string, q byte) string {
	var out []rune
	for i := 0; i < len(s); {
		c := s[i]
		if q != 0 && c == q {
			break
		}
		if c != '\\' {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				out = append(out, rune(c)|0x100000) // marks a raw byte
			} else {
				out = append(out, r)
			}
			i += n
			continue
		}
		i++
		if i == len(s) {
			break
		}
		switch c := s[i]; {
		case c == '\n' || c == '\f':
			i++
		case c == '\r':
			i++
			if i < len(s) && s[i] == '\n' {
				i++
			}
		case strings.IndexByte("0123456789abcdefABCDEF", c) >= 0:
			j := i
			for j < len(s) && j < i+6 && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
				j++
			}
			var v rune
			fmt.Sscanf(s[i:j], "%x", &v)
			if v == 0 || v >= 0xD800 && v <= 0xDFFF || v > 0x10FFFF {
				v = utf8.RuneError
			}
			out = append(out, v)
			i = j
			if i < len(s) && strings.IndexByte(" \t\n\r\f", s[i]) >= 0 {
				if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
					i++
				}
				i++
			}
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				r = rune(c) | 0x100000
			}
			out = append(out, r)
			i += n
		}
	}
	var b []byte
	for _, r := range out {
		if r&0x100000 != 0 && r < 0x100100 {
			b = append(b, byte(r))
		} else {
			b = utf8.AppendRune(b, r)
		}
	}
	return string(b)
}

// cssComparable reports whether the two tokenizers are expected to
// agree on sheet: tdewolff's departs from CSS Syntax Level 3 where a
// function's name is written with escapes (it drops the backslashes:
// "u\72l(" is no url for it), reads a NUL as the end of the input, and
// has a unicode-range token ("u+" and hex digits).
//
// It also reads url("x" and what follows up to the next ')' byte as one
// bad url token, where CSS Syntax Level 3 reads a function and tokens:
// a quote there (a string the ')' is inside of) parts the two.
func cssComparable(sheet string) bool {
	if strings.ContainsAny(sheet, "\\\x00+") {
		return false
	}
	lower := strings.ToLower(sheet)
	for i := strings.Index(lower, "url("); i >= 0; i = strings.Index(lower, "url(") {
		rest := strings.TrimLeft(lower[i+4:], " \t\n\r\f")
		lower = lower[i+4:]
		if rest == "" || rest[0] != '"' && rest[0] != '\'' {
			continue
		}
		end := strings.IndexByte(rest[1:], rest[0])
		if nl := strings.IndexAny(rest[1:], "\n\r\f"); nl >= 0 && (end < 0 || nl < end) {
			return false // a bad string
		}
		if end < 0 {
			continue
		}
		after := rest[end+2:]
		if p := strings.IndexByte(after, ')'); p >= 0 {
			after = after[:p]
		}
		// What follows the string before its ")": a quote, a line end, or
		// a "(" (a url( or function token nested there, whose ")" is its
		// own: url(""url()url( ) is the known difference of the two
		// tokenizers after url("x" (docs/links.md).
		if strings.ContainsAny(after, "\"'\n\r\f(") {
			return false
		}
	}
	return true
}

var trickyCSS = []string{
	`@import "i.css"; @import url(j.css); a{background:url( "k" )} b{x:url(l)}`,
	`/* url(no) */ a{b:"url(no)"} c{d:URL( m )} e{f:'url(no)'} /* unterminated url(no)`,
	`a{b:1url(no);c:-url(no);d:#url(no);e:@url(no);f:xurl(no);g:--url(no)}`,
	`a{b:url(x y);c:url(a"b);d:url(a(b)} e{f:url(ok)} g{h:url(a` + "\x01" + `b)}`,
	`a{b:url("x" y)} c{d:url("z"  )} e{f:url(   'w'   )}`, `a{b:url(p`, `a{b:url("q`, "@import 'r\n';", `@import`,
	`@import url("s") screen; @IMPORT 't'; @import/**/"u"; @import url(v`, `@media x { @import "w"; }`,
	`a{b:url()} c{d:url("")} e{f:url( )}`, `@import ""; @import url(); @import url(''); a{b:url(" ")}`, "a{b:url(\t\nx\r\n)}", "a{b:url(x\fy)}", `<!-- a{b:url(c)} -->`,
	`a{b:image-set("no" 1x, url(yes) 2x)}`, `a{b:url(é)} c{d:url("ü")}`, `url(url(x))`, `url(a)url(b)`,
	`a{b:url(x\29 y)} c{d:u\72l(z)} e{f:url("\"q\"")} g{h:url(\)} i{j:"a\` + "\n" + `b"}`,
	`@\69mport "x"; \40import "y"`, `a{b:url(\0)} c{d:url(\110000)} e{f:url(\d800)}`,
}

func TestCSSSpec(t *testing.T) {
	// Escapes, as CSS Syntax section 4.3.7 decodes them.
	tests := []struct{ sheet, want string }{
		{`a{b:url(x\29 y)}`, "url \"x)y\"\n"},
		{`c{d:u\72l(z)}`, "url \"z\"\n"},
		{`e{f:url("\"q\"")}`, "url \"\\\"q\\\"\"\n"},
		{`g{h:url(\)`, "url \")\"\n"},
		{`@\69mport "x"; \40import "y"`, "import \"x\"\n"},
		{`a{b:url(\0)} c{d:url(\110000)} e{f:url(\d800 )}`, "url \"\uFFFD\"\nurl \"\uFFFD\"\nurl \"\uFFFD\"\n"},
		{"a{b:url(\x00)}", "url \"\uFFFD\"\n"},
		{"@import 'a\\\nb'", "import \"ab\"\n"},
		{`a{b:url(x\`, "url \"x\uFFFD\"\n"},
		// url( with something else than one string: what follows is
		// inside it up to its ')', no link.
		{`a{b:url("x" "y")} c{d:url(z)}`, "url \"z\"\n"},
		{"a{b:url(\"x\n) c{d:url(z)}", "url \"z\"\n"},
		{`a{b:url("x" url(no))}`, ""},
		// An empty url() refers to no resource (CSS Values and Units
		// Level 3, "Empty URLs", #url-empty: it must resolve to an
		// invalid one), nor
		// does an empty @import string, a <url> by CSS Cascade's @import:
		// no link. A value of white space is not empty.
		{`a{b:url()} c{d:url("")} e{f:url( )} g{h:url('')} @import ""; @import url(); @import ''; @import url("")`, ""},
		{`a{b:url(" ")} @import "\9"`, "url \"\"\nimport \"\"\n"},
	}
	for _, tt := range tests {
		if got := cssReading(t, tt.sheet, same); got != tt.want {
			t.Errorf("%q: got\n%swant\n%s", tt.sheet, got, tt.want)
		}
	}
}

func TestCSSDifferential(t *testing.T) {
	// Against tdewolff's tokenizer, on the sheets both read alike, and
	// through readers of every pace with a tiny buffer.
	tinyBuffer(t, 4)
	n := 0
	for _, sheet := range trickyCSS {
		want := cssReading(t, sheet, same)
		for _, wrap := range []func(io.Reader) io.Reader{iotest.OneByteReader, iotest.HalfReader} {
			if got := cssReading(t, sheet, wrap); got != want {
				t.Errorf("%q: streamed\n%swhole\n%s", sheet, got, want)
			}
		}
		if cssComparable(sheet) {
			n++
			if ref := tdewolffReading(sheet); ref != want {
				t.Errorf("%q:\nExtractCSS\n%stdewolff\n%s", sheet, want, ref)
			}
		}
	}
	if n < len(trickyCSS)/2 {
		t.Errorf("only %d sheets compared", n)
	}
	// The same reading in a <style> and in a style attribute.
	for _, sheet := range trickyCSS {
		want := cssReading(t, sheet, same)
		if strings.Contains(sheet, "</") {
			continue
		}
		var x Extractor
		var b strings.Builder
		x.Extract(strings.NewReader("<style>"+sheet+"</style>"), base.Base{}, func(l Link) error {
			attr := l.Attr
			fmt.Fprintf(&b, "%s %q\n", attr, l.Ref)
			return nil
		})
		if b.String() != want {
			t.Errorf("<style>%s</style>:\n%swant\n%s", sheet, b.String(), want)
		}
	}
}

func FuzzCSS(f *testing.F) {
	for _, s := range trickyCSS {
		f.Add(s)
	}
	f.Add("a{b:url(caf\xe9?\x80)}@import '\xff';") // windows-1252 bytes, not UTF-8
	f.Fuzz(func(t *testing.T, sheet string) {
		tinyBuffer(t, 4)
		want := cssReading(t, sheet, same)
		if got := cssReading(t, sheet, iotest.OneByteReader); got != want {
			t.Fatalf("%q: streamed\n%swhole\n%s", sheet, got, want)
		}
		if cssComparable(sheet) {
			if ref := tdewolffReading(sheet); ref != want {
				t.Fatalf("%q:\nExtractCSS\n%stdewolff\n%s", sheet, want, ref)
			}
		}
		// Under WHATWG a sheet declared windows-1252 is read as x/text
		// decodes it, whole (CSS Syntax Level 3 section 3.2), through
		// the decoder's buffers and the scanner's.
		const decl = `@charset "windows-1252";`
		if dec, err := charmap.Windows1252.NewDecoder().String(sheet); err == nil {
			got := cssRefs(decl+sheet, "", iotest.OneByteReader)
			if want := cssRefs(decl+dec, "utf-8", same); got != want {
				t.Fatalf("%q in windows-1252:\n%sdecoded by x/text:\n%s", sheet, got, want)
			}
		}
		// A link is never longer than the sheet (U+FFFD for a NUL or
		// an escape aside; %q writes a byte as at most 4).
		for line := range strings.Lines(want) {
			if len(line) > 4*len(sheet)+16 {
				t.Fatalf("link longer than the sheet: %q", line)
			}
		}
	})
}

// TestCSSHostile: a million url() in one sheet, a 4 MiB style attribute,
// unterminated tokens: allocations stay within a bound independent of
// the count, the time linear (counted as bytes read by the tokenizer).
func TestCSSHostile(t *testing.T) {
	sheet := bytes.Repeat([]byte("a{b:url(x)}"), 1<<20)
	var x Extractor
	n := 0
	allocs := testing.AllocsPerRun(1, func() {
		n = 0
		x.ExtractCSSBytes(bytes.NewReader(sheet), base.Retrieved("http://h/"), func(l *LinkBytes) error {
			n++
			return nil
		})
	})
	if n != 1<<20 {
		t.Errorf("%d links, want %d", n, 1<<20)
	}
	if allocs > 100 {
		t.Errorf("%v allocations for a million url()", allocs)
	}
	// A 4 MiB style attribute (under a Token limit that holds it).
	attr := "<div style=\"" + strings.Repeat("a:url(y);", 4<<20/9) + "\">"
	x.Limits.Token = 8 << 20
	n = 0
	allocs = testing.AllocsPerRun(1, func() {
		n = 0
		x.ExtractBytes(strings.NewReader(attr), base.Retrieved("http://h/"), func(l *LinkBytes) error {
			n++
			return nil
		})
	})
	if n != 4<<20/9 {
		t.Errorf("%d links, want %d", n, 4<<20/9)
	}
	if allocs > 100 {
		t.Errorf("%v allocations for a 4 MiB style attribute", allocs)
	}
	// Beyond the Token limit, an error naming it.
	x.Limits.Token = 1 << 20
	err := x.ExtractBytes(strings.NewReader(attr), base.Retrieved("http://h/"), func(l *LinkBytes) error { return nil })
	if le, ok := err.(*LimitError); !ok || le.Err.Limit != "Token" {
		t.Errorf("4 MiB style over a 1 MiB Token limit: %v", err)
	}
	x.Limits.Token = 0
	// Unterminated at the end: one link, the rest of the input, over
	// the URL limit here (a warning naming it); a comment, nothing.
	for _, s := range []string{"a{b:url(" + strings.Repeat("z", 1<<20), "@import '" + strings.Repeat("z", 1<<20), "/*" + strings.Repeat("z", 1<<20)} {
		got := cssReading(t, s, same)
		want := "error offset 4: css@url link of 1048576 bytes not written: exceeds the URL limit of 8192\n"
		switch s[0] {
		case '@':
			want = "error offset 8: css@import link of 1048576 bytes not written: exceeds the URL limit of 8192\n"
		case '/':
			want = ""
		}
		if got != want {
			t.Errorf("%.20q...: %q", s, got)
		}
	}
}

// TestCSSLinear counts the bytes the tokenizer reads: a token cut by the
// end of the buffer is read again after a refill, and the buffer
// doubles, so that the count stays within a small multiple of the input
// whatever its tokens.
func TestCSSLinear(t *testing.T) {
	tinyBuffer(t, 16)
	for _, sheet := range []string{
		strings.Repeat("a{b:url(x)}", 1<<14), strings.Repeat("/*c*/", 1<<14), strings.Repeat("'s'", 1<<14),
		strings.Repeat("\\", 1<<14), strings.Repeat("-", 1<<14), strings.Repeat("1e", 1<<14),
		"/*" + strings.Repeat("c", 1<<18), "url(" + strings.Repeat("u", 1<<18), "'" + strings.Repeat("s", 1<<18),
	} {
		var x Extractor
		x.ExtractCSSBytes(iotest.HalfReader(strings.NewReader(sheet)), base.Base{}, func(*LinkBytes) error { return nil })
		if n := x.css.scanned; n > 4*int64(len(sheet)) {
			t.Errorf("%.12q...: %d bytes read for %d", sheet, n, len(sheet))
		}
	}
}

// TestCSSTokenLimit: a token of a style sheet longer than Limits.Token
// ends the reading with a *LimitError at its offset, naming CSS, the
// links before it passed on (ExtractCSS), whether the token came whole
// in one read or across refills of the buffer.
func TestCSSTokenLimit(t *testing.T) {
	for _, c := range []struct {
		name, sheet string
		off         int64
	}{
		{"comment", "a{b:url(x)} /*" + strings.Repeat("c", 300) + "*/ d{e:url(y)}", 12},
		{"string", `a{b:url(x)} @import "` + strings.Repeat("s", 300) + `"; d{e:url(y)}`, 20},
		{"white space", "a{b:url(x)}" + strings.Repeat(" ", 300) + "d{e:url(y)}", 11},
		{"across refills", "a{b:url(x)} /*" + strings.Repeat("c", 200<<10) + "*/ d{e:url(y)}", 12},
	} {
		for _, wrap := range []func(io.Reader) io.Reader{same, iotest.OneByteReader} {
			x := Extractor{Limits: limits.Limits{Token: 100}}
			if strings.HasPrefix(c.name, "across") {
				x.Limits.Token = 64 << 10
			}
			var got []string
			err := x.ExtractCSS(wrap(strings.NewReader(c.sheet)), base.Retrieved("http://h/"), func(l Link) error {
				got = append(got, l.Ref)
				return nil
			})
			var le *LimitError
			if fmt.Sprint(got) != "[x]" || !errors.As(err, &le) || le.Err.Limit != "Token" || le.Offset != c.off ||
				!strings.Contains(err.Error(), "CSS token") {
				t.Errorf("%s: got %q, %v", c.name, got, err)
			}
		}
	}
	// A token of the limit's length is within it.
	x := Extractor{Limits: limits.Limits{Token: 100}}
	sheet := `a{b:url(x)} @import "` + strings.Repeat("s", 98) + `"; d{e:url(y)}`
	var got []string
	err := x.ExtractCSS(strings.NewReader(sheet), base.Retrieved("http://h/"), func(l Link) error {
		got = append(got, l.Ref)
		return nil
	})
	if fmt.Sprint(got) != "[x "+strings.Repeat("s", 98)+" y]" || err != nil {
		t.Errorf("a token of 100 bytes: got %q, %v", got, err)
	}
}
