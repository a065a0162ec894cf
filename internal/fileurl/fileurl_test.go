package fileurl

import "testing"

func TestEscapePath(t *testing.T) {
	// RFC 1808 section 2.2: pchar and "/" stay; ";", "?", "#", "%",
	// space and non-ASCII bytes are escaped.
	tests := map[string]string{
		"a b/c;d?e#f%g":     "a%20b/c%3Bd%3Fe%23f%25g",
		"é":                 "%C3%A9",
		"$-_.+!*'(),:@&=/x": "$-_.+!*'(),:@&=/x",
		"":                  "",
	}
	for in, want := range tests {
		if got := EscapePath(in); got != want {
			t.Errorf("EscapePath(%q) = %q, want %q", in, got, want)
		}
	}
}
