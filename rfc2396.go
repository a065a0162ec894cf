package relurl

// This file implements RFC 2396 section 5.2, for Spec RFC2396. References
// are split as RFC 3986 splits them (uriRef): RFC 2396's Appendix B gives
// the same regular expression, and its params are likewise part of each
// path segment (section 3.3: segment = *pchar *( ";" param )).
//
// Where RFC 2396 leaves a choice or is silent, this implementation reads
// it as follows.
//
//   - ".." segments left above the root (step 6g) are kept: "../../../g"
//     against "http://a/b/c/d;p?q" gives "http://a/../g". Step 6g allows
//     keeping them, removing them, or failing; keeping is the answer
//     Appendix C gives first, it loses nothing the reference said, and it
//     is RFC 1808's answer, while removing them is RFC 3986's, available
//     as Spec RFC3986.
//   - A reference to the current document (step 2: "" or "#s") gives the
//     base without its fragment, followed by the reference's fragment: a
//     base URI has no fragment (section 4.1), and Appendix C writes these
//     results as "(current document)".
//   - A base with an authority and an empty path ("http://a") has path "/"
//     in step 6, as RFC 1808's reading and RFC 3986 section 5.2.3 have it;
//     taken literally, step 6a would give "http://ag" for "g".
//   - The loophole of step 3 (dropping a scheme equal to the base's) is
//     not taken: "http:g" stays "http:g", the answer for validating
//     parsers.

// resolve2396 is RFC2396.Resolve.
func resolve2396(base, ref string) string {
	if base == "" {
		// No base (Spec.Resolve), or step 3 for a reference with a scheme.
		return ref
	}
	var buf [256]byte
	out := append2396(buf[:0], baseView{s: base}, ref)
	if string(out) == ref {
		// An absolute URI (step 3): no string to allocate.
		return ref
	}
	return string(out)
}

// append2396 is RFC2396.AppendResolve and Base.AppendResolve: the steps
// of section 5.2, step 7 (recombination) done as it goes. Each section is
// copied with its delimiter, so an undefined component appends nothing
// and a defined empty one its delimiter, the distinction step 7 asks to
// keep. The reference's kind is told by its first byte, and only the
// section ends of the base that kind uses are asked of b.
func append2396(dst []byte, b baseView, ref string) []byte {
	base := b.s
	if base == "" {
		// No base (Spec.Resolve), or step 3 for a reference with a scheme.
		return append(dst, ref...)
	}
	// An empty reference has an empty path and no query, as "#s" has.
	c := byte('#')
	if ref != "" {
		c = ref[0]
	}
	end, dots := 0, false
	switch c {
	case '#':
		// Step 2: an empty path with no scheme, authority or query is the
		// current document: the base up to its fragment, then the
		// reference's fragment.
		return append(append(dst, base[:b.queryEnd()]...), ref...)
	case '/':
		if len(ref) > 1 && ref[1] == '/' {
			// Step 4: a network-path, after the base's scheme (2c).
			return append(append(dst, base[:b.schemeEnd()]...), ref...)
		}
		// Step 5: an absolute path, after the base's scheme and
		// authority (step 4 inherits it).
		return append(append(dst, base[:b.authorityEnd()]...), ref...)
	case '?':
		// Step 6 with an empty path: the query is the reference's own
		// (step 2), never the base's.
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
	a := b.authorityEnd()
	dir := b.dirEnd(a)
	if !dots && !b.dirDots(a, dir) {
		// Nothing for rules 6c to 6f to remove: one copy from the base.
		dst = append(dst, base[:dir]...)
		if dir == a && b.hasAuthority(a) {
			dst = append(dst, '/') // an authority and an empty path
		}
		return append(dst, ref...)
	}
	dst = append(dst, base[:a]...)
	start := a
	switch {
	case dir == a:
		if b.hasAuthority(a) {
			dst = append(dst, '/')
		}
	case base[a] == '/':
		// The leading "/" starts no segment for rules 6c to 6f, which are,
		// word for word, rules 6a to 6d of RFC 1808 section 4: the stack
		// of resolve.go (appendRemoveDots) applies them to the path after
		// that "/". Leading ".." segments stay (6g, see above).
		dst = append(dst, '/')
		start++
	}
	refPath := ref[:end]
	dst = appendRemoveDots(dst, base[start:dir], refPath, dotSegmentsEnd(refPath))
	return append(dst, ref[end:]...)
}
