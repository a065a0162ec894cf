package canon

import "github.com/relurl/relurl/internal/percent"

// Percent-decoding and -encoding, shared by the canonicalizers and CDXKey
// (docs/keys.md#percent-escapes).

// The encode sets (internal/percent is the one encoder).
var (
	// setMinimal is Google Safe Browsing's: bytes up to the space, DEL
	// and above, "#" and "%" (the surt library's escapeOnce).
	setMinimal = percent.Set{}.AddRange(0, 0x20).AddRange(0x7f, 0xff).Add("#%")
	// setPath adds "?", which would start the query.
	setPath = setMinimal.Add("?")
	// setSpecial adds "\", a "/" in a special URL's path.
	setSpecial = setPath.Add("\\")
	// setFile adds "|": "C|" is the drive letter "C:" in a file path.
	setFile = setSpecial.Add("|")
	// setUserinfo adds what would end the username or the userinfo.
	setUserinfo = setMinimal.Add(":@/?\\")
	// setHost adds the URL Standard's forbidden host code points.
	setHost = setMinimal.Add("/:<>?@[\\]^|")
	// setQueryArg adds the separators of query names and values.
	setQueryArg = setMinimal.Add("&=")
)

// The sets of urlcanon's reading (docs/keys.md#as-urlcanon-parses): the
// URL Standard's of 2016, as urlcanon wrote them, byte by byte. Its C0
// control percent-encode set is percent.Controls.
var (
	// setUCPath is the path percent-encode set.
	setUCPath = percent.Controls.Add(" \"#<>?`{}")
	// setUCUserinfo is the userinfo percent-encode set.
	setUCUserinfo = setUCPath.Add("/:;=@[\\]^|")
	// setUCHost is urlcanon's for the host: C0 controls, the space, DEL
	// and above.
	setUCHost = percent.Controls.Add(" ")
	// setUCQuery is the query's: the host's, and '"', "#", "<", ">".
	setUCQuery = setUCHost.Add("\"#<>")
	// setUCUserinfoMinimal is Google's minimal set with ":" and "@".
	setUCUserinfoMinimal = setMinimal.Add(":@")
)

// appendEncoded appends s with every byte in set percent-encoded
// (upper-case hex, as urlcanon and the surt library write it).
func appendEncoded(dst []byte, s string, set *percent.Set) []byte {
	return percent.Append(dst, s, set)
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
			if !percent.IsHex(dst[n-2]) || !percent.IsHex(dst[n-1]) {
				break
			}
			dst = append(dst[:n-3], percent.Unhex(dst[n-2])<<4|percent.Unhex(dst[n-1]))
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
func recode(scratch []byte, s string, set *percent.Set) ([]byte, string) {
	if !hasEscape(s) && !needsEncoding(s, set) {
		return scratch, s
	}
	scratch = appendDecodedRepeatedly(scratch[:0], s)
	n := len(scratch)
	scratch = appendEncoded(scratch, string(scratch[:n]), set)
	return scratch, string(scratch[n:])
}

func needsEncoding(s string, set *percent.Set) bool {
	for i := 0; i < len(s); i++ {
		if set.Contains(s[i]) {
			return true
		}
	}
	return false
}
