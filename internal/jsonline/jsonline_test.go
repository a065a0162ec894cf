package jsonline

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// checkField checks that AppendField wrote s losslessly: the value
// decodes to s where s is valid UTF-8, and NAME_base64 holds its bytes
// otherwise.
func checkField(t *testing.T, s string) {
	t.Helper()
	line := append(AppendField([]byte{'{'}, true, "v", s), '}')
	var m map[string]string
	if err := json.Unmarshal(line, &m); err != nil {
		t.Fatalf("%q gives invalid JSON %q: %v", s, line, err)
	}
	if utf8.ValidString(s) {
		if m["v"] != s || len(m) != 1 {
			t.Errorf("%q: got %q", s, line)
		}
		return
	}
	raw, err := base64.StdEncoding.DecodeString(m["v_base64"])
	if err != nil || string(raw) != s || !sameReplaced(m["v"], s) {
		t.Errorf("%q: got %q", s, line)
	}
}

// sameReplaced reports whether got is s with each invalid byte replaced by
// U+FFFD, as ranging over a string decodes it.
func sameReplaced(got, s string) bool {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r)
	}
	return got == b.String()
}

func TestString(t *testing.T) {
	for _, s := range []string{
		"", "http://a/b", `q"uote\back`, "nul\x00ctl\x01\x1f\x7f", "tab\tcr\rlf\n",
		"<>&", "é☃😀", "\u2028\u2029", "bad\xffbyte", "\xc0\x80", "\xed\xa0\x80", "trunc\xe2\x82",
	} {
		checkField(t, s)
	}
	if got := string(AppendString(nil, "\x00<")); got != `"\u0000<"` {
		t.Errorf("got %s", got)
	}
}

func FuzzString(f *testing.F) {
	f.Add("http://a/b")    // plain ASCII
	f.Add("a\x00\x1f\"\\") // escapes
	f.Add("\xff\xfe")      // invalid UTF-8
	f.Add("é\xe2\x82")     // valid then truncated rune
	f.Fuzz(checkField)
}
