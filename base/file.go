package base

import (
	"path/filepath"
	"strings"
)

// FileURL returns the file URL (RFC 1738 section 3.10) of a local path
// made absolute, the URL a local file is retrieved by (section 3.3):
// "file://" followed by the absolute path, with every byte that RFC 1808
// section 2.2 does not allow in a path segment percent-encoded. That
// includes ";", "?" and "#", which would otherwise start params, a query
// or a fragment.
func FileURL(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		// A Windows drive path, C:/x, is file:///C:/x.
		p = "/" + p
	}
	return "file://" + escapePath(p), nil
}

// escapePath percent-encodes the bytes of p that are not pchar or "/" in
// the BNF of RFC 1808 section 2.2.
func escapePath(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(p))
	for i := 0; i < len(p); i++ {
		c := p[i]
		if isPathByte(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// isPathByte reports whether c is a pchar or "/": alpha, digit, safe
// ("$-_.+"), extra ("!*'(),"), or one of ":@&=".
func isPathByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("$-_.+!*'(),:@&=/", c) >= 0
}

// EscapePath percent-encodes a slash-separated relative path the way
// FileURL encodes an absolute one, so that it can be resolved as a
// relative URL against a directory's URL.
func EscapePath(p string) string { return escapePath(filepath.ToSlash(p)) }
