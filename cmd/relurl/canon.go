package main

import (
	"errors"
	"flag"
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
  -canon urlcanon.NAME      the first five as IIPC urlcanon parses and
                            canonicalizes (Heritrix, warcprox, brozzler):
                            its lenient parser, its results byte for byte;
                            every input has a result

The first five follow the URL Standard's parser, as a browser reads the
URL; urlcanon.NAME gives the key urlcanon wrote into an index, where the
two differ (docs/keys.md#as-urlcanon-parses).

-form says what to print: url (the canonical URL), surt
("http://(org,example,)/a"), ssurt ("org,example,//http:/a") or cdx, the
key pywb and the Wayback Machine index by ("org,example)/a"): the surt
library's surt() with its defaults, whatever -canon says. -surt is -form
surt. The SURT flags -no-scheme, -no-trailing-comma, -strip-www and
-reverse-ipv4 give the other forms archive tools write; they apply to
-form surt only (with another form, a usage error).

"relurl links -key" adds these keys to its rows, chosen by the same
flags named -key-canon, -key-form, -key-no-scheme...

Output line N always answers input line N. A URL that cannot be
canonicalized (the URL Standard rejects it, or the surt library would
fail on it) gets an empty output line and an error on standard error
naming the line and the reason; the run goes on and exits with status 1.`

func runCanon(e *env, args []string) int {
	fs := newFlagSet(e, "canon", "[-canon NAME] [-form url|surt|ssurt|cdx] [-surt] [URL...]", canonHelp)
	kf := defineKeyFlags(fs, "", "whatwg", "url")
	surt := fs.Bool("surt", false, "print the SURT (-form surt)")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if *surt {
		if *kf.form != "url" && *kf.form != "surt" {
			e.errorf("canon: -surt and -form %s disagree", *kf.form)
			return exitUsage
		}
		*kf.form = "surt"
	}
	key, err := kf.key()
	if err != nil {
		e.errorf("canon: %v", err)
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

// keyFlags are the flags that choose a key: the canonicalizer, the form
// and the SURT options, shared by "relurl canon" and "relurl links" (with
// the prefix "key-" there).
type keyFlags struct {
	prefix string
	canon  **canon.Canonicalizer
	form   *string
	o      canon.SURTOptions
}

// canonNames names the canonicalizers -canon takes (canon.ByName).
const canonNames = "whatwg, google, semantic_precise, semantic, aggressive or ia; urlcanon.NAME for the first five"

// parseCanon and parseKeyForm parse the values of -canon and -form
// (namedFlag: checked as the flag is parsed).
func parseCanon(s string) (*canon.Canonicalizer, error) {
	c, ok := canon.ByName(s)
	if !ok {
		return nil, errors.New("want " + canonNames)
	}
	return c, nil
}

func parseKeyForm(s string) (string, error) {
	switch s {
	case "url", "surt", "ssurt", "cdx":
		return s, nil
	}
	return "", errors.New("want url, surt, ssurt or cdx")
}

// defineKeyFlags defines the key flags on fs, each name after prefix,
// with the default canonicalizer and form given.
func defineKeyFlags(fs *flag.FlagSet, prefix, canonDefault, formDefault string) *keyFlags {
	k := &keyFlags{prefix: prefix}
	k.canon = namedFlag(fs, prefix+"canon", canonDefault, "canonicalizer `NAME`: "+canonNames+" as urlcanon parses", parseCanon)
	k.form = namedFlag(fs, prefix+"form", formDefault, "the key `FORM`: url (the canonical URL), surt, ssurt or cdx", parseKeyForm)
	fs.BoolVar(&k.o.OmitScheme, prefix+"no-scheme", false, "SURT without \"scheme://(\"")
	fs.BoolVar(&k.o.OmitTrailingComma, prefix+"no-trailing-comma", false, "SURT without the \",\" after the host")
	fs.BoolVar(&k.o.StripWWW, prefix+"strip-www", false, "SURT without a leading www, www2... label")
	fs.BoolVar(&k.o.ReverseIPv4, prefix+"reverse-ipv4", false, "SURT with an IPv4 address reversed too")
	return k
}

// key returns the key function the flags choose, or an error naming the
// flag that is wrong.
func (k *keyFlags) key() (func(dst []byte, s string) ([]byte, error), error) {
	c, o := *k.canon, k.o
	if *k.form != "surt" && o != (canon.SURTOptions{}) {
		p := "-" + k.prefix
		return nil, fmt.Errorf("%[1]sno-scheme, %[1]sno-trailing-comma, %[1]sstrip-www and %[1]sreverse-ipv4 apply to %[1]sform surt, not %[2]s", p, *k.form)
	}
	switch *k.form {
	case "url":
		return c.AppendCanonical, nil
	case "surt":
		return func(dst []byte, s string) ([]byte, error) { return c.AppendSURT(dst, s, o) }, nil
	case "ssurt":
		return func(dst []byte, s string) ([]byte, error) { return c.AppendSSURT(dst, s) }, nil
	}
	return canon.AppendCDXKey, nil // "cdx": parseKeyForm takes no other
}
