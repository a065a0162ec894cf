package relurl

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/rfcexamples"
)

func TestValidateAcceptsRFCExamples(t *testing.T) {
	all := append([]rfcexamples.Example{{Ref: rfcexamples.Base, Want: rfcexamples.Base}}, rfcexamples.Section5...)
	for _, ex := range all {
		for _, s := range []string{ex.Ref, ex.Want} {
			if err := Validate(s); err != nil {
				t.Errorf("Validate(%q) = %v", s, err)
			}
		}
	}
}

var validateCases = []struct {
	in     string
	offset int    // -1: valid
	rule   string // rule broken
}{
	{"", -1, ""},
	{"http://a/b/c/d;p?q#f", -1, ""},
	{"//a?b;c/d", -1, ""},      // net_loc may hold ";" and "?"
	{"/b;p/q;r?s/t", -1, ""},   // params hold "/" and ";"
	{"a/b:c@d&e=f", -1, ""},    // pchar
	{"http:a//b", -1, ""},      // with a scheme the rest is *( uchar | reserved )
	{"%41%7e", -1, ""},         // escapes
	{"$-_.+!*'(),", -1, ""},    // safe and extra
	{"http://a b", 8, "uchar"}, // space
	{"a%", 1, "escape"},
	{"a%4", 1, "escape"},
	{"a%4g", 1, "escape"},
	{"http://a/~user", 9, "uchar"}, // "~" is "national" in RFC 1808
	{"a{b", 1, "uchar"},
	{"a<b", 1, "uchar"},
	{`a"b`, 1, "uchar"},
	{"a\x00", 1, "uchar"},
	{"a\x7f", 1, "uchar"},
	{"\xc3\xa9", 0, "uchar"},
	{"a#b#c", 3, "fragment"},
	{"a#b c", 3, "uchar"},
	{"//a//b", 4, "fsegment"},
	{"//a/b//c", -1, ""}, // only the first segment must be non-empty
}

func TestValidate(t *testing.T) {
	for _, tc := range validateCases {
		err := Validate(tc.in)
		if tc.offset < 0 {
			if err != nil {
				t.Errorf("Validate(%q) = %v, want nil", tc.in, err)
			}
			continue
		}
		var ve *ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("Validate(%q) = %v, want a *ValidationError", tc.in, err)
			continue
		}
		if ve.Offset != tc.offset || ve.Err.Error() != tc.rule || ve.Input != tc.in {
			t.Errorf("Validate(%q): offset %d rule %v input %q, want offset %d rule %q",
				tc.in, ve.Offset, ve.Err, ve.Input, tc.offset, tc.rule)
		}
		sentinel := map[string]error{"escape": ErrEscape, "uchar": ErrUChar, "fragment": ErrFragment, "fsegment": ErrFirstSegment}[tc.rule]
		if !errors.Is(err, sentinel) || errors.Unwrap(err) != sentinel {
			t.Errorf("Validate(%q) = %v: errors.Is does not reach %v", tc.in, err, sentinel)
		}
		msg := err.Error()
		if !strings.Contains(msg, fmt.Sprintf("byte %d", tc.offset)) || !strings.Contains(msg, "rule "+tc.rule) {
			t.Errorf("Validate(%q) message %q lacks the offset or rule", tc.in, msg)
		}
	}
}

func TestValidationErrorWrapped(t *testing.T) {
	err := fmt.Errorf("line 3: %w", Validate("a b"))
	var ve *ValidationError
	if !errors.As(err, &ve) || ve.Offset != 1 || !errors.Is(err, ErrUChar) {
		t.Errorf("errors.As through wrapping: %v", err)
	}
}

func TestValidateLongInputMessage(t *testing.T) {
	s := strings.Repeat("a", 10<<20) + " " + strings.Repeat("b", 100)
	err := Validate(s)
	var ve *ValidationError
	if !errors.As(err, &ve) || ve.Offset != 10<<20 {
		t.Fatalf("Validate(10 MB): %v", err)
	}
	if n := len(err.Error()); n > 400 {
		t.Errorf("message of a 10 MB input is %d bytes long", n)
	}
}
