package relurl

import "strings"

// Resolve is RFC1808.Resolve: the absolute form of the embedded URL ref in
// the context of base, by RFC 1808 section 4.
func Resolve(base, ref string) string { return RFC1808.Resolve(base, ref) }

// resolve1808 is RFC1808.Resolve.
func resolve1808(base, ref string) string {
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
	return string(b.appendResolve(dst, ref, nil))
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
//
// rec is nil but for Explain, which takes the general way and records each
// step there.
func (b *URL) appendResolve(dst []byte, ref string, rec *recorder) []byte {
	if b.spec != id1808 {
		// A base that ParseBase split for RFC 2396 or RFC 3986.
		return appendURI(dst, baseView{b.s, b}, ref, specRules(b.spec), rec)
	}
	if b.s == "" || ref == "" {
		if rec != nil {
			rec.at1808(step1or2a, b, nil)
		}
		return append(dst, pick(b.s, ref)...)
	}
	if rec != nil {
		return b.appendGeneral(dst, ref, rec)
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
		return b.appendStep6(dst, ref, dotsEnd, nil)
	}
	return b.appendGeneral(dst, ref, nil)
}

// appendGeneral is appendResolve for any reference, parsed.
func (b *URL) appendGeneral(dst []byte, ref string, rec *recorder) []byte {
	r := Parse(ref)
	if r.scheme != 0 {
		// Step 2b: the reference is absolute.
		if rec != nil {
			rec.at1808(step2b, b, &r)
		}
		return append(dst, ref...)
	}
	// Step 2c: the reference inherits the scheme of the base.
	// Step 3: a non-empty net_loc makes the rest of the reference stand as
	// written. Otherwise the base's net_loc is inherited, with its presence:
	// "//" (present but empty) still inherits.
	if rec != nil {
		rec.at1808(step2c3, b, &r)
	}
	if r.NetLoc() != "" {
		return append(append(dst, b.s[:b.scheme]...), r.s...)
	}
	refPath := r.Path()
	switch {
	case strings.HasPrefix(refPath, "/"):
		// Step 4: an absolute path is not relative.
		if rec != nil {
			rec.step4(&r)
		}
		return append(append(dst, b.s[:b.netloc]...), r.s[r.netloc:]...)
	case refPath == "":
		return b.appendStep5(dst, r, rec)
	}
	dotsEnd := dotSegmentsEnd(refPath)
	if rec != nil {
		dotsEnd = len(refPath) // every segment through the engine
	}
	return b.appendStep6(dst, r.s[r.netloc:], dotsEnd, rec)
}

// appendStep5 handles a reference whose path is empty: it inherits the
// base's path, and its params and query unless it has non-empty ones.
func (b *URL) appendStep5(dst []byte, r URL, rec *recorder) []byte {
	dst = append(dst, b.s[:b.path]...)
	// Step 5a: non-empty params skip to step 7, keeping the reference's
	// query. Otherwise the base's params are inherited, if any.
	if r.Params() != "" {
		if rec != nil {
			rec.step5(step5aSkip, b, &r)
		}
		return append(dst, r.s[r.path:]...)
	}
	dst = append(dst, b.s[b.path:b.params]...)
	// Step 5b: likewise for the query. The fragment is never inherited
	// here: only an entirely empty reference inherits it (step 2a).
	if r.Query() != "" {
		if rec != nil {
			rec.step5(step5bSkip, b, &r)
		}
		return append(dst, r.s[r.params:]...)
	}
	if rec != nil {
		rec.step5(step5b, b, &r)
	}
	dst = append(dst, b.s[b.params:b.query]...)
	return append(dst, r.s[r.query:]...)
}

// appendStep6 appends the merged path of step 6: the base path without its
// last segment, then the reference's path, with rules 6a to 6d applied;
// then the reference's own params, query and fragment (step 7). ref is the
// reference from its path on, and refDotsEnd is dotSegmentsEnd of its path.
func (b *URL) appendStep6(dst []byte, ref string, refDotsEnd int, rec *recorder) []byte {
	// Most links have no dot segment: then the merge is a plain copy of the
	// base up to its directory, which ends in "/", and of the reference.
	if refDotsEnd == 0 && !b.dirDots && b.path != b.netloc && rec == nil {
		return append(append(dst, b.s[:b.dir]...), ref...)
	}
	start, root := stepRoot(b.s, b.netloc, b.HasNetLoc())
	dir := b.s[start:b.dir]
	if rec == nil && !b.dirDots && (start != b.netloc || !root) {
		// Keep the base up to the part of its directory that the leading
		// dots leave, in one piece (not when the root "/" is added).
		if keep, from, ok := popLeadingDots(dir, ref[:refDotsEnd], false); ok {
			return append(append(dst, b.s[:start+keep]...), ref[from:]...)
		}
	}
	dst = append(dst, b.s[:b.netloc]...)
	if root {
		dst = append(dst, '/')
	}
	if rec != nil {
		rec.merge(b.s, b.netloc, start, b.dir, b.path, root, ref[:refDotsEnd])
	}
	d := dotStack{rec: rec}
	dst = d.appendPath(dst, dir, b.dirDots, ref, refDotsEnd)
	if rec != nil {
		rec.dotsDone()
	}
	return dst
}
