package canon

import (
	"errors"
	"strings"

	"github.com/relurl/relurl/whatwg"
)

// This file holds every call into package whatwg, so that a change of its
// API is one edit here.

// parts is a URL cut into the components the canonicalizers rewrite one by
// one, by either reading: the URL Standard's parser (parseParts) or
// urlcanon's (parseURLCanon, urlcanon.go). Strings are substrings of the
// input or the href until a rule replaces them.
//
// The delimiters are explicit, as urlcanon keeps them: the URL Standard's
// parse sets them from the components (a "@" when there is a userinfo, a
// ":" before a port that is not empty, "//" before a host), urlcanon's as
// the input has them ("http://h:/" keeps its ":"). The serializer writes
// what they say, for both readings.
type parts struct {
	href                                        string // the URL Standard's serialization (its reading only)
	scheme, user, pass, host, port, path        string
	query, frag                                 string
	hasHost, hasQuery, hasFrag, opaque, special bool

	slashes                  string // "//" before the authority; urlcanon's reading keeps any run of "/", "\", tabs
	at, passColon, portColon bool   // "@" after the userinfo, ":" before the password, ":" before the port
	leading, trailing        string // urlcanon's reading: the C0 controls and spaces around the URL
	urlcanon                 bool   // read as urlcanon parses (docs/keys.md#as-urlcanon-parses)
}

// parseParts runs the URL Standard's basic URL parser on s (no base) into
// p (a pointer: parts are large, and copied they cost). It
// uses only the getters of the URL API (href, protocol, username, password,
// hostname, port, pathname, search, hash) and reads from the href what they
// do not say: whether the host, the query and the fragment are null.
func parseParts(s string, p *parts) error {
	u, err := whatwg.Parse(s)
	if err != nil {
		return err
	}
	href, protocol := u.Href(), u.Protocol()
	*p = parts{
		href:   href,
		scheme: protocol[:len(protocol)-1],
		user:   u.Username(),
		pass:   u.Password(),
		host:   u.Hostname(),
		port:   u.Port(),
		path:   u.Pathname(),
		query:  u.Search(),
		frag:   u.Hash(),
	}
	rest := href[len(protocol):]
	// The serializer writes "//" exactly when the host is non-null, and a
	// path that does not start with "/" only when it is opaque.
	p.hasHost = strings.HasPrefix(rest, "//")
	if p.hasHost {
		p.slashes = "//"
	}
	p.at = p.user != "" || p.pass != ""
	p.passColon = p.pass != ""
	p.portColon = p.port != ""
	p.opaque = !p.hasHost && !strings.HasPrefix(rest, "/")
	p.special = isSpecial(p.scheme)
	// "#" and "?" are percent-encoded everywhere but as delimiters, so a
	// null fragment or query leaves no trace, an empty one a final "#"
	// or "?".
	if p.frag != "" {
		p.frag, p.hasFrag = p.frag[1:], true
		href = href[:len(href)-len(p.frag)-1]
	} else if strings.HasSuffix(href, "#") {
		p.hasFrag = true
		href = href[:len(href)-1]
	}
	if p.query != "" {
		p.query, p.hasQuery = p.query[1:], true
	} else {
		p.hasQuery = strings.HasSuffix(href, "?")
	}
	return nil
}

// parseHref is the URL Standard's serialization of s parsed, all the
// whatwg canonicalizer needs: no parts to fill and copy.
func parseHref(s string) (string, error) {
	u, err := whatwg.Parse(s)
	if err != nil {
		return "", err
	}
	return u.Href(), nil
}

// isSpecial reports whether scheme is one of the URL Standard's special
// schemes (section 4.2).
func isSpecial(scheme string) bool {
	switch scheme {
	case "ftp", "file", "http", "https", "ws", "wss":
		return true
	}
	return false
}

// isMissingScheme reports whether err is the parser's
// missing-scheme-non-relative-URL: s has no scheme, so a canonicalizer
// that defaults to http may prefix "http://".
func isMissingScheme(err error) bool {
	return errors.Is(err, whatwg.MissingSchemeNonRelativeURL)
}

// parseError is the URL Standard's parser's error on s, nil when it
// accepts s (for the tests' "never fails on what the parser accepts").
func parseError(s string) error {
	_, err := whatwg.Parse(s)
	return err
}

// reparseHost is the host of a special URL after the URL Standard's host
// parser has run again on h (a host a rule rewrote): IPv4 numbers in any
// form become dotted decimal. ok is false when the parser rejects h.
func reparseHost(scheme, h string) (string, bool) {
	u, err := whatwg.Parse(scheme + "://" + h + "/")
	if err != nil {
		return "", false
	}
	return u.Hostname(), true
}
