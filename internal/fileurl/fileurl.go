// Package fileurl percent-encodes local paths as URL paths (RFC 1808
// section 2.2), for package base's FileURL and for the links command,
// which resolves a file's path below a directory against the directory's
// URL.
package fileurl

import (
	"path/filepath"

	"github.com/relurl/relurl/internal/percent"
)

// EscapePath percent-encodes a path in the local system's form (made
// slash-separated) so that every byte that is not a pchar or "/" in the
// BNF of RFC 1808 section 2.2 is escaped. That includes ";", "?" and "#",
// which would otherwise start params, a query or a fragment.
func EscapePath(p string) string {
	return percent.String(filepath.ToSlash(p), &percent.RFC1808Path)
}
