package main

import (
	"strconv"

	"github.com/relurl/relurl"
)

const parseHelp = `
Splits each URL into its components and prints one line per URL, from the
arguments or, with none, from the lines of standard input (LF or CRLF). By
default the components are the six of RFC 1808 section 2.4 (scheme,
net_loc, path, params, query, fragment); -spec chooses another split:

  rfc2396, rfc3986   the five of Appendix B: scheme, authority, path,
                     query, fragment (";params" is part of the path)
  whatwg             the URL record that the URL Standard's parser makes
                     of the URL alone, by the URL API's attributes: href,
                     protocol, username, password, hostname, port,
                     pathname, search, hash; or the parser's failure

Parsing by the RFCs never fails: any string splits. A component is
absent, or present and possibly empty: "http://a/b?" has an empty query,
"http://a/b" none. The path is always present, with its leading "/" kept.

Text output, one line per URL, each value quoted as a Go string (so that
any byte shows, \x00 for NUL, \xff for a byte that is not UTF-8) or the
word absent:

  scheme="http" net_loc="a" path="/b/c/d" params="p" query="q" fragment=absent

With -json, one JSON object per line, an absent component as null, and
by RFC 1808 the URL's validity by the BNF of section 2.2 as "relurl check
-json" gives it (the object is the answer of "relurl serve" at
/api/parse):

  {"url":"http://a/b/c/d;p?q","scheme":"http","net_loc":"a","path":"/b/c/d","params":"p","query":"q","fragment":null,"valid":true}
  {"url":"a b","scheme":null,"net_loc":null,"path":"a b","params":null,"query":null,"fragment":null,"valid":false,"offset":1,"rule":"uchar","reason":"..."}

Under -spec whatwg, a URL that the parser rejects has null attributes and
an "error" member. A string that is not valid UTF-8 is written as every
-json output writes it (see "relurl help"); NUL and control characters
are written as \u0000 escapes, exactly.`

func runParse(e *env, args []string) int {
	fs := newFlagSet(e, "parse", "[-json] [-spec NAME] [URL...]", parseHelp)
	asJSON := fs.Bool("json", false, "print one JSON object per line")
	spec := specFlag(fs)
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	l := newFilter(e, "parse")
	var buf []byte
	readErr := l.forEach(fs.Args(), func(s string) {
		if *asJSON {
			buf = appendParseJSON(buf[:0], *spec, s)
		} else {
			buf = appendParseText(buf[:0], spec.Split(s))
		}
		buf = append(buf, '\n')
		l.out.Write(buf)
	})
	return l.exit(readErr)
}

// appendParseText appends the components c for people, each quoted by
// Go's rules (lossless for any bytes) or the word absent, in the order and
// with the names of c's specification (as its JSON form has them).
func appendParseText(dst []byte, c relurl.Components) []byte {
	if c.Spec() == relurl.WHATWG {
		if c.API == nil {
			dst = append(dst, "error="...)
			return strconv.AppendQuote(dst, c.Err)
		}
		a := c.API
		for i, f := range [...]struct{ name, v string }{
			{"href", a.Href}, {"protocol", a.Protocol}, {"username", a.Username}, {"password", a.Password},
			{"hostname", a.Hostname}, {"port", a.Port}, {"pathname", a.Pathname}, {"search", a.Search}, {"hash", a.Hash},
		} {
			if i > 0 {
				dst = append(dst, ' ')
			}
			dst = append(dst, f.name...)
			dst = append(dst, '=')
			dst = strconv.AppendQuote(dst, f.v)
		}
		return dst
	}
	netLoc := "net_loc"
	if c.Spec() != relurl.RFC1808 {
		netLoc = "authority"
	}
	for i, m := range [...]struct {
		name string
		c    relurl.Component
	}{
		{"scheme", c.Scheme}, {netLoc, c.NetLoc}, {"path", c.Path},
		{"params", c.Params}, {"query", c.Query}, {"fragment", c.Fragment},
	} {
		if m.name == "params" && c.Spec() != relurl.RFC1808 {
			continue
		}
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, m.name...)
		dst = append(dst, '=')
		if m.c.Present {
			dst = strconv.AppendQuote(dst, m.c.Value)
		} else {
			dst = append(dst, "absent"...)
		}
	}
	return dst
}

// appendParseJSON appends the components of s by spec as one JSON
// object, the answer of /api/parse, with its validity by the BNF of RFC
// 1808 section 2.2 under RFC 1808.
func appendParseJSON(dst []byte, spec relurl.Spec, s string) []byte {
	dst = append(dst, '{')
	dst = spec.Split(s).AppendJSONMembers(dst)
	if spec == relurl.RFC1808 {
		dst = appendValidityMembers(dst, validate(s))
	}
	return append(dst, '}')
}
