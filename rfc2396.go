package relurl

import "strings"

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
	out := append2396(buf[:0], base, ref)
	if string(out) == ref {
		// An absolute URI (step 3): no string to allocate.
		return ref
	}
	return string(out)
}

// append2396 is RFC2396.AppendResolve: the steps of section 5.2, step 7
// (recombination) done as it goes. Each section is copied with its
// delimiter, so an undefined component appends nothing and a defined
// empty one its delimiter, the distinction step 7 asks to keep. The
// reference's kind is told by its first byte, and only the parts of the
// base that kind uses are read.
func append2396(dst []byte, base, ref string) []byte {
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
		// current document: the base up to its fragment (no "#" or "?"
		// comes before its path ends), then the reference's fragment.
		return append(append(dst, base[:indexByteOrLen(base, '#')]...), ref...)
	case '/':
		if len(ref) > 1 && ref[1] == '/' {
			// Step 4: a network-path, after the base's scheme (2c).
			return append(append(dst, base[:schemeEnd(base)]...), ref...)
		}
		// Step 5: an absolute path, after the base's scheme and
		// authority (step 4 inherits it).
		return append(append(dst, base[:prefixURIRef(base).authority]...), ref...)
	case '?':
		// Step 6 with an empty path: the query is the reference's own
		// (step 2), never the base's.
	default:
		if end, dots = scanRelativeRef(ref); end < 0 {
			return append(dst, ref...) // step 3: a scheme
		}
	}
	// Step 6: the base's scheme and authority, the merged path, then the
	// reference's query and fragment.
	b := prefixURIRef(base)
	b.path = indexAny2(base, b.authority, '?', '#')
	b.dots = true // not known: appendStep6of2396 looks at the directory
	dst = append(dst, base[:b.authority]...)
	dst = b.appendStep6of2396(dst, uriRef{s: ref, path: end, query: end, dots: dots})
	return append(dst, ref[end:]...)
}

// appendStep6of2396 appends the merged path of step 6 (a to h). Rules 6c
// to 6f are, word for word, rules 6a to 6d of RFC 1808 section 4, and the
// leading "/" of the base path starts no segment, so the stack of
// resolve.go (appendRemoveDots) applies them, to the path after that "/".
// Leading ".." segments stay (6g, see above).
func (b uriRef) appendStep6of2396(dst []byte, r uriRef) []byte {
	refPath := r.pathOf()
	basePath := b.pathOf()
	if strings.HasPrefix(basePath, "/") || b.hasAuthority() {
		dst = append(dst, '/')
		basePath = strings.TrimPrefix(basePath, "/")
	}
	// 6a: all but the last segment of the base path; 6b: the reference's
	// path appended.
	dir := basePath[:strings.LastIndexByte(basePath, '/')+1]
	if !r.dots && (!b.dots || !hasDotSegment(dir)) {
		dst = append(dst, dir...)
		return append(dst, refPath...)
	}
	return appendRemoveDots(dst, dir, refPath, dotSegmentsEnd(refPath))
}
