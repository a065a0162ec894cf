package quote

import (
	"strings"
	"testing"
	"unicode/utf8"
)

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
