// Package media holds the two tests every reader of relurl asks of an
// HTTP or MIME header, written once: is this media type HTML, and is
// this response a redirection.
package media

import (
	"mime"
	"strings"
)

// Type returns the media type of a Content-Type value, lower case and
// without parameters (RFC 2045 section 5.1, RFC 9110 section 8.3.1), or
// "" when it cannot be parsed.
func Type(contentType string) string {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ""
	}
	return mt
}

// Charset returns the charset parameter of a Content-Type value, as
// written, or "" when there is none or the value cannot be parsed.
func Charset(contentType string) string {
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ""
	}
	return params["charset"]
}

// IsHTML reports whether the media type mt (as Type returns it) is one
// whose documents relurl reads for links: text/html or
// application/xhtml+xml. Bodies are not sniffed.
func IsHTML(mt string) bool {
	mt = strings.ToLower(mt)
	return mt == "text/html" || mt == "application/xhtml+xml"
}

// IsCSS reports whether the media type mt (as Type returns it) is a
// style sheet's, text/css (RFC 2318), whose url() and @import links
// relurl reads.
func IsCSS(mt string) bool { return strings.EqualFold(mt, "text/css") }

// Redirect returns the Location of a redirection and true: a status
// 3xx with a Location field (RFC 9110 sections 15.4 and 10.2.2), the
// first when the field is repeated, as recorded and unresolved. Otherwise
// it returns "", false.
func Redirect(status int, location []string) (string, bool) {
	if status < 300 || status > 399 || len(location) == 0 {
		return "", false
	}
	return location[0], true
}
