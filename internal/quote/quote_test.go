package quote

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// Ordinary names as they are, spaces, quotes and backslashes too.
		{"a.html", "a.html"},
		{"dir/my page.html", "dir/my page.html"},
		{`c:\x "y".html`, `c:\x "y".html`},
		{"é.html", "é.html"},
		{"-", "-"},
		// Control bytes and invalid UTF-8 quoted, as is a name that
		// begins as a quoted one would.
		{"a\x00b", `"a\x00b"`},
		{"a\x1b[2Jb", `"a\x1b[2Jb"`},
		{"a\rb", `"a\rb"`},
		{"a\tb", `"a\tb"`},
		{"\xff.html", `"\xff.html"`},
		{`"a\x00b"`, `"\"a\\x00b\""`},
	} {
		if got := Name(tc.in); got != tc.want {
			t.Errorf("Name(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestQuote(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "``"},
		{"a/b", "`a/b`"},
		{"a`b", "\"a`b\""},
		{"a\nb", `"a\nb"`},
		{"a\tb", `"a\tb"`},
		{"\xff", `"\xff"`},
		{"é", "`é`"},
		{strings.Repeat("../", 30) + "g", "`../../../../../../../../`…`./../../../../../../../g` (91 bytes)"},
	}
	for _, tc := range cases {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	// A long string of multibyte characters is cut between characters.
	s := strings.Repeat("é", 100)
	if q := Quote(s); !utf8.ValidString(q) || !strings.HasSuffix(q, "(200 bytes)") {
		t.Errorf("Quote of 100 é = %s", q)
	}
}
