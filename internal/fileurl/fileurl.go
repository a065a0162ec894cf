// Package fileurl percent-encodes local paths as URL paths (RFC 1808
// section 2.2), for package base's FileURL and for the links command,
// which resolves a file's path below a directory against the directory's
// URL.
package fileurl

import (
	"path/filepath"
	"strings"
)

// EscapePath percent-encodes a path in the local system's form (made
// slash-separated) so that every byte that is not a pchar or "/" in the
// BNF of RFC 1808 section 2.2 is escaped. That includes ";", "?" and "#",
// which would otherwise start params, a query or a fragment.
func EscapePath(p string) string {
	p = filepath.ToSlash(p)
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
