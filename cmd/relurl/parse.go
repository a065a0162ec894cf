package main

import (
	"strconv"

	"github.com/relurl/relurl"
)

const parseHelp = `
Splits each URL into the six components of RFC 1808 section 2.4 (scheme,
net_loc, path, params, query, fragment) and prints one line per URL, from
the arguments or, with none, from the lines of standard input (LF or CRLF).

Parsing never fails: any string splits. A component is absent, or present
and possibly empty: "http://a/b?" has an empty query, "http://a/b" none.
The path is always present, with its leading "/" kept.

Text output, one line per URL, each value quoted as a Go string (so that
any byte shows, \x00 for NUL, \xff for a byte that is not UTF-8) or the
word absent:

  scheme="http" net_loc="a" path="/b/c/d" params="p" query="q" fragment=absent

With -json, one JSON object per line, an absent component as null, and
the URL's validity by the BNF of section 2.2 as "relurl check -json"
gives it (the object is the answer of "relurl serve" at /api/parse):

  {"url":"http://a/b/c/d;p?q","scheme":"http","net_loc":"a","path":"/b/c/d","params":"p","query":"q","fragment":null,"valid":true}
  {"url":"a b","scheme":null,"net_loc":null,"path":"a b","params":null,"query":null,"fragment":null,"valid":false,"offset":1,"rule":"uchar","reason":"..."}

JSON strings cannot hold bytes that are not UTF-8: such a value is written
with U+FFFD in their place, and a member NAME_base64 (for instance
"path_base64") holds its exact bytes in standard base64. NUL and control
characters are written as \u0000 escapes, exactly.`

func runParse(e *env, args []string) int {
	fs := newFlagSet(e, "parse", "[-json] [URL...]", parseHelp)
	asJSON := fs.Bool("json", false, "print one JSON object per line")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	l := newFilter(e, "parse")
	var buf []byte
	readErr := l.forEach(fs.Args(), func(s string) {
		if *asJSON {
			buf = appendParseJSON(buf[:0], s)
		} else {
			buf = appendParseText(buf[:0], relurl.Parse(s))
		}
		buf = append(buf, '\n')
		l.out.Write(buf)
	})
	return l.exit(readErr)
}

// A component names one of the six components of section 2.4 and reads it
// from a URL.
type component struct {
	name  string
	value func(relurl.URL) string
	has   func(relurl.URL) bool
}

// components lists the components in the order of section 2.4's syntax,
// <scheme>://<net_loc>/<path>;<params>?<query>#<fragment>.
var components = []component{
	{"scheme", relurl.URL.Scheme, relurl.URL.HasScheme},
	{"net_loc", relurl.URL.NetLoc, relurl.URL.HasNetLoc},
	{"path", relurl.URL.Path, func(relurl.URL) bool { return true }},
	{"params", relurl.URL.Params, relurl.URL.HasParams},
	{"query", relurl.URL.Query, relurl.URL.HasQuery},
	{"fragment", relurl.URL.Fragment, relurl.URL.HasFragment},
}

// appendParseText appends the components of u for people, each quoted by
// Go's rules (lossless for any bytes) or the word absent.
func appendParseText(dst []byte, u relurl.URL) []byte {
	for i, c := range components {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, c.name...)
		dst = append(dst, '=')
		if c.has(u) {
			dst = strconv.AppendQuote(dst, c.value(u))
		} else {
			dst = append(dst, "absent"...)
		}
	}
	return dst
}

// appendParseJSON appends the components of s and its validity as one
// JSON object, the answer of /api/parse.
func appendParseJSON(dst []byte, s string) []byte {
	dst = append(dst, '{')
	dst = appendComponentsMembers(dst, splitComponents(s))
	dst = appendValidityMembers(dst, validate(s))
	return append(dst, '}')
}
