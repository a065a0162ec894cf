package base

import (
	"fmt"
	"net/textproto"
	"strings"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/quote"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/limits"
)

// A HeaderError reports a base header whose value is not a URL in any of
// the forms that HeaderValue accepts.
type HeaderError struct {
	Name   string // the header's canonical name, e.g. "Base"
	Value  string // the value as received (folding already undone)
	Offset int    // byte offset in Value where the problem is
	Reason string
}

// Error returns the header name, the start of its value (at most 120
// bytes, with the value's length when longer), the reason and the offset.
func (e *HeaderError) Error() string {
	return fmt.Sprintf("%s header %s: %s (at byte %d)", e.Name, quote.Excerpt(e.Value, len(e.Value)), e.Reason, e.Offset)
}

// Headers that embed a base in a message, innermost rule first: RFC 1808
// section 3.1 defines Base; RFC 2110 Content-Base; RFC 2557 (MHTML) lets
// Content-Location serve as the base of a body part that has neither.
var (
	messageBaseHeaders = []string{"Base", "Content-Base", "Content-Location"}
	// An HTTP response's Content-Location names the entity, not the base
	// of its content (RFC 7231 section 3.1.4.2 dropped that meaning), so
	// only Base and Content-Base count there as section 3.1.
	httpBaseHeaders = []string{"Base", "Content-Base"}
)

// MessageHeader returns the base that a message header embeds (section
// 3.1): the first of Base, Content-Base and Content-Location present,
// resolved against outer, the base of the next layer out, by spec (see
// Base.Within). ok is false when none of them is present or when the one
// present is not used, and the base returned is then outer; err reports
// why, and says that it was not used: it wraps a *HeaderError for a
// malformed value, or is a *FallbackError for a URL longer than lim.URL or
// one that spec rejects.
//
// Header names are case-insensitive, as textproto.MIMEHeader keys are
// canonical. Folded lines must already be unfolded, as net/mail and
// net/textproto do.
func MessageHeader(h textproto.MIMEHeader, outer Base, spec relurl.Spec, lim limits.Limits) (b Base, ok bool, err error) {
	return fromHeader(h, outer, messageBaseHeaders, spec, lim)
}

// HTTPHeader is MessageHeader for an HTTP response: only Base and
// Content-Base count.
func HTTPHeader(h textproto.MIMEHeader, outer Base, spec relurl.Spec, lim limits.Limits) (b Base, ok bool, err error) {
	return fromHeader(h, outer, httpBaseHeaders, spec, lim)
}

func fromHeader(h textproto.MIMEHeader, outer Base, names []string, spec relurl.Spec, lim limits.Limits) (Base, bool, error) {
	for _, name := range names {
		vs := h[name]
		if len(vs) == 0 {
			continue
		}
		// A header given twice: the first one counts, as for BASE.
		u, err := HeaderValue(vs[0])
		if err != nil {
			err.(*HeaderError).Name = name
			return outer, false, fmt.Errorf("%w (not used)", err)
		}
		b, err := outer.Within(u, Header, spec, lim)
		if err != nil {
			err.(*FallbackError).Name = name + " header"
			return outer, false, err
		}
		return b, true, nil
	}
	return outer, false, nil
}

// HeaderValue returns the URL that a base header's value holds. RFC 1808
// section 3.1 writes it as
//
//	Base: <URL:absoluteURL>
//
// White space anywhere inside the angle brackets is ignored (a long URL
// may be folded over several lines), the "URL:" label is optional and
// case-insensitive, and the angle brackets themselves are optional, as
// Content-Base and Content-Location are usually written without them.
// White space is never part of a URL (section 2.2), so it is removed from a
// bare value too. An empty URL or an unclosed "<" is an error.
func HeaderValue(v string) (string, error) {
	s := strings.Trim(v, " \t\r\n")
	start := len(v) - len(strings.TrimLeft(v, " \t\r\n"))
	if strings.HasPrefix(s, "<") {
		end := strings.IndexByte(s, '>')
		if end < 0 {
			return "", &HeaderError{Value: v, Offset: start, Reason: "no '>' closes the '<'"}
		}
		if rest := strings.TrimRight(s[end+1:], " \t\r\n"); rest != "" {
			return "", &HeaderError{Value: v, Offset: start + end + 1, Reason: "text after '>'"}
		}
		s = s[1:end]
		start++
	}
	s = removeSpace(s)
	if ascii.HasPrefixFold(s, "URL:") {
		s = s[4:]
	}
	if s == "" {
		return "", &HeaderError{Value: v, Offset: start, Reason: "empty URL"}
	}
	return s, nil
}

// removeSpace returns s without its white space (RFC 822 LWSP and the line
// breaks a folded header may keep).
func removeSpace(s string) string {
	if !strings.ContainsAny(s, " \t\r\n") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\r', '\n':
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
