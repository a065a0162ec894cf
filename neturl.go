package relurl

import (
	"fmt"
	"net/url"
)

// NetURL converts u to a *net/url.URL by parsing its string with
// url.Parse, and reports an error where net/url rejects it: an invalid
// percent escape ("%zz"), a control character, a first path segment with
// a colon in a URL without a scheme ("1a:b" has scheme "1a" here, none for
// net/url), or an invalid host or port.
//
// The conversion loses what net/url cannot hold. Params are not a
// component of net/url: they stay in the path. Of the present-but-empty
// components, an empty query is kept (ForceQuery) and so is an empty
// net_loc ("http:///x"), but an empty fragment is dropped: "http://a/b#"
// comes back from url.URL.String as "http://a/b". Path and fragment are
// percent-decoded into Path and Fragment; String gives back the original
// form in most cases but not all (it may escape characters differently,
// and lower-cases the scheme). Use relurl's own URL where the string must
// be kept byte for byte.
func (u URL) NetURL() (*url.URL, error) {
	nu, err := url.Parse(u.s)
	if err != nil {
		return nil, fmt.Errorf("relurl: converting %s to net/url: %w", quoteAround(u.s, 0), err)
	}
	return nu, nil
}

// FromNetURL returns the URL whose string is nu.String(). net/url
// serializes what it holds (escaping as it sees fit), so the URL is that
// serialization, not necessarily the string nu was parsed from. A nil nu
// gives the zero URL.
func FromNetURL(nu *url.URL) URL {
	if nu == nil {
		return URL{}
	}
	return Parse(nu.String())
}
