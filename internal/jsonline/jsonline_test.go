package jsonline

import (
	"bytes"
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
	checkWriteField(t, s)
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

// checkWriteField checks that WriteField writes what AppendField appends,
// s repeated past SpillSize so that it is written in pieces, whatever
// bytes meet at a piece's end.
func checkWriteField(t *testing.T, s string) {
	t.Helper()
	long := strings.Repeat(s, SpillSize/max(len(s), 1)+2)
	for _, v := range []string{s, long, "\x80" + long, long + "\x80"} {
		var w bytes.Buffer
		rest := WriteField(&w, []byte{'{'}, true, "v", v)
		w.Write(rest)
		if want := AppendField([]byte{'{'}, true, "v", v); !bytes.Equal(w.Bytes(), want) {
			t.Fatalf("%.40q...: WriteField and AppendField differ", v)
		}
		if len(rest) > SpillSize+4*len(s)+64 {
			t.Fatalf("%.40q...: WriteField holds %d bytes", v, len(rest))
		}
	}
}

// sameReplaced reports whether got is s with each run of invalid bytes
// replaced by one U+FFFD. (Ranging over s yields U+FFFD for each invalid
// byte; a real U+FFFD in s is 3 bytes long and is kept.)
func sameReplaced(got, s string) bool {
	var b strings.Builder
	bad := -1
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			if bad != i {
				b.WriteRune(r)
			}
			bad = i + 1
			continue
		}
		b.WriteRune(r)
	}
	return got == b.String()
}

func TestString(t *testing.T) {
	for _, s := range []string{
		"", "http://a/b", `q"uote\back`, "nul\x00ctl\x01\x1f\x7f", "tab\tcr\rlf\n",
		"<>&", "é☃😀", "\u2028\u2029", "bad\xffbyte", "\xc0\x80", "\xed\xa0\x80", "trunc\xe2\x82",
		"\ufffd\xff\ufffd", "\xff\xfe a \x80\x80\x80", strings.Repeat("\x80", 10000),
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

// TestCompact checks that a value of bad bytes costs about 4/3 of its size
// (base64) and a few bytes more, not 6 bytes for each bad byte: a run of
// bad bytes is one U+FFFD, and the bytes are written once.
func TestCompact(t *testing.T) {
	const n = 3 << 20
	s := strings.Repeat("\x80", n)
	got := AppendField(nil, true, "v", s)
	if want := len(`"v":"\ufffd","v_base64":""`) + n/3*4; len(got) != want {
		t.Errorf("%d bad bytes take %d bytes, want %d", n, len(got), want)
	}
	// Converting s to bytes a piece at a time: no copy of s whole.
	dst := make([]byte, 0, len(got))
	if allocs := testing.AllocsPerRun(5, func() { AppendField(dst[:0], true, "v", s) }); allocs > 0 {
		t.Errorf("AppendField into a large enough dst allocates %v times", allocs)
	}
}

// TestSpill checks that Spill writes out what it holds past SpillSize, and
// nothing before.
func TestSpill(t *testing.T) {
	var w strings.Builder
	dst := make([]byte, SpillSize-1)
	if got := Spill(&w, dst); len(got) != SpillSize-1 || w.Len() != 0 {
		t.Errorf("below SpillSize: kept %d, wrote %d", len(got), w.Len())
	}
	dst = append(dst, 'x')
	if got := Spill(&w, dst); len(got) != 0 || w.Len() != SpillSize {
		t.Errorf("at SpillSize: kept %d, wrote %d", len(got), w.Len())
	}
}
