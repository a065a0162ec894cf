package relurl

import "strings"

// A Base is a base URL parsed once, by one specification, for resolving
// many references against it: the links of one page. Parsing finds what
// every resolution would otherwise find again in the base string (where
// its scheme, authority, path and query end, where the directory of its
// path ends and whether that directory has "." or ".." segments), so that
// AppendResolve copies pieces of the base without reading it.
//
//	page := relurl.RFC3986.ParseBase("https://example.com/news/2024/index.html")
//	for _, ref := range links {
//		buf = page.AppendResolve(buf[:0], ref) // no allocation
//	}
//
// Base is a small immutable value: it is comparable with ==, two Bases are
// equal exactly when they were parsed from the same string by the same
// Spec, and it can be a map key. The zero Base is the empty base under
// RFC1808: with no base, a reference is taken as it is (RFC 1808 section
// 4 step 1).
type Base struct {
	// u holds the base string and the ends of its sections. Under RFC1808
	// it is Parse's URL. Under RFC2396 and RFC3986, whose references have
	// no params (";" is part of each path segment), it is the same
	// layout with an empty params section, the split of uriRef: u.netloc
	// ends the authority (at the first "/", "?" or "#" after "//"),
	// u.path == u.params ends the path (at the first "?" or "#"), u.query
	// ends the query, and u.dir and u.dirDots describe the directory of
	// that path.
	u    URL
	spec Spec
}

// ParseBase parses base once, by the specification s, for resolving
// references against it with Base.AppendResolve or Base.Resolve:
// s.ParseBase(base).AppendResolve(dst, ref) appends exactly what
// s.AppendResolve(dst, base, ref) does. Like Parse, it never fails: every
// string is a base, and the empty string is no base. A Spec outside Specs
// parses and resolves as RFC1808.
func (s Spec) ParseBase(base string) Base {
	switch s {
	case RFC2396, RFC3986:
		return Base{u: parseBaseURIRef(base), spec: s}
	}
	return Base{u: Parse(base), spec: s}
}

// parseBaseURIRef splits s by the regular expression of RFC 3986 Appendix
// B (which RFC 2396 Appendix B shares) into the layout of URL with empty
// params, and finds the directory of the path: the part section 5.2.3
// (RFC 2396 step 6a) keeps when merging a relative path.
func parseBaseURIRef(s string) URL {
	u := URL{s: s, scheme: schemeEnd(s)}
	i := u.scheme
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		i = indexAny3(s, i+2, '/', '?', '#')
	}
	u.netloc = i
	i = indexAny2(s, i, '?', '#')
	u.path, u.params = i, i
	u.dir = u.netloc + strings.LastIndexByte(s[u.netloc:i], '/') + 1
	u.dirDots = hasDotSegment(s[u.netloc:u.dir])
	u.query = indexByteOrLen(s, '#')
	return u
}

// Spec returns the specification by which b was parsed and resolves.
func (b Base) Spec() Spec { return b.spec }

// String returns the string b was parsed from, unchanged.
func (b Base) String() string { return b.u.s }

// AppendResolve appends to dst the resolution of ref against the base b
// by b's specification, exactly as b.Spec().AppendResolve(dst,
// b.String(), ref) would, and returns the extended buffer. It does not
// allocate when dst has room for the result, which is never longer than
// len(b.String())+len(ref)+1. Like Spec.AppendResolve it is linear in
// time in len(b.String())+len(ref), but it reads the base only to copy
// from it, or to remove dot segments from its directory.
func (b Base) AppendResolve(dst []byte, ref string) []byte {
	// Small enough to inline, so that the base is not copied for the call.
	return b.appendResolve(dst, ref)
}

func (b *Base) appendResolve(dst []byte, ref string) []byte {
	switch b.spec {
	case RFC3986:
		return append3986(dst, baseView{b.u.s, &b.u}, ref)
	case RFC2396:
		return append2396(dst, baseView{b.u.s, &b.u}, ref)
	}
	return b.u.AppendResolve(dst, ref)
}

// Resolve returns the resolution of ref against the base b by b's
// specification: b.Spec().Resolve(b.String(), ref).
func (b Base) Resolve(ref string) string {
	var buf [256]byte
	out := b.AppendResolve(buf[:0], ref)
	switch string(out) {
	case ref:
		// An absolute URL, or no base: no string to allocate.
		return ref
	case b.u.s:
		// RFC 1808 step 2a: the empty reference is the whole base.
		return b.u.s
	}
	return string(out)
}

// baseView is a base as the resolutions of RFC 3986 and RFC 2396 read
// it, so that their cases are written once (append3986, append2396) for
// both callers: the base string s and, when ParseBase parsed it, its
// section ends in u. Spec.AppendResolve has no parsed base (u is nil):
// each accessor then finds its end in s when a reference's kind asks for
// it, so that a resolution reads no more of the base than it uses, where
// parsing the whole base first would read it all for every reference.
// Base.AppendResolve reads the ends it parsed.
//
// A struct with a nil test rather than a type parameter: the methods of
// a type parameter are called through a dictionary and not inlined,
// while these inline, and the test goes the same way on every call of a
// loop.
type baseView struct {
	s string
	u *URL // the sections of s split by parseBaseURIRef, or nil
}

// schemeEnd returns the end of the "scheme:" section.
func (b baseView) schemeEnd() int {
	if b.u != nil {
		return b.u.scheme
	}
	return schemeEnd(b.s)
}

// authorityEnd returns the end of the "//authority" section: where the
// path starts.
func (b baseView) authorityEnd() int {
	if b.u != nil {
		return b.u.netloc
	}
	return prefixURIRef(b.s).authority
}

// pathEnd returns the end of the path: the first "?" or "#", neither of
// which a scheme or an authority can hold.
func (b baseView) pathEnd() int {
	if b.u != nil {
		return b.u.path
	}
	return indexAny2(b.s, 0, '?', '#')
}

// queryEnd returns the end of the "?query" section: the first "#".
func (b baseView) queryEnd() int {
	if b.u != nil {
		return b.u.query
	}
	return indexByteOrLen(b.s, '#')
}

// dirEnd returns where the directory of the path ends (just past its
// last "/", or a), given a, where the path starts (authorityEnd).
func (b baseView) dirEnd(a int) int {
	if b.u != nil {
		return b.u.dir
	}
	return dirEndOf(b.s, a)
}

// dirEndOf is baseView.dirEnd for an unparsed base, apart so that dirEnd
// inlines.
func dirEndOf(s string, a int) int {
	end := indexAny2(s, a, '?', '#')
	return a + strings.LastIndexByte(s[a:end], '/') + 1
}

// hasAuthority reports whether the base has an authority, given a, where
// its path starts: whether something comes between its scheme and a.
func (b baseView) hasAuthority(a int) bool {
	return a != b.schemeEnd()
}

// dirDots reports whether the directory s[a:dir] (authorityEnd, dirEnd)
// has a "." or ".." segment.
func (b baseView) dirDots(a, dir int) bool {
	if b.u != nil {
		return b.u.dirDots
	}
	return hasDotSegment(b.s[a:dir])
}
