package main

import (
	"strconv"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/jsonline"
)

const checkHelp = `
Checks each URL against the BNF of RFC 1808 section 2.2, from the
arguments or, with none, from the lines of standard input (LF or CRLF).

The verdicts are the command's results: they go to standard output, one
line per URL, in order, so that output line N answers input line N:

  ok "http://a/b/c"
  invalid "http://a b": byte 8, rule uchar: unescaped " " (0x20) is not a uchar or reserved character; escape it as %20

The URL is quoted as a Go string (\x00 for NUL, \xff for a byte that is
not UTF-8); the byte offset counts from 0 in the URL as given. The rule
is the one of section 2.2 broken: uchar (a character that must be
escaped), escape ("%" not followed by two hex digits), fragment (a second
"#") or fsegment (an empty first path segment, as in "//a//b").

With -json, one JSON object per line:

  {"url":"http://a/b/c","valid":true}
  {"url":"http://a b","valid":false,"offset":8,"rule":"uchar","reason":"..."}

(a URL that is not UTF-8 gets "url_base64" with its exact bytes; see
"relurl parse -h"). Standard error carries only errors reading or writing.
The exit status is 1 when any URL is invalid.`

func runCheck(e *env, args []string) int {
	fs := newFlagSet(e, "check", "[-json] [URL...]", checkHelp)
	asJSON := fs.Bool("json", false, "print one JSON object per line")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	l := newFilter(e, "check")
	var buf []byte
	readErr := l.forEach(fs.Args(), func(s string) {
		verr := validate(s)
		// An invalid URL is an answer, not an error: the verdict says
		// why, on standard output, and only the status tells.
		l.failed = l.failed || verr != nil
		if *asJSON {
			buf = appendCheckJSON(buf[:0], s, verr)
		} else {
			buf = appendCheckText(buf[:0], s, verr)
		}
		buf = append(buf, '\n')
		l.out.Write(buf)
	})
	return l.exit(readErr)
}

// appendCheckText appends the verdict on s for people: ok or invalid, the
// URL quoted, and for an invalid one the offset, rule and reason.
func appendCheckText(dst []byte, s string, verr *relurl.ValidationError) []byte {
	if verr == nil {
		dst = append(dst, "ok "...)
		return strconv.AppendQuote(dst, s)
	}
	dst = append(dst, "invalid "...)
	dst = strconv.AppendQuote(dst, s)
	dst = append(dst, ": byte "...)
	dst = strconv.AppendInt(dst, int64(verr.Offset), 10)
	dst = append(dst, ", rule "...)
	dst = append(dst, verr.Err.Error()...)
	dst = append(dst, ": "...)
	return append(dst, verr.Reason...)
}

// appendCheckJSON appends the verdict on s as one JSON object.
func appendCheckJSON(dst []byte, s string, verr *relurl.ValidationError) []byte {
	dst = append(dst, '{')
	dst = jsonline.AppendField(dst, true, "url", s)
	dst = appendValidityMembers(dst, verr)
	return append(dst, '}')
}
