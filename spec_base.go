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
		return b.append3986(dst, ref)
	case RFC2396:
		return b.append2396(dst, ref)
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

// append3986 is append3986(dst, b.String(), ref) with the base parsed: the
// same cases of section 5.2.2, in the same order, each copying the
// sections of the base it needs by their known ends.
func (b *Base) append3986(dst []byte, ref string) []byte {
	s := b.u.s
	if s == "" {
		// No base: a reference with a scheme does not use one; any other
		// is taken as it is.
		if schemeEnd(ref) > 0 {
			return appendAbsolute3986(dst, ref)
		}
		return append(dst, ref...)
	}
	// An empty reference has an empty path and no query, as "#f" has.
	c := byte('#')
	if ref != "" {
		c = ref[0]
	}
	switch c {
	case '#':
		// R.path is empty and R.query undefined: T is Base up to its
		// fragment, then R.fragment.
		return append(append(dst, s[:b.u.query]...), ref...)
	case '?':
		// R.path is empty and R.query defined: Base up to its query.
		return append(append(dst, s[:b.u.path]...), ref...)
	case '/':
		if len(ref) > 1 && ref[1] == '/' {
			// R.authority is defined: Base.scheme, then R without dot
			// segments.
			return appendAbsolute3986(append(dst, s[:b.u.scheme]...), ref)
		}
		// An absolute path: Base's scheme and authority, then
		// remove_dot_segments(R.path) and R.query.
		end, dots := scanPath(ref)
		dst = append(dst, s[:b.u.netloc]...)
		if !dots {
			return append(dst, ref...)
		}
		dst = removeDotSegments(dst, "", ref[:end])
		return append(dst, ref[end:]...)
	}
	end, dots := scanRelativeRef(ref)
	if end < 0 {
		// R.scheme is defined (strict: "http:g" stays "http:g").
		return appendAbsolute3986(dst, ref)
	}
	// A relative path: remove_dot_segments(merge(Base.path, R.path)).
	a, dir := b.u.netloc, b.u.dir
	if dir == a && b.u.HasNetLoc() {
		// 5.2.3: an authority and an empty path merge as "/" + R.path.
		dst = append(dst, s[:a]...)
		return append3986Merge(dst, "/", ref, end, dots)
	}
	if !dots && !b.u.dirDots {
		// 5.2.4 has nothing to remove: one copy from the base.
		return append(append(dst, s[:dir]...), ref...)
	}
	if !b.u.dirDots && dir > a && s[a] == '/' {
		// The commonest dot segments: "../g", "./g", "../../g".
		if up, rest, ok := climbDir(s[a:dir], ref[:end]); ok {
			dst = append(dst, s[:a+len(up)]...)
			return append(append(dst, rest...), ref[end:]...)
		}
	}
	dst = append(dst, s[:a]...)
	return append3986Merge(dst, s[a:dir], ref, end, dots)
}

// append2396 is append2396(dst, b.String(), ref) with the base parsed:
// the steps of section 5.2, each copying the sections of the base it
// needs by their known ends.
func (b *Base) append2396(dst []byte, ref string) []byte {
	s := b.u.s
	if s == "" {
		// No base, or step 3 for a reference with a scheme.
		return append(dst, ref...)
	}
	c := byte('#')
	if ref != "" {
		c = ref[0]
	}
	end, dots := 0, false
	switch c {
	case '#':
		// Step 2: the current document, then the reference's fragment.
		return append(append(dst, s[:b.u.query]...), ref...)
	case '/':
		if len(ref) > 1 && ref[1] == '/' {
			// Step 4: a network-path, after the base's scheme.
			return append(append(dst, s[:b.u.scheme]...), ref...)
		}
		// Step 5: an absolute path, after the base's scheme and authority.
		return append(append(dst, s[:b.u.netloc]...), ref...)
	case '?':
		// Step 6 with an empty path.
	default:
		if end, dots = scanRelativeRef(ref); end < 0 {
			return append(dst, ref...) // step 3: a scheme
		}
	}
	// Step 6: the base's scheme and authority, "/" when the base path is
	// absolute or an authority is defined, the base path up to its last
	// "/" (6a), the reference's path (6b) with rules 6c to 6f applied,
	// then the reference's query and fragment. An authority ends at "/",
	// "?" or "#", so a base with one has an empty path or an absolute one.
	a, dir := b.u.netloc, b.u.dir
	if !dots && !b.u.dirDots {
		// Nothing for rules 6c to 6f to remove: one copy from the base.
		dst = append(dst, s[:dir]...)
		if dir == a && b.u.HasNetLoc() {
			dst = append(dst, '/') // an authority and an empty path
		}
		return append(dst, ref...)
	}
	dst = append(dst, s[:a]...)
	start := a
	switch {
	case dir == a:
		if b.u.HasNetLoc() {
			dst = append(dst, '/')
		}
	case s[a] == '/':
		// The leading "/" starts no segment for rules 6c to 6f.
		dst = append(dst, '/')
		start++
	}
	refPath := ref[:end]
	dst = appendRemoveDots(dst, s[start:dir], refPath, dotSegmentsEnd(refPath))
	return append(dst, ref[end:]...)
}
