package canon

import (
	"net/netip"
	"strings"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/ipv6"
)

// The reading "as urlcanon parses" (docs/keys.md#as-urlcanon-parses):
// urlcanon's own parser, which accepts every string and cuts it into
// pieces that give the input back, and the steps urlcanon's canonicalizers
// take on those pieces, in its order. The rules the two readings share
// (strip www, sort the query, session ids...) are the functions of
// rules.go, run on the same parts.

// urlcanonSpecial is urlcanon's table of special schemes and their default
// ports: the URL Standard's of 2016, gopher included.
func urlcanonSpecial(scheme string) (port string, ok bool) {
	switch scheme {
	case "http", "ws":
		return "80", true
	case "https", "wss":
		return "443", true
	case "ftp":
		return "21", true
	case "gopher":
		return "70", true
	case "file":
		return "", true
	}
	return "", false
}

func isJunk(c byte) bool { return c <= ' ' }

func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// parseURLCanon cuts s as urlcanon's parse_url does: C0 controls and
// spaces at either end are junk; a scheme is a letter and everything up
// to the first ":"; then the "pathish" up to "?" or "#", the query up to
// "#", the fragment. Nothing is decoded, lower-cased or dropped:
// p.appendTo gives s back.
func parseURLCanon(s string) parts {
	p := parts{urlcanon: true}
	i := 0
	for i < len(s) && isJunk(s[i]) {
		i++
	}
	j := len(s)
	for j > i && isJunk(s[j-1]) {
		j--
	}
	p.leading, p.trailing, s = s[:i], s[j:], s[i:j]
	if s != "" && isAlpha(s[0]) {
		if k := strings.IndexByte(s, ':'); k >= 0 {
			p.scheme, s = s[:k], s[k+1:]
		}
	}
	if k := strings.IndexByte(s, '#'); k >= 0 {
		p.frag, p.hasFrag, s = s[k+1:], true, s[:k]
	}
	if k := strings.IndexByte(s, '?'); k >= 0 {
		p.query, p.hasQuery, s = s[k+1:], true, s[:k]
	}
	if s != "" {
		p.parsePathish(s)
	}
	return p
}

// parsePathish is urlcanon's parse_pathish: the slashes, the authority and
// the path of what follows the scheme. A special scheme takes any run of
// "/", "\" and tabs for the slashes; file and the others need two "/"
// (file: or "\"), tabs and newlines around them allowed, else all is path.
// The scheme decides with its tabs and newlines removed, lower-cased.
func (p *parts) parsePathish(pathish string) {
	scheme := ascii.Lower(removeTabsAndNewlines(p.scheme))
	_, special := urlcanonSpecial(scheme)
	var n int
	switch {
	case scheme == "file":
		n = twoSlashes(pathish, true)
	case special:
		for n < len(pathish) && (pathish[n] == '/' || pathish[n] == '\\' || isTabOrNewline(pathish[n])) {
			n++
		}
	default:
		n = twoSlashes(pathish, false)
	}
	if n < 0 {
		p.path = pathish
		return
	}
	p.slashes = pathish[:n]
	rest := pathish[n:]
	end := 0
	for end < len(rest) && rest[end] != '/' && !(special && rest[end] == '\\') {
		end++
	}
	p.path = rest[end:]
	if scheme == "file" {
		p.host = rest[:end] // no userinfo, no port
		return
	}
	p.splitAuthority(rest[:end])
}

// twoSlashes is the length of tabs and newlines, then two "/" (or "\"
// when backslash), each followed by tabs and newlines, at the start of s;
// -1 when s does not start so.
func twoSlashes(s string, backslash bool) int {
	i := 0
	for k := 0; k < 2; k++ {
		for i < len(s) && isTabOrNewline(s[i]) {
			i++
		}
		if i == len(s) || s[i] != '/' && !(backslash && s[i] == '\\') {
			return -1
		}
		i++
	}
	for i < len(s) && isTabOrNewline(s[i]) {
		i++
	}
	return i
}

// splitAuthority is urlcanon's AUTHORITY_REGEX, whose backtracking decides
// which "@" ends the userinfo: with a ":" before an "@", the password runs
// from the first ":" to the last "@"; else the username ends at the last
// "@" before the first ":". Then "[...]" (followed by ":" or the end) or
// everything up to the first ":" is the host, the rest after ":" the port.
func (p *parts) splitAuthority(a string) {
	// All of them, also when default_scheme_http cuts a path again.
	p.user, p.pass, p.port = "", "", ""
	p.passColon, p.at, p.portColon = false, false, false
	colon := strings.IndexByte(a, ':')
	if colon < 0 {
		colon = len(a)
	}
	if at := strings.LastIndexByte(a, '@'); at > colon {
		p.user, p.passColon, p.pass, p.at = a[:colon], true, a[colon+1:at], true
		a = a[at+1:]
	} else if at := strings.LastIndexByte(a[:colon], '@'); at >= 0 {
		p.user, p.at = a[:at], true
		a = a[at+1:]
	}
	end := -1
	if strings.HasPrefix(a, "[") {
		if k := strings.IndexByte(a, ']'); k >= 0 && (k+1 == len(a) || a[k+1] == ':') {
			end = k + 1
		}
	}
	if end < 0 {
		end = strings.IndexByte(a, ':')
		if end < 0 {
			end = len(a)
		}
	}
	p.host = a[:end]
	if end < len(a) {
		p.portColon, p.port = true, a[end+1:]
	}
}

// hasTabOrNewline and removeTabsAndNewlines work on bytes, as urlcanon
// does: package whatwg removes them from runes instead (its input is a
// scalar value string), so the two do not share the step.
func hasTabOrNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if isTabOrNewline(s[i]) {
			return true
		}
	}
	return false
}

func removeTabsAndNewlines(s string) string {
	if !hasTabOrNewline(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if !isTabOrNewline(s[i]) {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// ucParseIPv4 is urlcanon's parse_ipv4: one to four numbers separated by
// "." (a final "." allowed), each decimal, octal after a leading "0" or
// hex after "0x", read as Python's int() reads them (white space at the
// ends, a sign, "_" between digits); the last fills the bytes the others
// leave. An empty number is 0. ok is false when urlcanon's answer is None.
// urlcanon checks the later numbers against their upper bound only, so a
// negative one can still give an address ("1.-1.0.0" is 0.255.0.0), and
// a negative result is a number that is no address (urlcanon fails with
// an exception on it): ucAddress leaves such a host a name.
func ucParseIPv4(host string) (int64, bool) {
	if host == "" || strings.Count(host, ".") > 4 {
		return 0, false
	}
	h := strings.TrimSuffix(host, ".")
	if last := h[strings.LastIndexByte(h, '.')+1:]; last != "" && !('0' <= last[0] && last[0] <= '9') &&
		strings.IndexByte("+- \t\n\v\f\r", last[0]) < 0 {
		return 0, false // a name: the last number cannot start so
	}
	var nums [4]int64
	n := 0
	for {
		part, rest, more := strings.Cut(h, ".")
		if n == 4 {
			return 0, false
		}
		v, ok := ucParseNum(part)
		if !ok {
			return 0, false
		}
		nums[n] = v
		n++
		if !more {
			break
		}
		h = rest
	}
	var ip int64
	switch n {
	case 1:
		ip = nums[0]
	case 2:
		if nums[1] >= 1<<24 {
			return 0, false
		}
		ip = nums[0]<<24 + nums[1]
	case 3:
		if nums[1] >= 1<<8 || nums[2] >= 1<<16 {
			return 0, false
		}
		ip = nums[0]<<24 + nums[1]<<16 + nums[2]
	case 4:
		if nums[1] >= 1<<8 || nums[2] >= 1<<8 || nums[3] >= 1<<8 {
			return 0, false
		}
		ip = nums[0]<<24 + nums[1]<<16 + nums[2]<<8 + nums[3]
	}
	if ip >= 1<<32 {
		return 0, false
	}
	return ip, true
}

// maxNum bounds a number of ucParseIPv4: any larger makes the address
// too large (a negative number this large is no address either, see
// ucParseIPv4), and the sums above cannot overflow.
const maxNum = 1 << 36

// ucParseNum is urlcanon's _parse_num: "0x" then hex, "0" then octal,
// "" is 0, else decimal.
func ucParseNum(s string) (int64, bool) {
	switch {
	case len(s) >= 2 && s[0] == '0' && s[1]|0x20 == 'x':
		if len(s) == 2 {
			return 0, true
		}
		return pyInt(s[2:], 16)
	case len(s) >= 2 && s[0] == '0':
		return pyInt(s[1:], 8)
	case s == "":
		return 0, true
	}
	return pyInt(s, 10)
}

// pyInt reads s as Python's int(s, base) reads bytes: ASCII white space
// at the ends, a sign, the base's prefix ("0x", "0o") for 16 and 8,
// digits with single "_" between them. ok is false for anything else and
// for a magnitude of maxNum or more.
func pyInt(s string, base int64) (int64, bool) {
	s = strings.Trim(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	if len(s) >= 2 && s[0] == '0' && (base == 16 && s[1]|0x20 == 'x' || base == 8 && s[1]|0x20 == 'o') {
		// "0x_1f": Python allows one "_" after the prefix.
		s = strings.TrimPrefix(s[2:], "_")
	}
	if s == "" {
		return 0, false
	}
	var v int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' {
			if i == 0 || i == len(s)-1 || s[i+1] == '_' {
				return 0, false
			}
			continue
		}
		var d int64
		switch {
		case '0' <= c && c <= '9':
			d = int64(c - '0')
		case 'a' <= c|0x20 && c|0x20 <= 'z':
			d = int64(c|0x20-'a') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		if v = v*base + d; v >= maxNum {
			return 0, false
		}
	}
	if neg {
		v = -v
	}
	return v, true
}

// ucAddress is urlcanon's parse_ipv4or6: the address a host is, if any.
// A host in brackets is read as Python's ipaddress.IPv6Address reads it,
// a zone ("%eth0") allowed and ignored.
func ucAddress(host string) (netip.Addr, bool) {
	if len(host) >= 2 && host[0] == '[' && host[len(host)-1] == ']' {
		a, err := netip.ParseAddr(host[1 : len(host)-1])
		if err != nil || !a.Is6() {
			return netip.Addr{}, false
		}
		return a.WithZone(""), true
	}
	if n, ok := ucParseIPv4(host); ok && n >= 0 {
		return netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}), true
	}
	return netip.Addr{}, false
}

// appendIPv6 writes an address as Python's ipaddress does, as the URL
// Standard does (package ipv6; also for an IPv4-mapped address).
func appendIPv6(dst []byte, a netip.Addr) []byte {
	b := a.As16()
	var p [8]uint16
	for i := range p {
		p[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return ipv6.Append(dst, &p)
}

// A URLCanonURL is a URL as urlcanon's parser cuts it (its ParsedUrl):
// every piece of the input, delimiters and the junk at the ends included,
// as it is written; String gives the input back. ParseURLCanon makes one.
type URLCanonURL struct {
	LeadingJunk  string // C0 controls and spaces before the URL
	Scheme       string // a letter and all up to the first ":", without it
	Slashes      string // "//", or the run of "/", "\" and tabs before the authority
	Username     string
	Password     string
	Host         string
	Port         string
	Path         string
	Query        string
	Fragment     string
	TrailingJunk string // C0 controls and spaces after the URL

	ColonBeforePassword, AtSign, ColonBeforePort, QuestionMark, HashSign bool

	// Addr is the IPv4 or IPv6 address the host is as urlcanon's parser
	// reads it ("0x7f.1" is 127.0.0.1), the zero Addr if none; never
	// for a file URL, whose host urlcanon's parser does not read.
	Addr netip.Addr
}

// ParseURLCanon cuts s as urlcanon's parser does (docs/keys.md#as-urlcanon-parses).
// It accepts every string.
func ParseURLCanon(s string) URLCanonURL {
	p := parseURLCanon(s)
	u := URLCanonURL{
		LeadingJunk: p.leading, Scheme: p.scheme, Slashes: p.slashes,
		Username: p.user, Password: p.pass, Host: p.host, Port: p.port,
		Path: p.path, Query: p.query, Fragment: p.frag, TrailingJunk: p.trailing,
		ColonBeforePassword: p.passColon, AtSign: p.at, ColonBeforePort: p.portColon,
		QuestionMark: p.hasQuery, HashSign: p.hasFrag,
	}
	// The parser reads the host of an authority it cut (a file URL's it
	// does not), as reparse_host does later.
	scheme := ascii.Lower(removeTabsAndNewlines(p.scheme))
	if _, special := urlcanonSpecial(scheme); scheme != "file" && (special || p.slashes != "") {
		u.Addr, _ = ucAddress(p.host)
	}
	return u
}

func (u *URLCanonURL) parts() parts {
	return parts{
		urlcanon: true, leading: u.LeadingJunk, scheme: u.Scheme, slashes: u.Slashes,
		user: u.Username, pass: u.Password, host: u.Host, port: u.Port,
		path: u.Path, query: u.Query, frag: u.Fragment, trailing: u.TrailingJunk,
		passColon: u.ColonBeforePassword, at: u.AtSign, portColon: u.ColonBeforePort,
		hasQuery: u.QuestionMark, hasFrag: u.HashSign,
	}
}

// String writes the pieces in order: the input ParseURLCanon read.
func (u URLCanonURL) String() string {
	p := u.parts()
	return string(p.appendTo(nil))
}

// SURT is urlcanon's ParsedUrl.surt on the pieces as they are (no
// canonicalization): "http://(org,example,)/a".
func (u URLCanonURL) SURT(o SURTOptions) string {
	p := u.parts()
	return string(p.appendSURT(nil, o))
}

// SSURT is urlcanon's ParsedUrl.ssurt on the pieces as they are.
func (u URLCanonURL) SSURT() string {
	p := u.parts()
	return string(p.appendSSURT(nil))
}

// SURTAncestry is urlcanon's ParsedUrl.surt_ancestry, the SURT prefixes
// of a URL of a special scheme, from the whole SURT of the pieces (without
// leading junk) down to "scheme://(": one more host label, path segment,
// query or fragment each, longest first; nil for other schemes (as
// written: "HTTP" is no special scheme here).
func (u URLCanonURL) SURTAncestry() []string {
	if _, ok := urlcanonSpecial(u.Scheme); !ok {
		return nil
	}
	p := u.parts()
	var pieces []string
	first := u.Scheme + ":" + u.Slashes
	if u.Host != "" {
		pieces = append(pieces, first+"(")
		host := string(p.appendSSURTHost(nil, u.Host, false))
		for _, label := range strings.Split(host, ",") {
			pieces = append(pieces, label+",")
		}
		if u.Port != "" {
			pieces = append(pieces, ":"+u.Port+")")
		} else {
			pieces = append(pieces, ")")
		}
	} else {
		pieces = append(pieces, first)
	}
	segs := strings.Split(u.Path, "/")
	if segs[0] == "" {
		segs = segs[1:]
	}
	for _, s := range segs {
		pieces = append(pieces, "/"+s)
	}
	if u.Query != "" {
		pieces = append(pieces, "?"+u.Query)
	}
	if u.Fragment != "" {
		pieces = append(pieces, "#"+u.Fragment)
	}
	if u.TrailingJunk != "" {
		pieces = append(pieces, u.TrailingJunk)
	}
	out := make([]string, len(pieces))
	s := strings.Join(pieces, "")
	for i := len(pieces) - 1; i >= 0; i-- {
		out[len(pieces)-1-i] = s
		s = s[:len(s)-len(pieces[i])]
	}
	return out
}
