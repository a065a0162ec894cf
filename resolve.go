package relurl

import (
	"bytes"
	"strings"
)

// Resolve returns the absolute form of the embedded URL ref in the context
// of the base URL base, by the algorithm of RFC 1808 section 4.
//
// It is defined for any two strings and never fails. It does no
// percent-decoding and no case folding: "%2e%2e" is not "..". An empty
// base leaves ref as it is (step 1); an empty ref gives the whole base
// (step 2a); a ref with a scheme, even the base's own, is already absolute
// (step 2b: "http:g" stays "http:g").
//
// Resolution is linear in time and memory in len(base)+len(ref).
func Resolve(base, ref string) string {
	// Steps 1, 2a and 2b return one of the inputs: no need to build a string.
	if base == "" || ref == "" {
		return pick(base, ref)
	}
	if parseScheme(ref) != 0 {
		return ref
	}
	var buf [256]byte
	dst := buf[:0]
	if n := len(base) + len(ref) + 1; n > len(buf) {
		dst = make([]byte, 0, n) // the most the result can take
	}
	b := Parse(base)
	return string(b.appendResolve(dst, ref))
}

// AppendResolve appends to dst the resolution of ref against the base u,
// exactly as Resolve(u.String(), ref) would return it, and returns the
// extended buffer. It does not allocate when dst has room for the result,
// which is never longer than len(u.String()) + len(ref) + 1.
func (u URL) AppendResolve(dst []byte, ref string) []byte {
	// Small enough to inline, so that the base is not copied for the call.
	return u.appendResolve(dst, ref)
}

// Resolve returns the resolution of ref against the base u, parsed.
func (u URL) Resolve(ref string) URL {
	if u.s == "" || ref == "" {
		return Parse(pick(u.s, ref))
	}
	if parseScheme(ref) != 0 {
		return Parse(ref)
	}
	return Parse(string(u.appendResolve(nil, ref)))
}

// pick implements steps 1 and 2a, for a base or a reference that is the
// empty string.
func pick(base, ref string) string {
	if base == "" {
		// Step 1: with no base URL the reference is taken as absolute.
		return ref
	}
	// Step 2a: an entirely empty reference inherits the entire base URL,
	// fragment included.
	return base
}

// appendResolve runs steps 1 to 7 of section 4. Step 7 (recombination)
// is done as it goes: each component is appended, with its delimiter, in
// the order of section 2.1, taken from the base or from the reference.
// Where consecutive components come from the same URL, they are copied in
// one piece.
func (b *URL) appendResolve(dst []byte, ref string) []byte {
	if b.s == "" || ref == "" {
		return append(dst, pick(b.s, ref)...)
	}
	// The commonest references are told by their first byte, without
	// parsing: each case is the general one below, specialised.
	switch ref[0] {
	case '#':
		// Path empty (step 5): the reference inherits everything but the
		// fragment, which is its own.
		return append(append(dst, b.s[:b.query]...), ref...)
	case '?':
		// Path empty, no params (step 5a inherits the base's). Step 5b: a
		// non-empty query stands; an empty one inherits the base's.
		if len(ref) > 1 && ref[1] != '#' {
			return append(append(dst, b.s[:b.params]...), ref...)
		}
		return append(append(dst, b.s[:b.query]...), ref[1:]...)
	case '/':
		if len(ref) == 1 || ref[1] != '/' {
			// No net_loc (step 3 inherits the base's) and an absolute
			// path (step 4).
			return append(append(dst, b.s[:b.netloc]...), ref...)
		}
		if parseNetLoc(ref, 0) > 2 {
			// Step 3: a non-empty net_loc, and the rest of the reference
			// stands as written after the base's scheme (step 2c).
			return append(append(dst, b.s[:b.scheme]...), ref...)
		}
	case ';':
	default:
		// A relative path (step 6), then the reference's own params,
		// query and fragment. One scan tells a scheme and where the
		// path's dot segments end.
		end, dotsEnd := scanRelativePath(ref)
		if end < 0 {
			// Step 2b: the reference has a scheme and is absolute.
			return append(dst, ref...)
		}
		if dotsEnd == 0 && !b.dirDots && b.path != b.netloc {
			// The commonest case of appendStep6, without the call.
			return append(append(dst, b.s[:b.dir]...), ref...)
		}
		return b.appendStep6(dst, ref, dotsEnd)
	}
	r := Parse(ref)

	// Step 2c: the reference inherits the scheme of the base.
	// Step 3: a non-empty net_loc makes the rest of the reference stand as
	// written. Otherwise the base's net_loc is inherited, with its presence:
	// "//" (present but empty) still inherits.
	if r.NetLoc() != "" {
		return append(append(dst, b.s[:b.scheme]...), r.s...)
	}
	refPath := r.Path()
	switch {
	case strings.HasPrefix(refPath, "/"):
		// Step 4: an absolute path is not relative.
		return append(append(dst, b.s[:b.netloc]...), r.s[r.netloc:]...)
	case refPath == "":
		return b.appendStep5(dst, r)
	}
	return b.appendStep6(dst, r.s[r.netloc:], dotSegmentsEnd(refPath))
}

// appendStep5 handles a reference whose path is empty: it inherits the
// base's path, and its params and query unless it has non-empty ones.
func (b *URL) appendStep5(dst []byte, r URL) []byte {
	dst = append(dst, b.s[:b.path]...)
	// Step 5a: non-empty params skip to step 7, keeping the reference's
	// query. Otherwise the base's params are inherited, if any.
	if r.Params() != "" {
		return append(dst, r.s[r.path:]...)
	}
	dst = append(dst, b.s[b.path:b.params]...)
	// Step 5b: likewise for the query. The fragment is never inherited
	// here: only an entirely empty reference inherits it (step 2a).
	if r.Query() != "" {
		return append(dst, r.s[r.params:]...)
	}
	dst = append(dst, b.s[b.params:b.query]...)
	return append(dst, r.s[r.query:]...)
}

// appendStep6 appends the merged path of step 6: the base path without its
// last segment, followed by the reference's path, with "." and ".."
// segments removed by rules 6a to 6d; then the reference's own params,
// query and fragment (step 7). ref is the reference from its path on, and
// refDotsEnd is dotSegmentsEnd of its path: where its last "." or ".."
// segment ends, or 0.
//
// As RFC1808-NOTES.md reads section 2.4.6, the leading "/" of the base path
// is not part of the path the rules work on; this is why "../../../g"
// resolves to "http://a/../g". A base with a net_loc and an empty path has
// path "/" (RFC 1738: the two are the same URL).
func (b *URL) appendStep6(dst []byte, ref string, refDotsEnd int) []byte {
	if b.path == b.netloc {
		// An empty base path: nothing of it is kept.
		dst = append(dst, b.s[:b.netloc]...)
		if b.HasNetLoc() {
			dst = append(dst, '/')
		}
		if refDotsEnd == 0 {
			return append(dst, ref...)
		}
		return appendRemoveDots(dst, "", ref, refDotsEnd)
	}
	// Most links have no "." or ".." segment: then rules 6a to 6d change
	// nothing and the merge is a plain copy. The scheme and net_loc (step 3
	// inherits it) and the base path up to its last "/" are one piece of
	// the base. The directory ends in "/", so segments of it and of the
	// reference never straddle the join.
	if refDotsEnd == 0 && !b.dirDots {
		return append(append(dst, b.s[:b.dir]...), ref...)
	}
	// Rules 6a-6d work on the path without its leading "/".
	pathStart := b.netloc
	if b.s[pathStart] == '/' {
		pathStart++
	}
	dir := b.s[pathStart:b.dir]
	if !b.dirDots {
		if keep, from, ok := popLeadingDots(dir, ref[:refDotsEnd]); ok {
			return append(append(dst, b.s[:pathStart+keep]...), ref[from:]...)
		}
	}
	return appendRemoveDots(append(dst, b.s[:pathStart]...), dir, ref, refDotsEnd)
}

// popLeadingDots applies rules 6a to 6d, for the commonest references with
// dot segments, "../g" and "./g", to the directory dir of a base path, which
// has no dot segment, followed by lead, the reference path up to the end of
// its last dot segment. It applies when lead is only "." and ".." segments:
// each "." goes (6a, 6b) and each ".." pops the last segment of dir (6c,
// 6d), or, once dir is empty, stays, as do those after it, none of which
// can pop a "..". It returns how much of dir is kept and from where the
// reference is kept, or ok false when lead is not of that shape: a "."
// after a ".." that stays, or a segment other than "." and "..".
//
// This is the stack of appendRemoveDots with dir pushed whole: it gives
// the same result without copying the segments that are popped.
func popLeadingDots(dir, lead string) (keep, from int, ok bool) {
	keep = len(dir)
	for i := 0; i < len(lead); {
		// Each segment is followed by "/", except a last one that ends the
		// path.
		switch {
		case lead[i] != '.':
			return 0, 0, false
		case i+1 == len(lead) || lead[i+1] == '/':
			i += 2 // "."
		case lead[i+1] != '.' || i+2 < len(lead) && lead[i+2] != '/':
			return 0, 0, false
		case keep == 0:
			// Nothing to pop: this ".." and the rest of lead stay, if
			// the rest is ".." segments too.
			for j := i; j < len(lead); j += 3 {
				if lead[j] != '.' || j+1 == len(lead) || lead[j+1] != '.' || j+2 < len(lead) && lead[j+2] != '/' {
					return 0, 0, false
				}
			}
			return 0, i, true
		default:
			// Pop the last segment of dir, keeping the "/" before it.
			keep = strings.LastIndexByte(dir[:keep-1], '/') + 1
			i += 3
		}
	}
	return keep, len(lead), true
}

// hasDotSegment reports whether p has a complete segment "." or "..".
func hasDotSegment(p string) bool {
	for i := 0; ; {
		j := strings.IndexByte(p[i:], '.')
		if j < 0 {
			return false
		}
		j += i
		if j == 0 || p[j-1] == '/' {
			k := j + 1
			if k < len(p) && p[k] == '.' {
				k++
			}
			if k == len(p) || p[k] == '/' {
				return true
			}
		}
		i = j + 1
	}
}

// appendRemoveDots appends the path dir+ref with rules 6a to 6d applied.
// refDotsEnd is dotSegmentsEnd of the path ref starts with: ref past it,
// the rest of the path and anything after it, is copied as it is.
//
// The rules as written rewrite the string until nothing matches, which is
// quadratic. This is the "pair of segment stacks" the RFC suggests: the
// output in dst is a stack of segments, each followed by "/", and each
// input segment is pushed, dropped or pops its predecessor, once. The
// result is the same (slow_test.go checks it against the literal rules),
// and the work is linear: a byte is written once and removed at most once.
func appendRemoveDots(dst []byte, dir, ref string, refDotsEnd int) []byte {
	start := len(dst)
	if !hasDotSegment(dir) {
		// A directory without dot segments is already a stack of segments
		// each followed by "/": push it whole.
		dst = append(dst, dir...)
	} else {
		// Every segment of dir is followed by "/", so none is the last.
		for dir != "" {
			i := strings.IndexByte(dir, '/')
			dst = pushSegment(dst, start, dir[:i], false)
			dir = dir[i+1:]
		}
	}
	// Past its last dot segment, ref is pushed whole.
	for seg := ref[:refDotsEnd]; seg != ""; {
		i := strings.IndexByte(seg, '/')
		if i < 0 {
			dst = pushSegment(dst, start, seg, true)
			break
		}
		dst = pushSegment(dst, start, seg[:i], false)
		seg = seg[i+1:]
	}
	return append(dst, ref[refDotsEnd:]...)
}

// dotSegmentsEnd returns the end of the last "." or ".." segment of p,
// with the "/" that follows it, or 0 when p has none.
func dotSegmentsEnd(p string) int {
	end := 0
	for i := 0; ; {
		j := strings.IndexByte(p[i:], '.')
		if j < 0 {
			return end
		}
		j += i
		if j == 0 || p[j-1] == '/' {
			k := j + 1
			if k < len(p) && p[k] == '.' {
				k++
			}
			if k == len(p) {
				return k
			}
			if p[k] == '/' {
				end = k + 1
			}
		}
		i = j + 1
	}
}

// pushSegment applies rules 6a to 6d to one segment arriving on the stack
// dst[start:]. last tells whether it ends the path (no "/" follows it).
func pushSegment(dst []byte, start int, seg string, last bool) []byte {
	switch seg {
	case ".":
		// 6a removes "./"; 6b removes a final "." and keeps the "/" before
		// it, which the stack already ends with.
		return dst
	case "..":
		// 6c removes "<segment>/../" and 6d a final "<segment>/..", where
		// <segment> is complete and not "..": pop it, keeping the "/"
		// before it. Empty segments count ("b/c//../g" gives "b/c/g").
		if len(dst) > start && !topIsDotDot(dst[start:]) {
			return dst[:start+bytes.LastIndexByte(dst[start:len(dst)-1], '/')+1]
		}
	}
	dst = append(dst, seg...)
	if !last {
		dst = append(dst, '/')
	}
	return dst
}

// topIsDotDot reports whether the last segment on the non-empty stack is
// "..".
func topIsDotDot(stack []byte) bool {
	n := len(stack)
	return n >= 3 && stack[n-2] == '.' && stack[n-3] == '.' && (n == 3 || stack[n-4] == '/')
}
