package relurl

import "strings"

// This file resolves by RFC 2396 section 5.2 and RFC 3986 section 5.2, one
// algorithm with their differences as uriRules. Both split references by
// the regular expression of Appendix B (the same in both):
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// There are no params: ";" belongs to each path segment. The authority
// ends at the first "/", "?" or "#" (RFC 1808's net_loc at "/" only).
//
// Where RFC 2396 leaves a choice or is silent, we read it so:
//   - ".." above the root (step 6g) is kept, Appendix C's first answer and
//     RFC 1808's: "../../../g" gives "http://a/../g";
//   - "" and "#s" (step 2) give the base without its fragment, then the
//     reference's fragment (a base URI has no fragment, section 4.1);
//   - an authority with an empty path has path "/" in step 6 (stepRoot);
//   - "http:g" stays "http:g": the loophole of step 3 is not taken.

// uriRules are the differences between RFC 2396 and RFC 3986 section 5.2.
type uriRules struct {
	// dotsAnywhere: RFC 3986 5.2.2 removes dot segments from every path,
	// the reference's own included; RFC 2396 only from merged ones (6c-6f).
	dotsAnywhere bool
	// queryKeepsPath: RFC 3986 resolves "?y" to the base path; RFC 2396
	// merges it (step 6), dropping the base path's last segment.
	queryKeepsPath bool
	// dropAbove: RFC 3986 5.2.4 drops ".." above the root; RFC 2396 6g
	// keeps it (our reading).
	dropAbove bool
}

var (
	rules2396 = uriRules{}
	rules3986 = uriRules{dotsAnywhere: true, queryKeepsPath: true, dropAbove: true}
)

// appendURI is section 5.2 of RFC 2396 or RFC 3986, recomposition (2396
// step 7, 3986 section 5.3) done as it goes: each section is copied with
// its delimiter, so an undefined component appends nothing and a defined
// empty one its delimiter. The reference's kind is told by its first byte,
// and only the section ends of the base that kind uses are asked of b.
func appendURI(dst []byte, b baseView, ref string, ru *uriRules, rec *recorder) []byte {
	base := b.s
	if base == "" {
		// No base (section 5.1.4 leaves it to the application).
		if ru.dotsAnywhere && schemeEnd(ref) > 0 {
			return appendAbsolute(dst, ref, rec)
		}
		rec.note("1", "no base: the reference is taken as it is")
		return append(dst, ref...)
	}
	// An empty reference has an empty path and no query, as "#f" has.
	c := byte('#')
	if ref != "" {
		c = ref[0]
	}
	end, dotsEnd := 0, 0
	switch c {
	case '#':
		// The current document: the base up to its fragment, then the
		// reference's.
		rec.note("2", "an empty path, no scheme, authority or query: the base up to its fragment")
		return append(append(dst, base[:b.queryEnd()]...), ref...)
	case '/':
		if len(ref) > 1 && ref[1] == '/' {
			// An authority: after the base's scheme, the rest stands.
			rec.note("4", "an authority: the reference after the base's scheme")
			dst = append(dst, base[:b.schemeEnd()]...)
			if ru.dotsAnywhere {
				return appendAbsolute(dst, ref, rec)
			}
			return append(dst, ref...)
		}
		// An absolute path, after the base's scheme and authority.
		rec.note("5", "an absolute path: the reference after the base's scheme and authority")
		dst = append(dst, base[:b.authorityEnd()]...)
		if ru.dotsAnywhere {
			return appendAbsolute(dst, ref, rec)
		}
		return append(dst, ref...)
	case '?':
		if ru.queryKeepsPath {
			rec.note("5.2.2", "an empty path and a query: the base up to its query")
			return append(append(dst, base[:b.pathEnd()]...), ref...)
		}
	default:
		if schemeEnd(ref) > 0 {
			// A scheme: the base is not used.
			if ru.dotsAnywhere {
				return appendAbsolute(dst, ref, rec)
			}
			rec.note("3", "a scheme: the reference is absolute")
			return append(dst, ref...)
		}
		end = indexAny2(ref, 0, '?', '#')
		dotsEnd = dotSegmentsEnd(ref[:end])
	}
	// A relative path: the base path up to its last "/" (2396 6a, 3986
	// 5.2.3), then the reference's path, then its query and fragment.
	a := b.authorityEnd()
	dir := b.dirEnd(a)
	dirDots := b.dirDots(a, dir)
	if dotsEnd == 0 && !dirDots && rec == nil {
		dst = append(dst, base[:dir]...)
		if dir == a && b.hasAuthority(a) {
			dst = append(dst, '/') // stepRoot: an authority and an empty path
		}
		return append(dst, ref...)
	}
	start, root := stepRoot(base, a, b.hasAuthority(a))
	if rec == nil && !dirDots && (start != a || !root && !ru.dropAbove) {
		// Keep the base up to the part of its directory that the leading
		// dots leave, in one piece (not when the root "/" is added, nor
		// for a rootless path that dropAbove may root).
		if keep, from, ok := popLeadingDots(base[start:dir], ref[:dotsEnd], ru.dropAbove); ok {
			return append(append(dst, base[:start+keep]...), ref[from:]...)
		}
	}
	dst = append(dst, base[:a]...)
	if root {
		dst = append(dst, '/')
	}
	d := dotStack{drop: ru.dropAbove, rooted: root, rec: rec}
	if rec != nil {
		rec.note("6", "a relative path: merged with the base path, then dot segments removed")
		rec.merge(base, a, start, dir, b.pathEnd(), root, ref[:end])
		dotsEnd = end
	}
	dst = d.appendPath(dst, base[start:dir], dirDots, ref[:end], dotsEnd)
	rec.dotsDone()
	return append(dst, ref[end:]...)
}

// appendAbsolute appends ref, which has a scheme or an authority, with the
// dot segments of its own path removed (RFC 3986 5.2.2).
func appendAbsolute(dst []byte, ref string, rec *recorder) []byte {
	a := authorityEnd(ref)
	end := indexAny2(ref, a, '?', '#')
	start, root := stepRoot(ref, a, false)
	dotsEnd := dotSegmentsEnd(ref[start:end])
	rec.note("5.2.2", "remove_dot_segments(R.path)")
	if rec != nil {
		dotsEnd = end - start
	} else if dotsEnd == 0 {
		return append(dst, ref...)
	}
	dst = append(dst, ref[:start]...)
	d := dotStack{drop: true, rooted: root, rec: rec}
	dst = d.appendPath(dst, "", false, ref[start:end], dotsEnd)
	rec.dotsDone()
	return append(dst, ref[end:]...)
}

// parseURI splits s by Appendix B into the layout of URL with empty params,
// and finds the directory of its path (what RFC 2396 6a and RFC 3986 5.2.3
// keep when merging).
func parseURI(s string) URL {
	u := URL{s: s, scheme: schemeEnd(s)}
	u.netloc = authorityEnd(s)
	i := indexAny2(s, u.netloc, '?', '#')
	u.path, u.params = i, i
	u.dir = u.netloc + strings.LastIndexByte(s[u.netloc:i], '/') + 1
	u.dirDots = dotSegmentsEnd(s[u.netloc:u.dir]) != 0
	u.query = parseFragment(s)
	return u
}

// schemeEnd returns the length of the "scheme:" section that starts s, or
// 0: Appendix B's (([^:/?#]+):)?.
func schemeEnd(s string) int { return schemeLen(s, classNotGenDelim) }

// authorityEnd returns the end of the "scheme://authority" sections of s,
// where its path starts. Scheme and authority are short, and this saves
// scanning the rest for "?" and "#".
func authorityEnd(s string) int {
	i := schemeEnd(s)
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		i = indexAny3(s, i+2, '/', '?', '#')
	}
	return i
}

// baseView is a base as appendURI reads it: the string, and the sections
// parseURI found when the base was parsed once (ParsedBase), or nil. With
// no parsed base (Spec.Resolve), each accessor finds its end in s when a
// reference's kind asks for it, so a resolution reads no more of the base
// than it uses. A struct with a nil test rather than a type parameter: the
// methods of a type parameter go through a dictionary and do not inline.
type baseView struct {
	s string
	u *URL
}

func (b baseView) schemeEnd() int {
	if b.u != nil {
		return b.u.scheme
	}
	return schemeEnd(b.s)
}

func (b baseView) authorityEnd() int {
	if b.u != nil {
		return b.u.netloc
	}
	return authorityEnd(b.s)
}

// pathEnd is the first "?" or "#", neither of which a scheme or an
// authority can hold.
func (b baseView) pathEnd() int {
	if b.u != nil {
		return b.u.path
	}
	return indexAny2(b.s, 0, '?', '#')
}

func (b baseView) queryEnd() int {
	if b.u != nil {
		return b.u.query
	}
	return parseFragment(b.s)
}

// dirEnd returns where the directory of the path that starts at a ends:
// just past its last "/", or a.
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

// hasAuthority reports whether something comes between the scheme and a,
// where the path starts.
func (b baseView) hasAuthority(a int) bool { return a != b.schemeEnd() }

// dirDots reports whether the directory s[a:dir] has a dot segment.
func (b baseView) dirDots(a, dir int) bool {
	if b.u != nil {
		return b.u.dirDots
	}
	return dotSegmentsEnd(b.s[a:dir]) != 0
}
