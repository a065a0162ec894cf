package canon

import (
	"errors"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/relurl/relurl/internal/ascii"
	"golang.org/x/net/idna"
)

// The CDX/CDXJ key of pywb and the Wayback Machine: what the Internet
// Archive's surt library (github.com/internetarchive/surt, 0.3.1) computes
// with its defaults, step for step, on its own RFC 2396 split of the URL and
// not on the URL Standard's parse: a key that is to join an archive's index
// must be the key the index holds (docs/keys.md#the-cdx-key).

// CDXOptions are the options of the surt library's surt() function; the zero
// value is its defaults, the key pywb and the Wayback Machine write.
type CDXOptions struct {
	WithScheme    bool // "http://(org,example)/" instead of "org,example)/" (with_scheme)
	TrailingComma bool // "org,example,)/" (trailing_comma)
	KeepWWW       bool // keep a leading "www.", "www2." label (host_massage=False)
	KeepIPOrder   bool // "192.168.1.1)/" instead of "1,1,168,192)/" (reverse_ipaddr=False)
}

// CDXKey is the surt library's surt(s) with its defaults: the key pywb and
// the Wayback Machine index a capture of s by. "http://www.Example.com/A?b=1&a=2"
// gives "com,example)/a?a=2&b=1"; an empty s gives "-". The error is an
// *Error, for the inputs on which the library raises an exception (a port
// that is not a number from 0 to 65535, ErrPort; an input of only white
// space, ErrBlank).
func CDXKey(s string) (string, error) { return CDXOptions{}.Key(s) }

// AppendCDXKey appends CDXKey(s) to dst; on error dst is returned
// unchanged with the *Error. It is the way to key many URLs: for a URL
// already in the form most crawled URLs have, it allocates nothing.
func AppendCDXKey(dst []byte, s string) ([]byte, error) { return CDXOptions{}.AppendKey(dst, s) }

// Key is the surt library's surt(s, **options) with these options.
func (o CDXOptions) Key(s string) (string, error) {
	b, err := o.AppendKey(nil, s)
	return string(b), err
}

// AppendKey appends Key(s) to dst; on error dst is returned unchanged
// with the *Error.
func (o CDXOptions) AppendKey(dst []byte, s string) ([]byte, error) {
	if b, ok := o.appendPlainKey(dst, s); ok {
		return b, nil
	}
	return o.appendKey(dst, s)
}

// appendKey is AppendKey step for step as the library goes: the reference
// that appendPlainKey must equal (FuzzCDXPlain).
func (o CDXOptions) appendKey(dst []byte, s string) ([]byte, error) {
	if s == "" {
		return append(dst, '-'), nil
	}
	if strings.HasPrefix(s, "filedesc") {
		return append(dst, s...), nil
	}
	h, err := iaParse(s)
	if err != nil {
		return dst, &Error{Op: "cdx", Input: s, Err: err}
	}
	h.googleCanonicalize()
	h.iaCanonicalize(!o.KeepWWW)
	return h.appendSURT(dst, o), nil
}

// iaCanonical is the surt library's DefaultIAURLCanonicalizer on s, as a
// URL (handyurl.getURLString()); the canonicalizer named "ia".
func iaCanonical(dst []byte, s string) ([]byte, error) {
	h, err := iaParse(s)
	if err != nil {
		return dst, &Error{Op: "ia", Input: s, Err: err}
	}
	h.googleCanonicalize()
	h.iaCanonicalize(true)
	return h.appendURL(dst), nil
}

// handyURL is the surt library's handyurl: nil-able components are a
// string and a has-flag ("None" is !has).
type handyURL struct {
	scheme             string
	host               string
	hasHost            bool
	port               int // -1 for None
	path, query, hash  string
	hasPath, hasQuery  bool
	hasHash            bool
	lastDelimiterQmark bool // last_delimiter "?": "http://x/?" keeps its "?"
}

// The inputs on which the surt library raises an exception, and CDXKey,
// CDXOptions.Key and IA fail: the *Error they return wraps one of these,
// for errors.Is (docs/keys.md#the-cdx-key).
var (
	// ErrBlank: the input is nothing but white space.
	ErrBlank = errors.New("nothing but white space (the surt library fails)")
	// ErrPort: the port is not a number from 0 to 65535.
	ErrPort = errors.New("port is not a number from 0 to 65535 (the surt library fails)")
)

// pyWhitespace is what Python's bytes.strip() removes.
const pyWhitespace = " \t\n\r\v\f"

// iaParse is handyurl.parse.
func iaParse(s string) (handyURL, error) {
	s = strings.Trim(s, pyWhitespace)
	if strings.ContainsAny(s, "\n\r\t") {
		s = strings.NewReplacer("\n", "", "\r", "", "\t", "").Replace(s)
	}
	if s == "" {
		return handyURL{}, ErrBlank
	}
	if schemeLen(s) == 0 {
		s = "http://" + s
	}
	// "http://https://order.1and1.com": the last of the repeated protocols.
	for {
		n := httpProtocolLen(s)
		if n == 0 || httpProtocolLen(s[n:]) == 0 {
			break
		}
		s = s[n:]
	}
	h := handyURL{port: -1}
	// RFC 2396 appendix B, as the library's RFC2396REGEX.
	n := schemeLen(s)
	h.scheme = s[:n-1]
	rest := s[n:]
	var netloc string
	if strings.HasPrefix(rest, "//") {
		end := strings.IndexAny(rest[2:], "/?#")
		if end < 0 {
			end = len(rest) - 2
		}
		netloc, rest = rest[2:2+end], rest[2+end:]
	}
	rest, h.hash, h.hasHash = strings.Cut(rest, "#")
	h.path, h.query, h.hasQuery = strings.Cut(rest, "?")
	h.hasHash = h.hasHash && h.hash != "" // "or None"
	h.hasQuery = h.hasQuery && h.query != ""
	h.hasPath = h.path != ""
	// Python's SplitResult.hostname and .port.
	netloc = strings.TrimRight(netloc, ":")
	hostinfo := netloc[strings.LastIndexByte(netloc, '@')+1:]
	var hostname, port string
	if _, bracketed, ok := strings.Cut(hostinfo, "["); ok {
		var after string
		hostname, after, _ = strings.Cut(bracketed, "]")
		_, port, _ = strings.Cut(after, ":")
	} else {
		hostname, port, _ = strings.Cut(hostinfo, ":")
	}
	if port != "" {
		p, err := strconv.Atoi(port)
		if err != nil || p > 65535 || !isDigits(port) {
			return handyURL{}, ErrPort
		}
		if p != 0 {
			h.port = p
		}
	}
	if hostname != "" {
		// Python lower-cases what is before a "%" (an IPv6 zone).
		before, zone, found := strings.Cut(hostname, "%")
		if found {
			zone = "%" + zone
		}
		h.host, h.hasHost = ascii.Lower(before)+zone, true
	}
	// "http:////////////////www.vikings.com"
	if strings.HasPrefix(h.scheme, "http") && !h.hasHost && h.hasPath {
		host, path, _ := strings.Cut(strings.TrimLeft(h.path, "/"), "/")
		h.host, h.hasHost = host, true
		h.path, h.hasPath = "/"+path, true
	}
	h.lastDelimiterQmark = strings.HasSuffix(s, "?") && !h.hasQuery
	return h, nil
}

// schemeLen is the length of "scheme:" at the start of s, 0 when s does not
// start with one ([a-zA-Z][a-zA-Z0-9+.-]*:).
func schemeLen(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return i + 1
		case isAlpha(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
		default:
			return 0
		}
	}
	return 0
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// httpProtocolLen is the length of "http://" or "https://" at the start of
// s, else 0 (case-sensitive, as the library's regex).
func httpProtocolLen(s string) int {
	switch {
	case strings.HasPrefix(s, "http://"):
		return 7
	case strings.HasPrefix(s, "https://"):
		return 8
	}
	return 0
}

// appendEscapeOnce is the library's escapeOnce: Python's quote() with every
// printable ASCII byte but "#" and "%" safe.
func appendEscapeOnce(dst []byte, s string) []byte { return appendEncoded(dst, s, &setMinimal) }

func minimalEscape(s string) string {
	d := appendDecodedRepeatedly(nil, s)
	return string(appendEscapeOnce(nil, string(d)))
}

// idna2003 stands in for Python's "idna" codec (IDNA 2003): UTS #46 with
// transitional processing maps as IDNA 2003 does but for code points
// unassigned in Unicode 3.2 (docs/keys.md#the-cdx-key).
var idna2003 = idna.New(idna.MapForLookup(), idna.Transitional(true), idna.VerifyDNSLength(true), idna.StrictDomainName(false))

// googleCanonicalize is GoogleURLCanonicalizer.canonicalize.
func (h *handyURL) googleCanonicalize() {
	h.hasHash, h.hash = false, ""
	if h.hasQuery {
		h.query = minimalEscape(h.query)
	}
	if h.host != "" {
		host := string(appendDecodedRepeatedly(nil, h.host))
		if !isASCII(host) && !hasLongLabel(host) {
			if a, err := idna2003.ToASCII(strings.ToValidUTF8(host, "")); err == nil {
				host = a
			}
		}
		host = strings.Trim(strings.ReplaceAll(host, "..", "."), ".")
		if ip, ok := attemptIPFormats(host); ok {
			host = ip
		} else {
			host = string(appendEscapeOnce(nil, ascii.Lower(host)))
		}
		h.host = host
	}
	if h.hasPath || h.host != "" {
		path := string(appendDecodedRepeatedly(nil, h.path))
		if h.host != "" {
			path = normalizePath(path)
		}
		h.path = string(appendEscapeOnce(nil, path))
		h.hasPath = true
	}
}

// maxIDNALabel bounds the labels given to IDNA: Punycode takes time up to
// the square of a label's length, and a label this long could never encode
// to the 63 bytes IDNA allows (a longer one is left as it is, as the
// library leaves a host its codec rejects).
const maxIDNALabel = 1024

func hasLongLabel(host string) bool {
	n := 0
	for i := 0; i < len(host); i++ {
		if host[i] == '.' {
			n = 0
		} else if n++; n > maxIDNALabel {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// normalizePath is the library's normalizePath: dot segments resolved, a
// ".." above the root kept, empty segments but the last dropped.
func normalizePath(path string) string {
	if path == "" {
		return "/"
	}
	segs := strings.Split(path, "/")[1:]
	kept := make([]string, 0, len(segs))
	for _, p := range segs {
		switch {
		case p == ".":
		case p == ".." && len(kept) > 0:
			kept = kept[:len(kept)-1]
		default:
			kept = append(kept, p)
		}
	}
	var b strings.Builder
	b.WriteByte('/')
	for i, p := range kept {
		if i == len(kept)-1 {
			b.WriteString(p)
		} else if p != "" {
			b.WriteString(p)
			b.WriteByte('/')
		}
	}
	return b.String()
}

// attemptIPFormats is the library's attemptIPFormats: a host of digits is a
// 32-bit number (taken modulo 2^32), dotted digits go to the resolver,
// whose inet_aton reads them (a part with a leading 0 in octal).
func attemptIPFormats(host string) (string, bool) {
	if isDigits(host) {
		var v uint32
		for i := 0; i < len(host); i++ {
			v = v*10 + uint32(host[i]-'0')
		}
		return dotted(v), true
	}
	if !decimalOrOctalIP(host) {
		return "", false
	}
	v, ok := inetAton(host)
	if !ok {
		return "", false
	}
	return dotted(v), true
}

func dotted(v uint32) string {
	return strconv.Itoa(int(v>>24)) + "." + strconv.Itoa(int(v>>16&255)) + "." +
		strconv.Itoa(int(v>>8&255)) + "." + strconv.Itoa(int(v&255))
}

// decimalOrOctalIP matches the library's DECIMAL_IP or OCTAL_IP: one to
// four dot-separated parts of digits, the first not empty.
var decimalIP = regexp.MustCompile(`^([1-9][0-9]*)(\.[0-9]+)?(\.[0-9]+)?(\.[0-9]+)?$`)
var octalIP = regexp.MustCompile(`^(0[0-7]*)(\.[0-7]+)?(\.[0-7]+)?(\.[0-7]+)?$`)

func decimalOrOctalIP(h string) bool {
	return isDigitsDots(h) && (decimalIP.MatchString(h) || octalIP.MatchString(h))
}

// inetAton is glibc's inet_aton on dotted digits: each part decimal, or
// octal after a leading 0; the last part fills the bytes left.
func inetAton(s string) (uint32, bool) {
	parts := strings.Split(s, ".")
	var vals []uint64
	for _, p := range parts {
		base := uint64(10)
		if len(p) > 1 && p[0] == '0' {
			base = 8
		}
		var v uint64
		for i := 0; i < len(p); i++ {
			d := uint64(p[i] - '0')
			if d >= base {
				return 0, false
			}
			v = v*base + d
			if v > 0xffffffff {
				return 0, false
			}
		}
		vals = append(vals, v)
	}
	var out uint64
	for i, v := range vals[:len(vals)-1] {
		if v > 255 {
			return 0, false
		}
		out |= v << (24 - 8*i)
	}
	last := vals[len(vals)-1]
	if last >= 1<<(8*(5-len(vals))) {
		return 0, false
	}
	return uint32(out | last), true
}

// iaCanonicalize is IAURLCanonicalizer.canonicalize with its defaults
// (massage: host_massage).
func (h *handyURL) iaCanonicalize(massage bool) {
	if h.host != "" {
		h.host = ascii.Lower(h.host)
		if massage && h.scheme != "dns" {
			h.host = stripWWW(h.host)
		}
	}
	if h.port >= 0 {
		switch ascii.Lower(h.scheme) {
		case "http":
			if h.port == 80 {
				h.port = -1
			}
		case "https":
			if h.port == 443 {
				h.port = -1
			}
		}
	}
	if h.path != "" {
		p := stripIAPathSessionID(ascii.Lower(h.path))
		if strings.HasSuffix(p, "/") && len(p) > 1 {
			p = p[:len(p)-1]
		}
		h.path = p
	}
	if h.hasQuery {
		q := h.query
		// Every pattern holds "sessionid", "sid" or "cfid", case aside:
		// most queries skip them all.
		if lower := ascii.Lower(q); strings.Contains(lower, "sessionid") || strings.Contains(lower, "sid") || strings.Contains(lower, "cfid") {
			for _, re := range iaQuerySessionIDs {
				if m := re.FindStringSubmatch(q); m != nil {
					q = m[1] + m[2]
				}
			}
		}
		q = alphaReorderQuery(ascii.Lower(q))
		h.query, h.hasQuery = q, q != ""
	} else {
		h.lastDelimiterQmark = false
	}
}

var iaPathSessionIDs = []*regexp.Regexp{
	regexp.MustCompile(`(?i)^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^\?]+\.aspx.*)$`),
	regexp.MustCompile(`(?i)^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$`),
}

func stripIAPathSessionID(p string) string {
	if !strings.Contains(p, ".aspx") {
		return p
	}
	for _, re := range iaPathSessionIDs {
		if m := re.FindStringSubmatch(p); m != nil {
			p = m[1] + m[3]
		}
	}
	return p
}

var iaQuerySessionIDs = []*regexp.Regexp{
	regexp.MustCompile(`(?i)^(.*)(?:jsessionid=[0-9a-zA-Z]{32})(?:&(.*))?$`),
	regexp.MustCompile(`(?i)^(.*)(?:phpsessid=[0-9a-zA-Z]{32})(?:&(.*))?$`),
	regexp.MustCompile(`(?i)^(.*)(?:sid=[0-9a-zA-Z]{32})(?:&(.*))?$`),
	regexp.MustCompile(`(?i)^(.*)(?:ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24})(?:&(.*))?$`),
	regexp.MustCompile(`(?i)^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$`),
}

// alphaReorderQuery is the library's alphaReorderQuery: the "&"-separated
// arguments sorted as Python sorts the tuples (name,) and (name, value),
// so "a" sorts before "a=" and before "a=1".
func alphaReorderQuery(q string) string {
	if len(q) <= 1 {
		return q
	}
	args := strings.Split(q, "&")
	sort.SliceStable(args, func(i, j int) bool { return queryArgLess(args[i], args[j]) })
	return strings.Join(args, "&")
}

// queryArgLess is the order of alphaReorderQuery: by name, then the
// argument without "=" first, then by value.
func queryArgLess(a, b string) bool {
	na, va, ha := strings.Cut(a, "=")
	nb, vb, hb := strings.Cut(b, "=")
	if na != nb {
		return na < nb
	}
	if ha != hb {
		return !ha
	}
	return va < vb
}

// appendSURT is handyurl.geturl_bytes(surt=True, ...).
func (h *handyURL) appendSURT(dst []byte, o CDXOptions) []byte {
	switch {
	case o.WithScheme:
		dst = append(dst, h.scheme...)
		dst = append(dst, ':')
		if h.host != "" {
			if h.scheme != "dns" {
				dst = append(dst, "//"...)
			}
			dst = append(dst, '(')
		}
	case h.host == "":
		dst = append(dst, h.scheme...)
		dst = append(dst, ':')
	}
	if h.host != "" {
		dst = appendHostSURT(dst, h.host, !o.KeepIPOrder)
		if h.port >= 0 {
			dst = append(dst, ':')
			dst = strconv.AppendInt(dst, int64(h.port), 10)
		}
		if o.TrailingComma {
			dst = append(dst, ',')
		}
		dst = append(dst, ')')
	}
	return h.appendTail(dst)
}

// appendURL is handyurl.geturl_bytes() without surt.
func (h *handyURL) appendURL(dst []byte) []byte {
	dst = append(dst, h.scheme...)
	dst = append(dst, ':')
	if h.host != "" {
		if h.scheme != "dns" {
			dst = append(dst, "//"...)
		}
		dst = append(dst, h.host...)
		if h.port >= 0 {
			dst = append(dst, ':')
			dst = strconv.AppendInt(dst, int64(h.port), 10)
		}
	}
	return h.appendTail(dst)
}

func (h *handyURL) appendTail(dst []byte) []byte {
	if h.path != "" {
		dst = append(dst, h.path...)
	} else if h.hasQuery || h.hasHash {
		dst = append(dst, '/')
	}
	if h.hasQuery {
		dst = append(dst, '?')
		dst = append(dst, h.query...)
	}
	if h.hasHash {
		dst = append(dst, '#')
		dst = append(dst, h.hash...)
	}
	if h.lastDelimiterQmark {
		dst = append(dst, '?')
	}
	return dst
}

// appendHostSURT appends the library's hostToSURT(host): labels reversed,
// joined by ","; a dotted quad of 1-3 digit numbers kept as it is unless
// reverseIP.
func appendHostSURT(dst []byte, host string, reverseIP bool) []byte {
	if !reverseIP && isDottedQuad(host) {
		return append(dst, host...)
	}
	for end := len(host); ; {
		i := strings.LastIndexByte(host[:end], '.')
		dst = append(dst, host[i+1:end]...)
		if i < 0 {
			return dst
		}
		dst = append(dst, ',')
		end = i
	}
}

func isDottedQuad(h string) bool {
	if strings.Count(h, ".") != 3 {
		return false
	}
	for {
		p, rest, more := strings.Cut(h, ".")
		if len(p) < 1 || len(p) > 3 || !isDigits(p) {
			return false
		}
		if !more {
			return true
		}
		h = rest
	}
}
