package canon

import (
	"bytes"
	"strings"

	"github.com/relurl/relurl/internal/bytestr"
)

// The CDX key of a plain URL, without allocating: most URLs a crawl holds
// ("https://www.example.com/a/b.html?x=1&y=2") are printable ASCII with no
// escape, no userinfo, port or IP address, no dot segment, so that most
// steps of the surt library leave them as they are, and the key is the
// host reversed and lower-cased, the path and query lower-cased, the query
// sorted (docs/keys.md#the-cdx-key, "the plain path"). Whatever is not
// plain goes the library's way (appendKey); FuzzCDXPlain and
// TestCDXPlainCrawlMix hold both ways equal.

// maxPlainArgs bounds the query arguments the plain path sorts (by
// insertion, in place): a longer query goes the library's way.
const maxPlainArgs = 32

// appendPlainKey appends the key of s when s is plain and reports true;
// else it returns dst unchanged and false.
func (o CDXOptions) appendPlainKey(dst []byte, s string) ([]byte, bool) {
	var scheme, rest string
	switch {
	case strings.HasPrefix(s, "http://"):
		scheme, rest = s[:4], s[7:]
	case strings.HasPrefix(s, "https://"):
		scheme, rest = s[:5], s[8:]
	default:
		return dst, false
	}
	// Not plain: a repeated protocol (taken off), white space (trimmed or
	// removed), controls and non-ASCII bytes (escaped, IDNA) and escapes
	// (decoded).
	if httpProtocolLen(rest) != 0 {
		return dst, false
	}
	end := len(rest)
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; {
		case c <= ' ' || c >= 0x7f || c == '%':
			return dst, false
		case (c == '/' || c == '?' || c == '#') && i < end:
			end = i
		}
	}
	host, rest := rest[:end], rest[end:]
	rest, _, _ = strings.Cut(rest, "#")
	path, query, _ := strings.Cut(rest, "?")
	// Not plain: userinfo, port, IPv6 (Python's split), dots to fold or
	// trim, what may be an IP address (attemptIPFormats), dot segments and
	// empty segments (normalizePath).
	if host == "" || strings.ContainsAny(host, "@:[") || host[0] == '.' || host[len(host)-1] == '.' ||
		strings.Contains(host, "..") || isDigitsDots(host) ||
		strings.Contains(path, "//") || strings.Contains(path, "/.") {
		return dst, false
	}
	start := len(dst)
	if o.WithScheme {
		dst = append(dst, scheme...)
		dst = append(dst, "://("...)
	}
	// The host lower-cased after the key, its www label taken off, then
	// written reversed in its place.
	h := len(dst)
	dst = appendLower(dst, host)
	lower := dst[h:]
	if !o.KeepWWW {
		lower = lower[wwwPrefix(bytestr.View(lower)):]
	}
	if len(lower) == 0 {
		return dst[:start], false
	}
	dst = appendHostSURT(dst, bytestr.View(lower), !o.KeepIPOrder)
	dst = append(dst[:h], dst[h+len(host):]...)
	if o.TrailingComma {
		dst = append(dst, ',')
	}
	dst = append(dst, ')')
	// The path lower-cased, but a session id in an .aspx path; a trailing
	// slash taken off but from "/".
	p := len(dst)
	if path == "" {
		path = "/"
	}
	dst = appendLower(dst, path)
	if bytes.Contains(dst[p:], []byte(".aspx")) {
		return dst[:start], false
	}
	if len(dst)-p > 1 && dst[len(dst)-1] == '/' {
		dst = dst[:len(dst)-1]
	}
	if query == "" {
		return dst, true
	}
	dst = append(dst, '?')
	q := len(dst)
	dst = appendLower(dst, query)
	lq := dst[q:]
	if bytes.Contains(lq, []byte("sessionid")) || bytes.Contains(lq, []byte("sid")) || bytes.Contains(lq, []byte("cfid")) {
		return dst[:start], false
	}
	dst, ok := sortQueryArgs(dst, q)
	if !ok {
		return dst[:start], false
	}
	return dst, true
}

// sortQueryArgs sorts the "&"-separated arguments of dst[q:] in place, as
// alphaReorderQuery does (stable, by queryArgLess); false when there are
// more than maxPlainArgs.
func sortQueryArgs(dst []byte, q int) ([]byte, bool) {
	if len(dst)-q <= 1 {
		return dst, true
	}
	var args [maxPlainArgs]string
	n := 0
	query := bytestr.View(dst[q:])
	for {
		if n == maxPlainArgs {
			return dst, false
		}
		a, more, found := strings.Cut(query, "&")
		args[n] = a
		n++
		if !found {
			break
		}
		query = more
	}
	sorted := true
	for i := 1; i < n; i++ {
		for j := i; j > 0 && queryArgLess(args[j], args[j-1]); j-- {
			args[j], args[j-1] = args[j-1], args[j]
			sorted = false
		}
	}
	if sorted {
		return dst, true
	}
	// Written after the query, then moved in its place (args view the
	// bytes where they were; append may move dst but not them).
	end := len(dst)
	for i, a := range args[:n] {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = append(dst, a...)
	}
	return append(dst[:q], dst[end:]...), true
}

// appendLower appends s with ASCII upper case lower-cased.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}
