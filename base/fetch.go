package base

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/textproto"
	"strings"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/coding"
	"github.com/relurl/relurl/limits"
)

// Defaults of a zero Fetcher.
const (
	DefaultTimeout      = 30 * time.Second
	DefaultMaxBody      = 64 << 20
	DefaultMaxRedirects = 10
)

// Errors wrapped by a FetchError.
var (
	ErrScheme       = errors.New("only http and https URLs are fetched")
	ErrRedirectLoop = errors.New("redirect loop")
	ErrTooManyHops  = errors.New("too many redirects")
	ErrBodyTooLarge = errors.New("body larger than the limit")
	ErrHTTPStatus   = errors.New("HTTP status is not 2xx")
	ErrNoLocation   = errors.New("redirect without a Location header")
	ErrDeniedAddr   = errors.New("address refused (-deny-private): loopback, private, link-local or special-use")
)

// A FetchError reports a failed fetch: the URL asked for, the URL being
// fetched when it failed (after redirects) and why.
type FetchError struct {
	URL  string // the URL given to Fetch
	Last string // the URL requested last
	Err  error
}

// Error names the URL, the last URL requested and the problem.
func (e *FetchError) Error() string {
	if e.Last != "" && e.Last != e.URL {
		return fmt.Sprintf("fetch %s (redirected to %s): %v", e.URL, e.Last, e.Err)
	}
	return fmt.Sprintf("fetch %s: %v", e.URL, e.Err)
}

// Unwrap returns the underlying error.
func (e *FetchError) Unwrap() error { return e.Err }

// A Fetcher retrieves documents over HTTP and HTTPS and establishes the
// base that retrieval gives them (RFC 1808 section 3.3, and 3.1 for Base
// and Content-Base response headers). The zero Fetcher uses
// http.DefaultTransport and the defaults above.
type Fetcher struct {
	Transport    http.RoundTripper // nil: http.DefaultTransport
	Timeout      time.Duration     // for the whole fetch, redirects and body included; 0: DefaultTimeout
	MaxBody      int64             // largest body read; 0: DefaultMaxBody
	MaxRedirects int               // 0: DefaultMaxRedirects; negative: none followed
	// DenyPrivate refuses to connect to loopback, private, link-local,
	// unspecified, multicast and other special-use addresses (see
	// DeniedAddr), for every request of a fetch, redirects included. It
	// is checked on the address actually dialled, after name
	// resolution, so that a host name or a redirect cannot lead there.
	// No proxy is used then: through a proxy, the address dialled would
	// be the proxy's. It needs Transport to be nil or an *http.Transport.
	DenyPrivate bool
	// Spec resolves each Location against the URL that answered with it,
	// and a Base or Content-Base response header against the retrieval
	// URL (Base.Within): the specification the document is read by. The
	// zero value is RFC 1808. A Location the specification rejects fails
	// the fetch (a *FetchError wrapping the *whatwg.Error): no document
	// was retrieved.
	Spec relurl.Spec
	// Limits.URL bounds a base header's URL (Base.Within); zero fields
	// are the defaults.
	Limits limits.Limits
}

// A Response is a fetched document.
type Response struct {
	// URL is the last URL requested: the one the document was retrieved
	// by after redirects (section 3.3).
	URL string
	// Redirects lists the URLs requested before URL, in order.
	Redirects []string
	// RedirectHeaders holds the header of each redirect response, in
	// the order of Redirects: RedirectHeaders[i] answered the request of
	// Redirects[i]. A redirect's Link and Refresh fields are links of
	// their own (docs/design.md#header-links), whose context is that
	// response's URL (RFC 8288 section 3.2). Each is bounded by the
	// Transport's limit on a response header (net/http's
	// MaxResponseHeaderBytes), and there are at most MaxRedirects.
	RedirectHeaders []http.Header
	Status          int
	Header          http.Header
	// Body is the payload with every content coding of the response
	// undone, in order (gzip, x-gzip, deflate, zstd, br), and the
	// Content-Encoding field removed from Header; a coding that cannot
	// be undone fails the fetch.
	Body []byte
	// Base is the document's base before its content is looked at: the
	// Base or Content-Base response header resolved against URL (3.1),
	// else URL itself (3.3).
	Base Base
	// BaseErr reports a Base or Content-Base header that was not used:
	// malformed (*HeaderError), or not established (*FallbackError).
	BaseErr error
}

// Fetch retrieves url with GET, following at most MaxRedirects redirects
// (301, 302, 303, 307, 308). Each Location is resolved against the URL
// that answered with it by f.Spec (RFC 1808 section 4 by default), not by
// net/url. A redirect to a URL already requested in this fetch is a loop
// and an error; so is any URL whose scheme is not http or https, a final
// status other than 2xx, a body longer than MaxBody (as received, or once
// a content coding is undone), and a content coding that is not undone.
func (f *Fetcher) Fetch(ctx context.Context, url string) (*Response, error) {
	timeout := f.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	maxBody := f.MaxBody
	if maxBody <= 0 {
		maxBody = DefaultMaxBody
	}
	maxHops := f.MaxRedirects
	if maxHops == 0 {
		maxHops = DefaultMaxRedirects
	} else if maxHops < 0 {
		maxHops = 0
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	transport := f.Transport
	if f.DenyPrivate {
		var err error
		if transport, err = denyPrivate(transport); err != nil {
			return nil, &FetchError{URL: url, Err: err}
		}
	}
	client := &http.Client{
		Transport: transport,
		// Redirects are followed here, so that Location is resolved by
		// RFC 1808 and loops are caught.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}

	cur := url
	seen := map[string]bool{}
	var visited []string
	var headers []http.Header // of the redirects
	fail := func(err error) (*Response, error) {
		return nil, &FetchError{URL: url, Last: cur, Err: err}
	}
	for {
		if !isHTTP(cur) {
			return fail(ErrScheme)
		}
		seen[withoutFragment(cur)] = true
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, cur, nil)
		if err != nil {
			return fail(err)
		}
		// Asking for the codings ourselves keeps net/http from undoing a
		// gzip of its own: it looks at the first Content-Encoding field
		// only and deletes them all, so "gzip" then "gzip" in two fields
		// would come out coded once, in silence. readBody undoes them all.
		req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
		resp, err := client.Do(req)
		if err != nil {
			return fail(err)
		}
		switch resp.StatusCode {
		case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
			locs := resp.Header.Values("Location")
			// The body of a redirect is not wanted; a little is read so
			// that the connection can be reused.
			io.CopyN(io.Discard, resp.Body, 4<<10)
			resp.Body.Close()
			if len(locs) == 0 {
				return fail(ErrNoLocation)
			}
			if len(visited) >= maxHops {
				return fail(fmt.Errorf("%w (more than %d)", ErrTooManyHops, maxHops))
			}
			next, err := f.Spec.ResolveErr(cur, strings.TrimSpace(locs[0]))
			if err != nil {
				return fail(fmt.Errorf("redirect: %w", err))
			}
			visited = append(visited, cur)
			headers = append(headers, resp.Header)
			if seen[withoutFragment(next)] {
				cur = next
				return fail(fmt.Errorf("%w: %s was already requested", ErrRedirectLoop, next))
			}
			cur = next
			continue
		}
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			resp.Body.Close()
			return fail(fmt.Errorf("%w: %s", ErrHTTPStatus, resp.Status))
		}
		body, err := readBody(resp, maxBody)
		resp.Body.Close()
		if err != nil {
			return fail(err)
		}
		// Body is decoded now: its header must not say otherwise (as
		// net/http does for the gzip it undoes).
		resp.Header.Del("Content-Encoding")
		r := &Response{URL: cur, Redirects: visited, RedirectHeaders: headers, Status: resp.StatusCode, Header: resp.Header, Body: body}
		r.Base, _, r.BaseErr = HTTPHeader(textproto.MIMEHeader(resp.Header), Retrieved(cur), f.Spec, f.Limits)
		return r, nil
	}
}

// readBody reads a response's body with every content coding undone in
// order (package coding; net/http has undone the transfer codings), the
// bytes received and each decoded
// layer capped at max by the capped reader of package limits.
func readBody(resp *http.Response, max int64) ([]byte, error) {
	var d coding.Decoder
	raw := limits.NewReader(resp.Body, "Record", max)
	body, err := io.ReadAll(d.Decode(raw, coding.Parse("Content-Encoding", resp.Header.Values("Content-Encoding")), max))
	var le *limits.Error
	if errors.As(err, &le) {
		return nil, fmt.Errorf("%w (%d bytes): %w", ErrBodyTooLarge, max, le)
	}
	return body, err
}

// isHTTP reports whether u's scheme is http or https, in any case.
func isHTTP(u string) bool {
	s := relurl.Parse(u).Scheme()
	return ascii.EqualFold(s, "http") || ascii.EqualFold(s, "https")
}

func withoutFragment(u string) string {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		return u[:i]
	}
	return u
}
