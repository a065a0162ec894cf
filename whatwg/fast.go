package whatwg

// The fast path of the basic URL parser, as ada's url_aggregator has one:
// an absolute special URL that is already in its serialized form (ASCII,
// lower-case scheme and host, no credentials, port, tabs, newlines,
// backslashes, dot segments or code points to percent-encode) is its own
// href, but that an empty path gets "/". One pass over the input checks it
// and finds the component offsets; any other input goes through the state
// machine (run), which gives the same URL for these, as the conformance
// tests and FuzzFastPath check.

// Byte classes of the fast path: a byte that the host, path, query or
// fragment keeps as it is, and that does not end it.
const (
	fHost  uint8 = 1 << iota // a lower-case domain byte (not forbidden, not "%")
	fPath                    // outside the path percent-encode set, not "/", "?", "#", "\"
	fQuery                   // outside the special-query percent-encode set, not "#"
	fFrag                    // outside the fragment percent-encode set
)

var fastTable = func() (t [256]uint8) {
	for c := 0x21; c < 0x7f; c++ {
		if forbiddenTable[c]&forbiddenDomain == 0 && !('A' <= c && c <= 'Z') {
			t[c] |= fHost
		}
		if encodeTable[c]&setPath == 0 && c != '/' && c != '\\' {
			t[c] |= fPath
		}
		if encodeTable[c]&setSpecialQuery == 0 && c != '#' {
			t[c] |= fQuery
		}
		if encodeTable[c]&setFragment == 0 {
			t[c] |= fFrag
		}
	}
	return t
}()

// fastParse returns the URL of s (without its href) when s takes the fast
// path, and whether its href is s followed by "/" (an empty path). ok is
// false for an input the state machine must parse.
func fastParse(s string) (u URL, slash, ok bool) {
	i := 0
	for i < len(s) && 'a' <= s[i] && s[i] <= 'z' {
		i++
	}
	if i == 0 || i+2 >= len(s) || s[i] != ':' || s[i+1] != '/' || s[i+2] != '/' {
		return
	}
	kind := schemeKind(s[:i])
	if kind == kindOther {
		return
	}
	u.schemeEnd, u.kind, u.flags = i, kind, flagHost
	h := i + 3
	u.userEnd, u.passEnd, u.hostStart = h, h, h
	j := h
	for j < len(s) && fastTable[s[j]]&fHost != 0 {
		j++
	}
	if j < len(s) && s[j] != '/' {
		return // a port, credentials, a backslash, upper case, "%", ...
	}
	if j == h {
		if kind != kindFile {
			return // host-missing
		}
	} else if endsInNumberString(s[h:j]) || kind == kindFile && s[h:j] == "localhost" {
		return
	}
	u.hostEnd, u.pathStart = j, j
	if j == len(s) {
		u.queryStart, u.fragStart = j+1, j+1
		return u, true, true
	}
	k := j
	for k < len(s) {
		c := s[k]
		if c == '/' {
			k++
			if k < len(s) && (s[k] == '.' || s[k] == '%' || kind == kindFile && k == j+1) && needsMachine(s[k:], kind) {
				return
			}
			continue
		}
		if fastTable[c]&fPath == 0 {
			break
		}
		k++
	}
	u.queryStart = k
	if k < len(s) && s[k] == '?' {
		u.flags |= flagQuery
		k++
		for k < len(s) && fastTable[s[k]]&fQuery != 0 {
			k++
		}
	}
	u.fragStart = k
	if k < len(s) && s[k] == '#' {
		u.flags |= flagFragment
		k++
		for k < len(s) && fastTable[s[k]]&fFrag != 0 {
			k++
		}
	}
	if k != len(s) {
		return
	}
	if u.flags&flagQuery == 0 {
		u.queryStart = u.fragStart
	}
	return u, false, true
}

// needsMachine reports whether the path segment at the start of s is a
// dot segment ("." or "..", also percent-encoded) or, in a file URL's
// first segment, a Windows drive letter written with "|".
func needsMachine(s string, kind uint8) bool {
	end := 0
	for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
		end++
	}
	seg := s[:end]
	switch len(seg) {
	case 1:
		return seg == "."
	case 2:
		return seg == ".." || kind == kindFile && seg[1] == '|' && isAlpha(int(seg[0]))
	case 3, 4, 6:
		return isDotString(seg)
	}
	return false
}

// isDotString is isSingleDot or isDoubleDot on a string.
func isDotString(s string) bool {
	var b [6]byte
	n := copy(b[:], s)
	return isSingleDot(b[:n]) || isDoubleDot(b[:n])
}

// endsInNumberString is endsInNumber on a host of the fast path.
func endsInNumberString(h string) bool {
	c := h[len(h)-1]
	if c == '.' && len(h) > 1 {
		c = h[len(h)-2]
	}
	if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || c == 'x') {
		return false // a last label ending so is no number
	}
	var b [256]byte
	if len(h) > len(b) {
		return true // let the state machine decide
	}
	n := copy(b[:], h)
	return endsInNumber(b[:n])
}
