package canon

import (
	"strings"

	"github.com/relurl/relurl/internal/percent"
)

// SURT and SSURT as IIPC's urlcanon writes them (docs/keys.md#surt-and-ssurt).
// A SURT (Sort-friendly URI Reordering Transform) reverses the labels of
// the host so that the URLs of a domain and of its subdomains sort
// together: "http://www.example.org/a" is "http://(org,example,www,)/a".

// SURTOptions choose among the SURT forms archive tools write. The zero
// value is urlcanon's default: "http://(org,example,)/path".
type SURTOptions struct {
	OmitScheme        bool // "org,example,)/path": no "scheme://(" (pywb, Wayback)
	OmitTrailingComma bool // "http://(org,example)/path" (pywb, Wayback)
	StripWWW          bool // drop a leading "www.", "www2." ... label first
	ReverseIPv4       bool // "4,3,2,1" for 1.2.3.4, as the surt library does
}

// SURT canonicalizes s with c, then writes its SURT. The userinfo is left
// out; a URL with no host (mailto:x) is its canonical form unchanged.
func (c *Canonicalizer) SURT(s string, o SURTOptions) (string, error) {
	p, err := c.canonParts(s)
	if err != nil {
		return "", err
	}
	return string(p.appendSURT(nil, o)), nil
}

// AppendSURT appends the SURT of s to dst (see SURT).
func (c *Canonicalizer) AppendSURT(dst []byte, s string, o SURTOptions) ([]byte, error) {
	p, err := c.canonParts(s)
	if err != nil {
		return dst, err
	}
	return p.appendSURT(dst, o), nil
}

// SSURT canonicalizes s with c, then writes its SSURT (urlcanon's "Sort-
// friendly SURT"): the reversed host first, then the port, scheme and
// userinfo, then the path: "http://user@foo.example.org:81/p?q#f" is
// "org,example,foo,//81:http@user:/p?q#f". Unlike a SURT it keeps every
// component, so it can be read back.
func (c *Canonicalizer) SSURT(s string) (string, error) {
	p, err := c.canonParts(s)
	if err != nil {
		return "", err
	}
	return string(p.appendSSURT(nil)), nil
}

// AppendSSURT appends the SSURT of s to dst (see SSURT), allocating no
// more than AppendCanonical does (IA: than the URL Standard's parse of
// its canonical URL does besides).
func (c *Canonicalizer) AppendSSURT(dst []byte, s string) ([]byte, error) {
	p, err := c.canonParts(s)
	if err != nil {
		return dst, err
	}
	return p.appendSSURT(dst), nil
}

// canonParts is Canonicalize, leaving the result in parts.
func (c *Canonicalizer) canonParts(s string) (parts, error) {
	if c.ia {
		// The surt library's canonical URL, read by the URL Standard.
		b, err := iaCanonical(nil, s)
		if err != nil {
			return parts{}, err
		}
		var p parts
		if err := c.parse(string(b), &p); err != nil {
			// The library's URL is no URL to the URL Standard.
			err.(*Error).Input = s
			return parts{}, err
		}
		return p, nil
	}
	if c.urlcanon {
		return c.urlcanonParts(s), nil
	}
	var p parts
	if err := c.parse(s, &p); err != nil {
		return parts{}, err
	}
	if c.rules != 0 {
		c.rewrite(&p)
	}
	return p, nil
}

// appendSURT is urlcanon's ParsedUrl.surt.
func (p *parts) appendSURT(dst []byte, o SURTOptions) []byte {
	dst = append(dst, p.leading...)
	if !o.OmitScheme {
		dst = append(dst, p.scheme...)
		if p.scheme != "" {
			dst = append(dst, ':')
		}
		dst = append(dst, p.slashes...)
	}
	host := p.host
	if o.StripWWW {
		host = stripWWW(host)
	}
	if host != "" {
		if !o.OmitScheme {
			dst = append(dst, '(')
		}
		if o.ReverseIPv4 && p.isIPv4(host) {
			dst = appendReversedHost(dst, host, !o.OmitTrailingComma)
		} else {
			dst = p.appendSSURTHost(dst, host, !o.OmitTrailingComma)
		}
		if p.portColon {
			dst = append(dst, ':')
		}
		dst = append(dst, p.port...)
		dst = append(dst, ')')
	} else if p.needsDotSlash() && !o.OmitScheme {
		dst = append(dst, "/."...)
	}
	return p.appendPathQueryFragment(dst)
}

func (p *parts) appendPathQueryFragment(dst []byte) []byte {
	dst = append(dst, p.path...)
	if p.hasQuery {
		dst = append(dst, '?')
		dst = append(dst, p.query...)
	}
	if p.hasFrag {
		dst = append(dst, '#')
		dst = append(dst, p.frag...)
	}
	return append(dst, p.trailing...)
}

// appendSSURT is urlcanon's ParsedUrl.ssurt.
func (p *parts) appendSSURT(dst []byte) []byte {
	dst = append(dst, p.leading...)
	dst = p.appendSSURTHost(dst, p.host, true)
	dst = append(dst, p.slashes...)
	dst = append(dst, p.port...)
	if p.portColon {
		dst = append(dst, ':')
	}
	dst = append(dst, p.scheme...)
	if p.at {
		dst = append(dst, '@')
	}
	dst = append(dst, p.user...)
	if p.passColon {
		dst = append(dst, ':')
	}
	dst = append(dst, p.pass...)
	if p.scheme != "" {
		dst = append(dst, ':')
	}
	if p.needsDotSlash() {
		dst = append(dst, "/."...)
	}
	return p.appendPathQueryFragment(dst)
}

// isIPv4 reports whether the reading of p takes host for an IPv4 address.
func (p *parts) isIPv4(host string) bool {
	if p.urlcanon {
		n, ok := ucParseIPv4(host)
		return ok && n >= 0
	}
	return isIPv4(host)
}

// appendSSURTHost is ssurt_host by the reading of p: urlcanon's reverses
// a host its IPv4 parser reads as 0 ("0.0.0.0"), as its test of the
// number's truth does.
func (p *parts) appendSSURTHost(dst []byte, host string, trailingComma bool) []byte {
	if p.urlcanon {
		if n, ok := ucParseIPv4(host); host == "" || host[0] == '[' || ok && n != 0 {
			return append(dst, host...)
		}
		return appendReversedHost(dst, host, trailingComma)
	}
	return appendSSURTHost(dst, host, trailingComma)
}

// SSURTHost is urlcanon's ssurt_host: the host reversed (ReverseHost) unless
// it is empty, an IPv6 address in brackets or an IPv4 address in any form
// the URL Standard reads ("0x80"), which stay as they are.
func SSURTHost(host string) string { return string(appendSSURTHost(nil, host, true)) }

// AppendSSURTHost appends SSURTHost(host) to dst, allocating nothing
// beyond dst's growth for a name or a dotted quad (an address in another
// form is parsed again, by the URL Standard's parser).
func AppendSSURTHost(dst []byte, host string) []byte { return appendSSURTHost(dst, host, true) }

func appendSSURTHost(dst []byte, host string, trailingComma bool) []byte {
	if host == "" || host[0] == '[' || isIPv4(host) {
		return append(dst, host...)
	}
	return appendReversedHost(dst, host, trailingComma)
}

// ReverseHost is urlcanon's reverse_host: the dot-separated labels in
// reverse order, each followed by ",", a "," in a label written as ".":
// "x,y.b.c" is "c,b,x.y,".
func ReverseHost(host string) string { return string(appendReversedHost(nil, host, true)) }

func appendReversedHost(dst []byte, host string, trailingComma bool) []byte {
	end := len(host)
	for i := len(host) - 1; i >= -1; i-- {
		if i >= 0 && host[i] != '.' {
			continue
		}
		for j := i + 1; j < end; j++ {
			c := host[j]
			if c == ',' {
				c = '.'
			}
			dst = append(dst, c)
		}
		if i >= 0 || trailingComma {
			dst = append(dst, ',')
		}
		end = i
	}
	return dst
}

// isIPv4 reports whether the URL Standard's host parser reads host as an
// IPv4 address: its last label is a number ("ends in a number"), and the
// whole parses.
func isIPv4(host string) bool {
	last := strings.TrimSuffix(host, ".")
	last = last[strings.LastIndexByte(last, '.')+1:]
	if last == "" {
		return false
	}
	if !isDigits(last) && !(len(last) >= 2 && last[0] == '0' && last[1]|0x20 == 'x' && isHex(last[2:])) {
		return false
	}
	if isDottedQuad(host) && canonicalQuad(host) {
		return true
	}
	h, ok := reparseHost("http", host)
	return ok && h != "" && h[0] != '[' && isDigitsDots(h)
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !percent.IsHex(s[i]) {
			return false
		}
	}
	return true
}

func isDigitsDots(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '.' && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

// canonicalQuad: four decimal numbers up to 255 without leading zeros, as
// the URL Standard writes an address (no need to parse it again).
func canonicalQuad(h string) bool {
	for {
		p, rest, more := strings.Cut(h, ".")
		if len(p) > 1 && p[0] == '0' || len(p) == 3 && p > "255" {
			return false
		}
		if !more {
			return true
		}
		h = rest
	}
}
