package percent

import (
	"fmt"
	"strings"
	"testing"
)

// inRFC1808Path is the pchar rule of RFC 1808 section 2.2 and "/", written
// out as the BNF says it, to check the set built by Remove.
func inRFC1808Path(c byte) bool {
	alpha := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	digit := '0' <= c && c <= '9'
	safe := strings.IndexByte("$-_.+", c) >= 0
	extra := strings.IndexByte("!*'(),", c) >= 0
	return alpha || digit || safe || extra || strings.IndexByte(":@&=/", c) >= 0
}

func TestSets(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if got, want := RFC1808Path.Contains(b), !inRFC1808Path(b); got != want {
			t.Errorf("RFC1808Path.Contains(%#x) = %v", c, got)
		}
		if got, want := Controls.Contains(b), c < 0x20 || c >= 0x7F; got != want {
			t.Errorf("Controls.Contains(%#x) = %v", c, got)
		}
		alnum := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
		if NotAlnum.Contains(b) == alnum {
			t.Errorf("NotAlnum.Contains(%#x) = %v", c, !alnum)
		}
	}
	if s := NewSet("ab").Union(NewSet("c")); !s.Contains('a') || !s.Contains('c') || s.Contains('d') {
		t.Error("Union")
	}
	var zero Set
	if zero.Contains(0) || zero.Contains(0xFF) || String("a b%", &zero) != "a b%" {
		t.Error("the zero Set encodes")
	}
}

func TestAppend(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/a b/c;d?e#f", "/a%20b/c%3Bd%3Fe%23f"},
		{"caf\xc3\xa9", "caf%C3%A9"},
		{"$-_.+!*'(),:@&=", "$-_.+!*'(),:@&="},
		{"%", "%25"},
		{"", ""},
	} {
		if got := String(c.in, &RFC1808Path); got != c.want {
			t.Errorf("String(%q, RFC1808Path) = %q, want %q", c.in, got, c.want)
		}
	}
	if s := "plain/path"; String(s, &RFC1808Path) != s {
		t.Error("an unchanged string is not returned as it is")
	}
}

func TestAppendDecoded(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"%41%62%2f", "Ab/"}, {"%", "%"}, {"%4", "%4"}, {"%4g", "%4g"}, {"a%2", "a%2"}, {"%%41", "%A"},
	} {
		if got := string(AppendDecoded(nil, c.in)); got != c.want {
			t.Errorf("AppendDecoded(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func ExampleString() {
	fmt.Println(String("/My Documents/a;b.html", &RFC1808Path))
	// Output: /My%20Documents/a%3Bb.html
}
