package main

import (
	"encoding/base64"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/relurl/relurl"
)

// JSON lines: the -json output of the commands is one JSON object per
// line, written by hand with these helpers so that any bytes survive.
//
// A JSON string holds Unicode text, and a URL may hold any bytes. The
// helpers keep every byte:
//
//   - NUL and the other control characters are escaped (\u0000), as JSON
//     requires; the value is exact.
//   - A value that is not valid UTF-8 is written with each invalid byte
//     replaced by U+FFFD, for display, and an extra member NAME_base64 gives
//     its exact bytes in standard base64 (RFC 4648 section 4). The extra
//     member appears only then, so a consumer reads NAME_base64 when it is
//     present and NAME otherwise.

// appendJSONString appends s as a JSON string. Invalid UTF-8 bytes become
// U+FFFD; see appendJSONField for the lossless form.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = appendJSONBody(dst, s)
	return append(dst, '"')
}

// appendJSONBody appends s escaped for the inside of a JSON string: quote,
// backslash and control characters (DEL included) escaped, U+2028 and
// U+2029 too (JavaScript reads them as line ends), and each byte that is
// not UTF-8 written as U+FFFD.
func appendJSONBody(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != 0x7f && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			default:
				dst = append(dst, `\u00`...)
				dst = append(dst, hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\u202`...)
			dst = append(dst, hexDigits[r&15])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(dst, s[start:]...)
}

const hexDigits = "0123456789abcdef"

// appendJSONField appends the member "name":s, preceded by a comma unless
// it is the first of its object, and followed by "name_base64" when s is
// not valid UTF-8 (see above).
func appendJSONField(dst []byte, first bool, name, s string) []byte {
	dst = appendJSONName(dst, first, name)
	dst = appendJSONString(dst, s)
	if !utf8.ValidString(s) {
		dst = appendJSONName(dst, false, name+"_base64")
		dst = append(dst, '"')
		dst = base64.StdEncoding.AppendEncode(dst, []byte(s))
		dst = append(dst, '"')
	}
	return dst
}

// appendJSONOptional appends the member "name":s when present, and
// "name":null when not, so that an absent component differs from an empty
// one.
func appendJSONOptional(dst []byte, name, s string, present bool) []byte {
	if !present {
		dst = appendJSONName(dst, false, name)
		return append(dst, "null"...)
	}
	return appendJSONField(dst, false, name, s)
}

// appendJSONName appends "name": with a comma before it unless first.
func appendJSONName(dst []byte, first bool, name string) []byte {
	if !first {
		dst = append(dst, ',')
	}
	dst = append(dst, '"')
	dst = append(dst, name...) // names are ASCII identifiers
	return append(dst, '"', ':')
}

// appendJSONBool appends the member "name":true or false.
func appendJSONBool(dst []byte, name string, v bool) []byte {
	dst = appendJSONName(dst, false, name)
	return strconv.AppendBool(dst, v)
}

// appendJSONInt appends the member "name":v.
func appendJSONInt(dst []byte, name string, v int) []byte {
	dst = appendJSONName(dst, false, name)
	return strconv.AppendInt(dst, int64(v), 10)
}

// The objects below are shared by the commands and the API of "relurl
// serve", so that the same thing has the same shape everywhere: the
// components of a URL in "relurl parse -json", /api/parse and the trace of
// "relurl explain -json" and /api/resolve.

// appendComponentsJSON appends c as a JSON object: the string split, as
// "url", then its six components by RFC 1808 section 2.4 in the order of
// section 2.1, each a string or null when absent (an absent component
// differs from an empty one).
func appendComponentsJSON(dst []byte, c relurl.Components) []byte {
	dst = append(dst, '{')
	dst = appendComponentsMembers(dst, c)
	return append(dst, '}')
}

// appendComponentsMembers appends the members of appendComponentsJSON's
// object without its braces, "url" first.
func appendComponentsMembers(dst []byte, c relurl.Components) []byte {
	dst = appendJSONField(dst, true, "url", c.Input)
	for _, m := range [...]struct {
		name string
		c    relurl.Component
	}{
		{"scheme", c.Scheme}, {"net_loc", c.NetLoc}, {"path", c.Path},
		{"params", c.Params}, {"query", c.Query}, {"fragment", c.Fragment},
	} {
		dst = appendJSONOptional(dst, m.name, m.c.Value, m.c.Present)
	}
	return dst
}

// appendValidityMembers appends "valid" and, for an invalid URL, where and
// why by the BNF of RFC 1808 section 2.2: "offset" (bytes from 0), "rule"
// and "reason". It is shared by "relurl check -json", "relurl parse -json"
// and /api/parse.
func appendValidityMembers(dst []byte, verr *relurl.ValidationError) []byte {
	dst = appendJSONBool(dst, "valid", verr == nil)
	if verr != nil {
		dst = appendJSONInt(dst, "offset", verr.Offset)
		dst = appendJSONField(dst, false, "rule", verr.Rule)
		dst = appendJSONField(dst, false, "reason", verr.Reason)
	}
	return dst
}

// validate checks s by the BNF of section 2.2, as a *ValidationError or
// nil.
func validate(s string) *relurl.ValidationError {
	err := relurl.Validate(s)
	if err == nil {
		return nil
	}
	var verr *relurl.ValidationError
	if !errors.As(err, &verr) {
		// Validate documents only *ValidationError; keep any other error
		// visible rather than call the URL valid.
		verr = &relurl.ValidationError{Input: s, Offset: 0, Rule: "?", Reason: err.Error()}
	}
	return verr
}

// appendTraceJSON appends t as a JSON object: "base" and "ref" as
// components, "steps" (each "step", "section", "detail"), "unrecorded"
// and "result".
func appendTraceJSON(dst []byte, t relurl.Trace) []byte {
	dst = append(dst, '{')
	dst = appendJSONName(dst, true, "base")
	dst = appendComponentsJSON(dst, t.Base)
	dst = appendJSONName(dst, false, "ref")
	dst = appendComponentsJSON(dst, t.Ref)
	dst = appendJSONName(dst, false, "steps")
	dst = append(dst, '[')
	for i, s := range t.Steps {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '{')
		dst = appendJSONField(dst, true, "step", s.Step)
		dst = appendJSONField(dst, false, "section", s.Section)
		dst = appendJSONField(dst, false, "detail", s.Detail)
		dst = append(dst, '}')
	}
	dst = append(dst, ']')
	dst = appendJSONInt(dst, "unrecorded", t.Unrecorded)
	dst = appendJSONField(dst, false, "result", t.Result)
	return append(dst, '}')
}

// appendJSONStrings appends the member "name":[...] of strings that are
// valid UTF-8 by construction (names of specifications).
func appendJSONStrings(dst []byte, name string, ss []string) []byte {
	dst = appendJSONName(dst, false, name)
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, s)
	}
	return append(dst, ']')
}
