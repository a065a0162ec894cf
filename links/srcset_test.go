package links

import (
	"strings"
	"testing"
)

func TestSrcset(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a.png", "a.png"},
		{"a.png 1x, b.png 2x", "a.png|b.png"},
		{"  a.png   100w ,b.png 200w  ", "a.png|b.png"},
		// Commas at the end of a URL end the candidate.
		{"a.png,b.png", "a.png,b.png"},
		{"a.png, b.png,, c.png", "a.png|b.png|c.png"},
		// A comma inside a descriptor's parentheses does not split.
		{"a.png (x, y), b.png", "a.png|b.png"},
		// URLs may hold commas in the middle.
		{"data:image/png;base64,AAAA 1x, b.png 2x", "data:image/png;base64,AAAA|b.png"},
		{"", ""},
		{" , ,, ", ""},
		{"a.png 1x,\n\tb.png", "a.png|b.png"},
	}
	for _, tt := range tests {
		var got []string
		v := []byte(tt.in)
		for u, i, ok := nextCandidate(v, 0); ok; u, i, ok = nextCandidate(v, i) {
			got = append(got, string(u))
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("srcset %q: got %q, want %q", tt.in, g, tt.want)
		}
	}
}
