package body

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
)

// TestSniffCSSEncoding checks the order and the forms of CSS Syntax Level
// 3 section 3.2: a byte order mark, then the protocol's label, then the
// exact bytes `@charset "LABEL";` at the start of the first 1024, else
// UTF-8 ("").
func TestSniffCSSEncoding(t *testing.T) {
	for _, c := range []struct {
		head, label, want string
	}{
		{`a{}`, "", ""},
		{`@charset "windows-1252";`, "", "windows-1252"},
		{`@charset "latin1";a{}`, "", "windows-1252"}, // a label of windows-1252
		{`@charset "Shift_JIS";`, "", "shift_jis"},
		{`@charset " shift_jis	";`, "", "shift_jis"}, // get an encoding trims ASCII white space
		{`@charset "utf-16";`, "", ""},               // UTF-16 declared in ASCII bytes is UTF-8
		{`@charset "utf-16be";`, "", ""},
		{`@charset "iso-2022-kr";`, "", "replacement"},
		{`@charset "no-such";`, "", ""},
		{`@charset "windows-1252";`, "shift_jis", "shift_jis"},  // the protocol first
		{`@charset "windows-1252";`, "no-such", "windows-1252"}, // an unknown label is passed over
		{`@charset "windows-1252";`, "utf-8", ""},
		{"\xef\xbb\xbf" + `@charset "windows-1252";`, "shift_jis", ""}, // the BOM over both
		{"\xff\xfe", "shift_jis", ""},
		// Not the declaration: only its exact bytes are.
		{`@charset 'windows-1252';`, "", ""},
		{`@CHARSET "windows-1252";`, "", ""},
		{`@charset  "windows-1252";`, "", ""},
		{`@charset "windows-1252" ;`, "", ""},
		{`@charset "windows-1252"`, "", ""},
		{` @charset "windows-1252";`, "", ""},
		{"/**/" + `@charset "windows-1252";`, "", ""},
		{`@charset "windows` + "\xe9" + `";`, "", ""},
		{`@charset "` + "\v" + `latin1";`, "", ""}, // no ASCII white space
		{`@charset "` + "\u212a" + `oi8-r";`, "", ""},
		{`a{}`, "\u212aoi8-r", ""},
		{`a{}`, "koi8-r", "koi8-r"},
		// Within the first 1024 bytes.
		{`@charset "` + strings.Repeat(" ", PrescanLen-len(`@charset "latin1";`)) + `latin1";`, "", "windows-1252"},
		{`@charset "` + strings.Repeat(" ", PrescanLen-len(`@charset "latin1";`)+1) + `latin1";`, "", ""},
	} {
		if got := SniffCSSEncoding([]byte(c.head), c.label); got != c.want {
			t.Errorf("%q, label %q: got %q, want %q", c.head, c.label, got, c.want)
		}
		if got := slowCSSEncoding([]byte(c.head), c.label); got != c.want {
			t.Errorf("%q, label %q: the slow reading gives %q, want %q", c.head, c.label, got, c.want)
		}
	}
}

// cssDeclaration is section 3.2's step 2 as the standard writes it: the
// hex sequence 40 63 68 61 72 73 65 74 20 22 XX* 22 3B, each XX in 00-21
// or 23-7F, at the start of the first 1024 bytes.
var cssDeclaration = regexp.MustCompile(`\A@charset "([\x00-\x21\x23-\x7f]*)";`)

// slowCSSEncoding is SniffCSSEncoding written from the standard's text,
// step by step, for FuzzSniffCSSEncoding: the Encoding Standard's "get an
// encoding" is htmlindex.Get after its own trimming of ASCII white space,
// its labels being ASCII.
func slowCSSEncoding(b []byte, label string) string {
	if len(b) > 1024 {
		b = b[:1024]
	}
	for _, bom := range []string{"\xef\xbb\xbf", "\xfe\xff", "\xff\xfe"} {
		if bytes.HasPrefix(b, []byte(bom)) {
			return ""
		}
	}
	get := func(l string) string {
		l = strings.Trim(l, "\t\n\f\r ")
		for _, r := range l {
			if r == '\v' || r > 0x7f {
				return "" // no label holds either
			}
		}
		e, err := htmlindex.Get(l)
		if err != nil {
			return ""
		}
		name, _ := htmlindex.Name(e)
		return name
	}
	name := get(label)
	if name == "" {
		if m := cssDeclaration.FindSubmatch(b); m != nil {
			name = get(string(m[1]))
		}
	}
	switch name {
	case "utf-8", "utf-16be", "utf-16le":
		return ""
	}
	return name
}

// TestCSSText checks the decoding of style sheets against x/text's
// decoder of the encoding the standard names, the sheet read whole: a
// windows-1252 sheet and a Shift_JIS one, declared by @charset or by the
// protocol, long enough to cross the 1024 bytes sniffed.
func TestCSSText(t *testing.T) {
	body := strings.Repeat(`a{background:url("/検索?q=日本語&x=ｶﾅ")} `, 100)
	latin := strings.Repeat(`a{background:url("/café?q=é€ü")} `, 100)
	for _, c := range []struct {
		name, label, decl, text string
		encName                 string
	}{
		{"windows-1252 @charset", "", `@charset "windows-1252";`, latin, "windows-1252"},
		{"windows-1252 label", "ISO-8859-1", "", latin, "windows-1252"},
		{"Shift_JIS @charset", "", `@charset "Shift_JIS";`, body, "shift_jis"},
		{"Shift_JIS label", "sjis", "", body, "shift_jis"},
	} {
		e, _ := htmlindex.Get(c.encName)
		var raw []byte
		switch c.encName {
		case "windows-1252":
			raw = encodeAll(t, charmap.Windows1252.NewEncoder().Bytes, c.decl+c.text)
		default:
			raw = encodeAll(t, japanese.ShiftJIS.NewEncoder().Bytes, c.decl+c.text)
		}
		var s Sniffer
		name, text := s.CSSText(bytes.NewReader(raw), c.label)
		if name != c.encName {
			t.Fatalf("%s: encoding %q, want %q", c.name, name, c.encName)
		}
		got, err := io.ReadAll(text)
		if err != nil {
			t.Fatal(err)
		}
		want, err := e.NewDecoder().Bytes(raw)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) || string(got) != c.decl+c.text {
			t.Errorf("%s: decoded %d bytes, x/text %d, the sheet %d", c.name, len(got), len(want), len(c.decl+c.text))
		}
	}
}

func encodeAll(t *testing.T, enc func([]byte) ([]byte, error), s string) []byte {
	t.Helper()
	b, err := enc([]byte(s))
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return b
}
