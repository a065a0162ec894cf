package whatwg

import (
	"github.com/relurl/relurl/internal/percent"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding"
)

// Parse runs the basic URL parser (URL Standard section 4.4) on input, with
// no base URL: input must be an absolute URL. It returns the URL or an
// *Error naming the input, the offset and the Reason.
func Parse(input string) (URL, error) {
	return ParseTrace(input, nil, nil)
}

// MustParse is Parse for inputs known to be valid, such as constants: it
// panics on failure.
func MustParse(input string) URL {
	u, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return u
}

// Parse parses ref with u as the base URL, as the URL constructor does with
// a base (new URL(ref, u)) and as net/url's (*URL).Parse does. The zero URL
// as base is no base: ref must then be absolute.
func (u URL) Parse(ref string) (URL, error) {
	if u.href == "" {
		return ParseTrace(ref, nil, nil)
	}
	return ParseTrace(ref, &u, nil)
}

// ParseEncoded is u.Parse with enc as the standard's encoding argument: the
// query of a special URL other than ws and wss is encoded with enc, code
// points enc cannot encode written as "%26%23" NNN "%3B" (HTML's numeric
// character reference, percent-encoded), as a browser resolves a link in a
// document of that encoding. A nil enc, like UTF-8 and UTF-16, is UTF-8
// (the standard's "get an output encoding"). LookupEncoding finds an
// encoding by its WHATWG label ("shift_jis", "windows-1252").
func (u URL) ParseEncoded(ref string, enc encoding.Encoding) (URL, error) {
	var base *URL
	if u.href != "" {
		base = &u
	}
	buf := make([]byte, 0, len(ref)+len(u.href)+16)
	out, v, err := parse(buf, ref, base, nil, outputEncoding(enc))
	if err != nil {
		return URL{}, err
	}
	v.href = string(out)
	return v, nil
}

// CanParse reports whether input parses, against the first base if one is
// given (the URL API's URL.canParse). A base that does not parse gives
// false. It allocates nothing but for inputs with tabs or newlines or
// non-ASCII domains, and for a failure (its *Error, made and dropped).
func CanParse(input string, base ...string) bool {
	// The parser's buffer escapes (the builder appends to it through a
	// pointer), so a stack array would be moved to the heap on every
	// call: the buffers are reused instead.
	s := canParsePool.Get().(*canParseScratch)
	defer s.put()
	if len(base) > 0 {
		out, u, err := parse(s.buf[:0], base[0], nil, nil, nil)
		s.buf = out
		if err != nil {
			return false
		}
		u.href = unsafe.String(unsafe.SliceData(out), len(out))
		s.base = u
		out, _, err = parse(out, input, &s.base, nil, nil)
		s.buf = out
		return err == nil
	}
	out, _, err := parse(s.buf[:0], input, nil, nil, nil)
	s.buf = out
	return err == nil
}

// canParseScratch is CanParse's memory: the buffer the hrefs are written
// to and the base URL, which points into it.
type canParseScratch struct {
	buf  []byte
	base URL
}

var canParsePool = sync.Pool{New: func() any { return &canParseScratch{buf: make([]byte, 0, 256)} }}

// put returns s to the pool, unless its buffer grew too large to keep.
func (s *canParseScratch) put() {
	if cap(s.buf) > 64<<10 {
		return
	}
	s.buf, s.base = s.buf[:0], URL{}
	canParsePool.Put(s)
}

// ParseTrace is base.Parse(input) (Parse when base is nil), recording in t
// (when not nil) the states of the parser's state machine that applied.
func ParseTrace(input string, base *URL, t *Trace) (URL, error) {
	if t == nil {
		if u, slash, ok := fastParse(input); ok {
			// The input is its own href: no allocation.
			u.href = input
			if slash {
				u.href = input + "/"
			}
			return u, nil
		}
	}
	// One buffer of the likely size, then the string: two allocations.
	n := len(input) + 16
	if base != nil {
		n += len(base.href)
	}
	out, u, err := parse(make([]byte, 0, n), input, base, t, nil)
	if err != nil {
		return URL{}, err
	}
	u.href = string(out)
	return u, nil
}

// Resolve parses base with no base, then ref against it, and returns the
// href: new URL(ref, base).href. A base that fails gives its *Error with
// Base set.
func Resolve(base, ref string) (string, error) {
	if b, slash, ok := fastParse(base); ok && !slash {
		// The base is its own href: parse the reference into one buffer,
		// which becomes the result (written once, then only read).
		b.href = base
		out, _, err := parse(make([]byte, 0, len(base)+len(ref)+16), ref, &b, nil, nil)
		if err != nil {
			return "", err
		}
		return unsafe.String(unsafe.SliceData(out), len(out)), nil
	}
	// The base is parsed into the start of one buffer and read in place as
	// its href (those bytes are not written again), the reference resolved
	// after it: one buffer and the result string.
	buf := make([]byte, 0, 2*(len(base)+len(ref))+32)
	out, b, err := parse(buf, base, nil, nil, nil)
	if err != nil {
		err.(*Error).Base = true
		return "", err
	}
	n := len(out)
	b.href = unsafe.String(unsafe.SliceData(out), n)
	out, _, err = parse(out, ref, &b, nil, nil)
	if err != nil {
		return "", err
	}
	return string(out[n:]), nil
}

// AppendResolve parses ref against base (nil for none) and appends the
// resulting href to dst. It does not allocate when dst has room, except for
// an input holding tabs or newlines, a non-ASCII domain, a domain of more
// than 64 bytes with percent-encoded bytes, and the *Error of a failure. On
// failure it returns dst unchanged.
func AppendResolve(dst []byte, base *URL, ref string) ([]byte, error) {
	return appendResolve(dst, base, ref, nil)
}

func appendResolve(dst []byte, base *URL, ref string, enc encoding.Encoding) ([]byte, error) {
	out, _, err := parse(dst, ref, base, nil, enc)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// builder is the URL record under construction: its serialization so far
// in out[o:], and offsets relative to o. The standard's state machine appends
// the components in the order of the serialization, so writing them to out
// as they are parsed gives the href directly.
type builder struct {
	in   string
	base *URL
	out  []byte
	o    int
	tr   *Trace
	enc  encoding.Encoding // the query's encoding, nil for UTF-8
	u    URL               // offsets relative to o; queryStart and fragStart -1 while null
}

func parse(dst []byte, input string, base *URL, tr *Trace, enc encoding.Encoding) ([]byte, URL, error) {
	if tr == nil {
		if u, slash, ok := fastParse(input); ok {
			out := append(dst, input...)
			if slash {
				out = append(out, '/')
			}
			return out, u, nil
		}
	}
	// Remove leading and trailing C0 controls and spaces, then all tabs and
	// newlines (URL Standard section 4.4, basic URL parser steps 1 and 2).
	start, end := 0, len(input)
	for start < end && input[start] <= ' ' {
		start++
	}
	for end > start && input[end-1] <= ' ' {
		end--
	}
	in := input[start:end]
	stripped := false
	if hasTabOrNewline(in) {
		in = removeTabNewline(in) // as scalar values
		stripped = true
	}
	if base != nil && base.href == "" {
		base = nil
	}
	b := builder{in: in, base: base, out: dst, o: len(dst), tr: tr, enc: enc}
	b.u.queryStart, b.u.fragStart = -1, -1
	if tr != nil {
		tr.Input = in
		tr.Steps = tr.Steps[:0]
		tr.Validation = tr.Validation[:0]
		// Steps 1 and 2 of the basic URL parser: one error each.
		if start > 0 || end < len(input) {
			b.invalid(InvalidURLUnit, 0)
		}
		if stripped {
			b.invalid(InvalidURLUnit, 0)
		}
	}
	if r, at := b.run(); r != 0 {
		return dst, URL{}, &Error{Input: input, Offset: origOffset(input, start, stripped, at), Reason: r}
	}
	return b.out, b.finish(), nil
}

// origOffset maps an offset in the cleaned input back to the input.
func origOffset(input string, start int, stripped bool, at int) int {
	if !stripped {
		return start + at
	}
	// The cleaned input is the input read as scalar values
	// (removeTabNewline): a tab or newline is gone, and a maximal
	// ill-formed subsequence is U+FFFD, three bytes.
	i := start
	for n := 0; i < len(input) && n < at; {
		c := input[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			i++
		case c < utf8.RuneSelf:
			i, n = i+1, n+1
		default:
			r, size := decodeScalar(input[i:])
			i, n = i+size, n+utf8.RuneLen(r)
		}
	}
	return i
}

// finish completes the URL record: the "/." the serializer writes before a
// path whose first segment is empty when the host is null, and the offsets
// of a null query and fragment.
func (b *builder) finish() URL {
	u := b.u
	n := len(b.out) - b.o
	pathEnd := n
	if u.queryStart >= 0 {
		pathEnd = u.queryStart
	} else if u.fragStart >= 0 {
		pathEnd = u.fragStart
	}
	if u.flags&(flagHost|flagOpaque) == 0 && pathEnd-u.pathStart >= 2 &&
		b.out[b.o+u.pathStart] == '/' && b.out[b.o+u.pathStart+1] == '/' {
		at := b.o + u.pathStart
		b.out = append(b.out, 0, 0)
		copy(b.out[at+2:], b.out[at:])
		b.out[at], b.out[at+1] = '/', '.'
		u.pathStart += 2
		pathEnd += 2
		n += 2
		if u.queryStart >= 0 {
			u.queryStart += 2
		}
		if u.fragStart >= 0 {
			u.fragStart += 2
		}
		u.flags |= flagDotPrefix
	}
	if u.queryStart >= 0 {
		u.flags |= flagQuery
	} else {
		u.queryStart = pathEnd
	}
	if u.fragStart >= 0 {
		u.flags |= flagFragment
	} else {
		u.fragStart = n
	}
	if u.flags&flagHost == 0 {
		u.userEnd, u.passEnd, u.hostStart, u.hostEnd = u.schemeEnd+1, u.schemeEnd+1, u.schemeEnd+1, u.schemeEnd+1
	}
	return u
}

func (b *builder) enter(s State, p int) {
	if b.tr != nil {
		b.tr.Steps = append(b.tr.Steps, Step{State: s, Offset: max(p, 0)})
	}
}

func isAlpha(c int) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isSchemeChar(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}

// isWindowsDriveLetter: an ASCII alpha followed by ":" or "|".
func isWindowsDriveLetter(s []byte) bool {
	return len(s) == 2 && isAlpha(int(s[0])) && (s[1] == ':' || s[1] == '|')
}

// startsWithWindowsDriveLetter: a Windows drive letter followed by the end or
// by "/", "\", "?" or "#".
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isAlpha(int(s[0])) || s[1] != ':' && s[1] != '|' {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

// copyBase appends base's href from the scheme up to end (an offset in it),
// leaving out the "/." of a dot-prefixed path, and takes base's offsets.
func (b *builder) copyBase(end int) {
	base := b.base
	b.out = b.out[:b.o]
	u := *base
	u.href = ""
	if base.flags&flagDotPrefix != 0 {
		pre := base.pathStart - 2
		b.out = append(b.out, base.href[:pre]...)
		if end > base.pathStart {
			b.out = append(b.out, base.href[base.pathStart:end]...)
			end -= 2
		} else {
			end = pre
		}
		u.pathStart -= 2
		u.queryStart -= 2
		u.fragStart -= 2
	} else {
		b.out = append(b.out, base.href[:end]...)
	}
	u.flags &^= flagDotPrefix | flagQuery | flagFragment
	if base.flags&flagQuery == 0 || end <= u.queryStart {
		u.queryStart = -1
	}
	u.fragStart = -1
	b.u = u
}

// copyAuthority is copyBase up to the path: scheme, credentials, host, port.
func (b *builder) copyAuthority() {
	b.copyBase(b.base.pathStart)
	b.u.pathStart = len(b.out) - b.o
}

// shortenPath removes the last segment of the path (URL Standard section
// 4.2), except the normalized Windows drive letter of a file URL's only one.
func (b *builder) shortenPath() {
	path := b.out[b.o+b.u.pathStart:]
	if b.u.kind == kindFile && len(path) == 3 && path[0] == '/' && isAlpha(int(path[1])) && path[2] == ':' {
		return
	}
	if i := lastIndexByte(path, '/'); i >= 0 {
		b.out = b.out[:b.o+b.u.pathStart+i]
	}
}

func (b *builder) special() bool { return b.u.kind != kindOther }

// run is the basic URL parser's state machine. The states that scan a run of
// code points (scheme, authority, host, port, path segments, query,
// fragment) take the whole run at once and leave the pointer on the code
// point that ends it, which is what the standard's code-point-at-a-time
// loop computes.
func (b *builder) run() (Reason, int) {
	in := b.in
	state := SchemeStartState
	b.enter(state, 0)
	set := func(s State, p int) {
		state = s
		if b.tr != nil {
			b.enter(s, p)
		}
	}
	at := func(p int) int {
		if p >= 0 && p < len(in) {
			return int(in[p])
		}
		return -1
	}
	for p := 0; ; p++ {
		c := at(p)
		switch state {
		case SchemeStartState:
			if isAlpha(c) {
				j := p + 1
				for j < len(in) && isSchemeChar(in[j]) {
					j++
				}
				if j < len(in) && in[j] == ':' {
					b.enter(SchemeState, p)
					b.scheme(in[:j])
					p = j
					switch {
					case b.u.kind == kindFile:
						if !strings.HasPrefix(in[p+1:], "//") {
							b.invalid(SpecialSchemeMissingFollowingSolidus, p+1)
						}
						set(FileState, p+1)
					case b.special() && b.base != nil && b.base.href[:b.base.schemeEnd] == string(b.out[b.o:b.o+b.u.schemeEnd]):
						set(SpecialRelativeOrAuthorityState, p+1)
					case b.special():
						set(SpecialAuthoritySlashesState, p+1)
					case at(p+1) == '/':
						set(PathOrAuthorityState, p+2)
						p++
					default:
						b.u.pathStart = len(b.out) - b.o
						b.u.flags |= flagOpaque
						set(OpaquePathState, p+1)
					}
					continue
				}
				b.enter(SchemeState, p)
			}
			set(NoSchemeState, 0)
			p = -1
		case NoSchemeState:
			base := b.base
			if base == nil || base.flags&flagOpaque != 0 && c != '#' {
				return MissingSchemeNonRelativeURL, p
			}
			if base.flags&flagOpaque != 0 {
				b.copyBase(base.fragStart)
				b.startFragment()
				set(FragmentState, p+1)
			} else if base.kind != kindFile {
				set(RelativeState, p)
				p--
			} else {
				set(FileState, p)
				p--
			}
		case SpecialRelativeOrAuthorityState, SpecialAuthoritySlashesState:
			// The two states differ only in where they go without "//".
			if c == '/' && at(p+1) == '/' {
				set(SpecialAuthorityIgnoreSlashesState, p+2)
				p++
			} else if b.invalid(SpecialSchemeMissingFollowingSolidus, p); state == SpecialRelativeOrAuthorityState {
				set(RelativeState, p)
				p--
			} else {
				set(SpecialAuthorityIgnoreSlashesState, p)
				p--
			}
		case PathOrAuthorityState:
			if c == '/' {
				set(AuthorityState, p+1)
			} else {
				b.u.pathStart = len(b.out) - b.o
				set(PathState, p)
				p--
			}
		case RelativeState:
			base := b.base
			if c == '/' || b.base.kind != kindOther && c == '\\' {
				if c == '\\' {
					b.invalid(InvalidReverseSolidus, p)
				}
				b.out = append(b.out[:b.o], base.href[:base.schemeEnd+1]...)
				b.u.schemeEnd, b.u.kind = base.schemeEnd, base.kind
				set(RelativeSlashState, p+1)
				break
			}
			b.copyBase(base.fragStart)
			p = b.afterBase(c, p, set)
		case RelativeSlashState:
			if b.special() && (c == '/' || c == '\\') {
				if c == '\\' {
					b.invalid(InvalidReverseSolidus, p)
				}
				set(SpecialAuthorityIgnoreSlashesState, p+1)
			} else if c == '/' {
				set(AuthorityState, p+1)
			} else {
				b.copyAuthority()
				set(PathState, p)
				p--
			}
		case SpecialAuthorityIgnoreSlashesState:
			if c != '/' && c != '\\' {
				set(AuthorityState, p)
				p--
			} else {
				b.invalid(SpecialSchemeMissingFollowingSolidus, p)
			}
		case AuthorityState:
			r, q := b.authority(p)
			if r != 0 {
				return r, q
			}
			set(HostState, q)
			p = q - 1
		case HostState:
			j, r, q := b.host(p)
			if r != 0 {
				return r, q
			}
			if at(j) == ':' {
				set(PortState, j+1)
				p = j
			} else {
				b.u.pathStart = len(b.out) - b.o
				set(PathStartState, j)
				p = j - 1
			}
		case PortState:
			j, r := b.port(p)
			if r != 0 {
				return r, j
			}
			b.u.pathStart = len(b.out) - b.o
			set(PathStartState, j)
			p = j - 1
		case FileState:
			base := b.base
			if b.u.schemeEnd == 0 {
				b.scheme("file")
			}
			if c == '/' || c == '\\' {
				if c == '\\' {
					b.invalid(InvalidReverseSolidus, p)
				}
				set(FileSlashState, p+1)
			} else if base != nil && base.kind == kindFile {
				b.copyBase(base.fragStart)
				p = b.afterBase(c, p, set)
			} else {
				b.emptyHost()
				set(PathState, p)
				p--
			}
		case FileSlashState:
			base := b.base
			if c == '/' || c == '\\' {
				if c == '\\' {
					b.invalid(InvalidReverseSolidus, p)
				}
				set(FileHostState, p+1)
				break
			}
			if base != nil && base.kind == kindFile {
				b.out = append(b.out, "//"...)
				b.u.flags |= flagHost
				b.u.userEnd, b.u.passEnd = len(b.out)-b.o, len(b.out)-b.o
				b.u.hostStart = len(b.out) - b.o
				b.out = append(b.out, base.Hostname()...)
				b.u.hostEnd = len(b.out) - b.o
				b.u.pathStart = len(b.out) - b.o
				bp := base.href[base.pathStart:base.queryStart]
				if !startsWithWindowsDriveLetter(in[p:]) && len(bp) >= 3 && bp[0] == '/' && isAlpha(int(bp[1])) && bp[2] == ':' && (len(bp) == 3 || bp[3] == '/') {
					b.out = append(b.out, bp[:3]...)
				}
			} else {
				b.emptyHost()
			}
			set(PathState, p)
			p--
		case FileHostState:
			j := p
			for j < len(in) {
				if c := in[j]; c == '/' || c == '\\' || c == '?' || c == '#' {
					break
				}
				j++
			}
			buf := in[p:j]
			if len(buf) == 2 && isWindowsDriveLetter([]byte(buf)) {
				// The buffer is kept for the path state: read it again there.
				b.invalid(FileInvalidWindowsDriveLetterHost, p)
				b.emptyHost()
				set(PathState, p)
				p--
				break
			}
			b.out = append(b.out, "//"...)
			b.u.flags |= flagHost
			b.u.userEnd, b.u.passEnd = len(b.out)-b.o, len(b.out)-b.o
			b.u.hostStart = len(b.out) - b.o
			if buf != "" {
				var r Reason
				var q int
				b.out, r, q = appendHost(b.out, buf, false, b.tr, p)
				if r != 0 {
					return r, p + q
				}
				if string(b.out[b.o+b.u.hostStart:]) == "localhost" {
					b.out = b.out[:b.o+b.u.hostStart]
				}
			}
			b.u.hostEnd = len(b.out) - b.o
			b.u.pathStart = b.u.hostEnd
			set(PathStartState, j)
			p = j - 1
		case PathStartState:
			if b.special() {
				if c == '\\' {
					b.invalid(InvalidReverseSolidus, p)
				}
				if c == '/' || c == '\\' {
					set(PathState, p+1)
				} else {
					set(PathState, p)
					p--
				}
			} else if c == '?' {
				b.startQuery()
				set(QueryState, p+1)
			} else if c == '#' {
				b.startFragment()
				set(FragmentState, p+1)
			} else if c == '/' {
				set(PathState, p+1)
			} else if c != -1 {
				set(PathState, p)
				p--
			}
		case PathState, OpaquePathState:
			// The two states take different runs (a segment, the whole
			// opaque path) and end them alike, at "?" or "#".
			if state == PathState {
				p = b.segment(p)
			} else {
				j := p
				for j < len(in) && in[j] != '?' && in[j] != '#' {
					j++
				}
				if b.tr != nil {
					b.checkUnits(p, j)
				}
				b.opaquePath(in[p:j])
				p = j
			}
			switch at(p) {
			case '?':
				b.startQuery()
				set(QueryState, p+1)
			case '#':
				b.startFragment()
				set(FragmentState, p+1)
			}
		case QueryState:
			j := p
			if k := strings.IndexByte(in[p:], '#'); k >= 0 {
				j = p + k
			} else {
				j = len(in)
			}
			if b.tr != nil {
				b.checkUnits(p, j)
			}
			set := setQuery
			if b.special() {
				set = setSpecialQuery
			}
			if b.enc != nil && b.u.kind != kindOther && b.u.kind != kindWS && b.u.kind != kindWSS {
				b.out = appendQueryEncoded(b.out, in[p:j], set, b.enc)
			} else {
				b.out = appendEncoded(b.out, in[p:j], set)
			}
			p = j
			if at(p) == '#' {
				b.startFragment()
				state = FragmentState
				b.enter(FragmentState, p+1)
			}
		case FragmentState:
			if b.tr != nil {
				b.checkUnits(p, len(in))
			}
			if p < len(in) {
				b.out = appendEncoded(b.out, in[p:], setFragment)
			}
			p = len(in)
		}
		if p >= len(in) {
			break
		}
	}
	return 0, 0
}

// invalid records a non-fatal validation error when tracing.
func (b *builder) invalid(k ValidationKind, p int) { b.tr.add(k, p) }

// checkUnits records invalid-URL-unit for each code point of in[p:j] that
// is not a URL code point (URL Standard section 4.3) and each "%" not
// followed by two hex digits.
func (b *builder) checkUnits(p, j int) {
	for i := p; i < j; {
		n, bad := invalidURLUnit(b.in, i)
		if bad {
			b.invalid(InvalidURLUnit, i)
		}
		i += n
	}
}

// invalidURLUnit reports whether the code point at s[i], n bytes long, is
// an invalid-URL-unit validation error: not a URL code point and not "%",
// or a "%" not followed by two hex digits (URL Standard section 4.3). Bytes
// that are not UTF-8 count as not URL code points.
func invalidURLUnit(s string, i int) (n int, bad bool) {
	c := s[i]
	if c < utf8.RuneSelf {
		switch {
		case c == '%':
			return 1, i+2 >= len(s) || !percent.IsHex(s[i+1]) || !percent.IsHex(s[i+2])
		case 'a' <= c|0x20 && c|0x20 <= 'z', '0' <= c && c <= '9', strings.IndexByte("!$&'()*+,-./:;=?@_~", c) >= 0:
			return 1, false
		}
		return 1, true
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n == 1 {
		return illFormedLen(s[i:]), true
	}
	return n, r < 0xA0 || 0xFDD0 <= r && r <= 0xFDEF || r&0xFFFE == 0xFFFE
}

// startQuery makes the query non-null and empty.
func (b *builder) startQuery() {
	b.u.queryStart = len(b.out) - b.o
	b.out = append(b.out, '?')
}

// startFragment makes the fragment non-null and empty.
func (b *builder) startFragment() {
	b.u.fragStart = len(b.out) - b.o
	b.out = append(b.out, '#')
}

// afterBase is the common end of the relative state and the file state
// once base's components are copied: c decides what of base stays. It
// returns the pointer.
func (b *builder) afterBase(c, p int, set func(State, int)) int {
	// The end of the copied path: the copy's path is as long as base's.
	pathEnd := b.o + b.u.pathStart + b.base.queryStart - b.base.pathStart
	switch c {
	case '?':
		b.out = b.out[:pathEnd]
		b.startQuery()
		set(QueryState, p+1)
	case '#':
		b.startFragment()
		set(FragmentState, p+1)
	case -1:
	default:
		b.out = b.out[:pathEnd]
		b.u.queryStart = -1
		if b.u.kind == kindFile && startsWithWindowsDriveLetter(b.in[p:]) {
			// The Windows drive letter quirk: the path starts again.
			b.invalid(FileInvalidWindowsDriveLetter, p)
			b.out = b.out[:b.o+b.u.pathStart]
		} else {
			b.shortenPath()
		}
		set(PathState, p)
		p--
	}
	return p
}

// scheme appends the scheme, lower-cased, and ":".
func (b *builder) scheme(s string) {
	b.out = b.out[:b.o]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.out = append(b.out, c)
	}
	b.u.schemeEnd = len(s)
	b.u.kind = schemeKind(string(b.out[b.o:]))
	b.out = append(b.out, ':')
}

// emptyHost appends "//" and an empty host (file URLs).
func (b *builder) emptyHost() {
	b.out = append(b.out, "//"...)
	n := len(b.out) - b.o
	b.u.flags |= flagHost
	b.u.userEnd, b.u.passEnd, b.u.hostStart, b.u.hostEnd, b.u.pathStart = n, n, n, n, n
}

// authority is the authority state: from p, the run up to the end of the
// authority; the credentials before its last "@", percent-encoded with the
// userinfo set ("@" in them becomes "%40", as the standard's prepending of
// "%40" for each further "@" gives). It returns where the host begins.
func (b *builder) authority(p int) (Reason, int) {
	in := b.in
	special := b.special()
	j, last := p, -1
	for ; j < len(in); j++ {
		c := in[j]
		if c == '/' || c == '?' || c == '#' || special && c == '\\' {
			break
		}
		if c == '@' {
			last = j
			b.invalid(InvalidCredentials, j)
		}
	}
	b.out = append(b.out, "//"...)
	b.u.flags |= flagHost
	n := len(b.out) - b.o
	b.u.userEnd, b.u.passEnd = n, n
	if last < 0 {
		b.u.hostStart = n
		return 0, p
	}
	if last+1 == j {
		return HostMissing, j
	}
	cred := in[p:last]
	user, pass, hasPass := strings.Cut(cred, ":")
	b.out = appendEncoded(b.out, user, setUserinfo)
	b.u.userEnd = len(b.out) - b.o
	b.u.passEnd = b.u.userEnd
	if hasPass && pass != "" {
		b.out = append(b.out, ':')
		b.out = appendEncoded(b.out, pass, setUserinfo)
		b.u.passEnd = len(b.out) - b.o
	}
	if b.u.passEnd > n {
		b.out = append(b.out, '@')
	}
	b.u.hostStart = len(b.out) - b.o
	return 0, last + 1
}

// hostRun returns the length of the host state's run at the start of s:
// up to ":" outside brackets, or what ends the authority ("/", "?", "#",
// and "\\" in a special URL). The parser and the host setters share it.
func hostRun(s string, special bool) int {
	inside := false
	for j := 0; j < len(s); j++ {
		c := s[j]
		if c == ':' && !inside || c == '/' || c == '?' || c == '#' || special && c == '\\' {
			return j
		}
		if c == '[' {
			inside = true
		} else if c == ']' {
			inside = false
		}
	}
	return len(s)
}

// host is the host state: the run from p up to ":" outside brackets or the
// end of the authority, host-parsed and appended. It returns the end of the
// run.
func (b *builder) host(p int) (int, Reason, int) {
	in := b.in
	special := b.special()
	j := p + hostRun(in[p:], special)
	buf := in[p:j]
	if buf == "" && (special || j < len(in) && in[j] == ':') {
		return j, HostMissing, p
	}
	var r Reason
	var q int
	b.out, r, q = appendHost(b.out, buf, !special, b.tr, p)
	if r != 0 {
		return j, r, p + q
	}
	b.u.hostEnd = len(b.out) - b.o
	return j, 0, 0
}

// port is the port state: digits up to the end of the authority, written
// unless they are the scheme's default port.
func (b *builder) port(p int) (int, Reason) {
	in := b.in
	j := p
	v := 0
	for ; j < len(in) && '0' <= in[j] && in[j] <= '9'; j++ {
		v = v*10 + int(in[j]-'0')
		if v > 65535 {
			v = 65536
		}
	}
	if j < len(in) {
		if c := in[j]; c != '/' && c != '?' && c != '#' && !(b.special() && c == '\\') {
			return j, PortInvalid
		}
	}
	if v > 65535 {
		return p, PortOutOfRange
	}
	if j > p && (b.u.kind == kindOther || b.u.kind == kindFile || defaultPort[b.u.kind] != v) {
		b.out = append(b.out, ':')
		b.out = strconv.AppendInt(b.out, int64(v), 10)
	}
	return j, 0
}

// segment is the path state for one segment starting at p: it appends "/"
// and the segment, percent-encoded with the path set, then applies the
// standard's dot-segment and Windows drive letter rules, and returns the
// offset of the code point that ended the segment.
func (b *builder) segment(p int) int {
	in := b.in
	special := b.special()
	segStart := len(b.out)
	b.out = append(b.out, '/')
	j := p
	for ; j < len(in); j++ {
		c := in[j]
		if c == '/' || c == '?' || c == '#' || special && c == '\\' {
			break
		}
	}
	if b.tr != nil {
		b.checkUnits(p, j)
		if special && j < len(in) && in[j] == '\\' {
			b.invalid(InvalidReverseSolidus, j)
		}
	}
	b.out = appendEncoded(b.out, in[p:j], setPath)
	seg := b.out[segStart+1:]
	slash := j < len(in) && (in[j] == '/' || special && in[j] == '\\')
	switch {
	case isDoubleDot(seg):
		b.out = b.out[:segStart]
		b.shortenPath()
		if !slash {
			b.out = append(b.out, '/')
		}
	case isSingleDot(seg):
		b.out = b.out[:segStart]
		if !slash {
			b.out = append(b.out, '/')
		}
	default:
		if b.u.kind == kindFile && segStart == b.o+b.u.pathStart && isWindowsDriveLetter(seg) {
			seg[1] = ':'
		}
	}
	return j
}

// isSingleDot: "." or "%2e", case-insensitively.
func isSingleDot(s []byte) bool {
	return len(s) == 1 && s[0] == '.' || len(s) == 3 && s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
}

// isDoubleDot: "..", ".%2e", "%2e." or "%2e%2e", case-insensitively.
func isDoubleDot(s []byte) bool {
	switch len(s) {
	case 2:
		return s[0] == '.' && s[1] == '.'
	case 4:
		return s[0] == '.' && isSingleDot(s[1:]) || s[3] == '.' && isSingleDot(s[:3])
	case 6:
		return isSingleDot(s[:3]) && isSingleDot(s[3:])
	}
	return false
}

// opaquePath is the opaque path state over a run: the C0 control set, and a
// space before "?" or "#" written "%20" so that it cannot end the path.
func (b *builder) opaquePath(s string) {
	for {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			b.out = appendEncoded(b.out, s, setC0)
			return
		}
		b.out = appendEncoded(b.out, s[:i], setC0)
		if i+1 == len(s) {
			// The run ends at "?" or "#": the end of the input cannot
			// follow a space, trailing spaces being removed.
			b.out = append(b.out, "%20"...)
		} else {
			b.out = append(b.out, ' ')
		}
		s = s[i+1:]
	}
}

// hasTabOrNewline reports whether s holds an ASCII tab or newline: one pass
// (a reference is short; three IndexByte calls cost more).
func hasTabOrNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= '\r' && (c == '\t' || c == '\n' || c == '\r') {
			return true
		}
	}
	return false
}
