package whatwg

import (
	"github.com/relurl/relurl/internal/percent"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The setters of the URL API (URL Standard section 6.1). Each returns a new
// URL and leaves u as it is; a value the standard's setter ignores (its
// basic URL parser run with a state override returns failure before any
// change, or the setter returns early) gives u unchanged, as the URL API
// leaves its object unchanged. Only SetHref can fail: the href setter
// throws a TypeError.
//
// Each setter computes the new component as the state-overridden parser
// would, writes the new serialization, and parses it again for the
// offsets: the standard's idempotence (section 4.4: parsing a URL's
// serialization gives the same URL) makes that parse the record the setter
// produced.

// SetHref is the href setter: the URL that value parses to, alone, or its
// *Error (u is not used).
func (u URL) SetHref(value string) (URL, error) { return Parse(value) }

// SetProtocol is the protocol setter: the scheme that starts value (before
// ":" or the end), if the standard allows the change. A special scheme is
// not changed into a non-special one or the reverse; a URL with
// credentials or a port does not become "file"; a file URL with an empty
// host keeps its scheme. A port that is the new scheme's default is
// dropped.
func (u URL) SetProtocol(value string) URL {
	if u.href == "" {
		return u
	}
	v := removeTabNewline(value)
	// The scheme start state and scheme state with a state override, on
	// value + ":".
	if v == "" || !isAlpha(int(v[0])) {
		return u
	}
	j := 1
	for j < len(v) && isSchemeChar(v[j]) {
		j++
	}
	if j < len(v) && v[j] != ':' {
		return u
	}
	scheme := strings.ToLower(v[:j])
	kind := schemeKind(scheme)
	switch {
	case (u.kind == kindOther) != (kind == kindOther):
		return u
	case kind == kindFile && (u.includesCredentials() || u.Port() != ""):
		return u
	case u.kind == kindFile && u.hostStart == u.hostEnd:
		return u
	}
	// The record changes in its scheme (and port) only: the URL is written
	// directly, not parsed again, since a file URL whose host is
	// "localhost" (set while the scheme was http) is a record that no
	// parse gives.
	w := u
	d := len(scheme) - u.schemeEnd
	rest := u.href[u.schemeEnd:]
	cut := 0
	if u.hasPort() && kind != kindOther && kind != kindFile && u.Port() == strconv.Itoa(defaultPort[kind]) {
		cut = u.pathStart - u.hostEnd
		rest = u.href[u.schemeEnd:u.hostEnd] + u.href[u.pathStart:]
	}
	w.href = scheme + rest
	w.kind = kind
	w.schemeEnd += d
	w.userEnd += d
	w.passEnd += d
	w.hostStart += d
	w.hostEnd += d
	w.pathStart += d - cut
	w.queryStart += d - cut
	w.fragStart += d - cut
	return w
}

// includesCredentials: the username or the password is not empty.
func (u URL) includesCredentials() bool {
	return u.flags&flagHost != 0 && u.passEnd > u.schemeEnd+3
}

// cannotHaveCredentialsOrPort is the standard's "cannot have a
// username/password/port": a null or empty host, or the file scheme.
func (u URL) cannotHaveCredentialsOrPort() bool {
	return u.flags&flagHost == 0 || u.hostStart == u.hostEnd || u.kind == kindFile
}

// SetUsername is the username setter: value percent-encoded with the
// userinfo percent-encode set, unless the URL cannot have a username (a
// null or empty host, or a file URL).
func (u URL) SetUsername(value string) URL {
	if u.href == "" || u.cannotHaveCredentialsOrPort() {
		return u
	}
	return u.withCredentials(appendEncoded(nil, value, setUserinfo), []byte(u.Password()))
}

// SetPassword is the password setter, as SetUsername.
func (u URL) SetPassword(value string) URL {
	if u.href == "" || u.cannotHaveCredentialsOrPort() {
		return u
	}
	return u.withCredentials([]byte(u.Username()), appendEncoded(nil, value, setUserinfo))
}

func (u URL) withCredentials(user, pass []byte) URL {
	b := make([]byte, 0, len(u.href)+len(user)+len(pass)+2)
	b = append(b, u.href[:u.schemeEnd+3]...)
	b = append(b, user...)
	if len(pass) > 0 {
		b = append(b, ':')
		b = append(b, pass...)
	}
	if len(user)+len(pass) > 0 {
		b = append(b, '@')
	}
	return u.reparse(string(b), u.href[u.hostStart:])
}

// SetHost is the host setter: the host that starts value, and the port
// after it when there is one, as the host state and the port state parse
// them with a state override. The rest of value, from the first "/", "?"
// or "#" (or "\" in a special URL), is ignored. A URL with an opaque path
// is unchanged, and so is the URL for a host that fails to parse. A host
// without a port leaves the port as it is; a port that fails leaves it
// too, but the host is set (the standard sets the host before it reads
// the port).
func (u URL) SetHost(value string) URL { return u.setHost(value, false) }

// SetHostname is the hostname setter: as SetHost, but a value holding a
// port (":" outside brackets) leaves the URL unchanged.
func (u URL) SetHostname(value string) URL { return u.setHost(value, true) }

func (u URL) setHost(value string, hostnameOnly bool) URL {
	if u.href == "" || u.flags&flagOpaque != 0 {
		return u
	}
	v := removeTabNewline(value)
	special := u.kind != kindOther
	if u.kind == kindFile {
		// The file host state with a state override.
		j := strings.IndexAny(v, "/\\?#")
		if j < 0 {
			j = len(v)
		}
		var host []byte
		if j > 0 {
			h, r, _ := appendHost(nil, v[:j], false, nil, 0)
			if r != 0 {
				return u
			}
			if string(h) != "localhost" {
				host = h
			}
		}
		return u.withHost(host, u.hasPort(), u.Port())
	}
	// The host state (or hostname state) with a state override.
	j := hostRun(v, special)
	buf := v[:j]
	if j < len(v) && v[j] == ':' {
		if buf == "" || hostnameOnly {
			return u
		}
		host, r, _ := appendHost(nil, buf, !special, nil, 0)
		if r != 0 {
			return u
		}
		// The port state: digits, then anything ends it under a state
		// override. No digits, or too many, leave the port unchanged.
		k := j + 1
		for k < len(v) && '0' <= v[k] && v[k] <= '9' {
			k++
		}
		if port, ok := parsePort(v[j+1 : k]); ok {
			return u.withHost(host, true, port)
		}
		return u.withHost(host, u.hasPort(), u.Port())
	}
	if buf == "" && (special || u.includesCredentials() || u.hasPort()) {
		return u
	}
	host, r, _ := appendHost(nil, buf, !special, nil, 0)
	if r != 0 {
		return u
	}
	return u.withHost(host, u.hasPort(), u.Port())
}

// parsePort reads a run of ASCII digits as a port: false when it is empty
// or above 65535. The port is returned in decimal without leading zeros.
func parsePort(digits string) (string, bool) {
	if digits == "" {
		return "", false
	}
	v := 0
	for i := 0; i < len(digits); i++ {
		v = v*10 + int(digits[i]-'0')
		if v > 65535 {
			return "", false
		}
	}
	return strconv.Itoa(v), true
}

func (u URL) hasPort() bool { return u.flags&flagHost != 0 && u.hostEnd < u.pathStart }

// withHost writes the URL with the host (non-null) and the port (when
// hasPort; the reparse drops the scheme's default).
func (u URL) withHost(host []byte, hasPort bool, port string) URL {
	b := make([]byte, 0, len(u.href)+len(host)+len(port)+4)
	if u.flags&flagHost != 0 {
		b = append(b, u.href[:u.hostStart]...)
	} else {
		b = append(b, u.href[:u.schemeEnd+1]...)
		b = append(b, "//"...)
	}
	b = append(b, host...)
	if hasPort {
		b = append(b, ':')
		b = append(b, port...)
	}
	// The path without the "/." a null host needed (pathStart is after it).
	return u.reparse(string(b), u.href[u.pathStart:])
}

// SetPort is the port setter: the digits that start value (anything after
// them is ignored), the empty string for no port. A URL that cannot have a
// port (a null or empty host, or a file URL) is unchanged, and so is the
// URL for a value that starts with no digit or is above 65535. The
// scheme's default port is no port.
func (u URL) SetPort(value string) URL {
	if u.href == "" || u.cannotHaveCredentialsOrPort() {
		return u
	}
	if value == "" {
		return u.withHost([]byte(u.Hostname()), false, "")
	}
	v := removeTabNewline(value)
	k := 0
	for k < len(v) && '0' <= v[k] && v[k] <= '9' {
		k++
	}
	port, ok := parsePort(v[:k])
	if !ok {
		return u
	}
	return u.withHost([]byte(u.Hostname()), true, port)
}

// SetPathname is the pathname setter: the path parsed from value as the
// path start state does with a state override ("?" and "#" are part of the
// path, percent-encoded). A URL with an opaque path is unchanged.
func (u URL) SetPathname(value string) URL {
	if u.href == "" || u.flags&flagOpaque != 0 {
		return u
	}
	// Written as input to the path start state of the same URL: "?", "#",
	// spaces and C0 controls are percent-encoded first (the path
	// percent-encode set holds them all, so the path is the same), so that
	// they neither end the path nor are trimmed.
	v := removeTabNewline(value)
	enc := make([]byte, 0, len(v)+8)
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c <= ' ' || c == '?' || c == '#' {
			enc = percent.AppendByte(enc, c)
		} else {
			enc = append(enc, c)
		}
	}
	prefix := u.href[:u.prePath()]
	var b []byte
	switch {
	case u.kind != kindOther:
		// Path start state: one "/" or "\" is skipped.
		b = append(b, prefix...)
		if len(enc) == 0 || enc[0] != '/' && enc[0] != '\\' {
			b = append(b, '/')
		}
	case u.flags&flagHost != 0:
		b = append(b, prefix...)
		if len(enc) > 0 && enc[0] != '/' {
			b = append(b, '/')
		}
	default:
		// A null host: "/." keeps a path starting "//" from reading as
		// a host, and the empty value gives the path [""], "/".
		b = append(b, prefix...)
		b = append(b, "/./"...)
		if len(enc) > 0 && enc[0] == '/' {
			enc = enc[1:]
		}
	}
	b = append(b, enc...)
	return u.reparse(string(b), u.href[u.queryStart:])
}

// SetSearch is the search setter: value without one leading "?", encoded
// with the query percent-encode set (the special-query set in a special
// URL); the empty string makes the query null.
func (u URL) SetSearch(value string) URL {
	if u.href == "" {
		return u
	}
	if value == "" {
		return u.reparse(u.href[:u.queryStart], u.href[u.fragStart:])
	}
	v := removeTabNewline(strings.TrimPrefix(value, "?"))
	set := setQuery
	if u.kind != kindOther {
		set = setSpecialQuery
	}
	b := make([]byte, 0, len(u.href)+len(v)+8)
	b = append(b, u.href[:u.queryStart]...)
	b = append(b, '?')
	b = appendEncoded(b, v, set)
	return u.reparse(string(b), u.href[u.fragStart:])
}

// SetHash is the hash setter: value without one leading "#", encoded with
// the fragment percent-encode set; the empty string makes the fragment
// null.
func (u URL) SetHash(value string) URL {
	if u.href == "" {
		return u
	}
	if value == "" {
		return u.reparse(u.href[:u.fragStart], "")
	}
	v := removeTabNewline(strings.TrimPrefix(value, "#"))
	b := make([]byte, 0, u.fragStart+len(v)+8)
	b = append(b, u.href[:u.fragStart]...)
	b = append(b, '#')
	b = appendEncoded(b, v, setFragment)
	return u.reparse(string(b), "")
}

// reparse parses head+tail, the serialization a setter wrote, for its
// offsets. It cannot fail for a serialization the setters write; if it
// did, u is returned unchanged (FuzzSetters checks it does not).
func (u URL) reparse(head, tail string) URL {
	v, err := Parse(head + tail)
	if err != nil {
		return u
	}
	return v
}

// removeTabNewline removes every ASCII tab and newline (URL Standard section
// 4.4, basic URL parser step 3), which the parser does also under a state
// override. It reads s as scalar values, so that bytes that are not UTF-8
// are U+FFFD (decodeScalar) before a tab beside them goes: "\xc3\t\xa9" is
// two U+FFFD, not "é".
func removeTabNewline(s string) string {
	if !hasTabOrNewline(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			i++
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, n := decodeScalar(s[i:])
			b = utf8.AppendRune(b, r)
			i += n
		}
	}
	return string(b)
}
