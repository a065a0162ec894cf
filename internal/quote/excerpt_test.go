package quote

import (
	"fmt"
	"strings"
	"testing"
)

// TestExcerpt: moved from base, where the function was first written.
func TestExcerpt(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 5, `"short"`},
		{"short", -1, `"short"...`},
		{strings.Repeat("a", 120), 120, `"` + strings.Repeat("a", 120) + `"`},
		{strings.Repeat("a", 121), 121, `"` + strings.Repeat("a", 120) + `"... (121 bytes)`},
		// A character is not cut.
		{strings.Repeat("a", 119) + "é", 121, `"` + strings.Repeat("a", 119) + `"... (121 bytes)`},
	}
	for _, tt := range tests {
		if got := Excerpt(tt.in, tt.n); got != tt.want {
			t.Errorf("Excerpt(%.20q..., %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
	// Bytes that need escaping: the quoted form stays short.
	for _, c := range []string{"\x00", "\xff", "\u2028", "\"", "é"} {
		in := strings.Repeat(c, 1000)
		got := Excerpt(in, len(in))
		q, _, _ := strings.Cut(got, "...")
		if len(q) > MaxExcerpt+2 || len(q) < MaxExcerpt/2 || !strings.HasSuffix(got, fmt.Sprintf("(%d bytes)", len(in))) {
			t.Errorf("excerpt of %q x 1000: %d bytes: %s", c, len(got), got)
		}
	}
}

func TestHead(t *testing.T) {
	if got := Head("short"); got != "short" {
		t.Errorf("Head(short) = %q", got)
	}
	long := strings.Repeat("a", 119) + "é" + "tail"
	if got := Head(long); got != strings.Repeat("a", 119) {
		t.Errorf("Head cut a character or kept too much: %q", got)
	}
}
