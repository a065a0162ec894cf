package whatwg

import (
	"testing"
	"unicode"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// TestISO2022JPKatakana checks the Encoding Standard's index ISO-2022-JP
// katakana (isoKatakana) for all 63 half-width katakana, U+FF61 to U+FF9F,
// against two sources independent of it:
//
//   - Unicode's data, through golang.org/x/text/width: Widen gives each
//     one's full-width form. The index agrees but for the two sound marks,
//     U+FF9E and U+FF9F, which Unicode widens to the combining marks
//     U+3099 and U+309A and the index to the spacing ones, U+309B and
//     U+309C (JIS X 0208 has only those): there the test checks that the
//     index's code point decomposes (NFKD) to a space and Widen's mark.
//   - golang.org/x/text's ISO-2022-JP decoder: the encoder's bytes for the
//     code point are one JIS X 0208 character between ESC $ B and ESC ( B,
//     and decode to the index's code point. (x/text's encoder cannot serve:
//     it writes half-width katakana in the katakana state, ESC ( I, where
//     the Encoding Standard's encoder maps them to full width.)
func TestISO2022JPKatakana(t *testing.T) {
	dec := japanese.ISO2022JP.NewDecoder()
	for r := rune(0xFF61); r <= 0xFF9F; r++ {
		want := rune(isoKatakana[r-0xFF61])
		wide := []rune(width.Widen.String(string(r)))
		switch {
		case len(wide) != 1:
			t.Errorf("U+%04X: Widen gives %U", r, wide)
		case wide[0] == want:
		case unicode.Is(unicode.Mn, wide[0]) && norm.NFKD.String(string(want)) == " "+string(wide[0]):
		default:
			t.Errorf("U+%04X: index gives U+%04X, Unicode's full width U+%04X", r, want, wide[0])
		}
		b := iso2022jpEncode(nil, string(r))
		if len(b) != 8 || string(b[:3]) != "\x1b$B" || string(b[5:]) != "\x1b(B" {
			t.Errorf("U+%04X: encoded as % x, want one JIS X 0208 character", r, b)
			continue
		}
		got, err := dec.String(string(b))
		if err != nil || got != string(want) {
			t.Errorf("U+%04X: % x decodes to %q, %v; want U+%04X", r, b, got, err, want)
		}
	}
}

// TestISO2022JPKatakanaQuery: through ParseEncoded, "ｱ" (U+FF71) in the
// query of a special URL is "ア" (U+30A2, JIS X 0208 0x2522): ESC $ B,
// 0x25 0x22, ESC ( B, percent-encoded with the special-query set (ESC and
// '"' are in it, "$", "B", "%" and "(" are not), worked out by hand.
func TestISO2022JPKatakanaQuery(t *testing.T) {
	u, err := URL{}.ParseEncoded("https://h/?\uff71", japanese.ISO2022JP)
	if want := "https://h/?%1B$B%%22%1B(B"; err != nil || u.Href() != want {
		t.Errorf("got %q, %v; want %q", u.Href(), err, want)
	}
}

// TestLookupEncodingOutput: the Encoding Standard's "get an output
// encoding" makes UTF-8 of replacement (whose labels are "replacement" and
// those of ISO-2022-KR, HZ-GB-2312 and ISO-2022-CN) as of UTF-16BE and
// UTF-16LE, so
// LookupEncoding gives nil for each, and ParseEncoded is Parse.
func TestLookupEncodingOutput(t *testing.T) {
	base := MustParse("http://h/")
	for _, label := range []string{"utf-8", "utf-16", "UTF-16BE", "utf-16le", "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr", "replacement"} {
		enc, err := LookupEncoding(label)
		if err != nil || enc != nil {
			t.Errorf("LookupEncoding(%q) = %v, %v; want nil (UTF-8)", label, enc, err)
		}
		ref := "?q=é\xf0\x9f\x98€"
		u, _ := base.ParseEncoded(ref, enc)
		if v, _ := base.Parse(ref); u != v {
			t.Errorf("ParseEncoded with %q: %v, want %v", label, u, v)
		}
	}
}
