package canon

// Percent-decoding and -encoding, shared by the canonicalizers and CDXKey
// (docs/keys.md#percent-escapes).

// Encode sets, as bits of encodeSets[c].
const (
	setMinimal  uint8 = 1 << iota // C0 controls, space, DEL and above, "#", "%"
	setPath                       // minimal and "?"
	setSpecial                    // path of a special scheme: also "\"
	setFile                       // file path: also "|"
	setUserinfo                   // minimal and ":", "@", "/", "?", "\"
	setHost                       // minimal and the URL Standard's forbidden host code points
	setQueryArg                   // minimal and "&", "="
)

var encodeSets = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if c <= 0x20 || c >= 0x7f || c == '#' || c == '%' {
			t[c] = setMinimal | setPath | setSpecial | setFile | setUserinfo | setHost | setQueryArg
		}
	}
	t['?'] |= setPath | setSpecial | setFile | setUserinfo | setHost
	t['\\'] |= setSpecial | setFile | setUserinfo | setHost
	t['|'] |= setFile | setHost
	for _, c := range ":@/" {
		t[c] |= setUserinfo | setHost
	}
	for _, c := range "<>[]^" {
		t[c] |= setHost
	}
	t['&'] |= setQueryArg
	t['='] |= setQueryArg
	return t
}()

const upperHex = "0123456789ABCDEF"

// appendEncoded appends s with every byte in set percent-encoded
// (upper-case hex, as urlcanon and the surt library write it).
func appendEncoded(dst []byte, s string, set uint8) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if encodeSets[c]&set != 0 {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// appendDecodedRepeatedly appends s percent-decoded until no "%XX" is left:
// the fixpoint of urlcanon's pct_decode_repeatedly and the surt library's
// unescapeRepeatedly, which decode the whole string again and again
// ("%2541" -> "%41" -> "A"). Decoding each "%XX" the moment its last byte
// is written, also when that byte came from a decoding, reaches the same
// fixpoint in one pass (FuzzDecodeRepeatedly checks it against the
// repeated passes): linear where the passes are quadratic on "%252525...".
func appendDecodedRepeatedly(dst []byte, s string) []byte {
	start := len(dst)
	for i := 0; i < len(s); i++ {
		dst = append(dst, s[i])
		for {
			n := len(dst)
			if n-start < 3 || dst[n-3] != '%' {
				break
			}
			h, ok1 := unhex(dst[n-2])
			l, ok2 := unhex(dst[n-1])
			if !ok1 || !ok2 {
				break
			}
			dst = append(dst[:n-3], h<<4|l)
		}
	}
	return dst
}

// hasEscape reports whether s may decode to something else: a "%" followed
// by two more bytes. Most URLs have none, and skip the decoding.
func hasEscape(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' {
			return true
		}
	}
	return false
}

// recode decodes s repeatedly and encodes set again, using scratch.
func recode(scratch []byte, s string, set uint8) ([]byte, string) {
	if !hasEscape(s) && !needsEncoding(s, set) {
		return scratch, s
	}
	scratch = appendDecodedRepeatedly(scratch[:0], s)
	n := len(scratch)
	scratch = appendEncoded(scratch, string(scratch[:n]), set)
	return scratch, string(scratch[n:])
}

func needsEncoding(s string, set uint8) bool {
	for i := 0; i < len(s); i++ {
		if encodeSets[s[i]]&set != 0 {
			return true
		}
	}
	return false
}
