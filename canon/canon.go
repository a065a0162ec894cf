// Package canon canonicalizes URLs and writes the keys web archives index
// them by: the canonicalizers of IIPC's urlcanon (WHATWG, Google, semantic
// precise, semantic and aggressive), their SURT and SSURT forms, and the
// CDX/CDXJ key of pywb and the Wayback Machine (the defaults of the
// Internet Archive's surt library).
//
// The urlcanon canonicalizers are built on the URL Standard's parser
// (package whatwg): a URL is parsed as a browser parses it, then each
// canonicalizer rewrites its components by the rules docs/keys.md lists one
// by one. Where urlcanon's own lenient parser and the URL Standard disagree,
// the URL Standard wins and the difference is listed (docs/keys.md and
// testdata/urlcanon-differences.txt): an input the URL Standard rejects is
// an *Error, never a guess.
//
// Each of the five has a second reading, URLCanon(c), "as urlcanon
// parses": urlcanon's own parser and steps, on the same components and
// with the same rules, so that the result is urlcanon's byte for byte, the
// key an index Heritrix, warcprox or brozzler wrote holds
// (docs/keys.md#as-urlcanon-parses). It accepts every string.
// ParseURLCanon gives urlcanon's parse itself.
//
// The CDX key (CDXKey) is another matter: pywb and the Wayback Machine
// index by what the surt library computes, with its own RFC 2396 splitter
// and its own rules, and a key that is to join an index must be computed the
// same way. CDXKey does exactly that, not the URL Standard.
//
// Every urlcanon canonicalizer is idempotent: Canonicalize(Canonicalize(u))
// gives Canonicalize(u) (FuzzCanonicalize holds it). IA, the surt library's,
// is not, as the library is not, nor are the canonicalizers read as
// urlcanon parses, as urlcanon is not.
package canon

import (
	"strings"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/quote"
)

// A Canonicalizer rewrites a URL to a canonical form. The five of urlcanon
// are the package's variables; ByName finds them by name.
type Canonicalizer struct {
	name       string
	rules      rule
	ia         bool           // the surt library's canonicalizer, not urlcanon's
	urlcanon   bool           // read as urlcanon parses (URLCanon)
	steps      []step         // urlcanon's steps, when urlcanon
	asURLCanon *Canonicalizer // URLCanon(c) for the URL Standard's five; nil for the others
}

// rule is a set of steps a canonicalizer takes after parsing; each is
// described in docs/keys.md under the heading of its name.
type rule uint32

const (
	ruleDefaultScheme      rule = 1 << iota // "http://" before an input with no scheme
	ruleRemoveUserinfo                      // drop username and password
	ruleRemoveFragment                      // drop "#" and the fragment
	ruleDecode                              // decode %XX repeatedly, then encode the minimal set
	ruleQueryByParam                        // decode and encode query names and values apart
	ruleFixHostDots                         // trim dots from the host, fold runs of dots
	ruleCollapseSlashes                     // fold runs of "/" in special paths
	ruleSortQuery                           // sort the query's "&"-separated parameters
	ruleHTTPSToHTTP                         // https becomes http
	ruleStripWWW                            // drop a leading "www.", "www2." ... label
	ruleLowercasePath                       // ASCII lower case path
	ruleLowercaseQuery                      // ASCII lower case query
	ruleStripSessionIDs                     // remove session ids from path and query
	ruleStripTrailingSlash                  // "/a/" becomes "/a" (not "/")
	ruleRedundantAmps                       // "&&" becomes "&"; none at the ends
	ruleOmitEmptyQuery                      // "?" alone is dropped
)

const (
	googleRules = ruleDefaultScheme | ruleRemoveFragment | ruleDecode |
		ruleFixHostDots | ruleCollapseSlashes
	semanticPreciseRules = ruleDefaultScheme | ruleRemoveUserinfo | ruleDecode |
		ruleQueryByParam | ruleFixHostDots | ruleCollapseSlashes | ruleSortQuery
	semanticRules   = semanticPreciseRules | ruleRemoveFragment
	aggressiveRules = semanticRules | ruleHTTPSToHTTP | ruleStripWWW |
		ruleLowercasePath | ruleLowercaseQuery | ruleStripSessionIDs |
		ruleStripTrailingSlash | ruleRedundantAmps | ruleOmitEmptyQuery
)

// The canonicalizers of urlcanon, from the mildest to the most aggressive.
// docs/keys.md lists what each does, rule by rule.
var (
	// WHATWG is the URL Standard's serialization of the parsed URL (its
	// href): what a browser makes of the URL, nothing more.
	WHATWG = &Canonicalizer{name: "whatwg"}
	// Google is the canonicalization of Google Safe Browsing as urlcanon
	// reads it: http by default, no fragment, percent-escapes decoded
	// repeatedly and only the minimal set encoded again, dots in the host
	// and runs of slashes in the path folded. The port is kept.
	Google = &Canonicalizer{name: "google", rules: googleRules}
	// SemanticPrecise is Google's cleanup minus the fragment removal, plus:
	// no userinfo, query names and values decoded and encoded apart, query
	// parameters sorted. URLs it maps together load the same thing.
	SemanticPrecise = &Canonicalizer{name: "semantic_precise", rules: semanticPreciseRules}
	// Semantic is SemanticPrecise without the fragment.
	Semantic = &Canonicalizer{name: "semantic", rules: semanticRules}
	// Aggressive is Semantic, plus: https becomes http, a leading www label
	// goes, path and query are lower-cased, session ids are removed, a
	// trailing slash goes, empty query parameters and an empty query go.
	// URLs it maps together are likely, not certain, to be the same page.
	Aggressive = &Canonicalizer{name: "aggressive", rules: aggressiveRules}
)

// IA is the canonicalization of the Internet Archive's surt library
// (DefaultIAURLCanonicalizer: its Google step, then its IA step), written as
// a URL: the canonical URL behind CDXKey, on the library's own parse, not
// the URL Standard's ("http://www.Example.com/A/?b&a" is
// "http://example.com/a?a&b").
var IA = &Canonicalizer{name: "ia", ia: true}

// All is the canonicalizers in the order above, then IA.
var All = []*Canonicalizer{WHATWG, Google, SemanticPrecise, Semantic, Aggressive, IA}

// AllURLCanon is the five urlcanon canonicalizers read as urlcanon parses
// (URLCanon), in the order of All.
var AllURLCanon []*Canonicalizer

func init() {
	for _, c := range All[:5] {
		c.asURLCanon = &Canonicalizer{name: "urlcanon." + c.name, rules: c.rules, urlcanon: true, steps: urlcanonSteps(c.rules)}
		AllURLCanon = append(AllURLCanon, c.asURLCanon)
	}
}

// URLCanon returns c read as urlcanon parses: urlcanon's own lenient
// parser and its steps in its order, so that the result is the one
// urlcanon (Heritrix, warcprox, brozzler) writes, byte for byte, where
// c follows the URL Standard (docs/keys.md#as-urlcanon-parses). It
// accepts every string: its Canonicalize, SURT and SSURT never fail. For
// a canonicalizer so read already, and for IA (the surt library's), it
// returns c.
func URLCanon(c *Canonicalizer) *Canonicalizer {
	if c.asURLCanon == nil {
		return c
	}
	return c.asURLCanon
}

// ByName returns the canonicalizer of that name ("whatwg", "google",
// "semantic_precise", "semantic", "aggressive", "ia"; with "urlcanon."
// before the first five, read as urlcanon parses (URLCanon); "-" may
// stand for "_").
func ByName(name string) (*Canonicalizer, bool) {
	name = strings.ReplaceAll(ascii.Lower(name), "-", "_")
	for _, list := range [][]*Canonicalizer{All, AllURLCanon} {
		for _, c := range list {
			if c.name == name {
				return c, true
			}
		}
	}
	return nil, false
}

// Name is the canonicalizer's name, as ByName takes it.
func (c *Canonicalizer) Name() string { return c.name }

// Error is a URL a canonicalizer or key function could not handle: the
// operation, the input and why (for a URL the URL Standard rejects, a
// *whatwg.Error, which Unwrap gives).
type Error struct {
	Op    string // the canonicalizer's name, "surt", "ssurt" or "cdx"
	Input string
	Err   error
}

func (e *Error) Error() string {
	return "canon: " + e.Op + " " + quote.Excerpt(e.Input, len(e.Input)) + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Canonicalize returns the canonical form of the URL s, or an *Error when
// the URL Standard's parser rejects it (for Google and the semantic
// canonicalizers: also after "http://" was put before an s with no scheme).
func (c *Canonicalizer) Canonicalize(s string) (string, error) {
	if !c.ia && !c.urlcanon && c.rules == 0 {
		return c.href(s) // the parser's string, not a copy of it
	}
	b, err := c.AppendCanonical(make([]byte, 0, len(s)+8), s)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendCanonical appends the canonical form of s to dst; on error dst is
// returned unchanged with the *Error.
func (c *Canonicalizer) AppendCanonical(dst []byte, s string) ([]byte, error) {
	if c.ia {
		return iaCanonical(dst, s)
	}
	if c.urlcanon {
		p := c.urlcanonParts(s)
		return p.appendTo(dst), nil
	}
	if c.rules == 0 {
		h, err := c.href(s)
		if err != nil {
			return dst, err
		}
		return append(dst, h...), nil
	}
	var p parts
	if err := c.parse(s, &p); err != nil {
		return dst, err
	}
	c.rewrite(&p)
	return p.appendTo(dst), nil
}

// href is the whatwg canonicalizer: the URL Standard's href, or the
// parser's error as an *Error.
func (c *Canonicalizer) href(s string) (string, error) {
	h, err := parseHref(s)
	if err != nil {
		return "", &Error{Op: c.name, Input: s, Err: err}
	}
	return h, nil
}

// parse is the URL Standard's parser, with the default scheme when the
// canonicalizer has one (urlcanon's default_scheme_http).
func (c *Canonicalizer) parse(s string, p *parts) error {
	err := parseParts(s, p)
	if err != nil && c.rules&ruleDefaultScheme != 0 && isMissingScheme(err) {
		// The parser removes leading C0 controls and spaces; "http://"
		// goes after them, where the scheme would have been.
		err = parseParts("http://"+strings.TrimLeft(s, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\v\f\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "), p)
	}
	if err != nil {
		return &Error{Op: c.name, Input: s, Err: err}
	}
	return nil
}

// urlcanonParts is urlcanon's parse of s, then its steps: the reading as
// urlcanon parses.
func (c *Canonicalizer) urlcanonParts(s string) parts {
	p := parseURLCanon(s)
	for _, st := range c.steps {
		p.do(st)
	}
	return p
}
