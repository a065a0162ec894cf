package canon

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/percent"
	"golang.org/x/net/idna"
)

// The steps of urlcanon's canonicalizers (python/urlcanon/canon.py), each
// on the parts urlcanon's parser cut, and the lists that order them
// (docs/keys.md#as-urlcanon-parses). Where a step is a rule the URL
// Standard reading has too, it calls the same function (rules.go).

// A step is one of urlcanon's steps. They are values, not functions, so
// that the parts they rewrite stay on the stack.
type step uint8

const (
	stepRemoveJunk step = iota
	stepDefaultScheme
	stepRemoveTabsAndNewlines
	stepLowercaseScheme
	stepElideDefaultPort
	stepCleanUpUserinfo
	stepTwoSlashes
	stepDecodeHostOnce
	stepDecodeRepeatedly
	stepDecodeRepeatedlyExceptQuery
	stepNormalizeAddress
	stepPunycodeHost
	stepEncodeHost
	stepFixBackslashes
	stepEncodePath
	stepLeadingSlash
	stepResolvePathDots
	stepEmptyPathToSlash
	stepEncodeUserinfo
	stepEncodeQuery
	stepEncodeFragment
	stepFixHostDots
	stepCollapseSlashes
	stepGoogleEncode
	stepLessDumbEncode
	stepRecodeQueryArgs
	stepSortQuery
	stepStripWWW
	stepStripTrailingSlash
	stepRemoveFragment
	stepRemoveUserinfo
	stepHTTPSToHTTP
	stepLowercasePath
	stepLowercaseQuery
	stepStripQuerySessionIDs
	stepStripPathSessionIDs
	stepDropEmptyArgs
	stepOmitEmptyQuery
)

// do takes the step on p.
func (p *parts) do(s step) {
	switch s {
	case stepRemoveJunk:
		ucRemoveJunk(p)
	case stepDefaultScheme:
		ucDefaultScheme(p)
	case stepRemoveTabsAndNewlines:
		ucRemoveTabsAndNewlines(p)
	case stepLowercaseScheme:
		ucLowercaseScheme(p)
	case stepElideDefaultPort:
		ucElideDefaultPort(p)
	case stepCleanUpUserinfo:
		ucCleanUpUserinfo(p)
	case stepTwoSlashes:
		ucTwoSlashes(p)
	case stepDecodeHostOnce:
		ucDecodeHostOnce(p)
	case stepDecodeRepeatedly:
		ucDecodeRepeatedly(p)
	case stepDecodeRepeatedlyExceptQuery:
		ucDecodeRepeatedlyExceptQuery(p)
	case stepNormalizeAddress:
		ucNormalizeAddress(p)
	case stepPunycodeHost:
		ucPunycodeHost(p)
	case stepEncodeHost:
		ucEncodeHost(p)
	case stepFixBackslashes:
		ucFixBackslashes(p)
	case stepEncodePath:
		ucEncodePath(p)
	case stepLeadingSlash:
		ucLeadingSlash(p)
	case stepResolvePathDots:
		ucResolvePathDots(p)
	case stepEmptyPathToSlash:
		ucEmptyPathToSlash(p)
	case stepEncodeUserinfo:
		ucEncodeUserinfo(p)
	case stepEncodeQuery:
		ucEncodeQuery(p)
	case stepEncodeFragment:
		ucEncodeFragment(p)
	case stepFixHostDots:
		ucFixHostDots(p)
	case stepCollapseSlashes:
		ucCollapseSlashes(p)
	case stepGoogleEncode:
		ucGoogleEncode(p)
	case stepLessDumbEncode:
		ucLessDumbEncode(p)
	case stepRecodeQueryArgs:
		ucRecodeQueryArgs(p)
	case stepSortQuery:
		ucSortQuery(p)
	case stepStripWWW:
		ucStripWWW(p)
	case stepStripTrailingSlash:
		ucStripTrailingSlash(p)
	case stepRemoveFragment:
		removeFragment(p)
	case stepRemoveUserinfo:
		removeUserinfo(p)
	case stepHTTPSToHTTP:
		httpsToHTTP(p)
	case stepLowercasePath:
		p.path = ascii.Lower(p.path)
	case stepLowercaseQuery:
		p.query = ascii.Lower(p.query)
	case stepStripQuerySessionIDs:
		p.query = stripQuerySessionIDs(p.query, false)
	case stepStripPathSessionIDs:
		p.path = stripPathSessionIDs(p.path)
	case stepDropEmptyArgs:
		p.query = dropEmptyArgs(p.query)
	case stepOmitEmptyQuery:
		p.hasQuery = p.hasQuery && p.query != ""
	}
}

// urlcanonSteps is the list of steps of the canonicalizer with these rules,
// in urlcanon's order: the whatwg, google and semantic families differ in
// their order, the semantic ones and aggressive add their rules at the end.
func urlcanonSteps(r rule) []step {
	var steps []step
	switch {
	case r == 0:
		steps = []step{
			stepRemoveJunk, stepRemoveTabsAndNewlines, stepLowercaseScheme,
			stepElideDefaultPort, stepCleanUpUserinfo, stepTwoSlashes,
			stepDecodeHostOnce, stepNormalizeAddress, stepPunycodeHost, stepEncodeHost,
			stepFixBackslashes, stepEncodePath, stepLeadingSlash, stepResolvePathDots,
			stepEmptyPathToSlash, stepEncodeUserinfo, stepEncodeQuery, stepEncodeFragment,
		}
	case r&ruleQueryByParam == 0: // google
		steps = []step{
			stepRemoveJunk, stepDefaultScheme, stepRemoveTabsAndNewlines,
			stepLowercaseScheme, stepFixBackslashes, stepEncodePath, stepEmptyPathToSlash,
			stepElideDefaultPort, stepCleanUpUserinfo, stepLeadingSlash, stepTwoSlashes,
			stepRemoveFragment, stepDecodeRepeatedly, stepResolvePathDots, stepFixHostDots,
			stepCollapseSlashes, stepPunycodeHost, stepNormalizeAddress, stepGoogleEncode,
		}
	default: // semantic_precise, then the rules the others add
		steps = []step{
			stepRemoveJunk, stepDefaultScheme, stepRemoveTabsAndNewlines,
			stepLowercaseScheme, stepElideDefaultPort, stepCleanUpUserinfo, stepTwoSlashes,
			stepDecodeRepeatedlyExceptQuery, stepNormalizeAddress, stepFixHostDots,
			stepPunycodeHost, stepRemoveUserinfo, stepLessDumbEncode, stepRecodeQueryArgs,
			stepFixBackslashes, stepLeadingSlash, stepResolvePathDots, stepCollapseSlashes,
			stepEmptyPathToSlash, stepSortQuery,
		}
		for _, o := range urlcanonAdded {
			if r&o.rule != 0 {
				steps = append(steps, o.steps...)
			}
		}
		if r&ruleSortQuery != 0 && r&ruleLowercaseQuery != 0 {
			steps = append(steps, stepSortQuery) // again, after lower-casing
		}
	}
	return steps
}

// urlcanonAdded is what the semantic canonicalizers and aggressive add
// after semantic_precise's steps: each rule's steps, in urlcanon's order.
var urlcanonAdded = []struct {
	rule  rule
	steps []step
}{
	{ruleRemoveFragment, []step{stepRemoveFragment}},
	{ruleHTTPSToHTTP, []step{stepHTTPSToHTTP}},
	{ruleStripWWW, []step{stepStripWWW}},
	{ruleLowercasePath, []step{stepLowercasePath}},
	{ruleLowercaseQuery, []step{stepLowercaseQuery}},
	{ruleStripSessionIDs, []step{stepStripQuerySessionIDs, stepStripPathSessionIDs}},
	{ruleStripTrailingSlash, []step{stepStripTrailingSlash}},
	{ruleRedundantAmps, []step{stepDropEmptyArgs}},
	{ruleOmitEmptyQuery, []step{stepOmitEmptyQuery}},
}

// urlcanonSpecial reports whether p's scheme, as it is now, is special by
// urlcanon's table.
func (p *parts) urlcanonSpecial() bool {
	_, ok := urlcanonSpecial(p.scheme)
	return ok
}

// hasAuthority reports whether any piece of the authority is there.
func (p *parts) hasAuthority() bool {
	return p.user != "" || p.passColon || p.pass != "" || p.at || p.host != "" || p.portColon || p.port != ""
}

func ucRemoveJunk(p *parts) { p.leading, p.trailing = "", "" }

// ucDefaultScheme is default_scheme_http: with no scheme, "http", and the
// path is cut again as an http URL's slashes, authority and path.
func ucDefaultScheme(p *parts) {
	if p.scheme != "" {
		return
	}
	p.scheme = "http"
	if p.path != "" {
		p.parsePathish(p.path)
	}
}

// ucRemoveTabsAndNewlines is remove_tabs_and_newlines, on every piece.
// Scanning the pieces costs what scanning the input for a tab first would.
func ucRemoveTabsAndNewlines(p *parts) {
	for _, s := range []*string{&p.leading, &p.scheme, &p.slashes, &p.user, &p.pass, &p.host, &p.port, &p.path, &p.query, &p.frag, &p.trailing} {
		*s = removeTabsAndNewlines(*s)
	}
}

func ucLowercaseScheme(p *parts) { p.scheme = ascii.Lower(p.scheme) }

// ucElideDefaultPort drops the scheme's default port, written as it is
// ("80", not "080").
func ucElideDefaultPort(p *parts) {
	if port, ok := urlcanonSpecial(p.scheme); ok && p.portColon && p.port == port && port != "" {
		p.port, p.portColon = "", false
	}
}

// ucCleanUpUserinfo drops ":" before an empty password, and "@" after an
// empty userinfo.
func ucCleanUpUserinfo(p *parts) {
	if p.pass == "" {
		p.passColon = false
		if p.user == "" {
			p.at = false
		}
	}
}

// ucTwoSlashes writes the slashes as "//" when there are any, or an
// authority, or the scheme is file.
func ucTwoSlashes(p *parts) {
	if p.slashes != "" || p.hasAuthority() || p.scheme == "file" {
		p.slashes = "//"
	}
}

func ucDecodeHostOnce(p *parts) {
	if p.host != "" && p.urlcanonSpecial() && strings.IndexByte(p.host, '%') >= 0 {
		p.host = string(percent.AppendDecoded(nil, p.host))
	}
}

// ucNormalizeAddress is reparse_host and normalize_ip_address: a host that
// is an IPv4 address in any form urlcanon reads is written in dotted
// decimal, an IPv6 address compressed, whatever the scheme.
func ucNormalizeAddress(p *parts) {
	a, ok := ucAddress(p.host)
	if !ok {
		return
	}
	if a.Is4() {
		p.host = a.String()
		return
	}
	p.host = string(append(appendIPv6([]byte{'['}, a), ']'))
}

// ucPunycodeHost is punycode_special_host: the host of a special URL to
// ASCII by IDNA, or as it is when IDNA rejects it.
func ucPunycodeHost(p *parts) {
	if p.host != "" && p.urlcanonSpecial() {
		p.host = urlcanonIDNA(p.host)
	}
}

// IDNA as urlcanon calls Python's idna package: UTS #46 mapping (not
// transitional) and IDNA 2008's checks of each label; when they fail, the
// mapping then IDNA 2003's ToASCII label by label; when that fails too,
// the host as it is. golang.org/x/net/idna stands in for both.
var (
	ucIDNA2008 = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.BidiRule(),
		idna.CheckJoiners(true), idna.CheckHyphens(true), idna.VerifyDNSLength(true), idna.StrictDomainName(false))
	ucDots = strings.NewReplacer("\u3002", ".", "\uff0e", ".", "\uff61", ".")
	// ucNameprep stands in for IDNA 2003's nameprep: the transitional
	// mapping ("ß" is "ss"), as for CDXKey.
	ucNameprep = idna.New(idna.MapForLookup(), idna.Transitional(true), idna.ValidateLabels(false),
		idna.CheckHyphens(false), idna.CheckJoiners(false), idna.StrictDomainName(false))
)

func urlcanonIDNA(h string) string {
	if !utf8.ValidString(h) || hasLongLabel(h) {
		return h
	}
	if isASCII(h) {
		// ASCII maps to its lower case. IDNA 2008 takes letters, digits
		// and inner hyphens in labels of 1 to 63 bytes (a final "." is
		// the root); IDNA 2003's ToASCII any bytes, but no empty label.
		l := ascii.Lower(h)
		if ucIDNA2008ASCII(l) || ucLabelsFit(l) {
			return l
		}
		return h
	}
	if a, err := ucIDNA2008.ToASCII(h); err == nil {
		if u, err := ucIDNA2008.ToUnicode(a); err == nil && idna2008Valid(u) {
			return a
		}
	}
	// The fallback: labels split where UTS #46 maps to "." (U+3002,
	// U+FF0E, U+FF61 too); an ASCII one lower-cased, any other by
	// nameprep, then Punycode if not ASCII then, with no other check
	// (IDNA 2003 without its STD3 rules).
	labels := strings.Split(ucDots.Replace(h), ".")
	for i, l := range labels {
		if isASCII(l) {
			labels[i] = ascii.Lower(l)
			continue
		}
		// A label that starts "xn--" must be ASCII after nameprep
		// (IDNA 2003 ToASCII step 5); x/net/idna would read it as
		// Punycode, so it maps the rest alone.
		prefix := ""
		if len(l) > 4 && ascii.Lower(l[:4]) == "xn--" {
			prefix, l = "xn--", l[4:]
		}
		a, err := ucNameprep.ToASCII(l)
		if err != nil || prefix != "" && strings.HasPrefix(a, "xn--") && !strings.HasPrefix(ascii.Lower(l), "xn--") {
			return h
		}
		labels[i] = prefix + a
	}
	if out := strings.Join(labels, "."); ucLabelsFit(out) {
		return out
	}
	return h
}

// idna2008Valid approximates IDNA 2008's code point classes (RFC 5892) on
// a host UTS #46 mapped already, which x/net/idna does not check: ASCII
// letters, digits, "-" and "."; letters, marks and decimal digits; the
// exceptions of section 2.6 (PVALID U+3007, DISALLOWED U+0640, U+07FA,
// U+302E, U+302F, U+3031 to U+3035, U+303B). Symbols such as U+2603 are
// valid to UTS #46 and not to IDNA 2008: the idna package rejects them,
// and urlcanon falls back to IDNA 2003, which maps "ß" to "ss".
func idna2008Valid(u string) bool {
	for _, r := range u {
		switch {
		case r < 0x80:
			if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-' || r == '.') {
				return false
			}
		case r == 0x3007, r == 0x200c, r == 0x200d:
		case r == 0x0640, r == 0x07fa, r == 0x302e, r == 0x302f, 0x3031 <= r && r <= 0x3035, r == 0x303b:
			return false
		case !unicode.In(r, unicode.Ll, unicode.Lo, unicode.Lm, unicode.Mn, unicode.Mc, unicode.Nd):
			return false
		}
	}
	return true
}

// ucLabelsFit: every "."-separated label has 1 to 63 bytes.
func ucLabelsFit(h string) bool {
	for {
		l, rest, more := strings.Cut(h, ".")
		if l == "" || len(l) > 63 {
			return false
		}
		if !more {
			return true
		}
		h = rest
	}
}

// ucIDNA2008ASCII: the lower-case ASCII host l passes the idna package's
// checks: labels of letters, digits and "-", not at either end nor in the
// third and fourth places (but an A-label "xn--" that decodes), a final
// "." allowed, 253 bytes at most without it.
func ucIDNA2008ASCII(l string) bool {
	h := strings.TrimSuffix(l, ".")
	if h == "" || len(h) > 253 {
		return false
	}
	for {
		label, rest, more := strings.Cut(h, ".")
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
		if len(label) >= 4 && label[2:4] == "--" {
			if !strings.HasPrefix(label, "xn--") {
				return false
			}
			if u, err := ucIDNA2008.ToUnicode(label); err != nil || !idna2008Valid(u) {
				return false
			}
		}
		if !more {
			return true
		}
		h = rest
	}
}

func ucEncodeHost(p *parts) { p.host = percent.String(p.host, &setUCHost) }

func ucFixBackslashes(p *parts) {
	if !p.urlcanonSpecial() {
		return
	}
	if p.slashes != "" && p.slashes != "//" {
		p.slashes = strings.Repeat("/", len(p.slashes))
	}
	p.path = strings.ReplaceAll(p.path, "\\", "/")
}

// ucEncodePath encodes the path by the URL Standard's path percent-encode
// set, or by its C0 control set when the path is opaque (no "/" first and
// not special).
func ucEncodePath(p *parts) {
	set := &percent.Controls
	if strings.HasPrefix(p.path, "/") || p.urlcanonSpecial() {
		set = &setUCPath
	}
	p.path = percent.String(p.path, set)
}

func ucLeadingSlash(p *parts) {
	if p.urlcanonSpecial() && !strings.HasPrefix(p.path, "/") {
		p.path = "/" + p.path
	}
}

func ucResolvePathDots(p *parts) { p.path = resolvePathDots(p.path, p.urlcanonSpecial()) }

// resolvePathDots is urlcanon's resolve_path_dots: the path as a list of
// separators ("/"; "\" too when special) and segments; a segment "." or
// ".." ("%2e" in any case for a dot) goes with the separator after it,
// ".." also takes the separator and the segment before it, but never the
// first separator. Other segments, empty ones included, stay.
func resolvePathDots(path string, special bool) string {
	isSep := func(c byte) bool { return c == '/' || special && c == '\\' }
	if path == "" || !isSep(path[0]) {
		return path
	}
	// Only a segment starting "." or "%" can be a dot segment.
	i := 0
	for i+1 < len(path) && !(isSep(path[i]) && (path[i+1] == '.' || path[i+1] == '%')) {
		i++
	}
	if i+1 >= len(path) {
		return path
	}
	out := make([]byte, 0, len(path))
	var starts []int // where each element of the new path starts in out
	push := func(s string) {
		starts = append(starts, len(out))
		out = append(out, s...)
	}
	pop := func() {
		out = out[:starts[len(starts)-1]]
		starts = starts[:len(starts)-1]
	}
	skipSep := false
	for i := 0; i < len(path); {
		// A separator, then the segment up to the next one.
		sep := path[i : i+1]
		j := i + 1
		for j < len(path) && !isSep(path[j]) {
			j++
		}
		seg := path[i+1 : j]
		i = j
		if !skipSep {
			push(sep)
		}
		skipSep = false
		switch dots(seg) {
		case 2:
			for k := 0; k < 2 && len(starts) > 1; k++ {
				pop()
			}
			skipSep = true
		case 1:
			skipSep = true
		default:
			push(seg)
		}
	}
	return string(out)
}

// dots is the number of dots seg is, when it is "." or ".." with any dot
// written "%2e" or "%2E"; else 0.
func dots(seg string) int {
	n := 0
	for seg != "" && n < 3 {
		switch {
		case seg[0] == '.':
			seg = seg[1:]
		case len(seg) >= 3 && seg[0] == '%' && seg[1] == '2' && seg[2]|0x20 == 'e':
			seg = seg[3:]
		default:
			return 0
		}
		n++
	}
	if seg != "" || n > 2 {
		return 0
	}
	return n
}

func ucEmptyPathToSlash(p *parts) {
	if p.path == "" && p.hasAuthority() && p.urlcanonSpecial() {
		p.path = "/"
	}
}

func ucEncodeUserinfo(p *parts) {
	p.user = percent.String(p.user, &setUCUserinfo)
	p.pass = percent.String(p.pass, &setUCUserinfo)
}

func ucEncodeQuery(p *parts) { p.query = percent.String(p.query, &setUCQuery) }

func ucEncodeFragment(p *parts) { p.frag = percent.String(p.frag, &percent.Controls) }

func decodeRepeatedly(s string) string {
	if !hasEscape(s) {
		return s
	}
	return string(appendDecodedRepeatedly(nil, s))
}

// ucDecodeRepeatedly is pct_decode_repeatedly: every component, the scheme
// and the port too.
func ucDecodeRepeatedly(p *parts) {
	ucDecodeRepeatedlyExceptQuery(p)
	p.query = decodeRepeatedly(p.query)
}

func ucDecodeRepeatedlyExceptQuery(p *parts) {
	for _, s := range []*string{&p.scheme, &p.user, &p.pass, &p.host, &p.port, &p.path, &p.frag} {
		*s = decodeRepeatedly(*s)
	}
}

func ucFixHostDots(p *parts) { p.host = fixHostDots(p.host) }

func ucCollapseSlashes(p *parts) {
	if p.urlcanonSpecial() {
		p.path = collapseSlashes(p.path)
	}
}

// ucGoogleEncode encodes every component by Google Safe Browsing's
// minimal set.
func ucGoogleEncode(p *parts) {
	for _, s := range []*string{&p.scheme, &p.user, &p.pass, &p.host, &p.port, &p.path, &p.query, &p.frag} {
		*s = percent.String(*s, &setMinimal)
	}
}

// ucLessDumbEncode is less_dumb_pct_encode: the minimal set, and ":" and
// "@" in the userinfo, "?" in the path.
func ucLessDumbEncode(p *parts) {
	for _, s := range []*string{&p.scheme, &p.host, &p.port, &p.frag} {
		*s = percent.String(*s, &setMinimal)
	}
	p.user = percent.String(p.user, &setUCUserinfoMinimal)
	p.pass = percent.String(p.pass, &setUCUserinfoMinimal)
	p.path = percent.String(p.path, &setPath)
}

func ucRecodeQueryArgs(p *parts) {
	if p.query != "" {
		p.query, _ = recodeQueryArgs(nil, p.query)
	}
}

func ucSortQuery(p *parts) { p.query = sortQuery(p.query) }

// ucStripWWW drops one leading "www.", "www2."... label, as urlcanon does
// (the URL Standard reading drops them all, for idempotence).
func ucStripWWW(p *parts) { p.host = stripWWW(p.host) }

// ucStripTrailingSlash drops one final "/" of a path that is not "/".
func ucStripTrailingSlash(p *parts) {
	if p.path != "/" && strings.HasSuffix(p.path, "/") {
		p.path = p.path[:len(p.path)-1]
	}
}
