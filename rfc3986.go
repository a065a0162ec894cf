package relurl

import (
	"bytes"
	"strings"
)

// This file implements RFC 3986 section 5.2 (and the splitting of
// Appendix B, which RFC 2396 shares), for Spec RFC3986. References are
// split only as far as their kind needs: schemeEnd, prefixURIRef (scheme
// and authority), scanPath and scanRelativeRef (a path, its end and its
// dot segments). The tests check each against a whole split, itself
// checked against Appendix B's regular expression.

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
	// dots reports whether the path may have a "." or ".." segment, for
	// which dot removal has work to do; false only when known to have
	// none.
	dots bool
}

// genDelim marks the four delimiters of Appendix B: the scheme ends at
// ":" and can hold none of them.
var genDelim = [256]bool{':': true, '/': true, '?': true, '#': true}

// isDotSegment reports whether seg is "." or "..".
func isDotSegment(seg string) bool {
	return len(seg) == 1 && seg[0] == '.' || len(seg) == 2 && seg[0] == '.' && seg[1] == '.'
}

func (u uriRef) hasAuthority() bool { return u.authority != u.scheme }
func (u uriRef) pathOf() string     { return u.s[u.authority:u.path] }

// resolve3986 is RFC3986.Resolve.
func resolve3986(base, ref string) string {
	var buf [256]byte
	out := append3986(buf[:0], baseView{s: base}, ref)
	if string(out) == ref {
		// An absolute URL without dot segments, or no base: the reference
		// itself, with no string to allocate.
		return ref
	}
	return string(out)
}

// append3986 is RFC3986.AppendResolve and Base.AppendResolve: section
// 5.2.2 for a strict parser, with the merge of 5.2.3 and
// remove_dot_segments of 5.2.4, and the recomposition of 5.3 done as it
// goes. Each section is copied with its delimiter, so "defined" is kept:
// an undefined component appends nothing, a defined empty one its
// delimiter. The reference's kind is told by its first byte, and only the
// section ends of the base that kind uses are asked of b.
func append3986(dst []byte, b baseView, ref string) []byte {
	base := b.s
	if base == "" {
		// No base (Spec.Resolve): a reference with a scheme does not use
		// one; any other is taken as it is.
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
		// R.path is empty and R.query undefined: T.path = Base.path,
		// T.query = Base.query, T.fragment = R.fragment: the base up to
		// its fragment, then R.fragment.
		return append(append(dst, base[:b.queryEnd()]...), ref...)
	case '?':
		// R.path is empty and R.query defined: the base up to its query,
		// then R.query and R.fragment.
		return append(append(dst, base[:b.pathEnd()]...), ref...)
	case '/':
		if len(ref) > 1 && ref[1] == '/' {
			// R.authority is defined: T.scheme = Base.scheme, then R's
			// authority, its path without dot segments, its query.
			return appendAbsolute3986(append(dst, base[:b.schemeEnd()]...), ref)
		}
		// R.path starts with "/": Base's scheme and authority, then
		// remove_dot_segments(R.path), R.query.
		end, dots := scanPath(ref)
		dst = append(dst, base[:b.authorityEnd()]...)
		if !dots {
			return append(dst, ref...)
		}
		dst = removeDotSegments(dst, "", ref[:end])
		return append(dst, ref[end:]...)
	}
	end, dots := scanRelativeRef(ref)
	if end < 0 {
		// R.scheme is defined: the base is not used. A strict parser keeps
		// the scheme even when it is the base's: "http:g" stays "http:g".
		return appendAbsolute3986(dst, ref)
	}
	// A relative path: Base's scheme and authority, then
	// remove_dot_segments(merge(Base.path, R.path)), R.query. The merge
	// (5.2.3) appends R.path to the base path up to its last "/", or to
	// "/" when the base has an authority and an empty path.
	a := b.authorityEnd()
	dirEnd := b.dirEnd(a)
	if dirEnd == a && b.hasAuthority(a) {
		// An authority, so the path is empty or starts with "/": empty.
		dst = append(dst, base[:a]...)
		return append3986Merge(dst, "/", ref, end, dots)
	}
	dirDots := b.dirDots(a, dirEnd)
	if !dots && !dirDots {
		// 5.2.4 has nothing to remove: one copy from the base.
		return append(append(dst, base[:dirEnd]...), ref...)
	}
	if !dirDots && dirEnd > a && base[a] == '/' {
		// The commonest dot segments: "../g", "./g", "../../g".
		if up, rest, ok := climbDir(base[a:dirEnd], ref[:end]); ok {
			dst = append(dst, base[:a+len(up)]...)
			return append(append(dst, rest...), ref[end:]...)
		}
	}
	dst = append(dst, base[:a]...)
	return append3986Merge(dst, base[a:dirEnd], ref, end, dots)
}

// climbDir applies 5.2.4 to dir+path where dir starts with "/", ends with
// "/" and has no dot segment, and path starts with "." and ".." segments
// and has none after them. Then rules B and C only drop each leading "./"
// and pop one segment of dir for each "../", never above its root "/",
// and E moves the rest: the result is up+rest, up a prefix of dir. ok is
// false when path has a dot segment after its leading ones.
func climbDir(dir, path string) (up, rest string, ok bool) {
	for {
		switch {
		case strings.HasPrefix(path, "../"):
			dir, path = parentDir(dir), path[3:]
		case strings.HasPrefix(path, "./"):
			path = path[2:]
		case path == "..":
			dir, path = parentDir(dir), ""
		case path == ".":
			path = ""
		default:
			return dir, path, !hasDotSegment(path)
		}
	}
}

// parentDir returns dir, which starts and ends with "/", without its last
// segment; the root "/" is its own parent.
func parentDir(dir string) string {
	if len(dir) <= 1 {
		return dir
	}
	return dir[:strings.LastIndexByte(dir[:len(dir)-1], '/')+1]
}

// appendAbsolute3986 appends ref, which has a scheme or an authority,
// with the dot segments of its path removed: the target of section 5.2.2
// when R.scheme or R.authority is defined, but for what comes from the
// base.
func appendAbsolute3986(dst []byte, ref string) []byte {
	a := prefixURIRef(ref).authority
	end, dots := scanPath(ref[a:])
	if !dots {
		return append(dst, ref...)
	}
	dst = append(dst, ref[:a]...)
	dst = removeDotSegments(dst, "", ref[a:a+end])
	return append(dst, ref[a+end:]...)
}

// append3986Merge appends remove_dot_segments(dir + ref[:end]) and the rest
// of ref.
func append3986Merge(dst []byte, dir, ref string, end int, dots bool) []byte {
	if !dots && !hasDotSegment(dir) {
		return append(append(dst, dir...), ref...)
	}
	dst = removeDotSegments(dst, dir, ref[:end])
	return append(dst, ref[end:]...)
}

// indexByteOrLen returns the index of the first c in s, or len(s).
func indexByteOrLen(s string, c byte) int {
	if i := strings.IndexByte(s, c); i >= 0 {
		return i
	}
	return len(s)
}

// Classes of refClass.
const (
	refColon = 1 << iota
	refSlash
	refPathEnd
)

var refClass = [256]uint8{':': refColon, '/': refSlash, '?': refPathEnd, '#': refPathEnd}

// scanPath reads the path that starts ref, up to the first "?" or "#",
// once, and returns its end and whether it has a "." or ".." segment.
func scanPath(ref string) (end int, dots bool) {
	seg := 0
	for i := 0; i < len(ref); i++ {
		switch refClass[ref[i]] {
		case refSlash:
			dots = dots || isDotSegment(ref[seg:i])
			seg = i + 1
		case refPathEnd:
			return i, dots || isDotSegment(ref[seg:i])
		}
	}
	return len(ref), dots || isDotSegment(ref[seg:])
}

// scanRelativeRef reads a reference that starts with none of "/", "?" and
// "#" once, and returns where its path ends (the first "?" or "#") and
// whether the path has a "." or ".." segment; end is -1 when the
// reference has a scheme (a ":" before any "/", "?" or "#", not first).
func scanRelativeRef(ref string) (end int, dots bool) {
	seg, first := 0, true
	for i := 0; i < len(ref); i++ {
		switch refClass[ref[i]] {
		case 0:
		case refColon:
			if first && i > 0 {
				return -1, false
			}
			first = false
		case refSlash:
			dots = dots || isDotSegment(ref[seg:i])
			seg, first = i+1, false
		default:
			return i, dots || isDotSegment(ref[seg:i])
		}
	}
	return len(ref), dots || isDotSegment(ref[seg:])
}

// prefixURIRef splits off the scheme and authority of s as parseURIRef
// does, and leaves the rest unsplit: path, query and fragment sections
// are then wrong, and only s[:scheme] and s[scheme:authority] may be used.
// A URL's scheme and authority are short, and this saves scanning the
// rest for "?" and "#".
func prefixURIRef(s string) uriRef {
	u := uriRef{s: s, scheme: schemeEnd(s)}
	i := u.scheme
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		i = indexAny3(s, i+2, '/', '?', '#')
	}
	u.authority, u.path, u.query = i, i, i
	return u
}

// schemeEnd returns the length of the "scheme:" section that starts s, or
// 0: Appendix B's (([^:/?#]+):)?.
func schemeEnd(s string) int {
	i := 0
	for i < len(s) && !genDelim[s[i]] {
		i++
	}
	if i > 0 && i < len(s) && s[i] == ':' {
		return i + 1
	}
	return 0
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
	return removeDotSegments(dst, dir, path)
}

// removeDotSegments is appendRemoveDotSegments for callers that know
// dir+path has a dot segment, or do not mind the slower way.
func removeDotSegments(dst []byte, dir, path string) []byte {
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
