package ascii

import (
	"strings"
	"testing"
)

func TestEqualFold(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"Sitemap", "sitemap", true},
		{"CHARSET", "charset", true},
		{"", "", true},
		{"text/CSS", "text/css", true},
		{"ſitemap", "sitemap", false}, // U+017F folds to s in Unicode only
		{"\u212a", "k", false},        // the Kelvin sign
		{"hoſt", "host", false},
		{"a", "b", false},
		{"@", "`", false}, // 0x40 and 0x60 differ by 0x20 but are not letters
		{"[", "{", false},
		{"Z", "z", true},
		{"abc", "ab", false},
		{"\x00", " ", false},
	} {
		if got := EqualFold(c.a, c.b); got != c.want {
			t.Errorf("EqualFold(%q, %q) = %v", c.a, c.b, got)
		}
		if got := EqualFold([]byte(c.a), c.b); got != c.want {
			t.Errorf("EqualFold([]byte(%q), %q) = %v", c.a, c.b, got)
		}
	}
	// Against the definition on every pair of bytes: the 26 letters
	// match their capitals, any other byte itself only.
	const upper, lower = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"
	fold := func(c byte) byte {
		if i := strings.IndexByte(upper, c); i >= 0 {
			return lower[i]
		}
		return c
	}
	for c := range 256 {
		for d := range 256 {
			a, b := string([]byte{byte(c)}), string([]byte{byte(d)})
			want := fold(byte(c)) == fold(byte(d))
			if EqualFold(a, b) != want {
				t.Fatalf("EqualFold(%q, %q) = %v", a, b, !want)
			}
		}
	}
}

func TestHasPrefixFold(t *testing.T) {
	if !HasPrefixFold("URL:http://a/", "url:") || HasPrefixFold("UR", "url:") || HasPrefixFold("ſitemap:", "sitemap") {
		t.Error("HasPrefixFold")
	}
}

func TestLower(t *testing.T) {
	for in, want := range map[string]string{
		"":                "",
		"text/HTML":       "text/html",
		"abc":             "abc",
		"\u212a":          "\u212a", // the Kelvin sign stays
		"\u0130":          "\u0130", // as does the dotted capital I
		"GZIP, Deflate\t": "gzip, deflate\t",
		"@[`{":            "@[`{",
	} {
		if got := Lower(in); got != want {
			t.Errorf("Lower(%q) = %q, want %q", in, got, want)
		}
	}
}
