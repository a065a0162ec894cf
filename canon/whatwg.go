package canon

import "github.com/relurl/relurl/whatwg"

// This file holds every call into package whatwg, so that a change of its
// API is one edit here.

// parts is a URL parsed by the URL Standard's parser, cut into the
// components the canonicalizers rewrite one by one. Strings are substrings
// of the href until a rule replaces them.
type parts struct {
	href                                        string // the URL Standard's serialization
	scheme, user, pass, host, port, path        string
	query, frag                                 string
	hasHost, hasQuery, hasFrag, opaque, special bool
}

// parseParts runs the URL Standard's basic URL parser on s (no base).
func parseParts(s string) (parts, error) {
	u, err := whatwg.Parse(s, nil)
	if err != nil {
		return parts{}, err
	}
	p := parts{
		href:    u.Href(),
		scheme:  u.Scheme(),
		user:    u.Username(),
		pass:    u.Password(),
		host:    u.Hostname(),
		port:    u.Port(),
		path:    u.Pathname(),
		hasHost: u.HasHost(),
		opaque:  u.HasOpaquePath(),
		special: u.Special(),
	}
	p.query, p.hasQuery = u.Query()
	p.frag, p.hasFrag = u.Fragment()
	return p, nil
}

// isMissingScheme reports whether err is the parser's
// missing-scheme-non-relative-URL: s has no scheme, so a canonicalizer
// that defaults to http may prefix "http://".
func isMissingScheme(err error) bool {
	e, ok := err.(*whatwg.Error)
	return ok && e.Reason == whatwg.MissingSchemeNonRelativeURL
}

// reparseHost is the host of a special URL after the URL Standard's host
// parser has run again on h (a host a rule rewrote): IPv4 numbers in any
// form become dotted decimal. ok is false when the parser rejects h.
func reparseHost(scheme, h string) (string, bool) {
	u, err := whatwg.Parse(scheme+"://"+h+"/", nil)
	if err != nil {
		return "", false
	}
	return u.Hostname(), true
}
