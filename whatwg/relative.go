package whatwg

import (
	"strings"
	"unsafe"
)

// Relative returns the shortest reference this package finds that parses
// against base to target: a fragment, a query, a path relative to base's
// directory, an absolute path, a network-path ("//host/...") reference, or
// target's href. It is exact: every candidate is parsed against base and
// kept only when it gives target's href; target's href is the fallback, and
// it parses to target against any base (the standard's idempotence, and a
// special URL's href always has "//" after its scheme).
func Relative(base, target *URL) string {
	return string(AppendRelative(nil, base, target))
}

// AppendRelative appends Relative(base, target) to dst. It allocates
// nothing when dst has room for the reference and, after it, for the
// resolution that checks it.
func AppendRelative(dst []byte, base, target *URL) []byte {
	if target.href == "" {
		return dst
	}
	if base == nil || base.href == "" {
		return append(dst, target.href...)
	}
	n := len(dst)
	dst, ok := appendCandidate(dst, base, target)
	// A candidate longer than the href is no gain ("../.././/" for a path
	// "/.//" that must be written so to keep its dot segment).
	if ok && len(dst)-n <= len(target.href) {
		if out, ok := resolvesTo(dst, n, base, target); ok {
			return out
		}
	}
	// The network-path reference ("//host/path?query#fragment"), when the
	// candidate was another and failed: the only reference to an empty path
	// ("sc://h?q" from "sc://h/x": a path or query reference keeps the
	// base's path), and to a file URL whose base has a drive letter, which
	// the file states keep.
	if t := target; t.flags&flagHost != 0 && base.Scheme() == t.Scheme() && t.flags&flagOpaque == 0 {
		net := t.href[t.schemeEnd+1:]
		if string(dst[n:]) != net {
			dst = append(dst[:n], net...)
			if out, ok := resolvesTo(dst, n, base, target); ok {
				return out
			}
		}
	}
	return append(dst[:n], target.href...)
}

// resolvesTo reports whether the reference dst[n:] parses against base to
// target, and returns dst. It resolves the reference after itself in dst,
// reading it as a string in place: its bytes are not written again (the
// resolution appends after them), and the string does not outlive this
// call (an error is dropped).
func resolvesTo(dst []byte, n int, base, target *URL) ([]byte, bool) {
	ref := ""
	if len(dst) > n {
		ref = unsafe.String(&dst[n], len(dst)-n)
	}
	m := len(dst)
	out, err := AppendResolve(dst, base, ref)
	return out[:m], err == nil && string(out[m:]) == target.href
}

// appendCandidate appends the candidate reference and reports whether there
// is one other than target's href.
func appendCandidate(dst []byte, base, t *URL) ([]byte, bool) {
	if base.Scheme() != t.Scheme() || t.flags&flagOpaque != 0 || base.flags&flagOpaque != 0 {
		if base.flags&flagOpaque != 0 && t.flags&flagFragment != 0 &&
			t.href[:t.fragStart] == base.href[:base.fragStart] {
			return append(dst, t.href[t.fragStart:]...), true
		}
		return dst, false
	}
	tPre, bPre := t.prePath(), base.prePath()
	if t.href[:tPre] != base.href[:bPre] || t.flags&flagHost != base.flags&flagHost {
		if t.flags&flagHost == 0 {
			return dst, false
		}
		return append(dst, t.href[t.schemeEnd+1:]...), true // "//host/path?query#fragment"
	}
	tPath, bPath := t.Pathname(), base.Pathname()
	tQuery, tHasQuery := t.Query()
	bQuery, bHasQuery := base.Query()
	switch {
	case tPath == bPath && tHasQuery == bHasQuery && tQuery == bQuery:
		if t.flags&flagFragment == 0 {
			return dst, true // the empty reference
		}
		return append(dst, t.href[t.fragStart:]...), true
	case tPath == bPath && tHasQuery:
		return append(dst, t.href[t.queryStart:]...), true
	}
	dst = appendRelativePath(dst, bPath, tPath, t.Scheme() == "file")
	return append(dst, t.href[t.queryStart:]...), true
}

// prePath is the end of the scheme and authority in the href.
func (u *URL) prePath() int {
	if u.flags&flagDotPrefix != 0 {
		return u.pathStart - 2
	}
	return u.pathStart
}

// appendRelativePath appends the shorter of a path relative to base's
// directory and target's absolute path. file says the URLs are file URLs.
func appendRelativePath(dst []byte, base, target string, file bool) []byte {
	dir := base[:strings.LastIndexByte(base, '/')+1]
	if base == "" {
		// An empty path (a non-special URL with a host, "sc://h"): a
		// relative path "g" gives the path « "g" », serialized "/g".
		dir = "/"
	}
	// The common directory of base and target.
	common := 0
	for i := 0; i < len(dir) && i < len(target) && dir[i] == target[i]; i++ {
		if dir[i] == '/' {
			common = i + 1
		}
	}
	ups := strings.Count(dir[common:], "/")
	rest := target[common:]
	// "./" when the rest would read as something else: empty (the base
	// itself), a scheme ("a:b", the scheme state), a path starting "/"
	// ("//x" after "../"), or in a file URL a drive letter ("C|/x", which
	// the file state reads as a new path).
	seg := rest
	if i := strings.IndexByte(seg, '/'); i >= 0 {
		seg = seg[:i]
	}
	dot := ups == 0 && rest == "" || isScheme(seg) || strings.HasPrefix(rest, "/") ||
		file && startsWithWindowsDriveLetter(rest)
	// ".." ending the path pops and keeps the "/" (path state): "../.."
	// for "../../".
	joined := rest == "" && ups > 0
	n := 3*ups + len(rest)
	if dot {
		n += 2
	}
	if joined {
		n--
	}
	if n > len(target) && !strings.HasPrefix(target, "//") {
		return append(dst, target...)
	}
	for range ups {
		dst = append(dst, "../"...)
	}
	if joined {
		dst = dst[:len(dst)-1]
	}
	if dot {
		dst = append(dst, "./"...)
	}
	return append(dst, rest...)
}

// isScheme reports whether seg, a first path segment, starts with a scheme
// and ":" (the scheme start and scheme states): an ASCII alpha, then ASCII
// alphanumerics, "+", "-" or ".".
func isScheme(seg string) bool {
	i := strings.IndexByte(seg, ':')
	if i <= 0 || !isAlpha(int(seg[0])) {
		return false
	}
	for j := 1; j < i; j++ {
		if !isSchemeChar(seg[j]) {
			return false
		}
	}
	return true
}
