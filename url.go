package relurl

// URL is a URL split into the six components of RFC 1808 section 2.4:
//
//	<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>
//
// A URL holds the string it was parsed from and the offsets where each
// component ends, so accessors return substrings of the input without
// allocating and String returns the input byte for byte.
//
// URL is an immutable value: it is comparable with ==, two URLs are equal
// exactly when they were parsed from the same string, and it can be a map
// key. The zero value is the URL parsed from the empty string: every
// component is absent.
//
// Unlike net/url.URL, a URL keeps what RFC 1808 distinguishes: params apart
// from the path, a present-but-empty component apart from an absent one
// (http://a/b? has an empty query, http://a/b has none), and the path exactly
// as written, with no percent-decoding and no dot-segment removal.
type URL struct {
	s string
	// Each field is the end offset in s of one section of the URL, in the
	// order of section 2.4. A section includes its delimiter, so an absent
	// component has an empty section and a present one at least its
	// delimiter:
	//
	//	s[:scheme]          "scheme:"     (0 when there is no scheme)
	//	s[scheme:netloc]    "//net_loc"   (empty when absent)
	//	s[netloc:path]      "path"
	//	s[path:params]      ";params"     (empty when absent)
	//	s[params:query]     "?query"      (empty when absent)
	//	s[query:]           "#fragment"   (empty when absent)
	scheme, netloc, path, params, query int

	// dir is the end of the path's "directory": just past its last "/",
	// or where the path starts when it has none. Step 6 keeps the base
	// path up to there and needs it for every relative path it resolves,
	// so Parse finds it once. dirDots tells whether s[netloc:dir] has a
	// "." or ".." segment, which step 6 must then remove.
	dir     int
	dirDots bool

	// spec is the Spec by which ParseBase split s: 0 (RFC 1808) for
	// Parse. Under RFC 2396 and RFC 3986 netloc ends the authority and
	// params == path (Appendix B).
	spec uint8
}

// String returns the string the URL was parsed from, unchanged.
func (u URL) String() string { return u.s }

// AppendTo appends the URL's string form to b and returns the extended
// buffer.
func (u URL) AppendTo(b []byte) []byte { return append(b, u.s...) }

// AppendText implements encoding.TextAppender.
func (u URL) AppendText(b []byte) ([]byte, error) { return u.AppendTo(b), nil }

// MarshalText implements encoding.TextMarshaler. It returns the URL's
// string form.
func (u URL) MarshalText() ([]byte, error) { return u.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler. Like Parse, it never
// fails: any text is a URL to split. Use Validate to check it against the
// BNF of RFC 1808 section 2.2.
func (u *URL) UnmarshalText(text []byte) error {
	*u = Parse(string(text))
	return nil
}

// IsZero reports whether u is the zero URL, the one parsed from "".
func (u URL) IsZero() bool { return u.s == "" }

// Scheme returns the scheme name without its ":" (section 2.4.2), as
// written: its case is kept. It is empty when the URL has no scheme; a
// scheme is never empty when present.
func (u URL) Scheme() string {
	if u.scheme == 0 {
		return ""
	}
	return u.s[:u.scheme-1]
}

// HasScheme reports whether the URL starts with a scheme name, which makes
// it absolute: resolving it against any base gives it back (section 4,
// step 2b).
func (u URL) HasScheme() bool { return u.scheme != 0 }

// NetLoc returns the network location and login without the leading "//"
// (section 2.4.3). It is empty when absent or present but empty; HasNetLoc
// tells the two apart.
func (u URL) NetLoc() string {
	if u.netloc == u.scheme {
		return ""
	}
	return u.s[u.scheme+2 : u.netloc]
}

// HasNetLoc reports whether the URL has a net_loc, that is whether "//"
// follows the scheme (or starts a URL without one). "http:///x" has an
// empty net_loc; "http:/x" has none.
func (u URL) HasNetLoc() bool { return u.netloc != u.scheme }

// Path returns the path (section 2.4.6). Unlike the RFC's path component,
// it keeps the leading "/" of an absolute path, so that "/g" and "g" stay
// apart; params, query and fragment are not part of it.
func (u URL) Path() string { return u.s[u.netloc:u.path] }

// Params returns the parameters without the leading ";" (section 2.4.5).
// They may contain "/" and ";".
func (u URL) Params() string {
	if u.params == u.path {
		return ""
	}
	return u.s[u.path+1 : u.params]
}

// HasParams reports whether the URL has a ";" starting params.
func (u URL) HasParams() bool { return u.params != u.path }

// Query returns the query without the leading "?" (section 2.4.4).
func (u URL) Query() string {
	if u.query == u.params {
		return ""
	}
	return u.s[u.params+1 : u.query]
}

// HasQuery reports whether the URL has a "?" starting a query.
func (u URL) HasQuery() bool { return u.query != u.params }

// Fragment returns the fragment identifier without the leading "#"
// (section 2.4.1). Strictly it is not part of the URL (section 2.1), but
// Parse keeps it so that nothing of the input is lost.
func (u URL) Fragment() string {
	if u.query == len(u.s) {
		return ""
	}
	return u.s[u.query+1:]
}

// HasFragment reports whether the URL has a "#" starting a fragment.
func (u URL) HasFragment() bool { return u.query != len(u.s) }
