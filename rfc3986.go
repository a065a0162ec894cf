package relurl

import (
	"bytes"
	"strings"
)

// This file implements RFC 3986 section 5.2 (and the parsing of Appendix
// B, which RFC 2396 shares), for Spec RFC3986.

// uriRef is a URI reference split into the five components of RFC 3986
// section 3 by the regular expression of Appendix B:
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// It differs from RFC 1808's URL in three ways. There are no params: ";" is
// an ordinary path character, so params belong to the path segment they
// follow ("/b;p/c" is one path). The authority ends at the first "/", "?"
// or "#", where RFC 1808's net_loc ends at "/" only ("http://a?q" has
// authority "a" and query "q"). The scheme is also wider: whatever
// precedes the first ":" when no "/", "?" or "#" comes before it (the
// regular expression does not check the characters of section 3.1).
//
// Like URL it keeps the string and the end offset of each section, each
// section with its delimiter, so that presence is kept: an absent
// component has an empty section.
type uriRef struct {
	s string
	//	s[:scheme]          "scheme:"      (0 when undefined)
	//	s[scheme:authority] "//authority"  (empty when undefined)
	//	s[authority:path]   "path"         (never undefined, maybe empty)
	//	s[path:query]       "?query"       (empty when undefined)
	//	s[query:]           "#fragment"    (empty when undefined)
	scheme, authority, path, query int
	// dots reports whether the path has a "." or ".." segment, for which
	// remove_dot_segments has work to do; parsing finds out on the way.
	dots bool
}

// genDelim and pathEnd classify the bytes that end a component in
// Appendix B: the scheme ends at ":" and can hold none of the four; the
// authority and path segments end at "/", "?" or "#".
var (
	genDelim = [256]bool{':': true, '/': true, '?': true, '#': true}
	pathEnd  = [256]bool{'/': true, '?': true, '#': true}
)

// parseURIRef splits s by Appendix B. Like the regular expression, it
// matches every string. It reads s once, up to the query, each part with
// the rule of its group; URL parts are short, and a loop over a table
// beats several strings.IndexByte calls there.
func parseURIRef(s string) uriRef {
	u := uriRef{s: s}
	// (([^:/?#]+):)? : a non-empty run of anything but the four
	// delimiters, followed by ":".
	i := 0
	for i < len(s) && !genDelim[s[i]] {
		i++
	}
	if i > 0 && i < len(s) && s[i] == ':' {
		u.scheme = i + 1
	}
	// (//([^/?#]*))? : the authority runs to the next "/", "?" or "#".
	i = u.scheme
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		for i += 2; i < len(s) && !pathEnd[s[i]]; i++ {
		}
	}
	u.authority = i
	// ([^?#]*) : the path runs to the first "?" or "#"; note on the way
	// whether a segment is "." or "..".
	seg := i
	for ; i < len(s); i++ {
		if c := s[i]; pathEnd[c] {
			if c != '/' {
				break
			}
			u.dots = u.dots || isDotSegment(s[seg:i])
			seg = i + 1
		}
	}
	u.dots = u.dots || isDotSegment(s[seg:i])
	u.path = i
	// (\?([^#]*))? (#(.*))? : the first "#" after starts the fragment.
	if i < len(s) && s[i] == '?' {
		if j := strings.IndexByte(s[i:], '#'); j >= 0 {
			i += j
		} else {
			i = len(s)
		}
	}
	u.query = i
	return u
}

// isDotSegment reports whether seg is "." or "..".
func isDotSegment(seg string) bool {
	return len(seg) == 1 && seg[0] == '.' || len(seg) == 2 && seg[0] == '.' && seg[1] == '.'
}

func (u uriRef) hasScheme() bool    { return u.scheme != 0 }
func (u uriRef) hasAuthority() bool { return u.authority != u.scheme }
func (u uriRef) hasQuery() bool     { return u.query != u.path }
func (u uriRef) pathOf() string     { return u.s[u.authority:u.path] }

// resolve3986 is RFC3986.Resolve.
func resolve3986(base, ref string) string {
	r := parseURIRef(ref)
	if r.hasScheme() && !r.dots || base == "" && !r.hasScheme() {
		// Section 5.2.2 with a scheme, where remove_dot_segments changes
		// nothing, or no base (Spec.Resolve): the target is the reference
		// as written.
		return ref
	}
	var buf [256]byte
	return string(appendResolve3986(buf[:0], base, r))
}

// append3986 is RFC3986.AppendResolve.
func append3986(dst []byte, base, ref string) []byte {
	return appendResolve3986(dst, base, parseURIRef(ref))
}

// appendResolve3986 appends the target of r against base, parsing only
// as much of the base as the reference's kind needs.
func appendResolve3986(dst []byte, base string, r uriRef) []byte {
	switch {
	case r.hasScheme():
		// The base is not used: no need to parse it.
		return uriRef{}.appendTransform3986(dst, r)
	case base == "":
		// No base (Spec.Resolve): the reference as it is.
		return append(dst, r.s...)
	case r.hasAuthority() || r.path > 0 && r.s[0] == '/':
		// Only the base's scheme and authority are used: split no further.
		return prefixURIRef(base).appendTransform3986(dst, r)
	case r.path == 0:
		// An empty path (5.2.2): the base up to its fragment, or up to its
		// query when the reference has one, then the reference. Neither
		// the scheme nor the authority can hold "?" or "#", so the first
		// of them in the base ends its path.
		end := strings.IndexByte(base, '#')
		if end < 0 {
			end = len(base)
		}
		if r.hasQuery() {
			if q := strings.IndexByte(base[:end], '?'); q >= 0 {
				end = q
			}
		}
		dst = append(dst, base[:end]...)
		return append(dst, r.s...)
	}
	return parseURIRef(base).appendTransform3986(dst, r)
}

// prefixURIRef splits off the scheme and authority of s as parseURIRef
// does, and leaves the rest unsplit: path, query and fragment sections
// are then wrong, and only s[:scheme] and s[scheme:authority] may be used.
// A URL's scheme and authority are short, and this saves scanning the
// rest for "?" and "#".
func prefixURIRef(s string) uriRef {
	u := uriRef{s: s}
	i := 0
	for i < len(s) && !genDelim[s[i]] {
		i++
	}
	if i > 0 && i < len(s) && s[i] == ':' {
		u.scheme = i + 1
	}
	i = u.scheme
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		for i += 2; i < len(s) && !pathEnd[s[i]]; i++ {
		}
	}
	u.authority, u.path, u.query = i, i, i
	return u
}

// appendTransform3986 appends the target of reference r against base b by
// the strict algorithm of section 5.2.2, recomposed by section 5.3 as it
// goes: each component is appended with its delimiter, in the order of
// 5.3, from the base or the reference. Because sections keep their
// delimiters, "defined" is kept: an undefined component appends nothing.
func (b uriRef) appendTransform3986(dst []byte, r uriRef) []byte {
	switch {
	case r.hasScheme():
		// A strict parser keeps the scheme even when it is the base's:
		// "http:g" stays "http:g" (section 5.4.2).
		dst = append(dst, r.s[:r.authority]...)
		dst = r.appendPath(dst)
	case r.hasAuthority():
		dst = append(dst, b.s[:b.scheme]...)
		dst = append(dst, r.s[:r.authority]...)
		dst = r.appendPath(dst)
	case r.path == r.authority:
		// An empty path: the base's path, as it is (no dot removal), and
		// the base's query unless the reference defines one.
		dst = append(dst, b.s[:b.path]...)
		if !r.hasQuery() {
			dst = append(dst, b.s[b.path:b.query]...)
		}
	case r.s[r.authority] == '/':
		dst = append(dst, b.s[:b.authority]...)
		dst = r.appendPath(dst)
	default:
		dst = append(dst, b.s[:b.authority]...)
		dir := b.mergeDir()
		if !r.dots && (!b.dots || !hasDotSegment(dir)) {
			// 5.2.4 has nothing to remove.
			dst = append(dst, dir...)
			dst = append(dst, r.pathOf()...)
		} else {
			dst = appendRemoveDotSegments(dst, dir, r.pathOf())
		}
	}
	// T.query = R.query (unless inherited above) and T.fragment =
	// R.fragment, always.
	return append(dst, r.s[r.path:]...)
}

// appendPath appends remove_dot_segments of the reference's own path.
func (r uriRef) appendPath(dst []byte) []byte {
	if !r.dots {
		return append(dst, r.pathOf()...)
	}
	return appendRemoveDotSegments(dst, "", r.pathOf())
}

// mergeDir returns what section 5.2.3 keeps of the base path in a merge,
// the reference's path to be appended to it: "/" when the base has an
// authority and an empty path; otherwise the base path up to and
// including its right-most "/", or nothing when it has none.
func (b uriRef) mergeDir() string {
	p := b.pathOf()
	if p == "" && b.hasAuthority() {
		return "/"
	}
	return p[:strings.LastIndexByte(p, '/')+1]
}

// appendRemoveDotSegments appends remove_dot_segments(dir + path) (section
// 5.2.4) to dst, where dir is empty or ends in "/".
//
// The algorithm as written moves a prefix of an input buffer at a time
// and rewrites the buffer, which done literally is quadratic. Here the
// input is read once, segment by segment, and the output buffer dst is a
// stack: rule E pushes "/segment", rule C pops the last segment with its
// "/", which touches each byte once. Each segment s[0], s[1], ... of
// dir+path ("/a/b" has segments "", "a" and "b") meets the rules as
// follows:
//
//   - A and D apply only while the input starts with "../", "./" or is
//     "." or "..": those leading "." and ".." segments are dropped, and the
//     next segment becomes the first;
//   - the first segment that is not "." or ".." is moved as it is by E, no
//     "/" before it ("" when the path starts with "/");
//   - every later segment comes after a "/": "." is dropped (B), ".."
//     pops (C), and anything else is pushed with its "/" (E); B and C leave
//     a "/" in the input, so a final "." or ".." leaves a final "/" in the
//     output.
//
// rfc3986_test.go checks this against a literal transcription of the
// rules.
func appendRemoveDotSegments(dst []byte, dir, path string) []byte {
	if !hasDotSegment(dir) && !hasDotSegment(path) {
		// No rule but E applies: the output is the input.
		dst = append(dst, dir...)
		return append(dst, path...)
	}
	d := dotRemover{start: len(dst), leading: true}
	if dir != "" && !hasDotSegment(dir) {
		// Every segment of dir is moved by E: the output is dir without
		// its final "/", which stays in the input before path.
		dst = append(dst, dir[:len(dir)-1]...)
		d.leading, dir = false, ""
	}
	// dir is empty or ends in "/", so none of its segments is the last one
	// and no segment straddles dir and path.
	for dir != "" {
		i := strings.IndexByte(dir, '/')
		dst = d.push(dst, dir[:i], false)
		dir = dir[i+1:]
	}
	for {
		i := strings.IndexByte(path, '/')
		if i < 0 {
			return d.push(dst, path, true)
		}
		dst = d.push(dst, path[:i], false)
		path = path[i+1:]
	}
}

// dotRemover is the state of appendRemoveDotSegments.
type dotRemover struct {
	start   int  // where the output buffer starts in dst
	leading bool // the next segment is the first of the input buffer
}

// push applies the rules of section 5.2.4 to one segment; last tells
// whether it ends the input.
func (d *dotRemover) push(dst []byte, seg string, last bool) []byte {
	if d.leading {
		if seg == "." || seg == ".." {
			// A removes "./" or "../"; D removes a final "." or "..".
			return dst
		}
		// E moves the first segment, with no "/" before it.
		d.leading = false
		return append(dst, seg...)
	}
	switch seg {
	case ".":
		// B replaces "/./" or a final "/." with "/".
	case "..":
		// C replaces "/../" or a final "/.." with "/" and removes the
		// last segment and its preceding "/", if any, from the output.
		out := dst[d.start:]
		dst = dst[:d.start+max(bytes.LastIndexByte(out, '/'), 0)]
	default:
		dst = append(dst, '/')
		return append(dst, seg...)
	}
	if last {
		// The "/" that B or C left is moved by E.
		dst = append(dst, '/')
	}
	return dst
}
