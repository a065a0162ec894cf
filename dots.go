package relurl

import (
	"bytes"
	"strings"
)

// This file is the one dot-segment engine: RFC 1808 section 4 step 6 (rules
// 6a-6d), RFC 2396 section 5.2 step 6 (6c-6g) and RFC 3986 section 5.2.4
// (remove_dot_segments), for resolution, Relative and Explain. The rules as
// written rewrite a string until nothing matches, which is quadratic; here
// the output is a stack of segments, each followed by "/", and each input
// segment is dropped, pushed or pops its predecessor once (the "pair of
// segment stacks" section 4 suggests). slow_test.go checks it against the
// rules as written.

// stepRoot holds the reading of section 2.4.6 (docs/design.md#step-6-the-leading-slash): the
// leading "/" of the base path at s[p:] is not part of the path the dot
// rules work on (so "../../../g" gives "http://a/../g"), and a base with a
// net_loc (RFC 3986: authority) and an empty path has path "/" (RFC 1738).
// It returns where that path starts and whether the result gets the root
// "/" before it.
func stepRoot(s string, p int, hasNetLoc bool) (start int, root bool) {
	if p < len(s) && s[p] == '/' {
		return p + 1, true
	}
	return p, hasNetLoc
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

// dotStack is the output stack of the engine, dst[start:].
type dotStack struct {
	start int
	// drop is RFC 3986 section 5.2.4: a ".." with nothing to pop is
	// dropped. RFC 1808 (6c) and RFC 2396 (6g, as we read it) keep it.
	drop bool
	// rooted tells whether a root "/" precedes the stack. Under drop, a
	// ".." that pops the first segment of a rootless path leaves a "/"
	// (rule C: "a/../b" gives "/b").
	rooted bool
	rec    *recorder // nil but for Explain
}

// appendPath appends dir+path[:dotsEnd] as the rules leave it, then
// path[dotsEnd:], which holds no dot segment: the rest of the path and
// what follows it. dotsEnd is at a "/" or the end of the path. dir is empty or ends in "/",
// so no segment straddles the join; dirDots tells whether it has a dot
// segment.
func (d *dotStack) appendPath(dst []byte, dir string, dirDots bool, path string, dotsEnd int) []byte {
	d.start = len(dst)
	if !dirDots && d.rec == nil {
		// Already a stack of segments each followed by "/": push it whole.
		dst = append(dst, dir...)
	} else {
		for dir != "" {
			i := strings.IndexByte(dir, '/')
			dst = d.push(dst, dir[:i], false)
			dir = dir[i+1:]
		}
	}
	for seg := path[:dotsEnd]; seg != ""; {
		i := strings.IndexByte(seg, '/')
		if i < 0 {
			dst = d.push(dst, seg, true)
			break
		}
		dst = d.push(dst, seg[:i], false)
		seg = seg[i+1:]
	}
	return append(dst, path[dotsEnd:]...)
}

// push applies the rules to one segment; last tells whether it ends the
// path (no "/" follows it).
func (d *dotStack) push(dst []byte, seg string, last bool) []byte {
	switch seg {
	case ".":
		// 6a removes "./", 6b a final "." and keeps the "/" before it,
		// which the stack already ends with (3986: rules B and D).
		if d.rec != nil {
			d.rec.dot(last)
		}
		return dst
	case "..":
		// 6c removes "<segment>/../" and 6d a final "<segment>/..", where
		// <segment> is complete and not "..": pop it, keeping the "/"
		// before it. Empty segments count ("b/c//../g" gives "b/c/g").
		if len(dst) > d.start && !topIsDotDot(dst[d.start:]) {
			i := d.start + bytes.LastIndexByte(dst[d.start:len(dst)-1], '/') + 1
			if d.rec != nil {
				d.rec.pop(string(dst[i:len(dst)-1]), last)
			}
			dst = dst[:i]
			if d.drop && !d.rooted && i == d.start {
				dst = append(dst, '/')
				d.start++
				d.rooted = true
			}
			return dst
		}
		if d.rec != nil {
			d.rec.above(d.drop)
		}
		if d.drop {
			return dst
		}
	}
	dst = append(dst, seg...)
	if !last {
		dst = append(dst, '/')
	}
	if d.rec != nil {
		d.rec.keep(seg, last)
	}
	return dst
}

// topIsDotDot reports whether the last segment on the non-empty stack is
// "..".
func topIsDotDot(stack []byte) bool {
	n := len(stack)
	return n >= 3 && stack[n-2] == '.' && stack[n-3] == '.' && (n == 3 || stack[n-4] == '/')
}

// popLeadingDots is the stack for the commonest dot segments, "../g" and
// "./g", without copying what is popped: dir (no dot segment) is pushed
// whole, then lead, the path up to its last dot segment, which must be "."
// and ".." segments only. It returns how much of dir is kept and where the
// path is kept from, or ok false when lead has another segment, or a "."
// after a ".." that stays.
func popLeadingDots(dir, lead string, drop bool) (keep, from int, ok bool) {
	keep = len(dir)
	for i := 0; i < len(lead); {
		switch {
		case lead[i] != '.':
			return 0, 0, false
		case i+1 == len(lead) || lead[i+1] == '/':
			i += 2 // "."
		case lead[i+1] != '.' || i+2 < len(lead) && lead[i+2] != '/':
			return 0, 0, false
		case keep == 0 && drop:
			i += 3
		case keep == 0:
			// This ".." and the rest stay, if the rest is ".." too.
			for j := i; j < len(lead); j += 3 {
				if lead[j] != '.' || j+1 == len(lead) || lead[j+1] != '.' || j+2 < len(lead) && lead[j+2] != '/' {
					return 0, 0, false
				}
			}
			return 0, i, true
		default:
			keep = strings.LastIndexByte(dir[:keep-1], '/') + 1
			i += 3
		}
	}
	return keep, len(lead), true
}
