package canon

import (
	"regexp"
	"sort"
	"strings"

	"github.com/relurl/relurl/internal/ascii"
)

// rewrite runs the canonicalizer's rules on the parsed URL p. The order is
// urlcanon's (python/urlcanon/canon.py), with the departures
// docs/keys.md#departures-from-urlcanon lists.
func (c *Canonicalizer) rewrite(p *parts) {
	r := c.rules
	var scratch []byte
	if r&ruleRemoveUserinfo != 0 {
		removeUserinfo(p)
	}
	if r&ruleRemoveFragment != 0 {
		removeFragment(p)
	}
	if r&ruleHTTPSToHTTP != 0 && httpsToHTTP(p) && p.port == "80" {
		// The URL Standard would drop it on reparsing.
		p.port, p.portColon = "", false
	}
	if r&ruleDecode != 0 {
		scratch, p.user = recode(scratch, p.user, &setUserinfo)
		scratch, p.pass = recode(scratch, p.pass, &setUserinfo)
	}
	if p.hasHost && p.host != "" && p.host[0] != '[' {
		scratch, p.host = c.canonHost(scratch, p)
	}
	scratch = c.canonPath(scratch, p)
	if p.hasQuery {
		scratch = c.canonQuery(scratch, p)
	}
	if p.hasFrag && r&ruleDecode != 0 {
		_, p.frag = recode(scratch, p.frag, &setMinimal)
	}
}

// appendTo is the URL serializer (URL Standard section 4.5) on p, and
// urlcanon's, which writes every piece it holds: the delimiters as p has
// them, the junk around the URL, no "/." (below).
func (p *parts) appendTo(dst []byte) []byte {
	dst = append(dst, p.leading...)
	dst = append(dst, p.scheme...)
	if p.scheme != "" { // urlcanon's reading may have none
		dst = append(dst, ':')
	}
	dst = append(dst, p.slashes...)
	dst = append(dst, p.user...)
	if p.passColon {
		dst = append(dst, ':')
	}
	dst = append(dst, p.pass...)
	if p.at {
		dst = append(dst, '@')
	}
	dst = append(dst, p.host...)
	if p.portColon {
		dst = append(dst, ':')
	}
	dst = append(dst, p.port...)
	if p.needsDotSlash() {
		dst = append(dst, "/."...) // else "//" would start a host
	}
	return p.appendPathQueryFragment(dst)
}

// needsDotSlash: the URL Standard writes "/." before a path starting "//"
// when there is no host (section 4.5); urlcanon never does.
func (p *parts) needsDotSlash() bool {
	return !p.hasHost && !p.opaque && !p.urlcanon && strings.HasPrefix(p.path, "//")
}

// removeUserinfo drops the username, the password and their delimiters
// (urlcanon remove_userinfo).
func removeUserinfo(p *parts) {
	p.user, p.pass, p.at, p.passColon = "", "", false, false
}

// removeFragment drops "#" and the fragment (urlcanon remove_fragment).
func removeFragment(p *parts) { p.frag, p.hasFrag = "", false }

// httpsToHTTP makes https http, and reports whether it did (urlcanon
// https_to_http).
func httpsToHTTP(p *parts) bool {
	if p.scheme != "https" {
		return false
	}
	p.scheme = "http"
	return true
}

// canonHost rewrites a host that is not an IPv6 address
// (docs/keys.md#host).
func (c *Canonicalizer) canonHost(scratch []byte, p *parts) ([]byte, string) {
	r := c.rules
	h := p.host
	if !p.special && r&ruleDecode != 0 {
		// An opaque host keeps its escapes in the URL Standard; the
		// host of a special URL is decoded, mapped and checked already.
		scratch = appendDecodedRepeatedly(scratch[:0], h)
		h = string(scratch)
	}
	if r&ruleFixHostDots != 0 {
		if f := fixHostDots(h); f != "" {
			h = f
		}
	}
	if r&ruleStripWWW != 0 {
		// After the dots, as urlcanon orders them, else ".www.a" would
		// lose its "www" only in a second round. All of them, unlike
		// urlcanon, else "www.www.example.com" would lose one per round
		// (docs/keys.md#departures-from-urlcanon).
		for n := wwwPrefix(h); n > 0; n = wwwPrefix(h) {
			h = h[n:]
		}
	}
	if p.special {
		if h != p.host {
			// A rewritten host is parsed again, as urlcanon's reparse_host:
			// "0x7f.1.." without its dots is the address 127.0.0.1.
			if rh, ok := reparseHost(p.scheme, h); ok {
				return scratch, rh
			}
			return scratch, p.host
		}
		return scratch, h
	}
	if needsEncoding(h, &setHost) {
		n := len(scratch)
		scratch = appendEncoded(scratch, h, &setHost)
		h = string(scratch[n:])
	}
	return scratch, h
}

// wwwPrefix is the length of what matches urlcanon's and the surt library's "^www\d*\.".
func wwwPrefix(h string) int {
	if !strings.HasPrefix(h, "www") {
		return 0
	}
	i := 3
	for i < len(h) && '0' <= h[i] && h[i] <= '9' {
		i++
	}
	if i < len(h) && h[i] == '.' {
		return i + 1
	}
	return 0
}

func stripWWW(h string) string { return h[wwwPrefix(h):] }

// fixHostDots removes leading and trailing dots and folds runs of dots, as
// Google Safe Browsing's canonicalization says (urlcanon fix_host_dots).
func fixHostDots(h string) string { return foldRuns(strings.Trim(h, "."), '.') }

// foldRuns writes each run of c in s as one c.
func foldRuns(s string, c byte) string {
	if !strings.Contains(s, string([]byte{c, c})) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == c && i > 0 && s[i-1] == c {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// canonPath rewrites the path (docs/keys.md#path).
func (c *Canonicalizer) canonPath(scratch []byte, p *parts) []byte {
	r := c.rules
	if r&ruleDecode == 0 {
		return scratch
	}
	if p.opaque {
		// Decoded, an opaque path could start with "/" and stop being
		// opaque: that "/" stays encoded.
		if !hasEscape(p.path) && !needsEncoding(p.path, &setPath) {
			return scratch
		}
		scratch = appendDecodedRepeatedly(scratch[:0], p.path)
		n := len(scratch)
		d := string(scratch)
		if strings.HasPrefix(d, "/") {
			scratch = append(scratch, "%2F"...)
			d = d[1:]
		}
		scratch = appendEncoded(scratch, d, &setPath)
		p.path = string(scratch[n:])
		return scratch
	}
	set := &setPath
	switch {
	case p.scheme == "file":
		set = &setFile
	case p.special:
		set = &setSpecial
	}
	path := p.path
	if hasEscape(path) {
		scratch = appendDecodedRepeatedly(scratch[:0], path)
		path = removeDotSegments(string(scratch))
	}
	if r&ruleCollapseSlashes != 0 && p.special {
		path = collapseSlashes(path)
	}
	if needsEncoding(path, set) {
		n := len(scratch)
		scratch = appendEncoded(scratch, path, set)
		path = string(scratch[n:])
	}
	if r&ruleLowercasePath != 0 {
		path = ascii.Lower(path)
	}
	if r&ruleStripSessionIDs != 0 {
		path = stripPathSessionIDs(path)
	}
	if r&ruleStripTrailingSlash != 0 {
		for len(path) > 1 && path[len(path)-1] == '/' {
			path = path[:len(path)-1]
		}
	}
	p.path = path
	return scratch
}

// removeDotSegments removes the "." and ".." segments of a path that
// decoding revealed ("%252e" is "."), as the URL Standard's path state
// does for those it sees (a ".." at the root stays at the root).
func removeDotSegments(path string) string {
	if !strings.HasPrefix(path, "/") || !strings.Contains(path, ".") {
		return path
	}
	segs := strings.Split(path[1:], "/")
	out := make([]string, 0, len(segs))
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	return "/" + strings.Join(out, "/")
}

// collapseSlashes folds runs of "/" (urlcanon collapse_consecutive_slashes).
func collapseSlashes(path string) string { return foldRuns(path, '/') }

// canonQuery rewrites the query (docs/keys.md#query).
func (c *Canonicalizer) canonQuery(scratch []byte, p *parts) []byte {
	r := c.rules
	q := p.query
	switch {
	case r&ruleQueryByParam != 0:
		if hasEscape(q) || needsEncoding(q, &setMinimal) {
			q, scratch = recodeQueryArgs(scratch, q)
		}
	case r&ruleDecode != 0:
		scratch, q = recode(scratch, q, &setMinimal)
	}
	if r&ruleLowercaseQuery != 0 {
		q = ascii.Lower(q)
	}
	if r&ruleStripSessionIDs != 0 {
		q = stripQuerySessionIDs(q, true)
	}
	if r&ruleRedundantAmps != 0 {
		q = dropEmptyArgs(q)
	}
	if r&ruleOmitEmptyQuery != 0 && q == "" {
		p.hasQuery = false
	}
	if r&ruleSortQuery != 0 {
		q = sortQuery(q)
	}
	p.query = q
	return scratch
}

// dropEmptyArgs removes the empty "&"-separated parameters: "&&a=1&" is
// "a=1" (urlcanon remove_redundant_ampersands_from_query).
func dropEmptyArgs(q string) string {
	if !strings.Contains(q, "&") {
		return q
	}
	args := strings.Split(q, "&")
	kept := args[:0]
	for _, a := range args {
		if a != "" {
			kept = append(kept, a)
		}
	}
	return strings.Join(kept, "&")
}

// sortQuery sorts the "&"-separated parameters by their bytes (urlcanon
// alpha_reorder_query).
func sortQuery(q string) string {
	if !strings.Contains(q, "&") {
		return q
	}
	args := strings.Split(q, "&")
	if sort.StringsAreSorted(args) {
		return q
	}
	sort.Strings(args)
	return strings.Join(args, "&")
}

// recodeQueryArgs decodes and encodes each name and value of q apart, so
// that an encoded "&" or "=" stays one (urlcanon
// less_dumb_pct_recode_query).
func recodeQueryArgs(scratch []byte, q string) (string, []byte) {
	var dec []byte
	out := make([]byte, 0, len(q)+8)
	for i := 0; ; i++ {
		arg, rest, more := strings.Cut(q, "&")
		if i > 0 {
			out = append(out, '&')
		}
		name, value, hasValue := strings.Cut(arg, "=")
		dec = appendDecodedRepeatedly(dec[:0], name)
		out = appendEncoded(out, string(dec), &setQueryArg)
		if hasValue {
			out = append(out, '=')
			dec = appendDecodedRepeatedly(dec[:0], value)
			out = appendEncoded(out, string(dec), &setQueryArg)
		}
		if !more {
			break
		}
		q = rest
	}
	return string(out), scratch
}

// stripQuerySessionIDs removes the session id parameters of urlcanon's
// QUERY_SESSIONID_RE, each between "&"s or the ends of the query.
// urlcanon's Java version matches with look-behind and look-ahead, so that
// adjacent ids all go (adjacent true: the URL Standard reading, as
// aggressive.json expects); the Python version's regexp consumes the "&"
// after an id, so that the parameter right after a removed one stays
// (adjacent false: the reading as urlcanon parses, which follows Python).
func stripQuerySessionIDs(q string, adjacent bool) string {
	if !strings.Contains(q, "=") {
		return q
	}
	args := strings.Split(q, "&")
	kept := args[:0]
	skip := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case skip:
			skip = false
		case querySessionID.MatchString(a):
			skip = !adjacent
			continue
		case i+1 < len(args) && cfID.MatchString(a) && cfToken.MatchString(args[i+1]):
			i++
			skip = !adjacent
			continue
		}
		kept = append(kept, a)
	}
	if len(kept) == len(args) {
		return q
	}
	return strings.Join(kept, "&")
}

var (
	querySessionID = regexp.MustCompile(`(?i)^(?:` +
		`jsessionid=[0-9a-z$]{10,}` +
		`|sessionid=[0-9a-z]{16,}` +
		`|phpsessid=[0-9a-z]{16,}` +
		`|sid=[0-9a-z]{16,}` +
		`|aspsessionid[a-z]{8}=[0-9a-z]{16,}` +
		`)$`)
	cfID    = regexp.MustCompile(`(?i)^cfid=[0-9]+$`)
	cfToken = regexp.MustCompile(`(?i)^cftoken=[0-9a-z-]+$`)
)

// stripPathSessionIDs removes ASP.NET session ids from a path ending in
// ".aspx" ("/(S(4hqa0555fwsecu455xqckv45))/x.aspx") and a trailing
// ";jsessionid=" of 32 characters (urlcanon strip_session_ids_from_path).
func stripPathSessionIDs(path string) string {
	if strings.HasSuffix(path, ".aspx") && strings.Contains(path, "/(") {
		var b strings.Builder
		for i := 0; i < len(path); i++ {
			if path[i] == '(' && i > 0 && path[i-1] == '/' {
				if n := aspxSessionID(path[i:]); n > 0 {
					i += n - 1
					continue
				}
			}
			b.WriteByte(path[i])
		}
		path = b.String()
	}
	const js = ";jsessionid="
	if n := len(path) - len(js) - 32; n >= 0 && path[n:n+len(js)] == js && isAlnumLower(path[n+len(js):]) {
		path = path[:n]
	}
	return path
}

// aspxSessionID is the length of "(" 24 alphanumerics ")/" or of
// "(" ( letter "(" 24 alphanumerics ")" )+ ")/" at the start of s, 0 if
// neither is there.
func aspxSessionID(s string) int {
	if len(s) >= 27 && isAlnumLower(s[1:25]) && s[25] == ')' && s[26] == '/' {
		return 27
	}
	i := 1
	for i+27 <= len(s) && 'a' <= s[i] && s[i] <= 'z' && s[i+1] == '(' && isAlnumLower(s[i+2:i+26]) && s[i+26] == ')' {
		i += 27
	}
	if i > 1 && i+2 <= len(s) && s[i] == ')' && s[i+1] == '/' {
		return i + 2
	}
	return 0
}

func isAlnumLower(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z') {
			return false
		}
	}
	return true
}
