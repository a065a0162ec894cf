package relurl

import (
	"fmt"
	"strconv"
	"strings"
)

// A ValidationError reports where and how a string breaks the BNF of RFC
// 1808 section 2.2. Validate returns it as an error; errors.As reaches it,
// and errors.Is reaches the rule broken, one of ErrEscape, ErrUChar,
// ErrFragment and ErrFirstSegment.
type ValidationError struct {
	Input  string // the string checked, whole
	Offset int    // byte offset of the first byte that breaks the grammar
	Err    error  // the rule broken: ErrEscape, ErrUChar, ErrFragment or ErrFirstSegment
	Reason string // what is wrong, for people
}

// ruleError is a rule of the BNF of section 2.2; its Error is the rule's
// name.
type ruleError struct{ rule string }

func (e *ruleError) Error() string { return e.rule }

// The rules Validate reports, for errors.Is.
var (
	// ErrEscape: "%" not followed by two hex digits (escape = "%" hex hex).
	ErrEscape error = &ruleError{"escape"}
	// ErrUChar: a byte that is neither a uchar nor reserved, to escape.
	ErrUChar error = &ruleError{"uchar"}
	// ErrFragment: a second "#" (fragment = *( uchar | reserved )).
	ErrFragment error = &ruleError{"fragment"}
	// ErrFirstSegment: a net_path whose path starts with an empty segment
	// ("//a//b"; fsegment = 1*pchar).
	ErrFirstSegment error = &ruleError{"fsegment"}
)

// Unwrap returns e.Err, the rule broken.
func (e *ValidationError) Unwrap() error { return e.Err }

// maxQuoted bounds how much of the input an error message shows, so that
// the message of a 10 MB URL stays readable. The whole input is in Input.
const maxQuoted = 64

// Error returns a message naming the call, the input, the offset and the
// rule, such as:
//
//	relurl.Validate("http://a b"): byte 8: unescaped " " (0x20) is not a uchar or reserved character (RFC 1808 section 2.2, rule uchar)
func (e *ValidationError) Error() string {
	return fmt.Sprintf("relurl.Validate(%s): byte %d: %s (RFC 1808 section 2.2, rule %v)",
		quoteAround(e.Input, e.Offset), e.Offset, e.Reason, e.Err)
}

// quoteAround quotes s, or for a long s the part of it around offset, with
// "..." marking what was cut.
func quoteAround(s string, offset int) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	lo := max(offset-maxQuoted/2, 0)
	hi := min(lo+maxQuoted, len(s))
	q := strconv.Quote(s[lo:hi])
	if lo > 0 {
		q = "..." + q
	}
	if hi < len(s) {
		q += "..."
	}
	return q
}

// Validate reports whether s is a URL by the BNF of RFC 1808 section 2.2:
//
//	URL         = ( absoluteURL | relativeURL ) [ "#" fragment ]
//	absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) )
//	relativeURL = net_path | abs_path | rel_path
//
// It returns nil for a valid URL, and otherwise a *ValidationError for the
// first byte that breaks the grammar. The grammar's characters are ASCII:
// a space, a control character, a byte of 0x80 or more, one of the
// "national" characters { } | \ ^ ~ [ ] ` or the "punctuation" < > " % #
// must be escaped as "%" hex hex. Validate does not change what Parse and
// Resolve do: they accept any string.
func Validate(s string) error {
	end := parseFragment(s)
	if off, reason, rule := checkChars(s[:end], 0); rule != nil {
		return &ValidationError{s, off, rule, reason}
	}
	if end < len(s) {
		if off, reason, rule := checkChars(s[end+1:], end+1); rule != nil {
			if rule == ErrUChar && s[off] == '#' {
				rule, reason = ErrFragment, `a second "#": a fragment is *( uchar | reserved ) and "#" is neither`
			}
			return &ValidationError{s, off, rule, reason}
		}
	}
	// A URL with a scheme is valid as scheme ":" *( uchar | reserved ),
	// which the characters already are. Without one it is a relativeURL,
	// whose only rule beyond its characters is that a rel_path, when it has
	// a path, starts with a non-empty segment (fsegment = 1*pchar). Only a
	// net_path can break it, by following its net_loc with "//": "//a//b".
	u := Parse(s[:end])
	if !u.HasScheme() && u.HasNetLoc() && strings.HasPrefix(u.Path(), "//") {
		return &ValidationError{s, u.netloc + 1, ErrFirstSegment,
			`empty first path segment after the net_loc: abs_path = "/" rel_path, and a path starts with fsegment = 1*pchar`}
	}
	return nil
}

// checkChars finds the first byte of s that is not a uchar or reserved
// character, or the start of a bad escape. It returns rule nil when there
// is none. Offsets are those of s plus base.
func checkChars(s string, base int) (offset int, reason string, rule error) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if charClass[c]&classAllowed != 0 {
			continue
		}
		if c == '%' {
			if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				i += 2
				continue
			}
			return base + i, `"%" is not followed by two hex digits`, ErrEscape
		}
		return base + i, describeByte(c) + " is not a uchar or reserved character; escape it as %" + strings.ToUpper(strconv.FormatUint(uint64(c)|0x100, 16)[1:]), ErrUChar
	}
	return 0, "", nil
}

// describeByte names a byte the grammar does not allow, with its class.
func describeByte(c byte) string {
	hex := fmt.Sprintf("0x%02X", c)
	switch {
	case c < 0x20 || c == 0x7f:
		return "control character " + hex
	case c >= 0x80:
		return "non-ASCII byte " + hex
	case c == ' ':
		return `unescaped " " (0x20)`
	case strings.IndexByte(`{}|\^~[]`+"`", c) >= 0:
		return fmt.Sprintf("%q (%s), a \"national\" character,", c, hex)
	default:
		return fmt.Sprintf("%q (%s), a \"punctuation\" character,", c, hex)
	}
}
