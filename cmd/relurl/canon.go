package main

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/canon"
)

const canonHelp = `
Canonicalizes each URL, from the arguments or, with none, from the lines
of standard input (LF or CRLF), and prints one result per line, in order
(docs/keys.md lists every rule):

  -canon whatwg             the URL Standard's serialization (the default)
  -canon google             Google Safe Browsing, as IIPC urlcanon reads it
  -canon semantic_precise   URLs that load the same thing map together
  -canon semantic           semantic_precise without the fragment
  -canon aggressive         also https as http, no www, lower case, no
                            session ids
  -canon ia                 the Internet Archive's surt library

-form says what to print: url (the canonical URL), surt
("http://(org,example,)/a"), ssurt ("org,example,//http:/a") or cdx, the
key pywb and the Wayback Machine index by ("org,example)/a"): the surt
library's surt() with its defaults, whatever -canon says. -surt is -form
surt. The SURT flags -no-scheme, -no-trailing-comma, -strip-www and
-reverse-ipv4 give the other forms archive tools write.

The key column of "relurl links" rows is not there yet (issue 22).

Output line N always answers input line N. A URL that cannot be
canonicalized (the URL Standard rejects it, or the surt library would
fail on it) gets an empty output line and an error on standard error
naming the line and the reason; the run goes on and exits with status 1.`

func runCanon(e *env, args []string) int {
	fs := newFlagSet(e, "canon", "[-canon NAME] [-form url|surt|ssurt|cdx] [-surt] [URL...]", canonHelp)
	name := fs.String("canon", "whatwg", "canonicalizer: whatwg, google, semantic_precise, semantic, aggressive or ia")
	form := fs.String("form", "url", "what to print: url, surt, ssurt or cdx")
	surt := fs.Bool("surt", false, "print the SURT (-form surt)")
	var o canon.SURTOptions
	fs.BoolVar(&o.OmitScheme, "no-scheme", false, "SURT without \"scheme://(\"")
	fs.BoolVar(&o.OmitTrailingComma, "no-trailing-comma", false, "SURT without the \",\" after the host")
	fs.BoolVar(&o.StripWWW, "strip-www", false, "SURT without a leading www, www2... label")
	fs.BoolVar(&o.ReverseIPv4, "reverse-ipv4", false, "SURT with an IPv4 address reversed too")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	c, ok := canon.ByName(*name)
	if !ok {
		e.errorf("canon: no canonicalizer %q (whatwg, google, semantic_precise, semantic, aggressive, ia)", *name)
		return exitUsage
	}
	if *surt {
		if *form != "url" && *form != "surt" {
			e.errorf("canon: -surt and -form %s disagree", *form)
			return exitUsage
		}
		*form = "surt"
	}
	var key func(dst []byte, s string) ([]byte, error)
	switch *form {
	case "url":
		key = c.AppendCanonical
	case "surt":
		key = func(dst []byte, s string) ([]byte, error) { return c.AppendSURT(dst, s, o) }
	case "ssurt":
		key = func(dst []byte, s string) ([]byte, error) {
			k, err := c.SSURT(s)
			return append(dst, k...), err
		}
	case "cdx":
		key = func(dst []byte, s string) ([]byte, error) {
			k, err := canon.CDXKey(s)
			return append(dst, k...), err
		}
	default:
		e.errorf("canon: -form %q: want url, surt, ssurt or cdx", *form)
		return exitUsage
	}
	f := newFilter(e, "canon")
	var buf []byte
	n := 0
	readErr := f.forEach(fs.Args(), func(s string) {
		n++
		var err error
		buf, err = key(buf[:0], s)
		if err != nil {
			buf = buf[:0]
		}
		f.out.Write(append(buf, '\n'))
		if err != nil {
			// After the line it is about: reject flushes the output first.
			what := fmt.Sprintf("line %d", f.lineNo())
			if fs.NArg() > 0 {
				what = fmt.Sprintf("argument %d", n)
			}
			f.reject("%s: %s", what, strings.TrimPrefix(err.Error(), "canon: "))
		}
	})
	return f.exit(readErr)
}
