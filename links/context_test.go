package links

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relurl/relurl/base"
	"golang.org/x/net/html"
)

// slowAnchorText is the anchor text of Link.Text as docs/links.md words
// it, written out slowly: each token's text decoded (html.UnescapeString,
// as the Tokenizer's Text) and read as characters (utf8.DecodeRune's, an
// invalid byte one; a character is not looked for across two tokens),
// white space collapsed to one space and trimmed, cut at AnchorTextMax
// characters, a space left at the cut dropped.
func slowAnchorText(tokens []string) string {
	var chars []string
	for _, t := range tokens {
		t = html.UnescapeString(t)
		for len(t) > 0 {
			_, n := utf8.DecodeRuneInString(t)
			chars = append(chars, t[:n])
			t = t[n:]
		}
	}
	var out []string
	space := false
	for _, c := range chars {
		if len(out) == AnchorTextMax {
			break
		}
		if len(c) == 1 && htmlSpace[c[0]] {
			space = len(out) > 0
			continue
		}
		if space {
			out = append(out, " ")
			space = false
			if len(out) == AnchorTextMax {
				break
			}
		}
		out = append(out, c)
	}
	return strings.TrimSuffix(strings.Join(out, ""), " ")
}

// anchorTextOf reads tokens as the scanner hands them to the anchor
// text (with bytes after them in their array), each cut into parts at
// the given points, as a refill of the scanner's buffer cuts a token:
// in the middle of a character too, which is still one
// (TestAnchorTextRefill).
func anchorTextOf(tokens []string, cuts []int) string {
	var x Extractor
	x.anchor.reset()
	x.anchor.open = true
	k := 0
	for _, t := range tokens {
		for len(t) > 0 {
			n := len(t)
			if k < len(cuts) {
				n = min(n, 1+cuts[k])
				k++
			}
			// The part is followed in its array by other bytes, as
			// a token is by the rest of the scanner's buffer.
			x.anchorRaw([]byte(t[:n] + "x &amp; \xff<y")[:n])
			t = t[n:]
		}
		x.anchorTokenEnd()
	}
	return string(x.anchor.text)
}

// TestAnchorTextSlow holds the scanner's anchor text (white space
// collapsed on the fly, eight bytes at a time, raw text read up to its
// first '&') to slowAnchorText on random tokens of words, runs of white
// space, character references, multibyte and invalid UTF-8 and control
// characters, cut at random points.
func TestAnchorTextSlow(t *testing.T) {
	pieces := []string{"a", "word", "fs.readFile()", "verylongidentifier_x", " ", "  ", "\n\t", "\r\n", "\f",
		"&amp;", "&mdash;", "&#8220;", "&#x41;", "&", "&am", "&notin;", "&notit;", "é", "日本", "\xff", "\xe2\x80", "\x01", "\x0b", "<", "#"}
	r := rand.New(rand.NewPCG(21, 1))
	for range 20000 {
		tokens := make([]string, 1+r.IntN(3))
		for i := range tokens {
			var b strings.Builder
			for range r.IntN(40) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			tokens[i] = b.String()
		}
		cuts := make([]int, r.IntN(4))
		for i := range cuts {
			cuts[i] = r.IntN(24)
		}
		if got, want := anchorTextOf(tokens, cuts), slowAnchorText(tokens); got != want {
			t.Fatalf("tokens %q cut at %v: text %q, want %q", tokens, cuts, got, want)
		}
	}
}

// TestAnchorTextRefill: a character of an anchor text cut in two by a
// refill of the scanner's buffer (its first fill holds minScanBuf bytes
// of a reader that gives all it is asked) is one character, as the
// Tokenizer's Text is, whichever of its bytes the refill falls before,
// and wherever it is around the AnchorTextMax-th character, where the
// text is cut.
func TestAnchorTextRefill(t *testing.T) {
	read := func(x *Extractor, doc string) string {
		var text string
		err := x.Extract(strings.NewReader(doc), base.Retrieved("http://h/"), func(l Link) error {
			text = l.Text
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	const open = `<p><a href=x>`
	tail := func(s string) string { return s[min(len(s), AnchorTextMax-4):] }
	for _, c := range []string{"é", "日", "𝄞", "\xe2\x80"} {
		for n := AnchorTextMax - 3; n <= AnchorTextMax+1; n++ {
			text := strings.Repeat("a", n) + c + "bc"
			// The text as characters (an invalid byte one), cut.
			var chars []string
			for s := text; len(s) > 0 && len(chars) < AnchorTextMax; {
				_, k := utf8.DecodeRuneInString(s)
				chars, s = append(chars, s[:k]), s[k:]
			}
			want := strings.Join(chars, "")
			for d := -1; d <= len(c)+1; d++ {
				// The refill falls d bytes into c.
				pad := minScanBuf - len(open) - n - d
				doc := strings.Repeat("x", pad) + open + text + "</a>"
				ref := Extractor{Context: true, ref: true}
				if got := read(&ref, doc); got != want {
					t.Fatalf("reference: %q, %d before, refill %d bytes in: ...%q, want ...%q", c, n, d, tail(got), tail(want))
				}
				x := Extractor{Context: true}
				if got := read(&x, doc); got != want {
					t.Errorf("scanner: %q, %d before, refill %d bytes in: ...%q, want ...%q", c, n, d, tail(got), tail(want))
				}
			}
		}
	}
}
