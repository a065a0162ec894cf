package base

import (
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/internal/fileurl"
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
	return "file://" + fileurl.EscapePath(p), nil
}
