package whatwg

import (
	"strconv"
	"unicode/utf8"

	"github.com/relurl/relurl/internal/ipv6"
	"github.com/relurl/relurl/internal/percent"
)

// Forbidden code points, URL Standard section 3.2 ("Host miscellaneous").
const (
	forbiddenHost   uint8 = 1 << iota // forbidden host code point
	forbiddenDomain                   // forbidden domain code point
)

var forbiddenTable = func() (t [128]uint8) {
	for _, c := range "\x00\t\n\r #/:<>?@[\\]^|" {
		t[c] = forbiddenHost | forbiddenDomain
	}
	for c := 0; c < 0x20; c++ {
		t[c] |= forbiddenDomain
	}
	t['%'] |= forbiddenDomain
	t[0x7f] |= forbiddenDomain
	return t
}()

// appendHost runs the host parser (URL Standard section 3.5) on input and
// appends the serialized host (section 3.6) to dst. opaque is "url is not
// special". The error offset is relative to input. tr, when not nil, gets
// the non-fatal validation errors, at offsets from at, input's offset in
// tr.Input.
func appendHost(dst []byte, input string, opaque bool, tr *Trace, at int) ([]byte, Reason, int) {
	if input != "" && input[0] == '[' {
		if input[len(input)-1] != ']' || len(input) < 2 {
			return dst, IPv6Unclosed, 0
		}
		var a [8]uint16
		if r, q := parseIPv6(&a, input[1:len(input)-1], tr, at+1); r != 0 {
			return dst, r, q + 1
		}
		dst = append(dst, '[')
		dst = ipv6.Append(dst, &a) // the IPv6 serializer
		return append(dst, ']'), 0, 0
	}
	if opaque {
		return appendOpaqueHost(dst, input, tr, at)
	}
	if tr != nil {
		traceDomain(tr, input, at)
	}
	// The common case: an ASCII domain without percent-encoding is only
	// lower-cased ("domain to ASCII" with beStrict false returns an ASCII
	// domain lowercased whatever UTS #46 says of it).
	start := len(dst)
	for i := 0; i < len(input); i++ {
		c := input[i]
		if c >= utf8.RuneSelf || c == '%' {
			return appendDomainSlow(dst[:start], input, tr, at)
		}
		if forbiddenTable[c]&forbiddenDomain != 0 {
			// The check applies to the result of domain to ASCII: "<"
			// followed by U+0338 is "≮" after normalization.
			if hasNonASCII(input[i:]) {
				return appendDomainSlow(dst[:start], input, tr, at)
			}
			return dst[:start], DomainInvalidCodePoint, i
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return finishDomain(dst, start, tr, at)
}

// traceDomain records the validation errors the host parser and the domain
// parser meet before the IPv4 parser (URL Standard sections 3.5 and 3.3):
// domain-percent-encoded, then domain-to-ASCII when UTS #46 ToASCII with
// the strict flags fails. It runs only for a Trace.
func traceDomain(tr *Trace, input string, at int) {
	for i := 0; i+2 < len(input); i++ {
		if input[i] == '%' && percent.IsHex(input[i+1]) && percent.IsHex(input[i+2]) {
			tr.add(DomainPercentEncoded, at+i)
			break
		}
	}
	d := percentDecode(nil, input)
	// Past maxUnicodeDomain, ToASCII is not run (Punycode's time grows with
	// the square of a label's length); an ASCII domain that long fails
	// VerifyDnsLength, a non-ASCII one fails the parse (DomainToASCII).
	if len(d) > maxUnicodeDomain || !strictDomainToASCII(string(d)) {
		tr.add(StrictDomainToASCII, at)
	}
}

// finishDomain checks the domain in dst[start:] and turns it into an IPv4
// address when it ends in a number.
func finishDomain(dst []byte, start int, tr *Trace, at int) ([]byte, Reason, int) {
	d := dst[start:]
	if len(d) == 0 {
		return dst, DomainToASCII, 0
	}
	if !endsInNumber(d) {
		return dst, 0, 0
	}
	v, r := parseIPv4(d, tr, at)
	if r != 0 {
		return dst[:start], r, 0
	}
	return appendIPv4(dst[:start], v), 0, 0
}

// maxUnicodeDomain is the longest domain, in bytes after percent-decoding,
// that goes through UTS #46 ToASCII.
const maxUnicodeDomain = 1024

// appendDomainSlow is the host parser's domain branch for input holding
// percent-encoded bytes or non-ASCII code points: percent-decode, UTF-8
// decode, then domain to ASCII.
func appendDomainSlow(dst []byte, input string, tr *Trace, at int) ([]byte, Reason, int) {
	start := len(dst)
	var tmp [64]byte
	dec := percentDecode(tmp[:0], input)
	// UTF-8 decode without BOM: an invalid sequence becomes U+FFFD, which the
	// domain parser rejects (UTS #46 maps it to disallowed), so fail early.
	if !utf8.Valid(dec) {
		return dst, DomainToASCII, 0
	}
	ascii := true
	for _, c := range dec {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		for i, c := range dec {
			if forbiddenTable[c]&forbiddenDomain != 0 {
				return dst, DomainInvalidCodePoint, i
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
		return finishDomain(dst, start, tr, at)
	}
	// Punycode encoding takes time in the product of a label's length and
	// its number of distinct code points: bound the domain, far above any
	// name DNS can resolve (253 bytes), so that time stays linear in the
	// input. A departure from the standard, which sets no bound.
	if len(dec) > maxUnicodeDomain {
		return dst, DomainToASCII, 0
	}
	a, ok := domainToASCII(string(dec))
	if !ok {
		return dst, DomainToASCII, 0
	}
	for i := 0; i < len(a); i++ {
		c := a[i]
		if c >= utf8.RuneSelf || forbiddenTable[c]&forbiddenDomain != 0 {
			return dst, DomainInvalidCodePoint, 0
		}
	}
	dst = append(dst, a...)
	return finishDomain(dst, start, tr, at)
}

// appendOpaqueHost is the opaque-host parser (URL Standard section 3.5).
func appendOpaqueHost(dst []byte, input string, tr *Trace, at int) ([]byte, Reason, int) {
	for i := 0; i < len(input); i++ {
		c := input[i]
		if c < utf8.RuneSelf && forbiddenTable[c]&forbiddenHost != 0 {
			return dst, HostInvalidCodePoint, i
		}
	}
	if tr != nil {
		// The standard's two steps: each "contains", one error at most.
		unit, pct := -1, -1
		for i := 0; i < len(input); {
			n, bad := invalidURLUnit(input, i)
			if bad && input[i] == '%' && pct < 0 {
				pct = i
			} else if bad && input[i] != '%' && unit < 0 {
				unit = i
			}
			i += n
		}
		if unit >= 0 {
			tr.add(InvalidURLUnit, at+unit)
		}
		if pct >= 0 {
			tr.add(InvalidURLUnit, at+pct)
		}
	}
	return appendEncoded(dst, input, setC0), 0, 0
}

// endsInNumber is the standard's "ends in a number" checker.
func endsInNumber(d []byte) bool {
	if d[len(d)-1] == '.' {
		d = d[:len(d)-1]
	}
	last := d
	if i := lastIndexByte(d, '.'); i >= 0 {
		last = d[i+1:]
	}
	if len(last) == 0 {
		return false
	}
	digits := true
	for _, c := range last {
		if c < '0' || c > '9' {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	if len(last) >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X') {
		for _, c := range last[2:] {
			if !percent.IsHex(c) {
				return false
			}
		}
		return true
	}
	return false
}

func lastIndexByte(b []byte, c byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == c {
			return i
		}
	}
	return -1
}

// ipv4Cap is above every valid IPv4 number: larger values saturate, so that
// a long run of digits cannot overflow.
const ipv4Cap = 1 << 40

// parseIPv4 is the IPv4 parser (URL Standard section 3.5), its steps in
// the standard's order; tr gets its validation errors, all at offset at.
func parseIPv4(d []byte, tr *Trace, at int) (uint32, Reason) {
	if len(d) > 0 && d[len(d)-1] == '.' {
		tr.add(IPv4EmptyPart, at)
		d = d[:len(d)-1] // an empty last part is dropped when there are others
	}
	n := 1
	for _, c := range d {
		if c == '.' {
			n++
		}
	}
	if n < 4 {
		tr.add(IPv4TooFewParts, at)
	} else if n > 4 {
		return 0, IPv4TooManyParts
	}
	var nums [4]uint64
	above := false
	for k := 0; k < n; k++ {
		i := 0
		for i < len(d) && d[i] != '.' {
			i++
		}
		v, nonDecimal, ok := parseIPv4Number(d[:i])
		if !ok {
			return 0, IPv4NonNumericPart
		}
		if nonDecimal {
			tr.add(IPv4NonDecimalPart, at)
		}
		nums[k] = v
		above = above || v > 255
		if i < len(d) {
			d = d[i+1:]
		}
	}
	if above {
		tr.add(IPv4PartAbove255, at)
	}
	for _, v := range nums[:n-1] {
		if v > 255 {
			return 0, IPv4OutOfRangePart
		}
	}
	last := nums[n-1]
	if last >= 1<<(8*(5-n)) {
		return 0, IPv4OutOfRangePart
	}
	ip := last
	for i, v := range nums[:n-1] {
		ip += v << (8 * (3 - i))
	}
	return uint32(ip), 0
}

// parseIPv4Number is the IPv4 number parser: decimal, "0x" hexadecimal or
// "0" octal; nonDecimal is the standard's validationError flag.
func parseIPv4Number(s []byte) (v uint64, nonDecimal, ok bool) {
	if len(s) == 0 {
		return 0, false, false
	}
	radix := uint64(10)
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s, radix = s[2:], 16
	} else if len(s) >= 2 && s[0] == '0' {
		s, radix = s[1:], 8
	}
	for _, c := range s {
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case radix == 16 && percent.IsHex(c):
			d = uint64(percent.Unhex(c))
		default:
			return 0, false, false
		}
		if d >= radix {
			return 0, false, false
		}
		v = v*radix + d
		if v > ipv4Cap {
			v = ipv4Cap
		}
	}
	return v, radix != 10, true
}

func appendIPv4(dst []byte, v uint32) []byte {
	for i := 3; i >= 0; i-- {
		dst = strconv.AppendUint(dst, uint64(v>>(8*i)&255), 10)
		if i > 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}

// parseIPv6 is the IPv6 parser (URL Standard section 3.5), on the text
// between the brackets. The offset returned is relative to s; tr gets
// IPv6-piece-leading-zero at off plus the piece's offset.
func parseIPv6(a *[8]uint16, s string, tr *Trace, off int) (Reason, int) {
	piece, compress := 0, -1
	p := 0
	at := func(i int) int {
		if i < len(s) {
			return int(s[i])
		}
		return -1
	}
	if at(p) == ':' {
		if at(p+1) != ':' {
			return IPv6InvalidCompression, p
		}
		p += 2
		piece++
		compress = piece
	}
	for at(p) != -1 {
		if piece == 8 {
			return IPv6TooManyPieces, p
		}
		if at(p) == ':' {
			if compress != -1 {
				return IPv6MultipleCompression, p
			}
			p++
			piece++
			compress = piece
			continue
		}
		value, length, start := 0, 0, p
		for length < 4 && p < len(s) && percent.IsHex(s[p]) {
			value = value*16 + int(percent.Unhex(s[p]))
			p++
			length++
		}
		switch at(p) {
		case '.':
			if length == 0 {
				return IPv4InIPv6InvalidCodePoint, p
			}
			p -= length
			if piece > 6 {
				return IPv4InIPv6TooManyPieces, p
			}
			seen := 0
			for at(p) != -1 {
				v := -1
				if seen > 0 {
					if at(p) == '.' && seen < 4 {
						p++
					} else {
						return IPv4InIPv6InvalidCodePoint, p
					}
				}
				if c := at(p); c < '0' || c > '9' {
					return IPv4InIPv6InvalidCodePoint, p
				}
				for c := at(p); '0' <= c && c <= '9'; c = at(p) {
					n := c - '0'
					switch v {
					case -1:
						v = n
					case 0:
						return IPv4InIPv6InvalidCodePoint, p
					default:
						v = v*10 + n
					}
					if v > 255 {
						return IPv4InIPv6OutOfRangePart, p
					}
					p++
				}
				a[piece] = a[piece]*0x100 + uint16(v)
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			if seen != 4 {
				return IPv4InIPv6TooFewParts, p
			}
			goto done
		case ':':
			p++
			if at(p) == -1 {
				return IPv6InvalidCodePoint, p
			}
		case -1:
		default:
			return IPv6InvalidCodePoint, p
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			tr.add(IPv6PieceLeadingZero, off+start)
		}
		a[piece] = uint16(value)
		piece++
	}
done:
	if compress != -1 {
		swaps := piece - compress
		piece = 7
		for piece != 0 && swaps > 0 {
			a[piece], a[compress+swaps-1] = a[compress+swaps-1], a[piece]
			piece--
			swaps--
		}
	} else if piece != 8 {
		return IPv6TooFewPieces, len(s)
	}
	return 0, 0
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
