package whatwg

// Scheme kinds: the special schemes of URL Standard section 4.2, whose
// default ports and host parsing differ from all other schemes.
const (
	kindOther uint8 = iota
	kindHTTP
	kindHTTPS
	kindWS
	kindWSS
	kindFTP
	kindFile
)

// defaultPort is the special scheme's default port, 0 for none.
var defaultPort = [...]int{kindHTTP: 80, kindHTTPS: 443, kindWS: 80, kindWSS: 443, kindFTP: 21}

func schemeKind(s string) uint8 {
	switch s {
	case "http":
		return kindHTTP
	case "https":
		return kindHTTPS
	case "ws":
		return kindWS
	case "wss":
		return kindWSS
	case "ftp":
		return kindFTP
	case "file":
		return kindFile
	}
	return kindOther
}

// URL flags.
const (
	flagHost      uint8 = 1 << iota // host is non-null
	flagQuery                       // query is non-null
	flagFragment                    // fragment is non-null
	flagOpaque                      // the path is opaque
	flagDotPrefix                   // "/." written before a path starting "//" (host null)
)

// URL is a URL record of the URL Standard (section 4.1), held as its
// serialization (the href) and the offsets of its components in it, like
// ada's url_aggregator: the getters are substrings and allocate nothing.
//
// A URL is an immutable value, in the manner of net/netip.Addr: setters
// return a new URL. URLs are comparable, and two URLs are equal (URL
// Standard section 4.6, "URL equivalence" without excluding fragments)
// exactly when their hrefs are. The zero URL is not a valid URL: its Href
// is "", every getter returns "" but Origin, which is "null", and as a base
// (u.Parse) it stands for no base.
type URL struct {
	href       string
	schemeEnd  int // href[schemeEnd] == ':'
	userEnd    int // username is href[schemeEnd+3:userEnd] when the host is non-null
	passEnd    int // password is href[userEnd+1:passEnd] when passEnd > userEnd
	hostStart  int
	hostEnd    int // port is href[hostEnd+1:pathStart] when hostEnd < pathStart
	pathStart  int
	queryStart int // index of '?', or of the end of the path when the query is null
	fragStart  int // index of '#', or len(href) when the fragment is null
	kind       uint8
	flags      uint8
}

// Href is the URL serializer's output (URL Standard section 4.5).
func (u URL) Href() string { return u.href }

// String is Href.
func (u URL) String() string { return u.href }

// Protocol is the scheme followed by ":", as the URL API's protocol getter.
func (u URL) Protocol() string {
	if u.href == "" {
		return "" // the zero URL
	}
	return u.href[:u.schemeEnd+1]
}

// Scheme is the scheme, ASCII lower case, without ":".
func (u URL) Scheme() string { return u.href[:u.schemeEnd] }

// Special reports whether the scheme is a special scheme (ftp, file, http,
// https, ws, wss).
func (u URL) Special() bool { return u.kind != kindOther }

// Username is the percent-encoded username, "" when there is none.
func (u URL) Username() string {
	if u.flags&flagHost == 0 {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.userEnd]
}

// Password is the percent-encoded password, "" when there is none.
func (u URL) Password() string {
	if u.passEnd <= u.userEnd {
		return ""
	}
	return u.href[u.userEnd+1 : u.passEnd]
}

// HasHost reports whether the host is non-null (the href has "//").
func (u URL) HasHost() bool { return u.flags&flagHost != 0 }

// Hostname is the serialized host, "" when it is null or empty.
func (u URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Port is the port in decimal, "" when it is null (absent or the scheme's
// default port).
func (u URL) Port() string {
	if u.flags&flagHost == 0 || u.hostEnd >= u.pathStart {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// Host is Hostname followed by ":" and the port when the port is non-null.
func (u URL) Host() string {
	if u.flags&flagHost == 0 || u.hostEnd >= u.pathStart {
		return u.href[u.hostStart:u.hostEnd]
	}
	return u.href[u.hostStart:u.pathStart]
}

// HasOpaquePath reports whether the path is opaque (a URL such as
// "mailto:x" whose scheme is followed by neither "/" nor a base's path).
func (u URL) HasOpaquePath() bool { return u.flags&flagOpaque != 0 }

// Pathname is the URL path serializer's output: the opaque path, or "/"
// before each segment.
func (u URL) Pathname() string { return u.href[u.pathStart:u.queryStart] }

// Search is "?" and the query, "" when the query is null or empty.
func (u URL) Search() string {
	if u.fragStart-u.queryStart <= 1 {
		return ""
	}
	return u.href[u.queryStart:u.fragStart]
}

// Query is the query without "?", and whether it is non-null.
func (u URL) Query() (string, bool) {
	if u.flags&flagQuery == 0 {
		return "", false
	}
	return u.href[u.queryStart+1 : u.fragStart], true
}

// Hash is "#" and the fragment, "" when the fragment is null or empty.
func (u URL) Hash() string {
	if len(u.href)-u.fragStart <= 1 {
		return ""
	}
	return u.href[u.fragStart:]
}

// Fragment is the fragment without "#", and whether it is non-null.
func (u URL) Fragment() (string, bool) {
	if u.flags&flagFragment == 0 {
		return "", false
	}
	return u.href[u.fragStart+1:], true
}

// Origin is the serialization of the URL's origin (URL Standard section 4.7,
// HTML's "serialization of an origin"): "scheme://host[:port]" for ftp, http,
// https, ws and wss; for blob, with no blob URL entry (doc.go), the origin of
// the URL its path holds when that is http or https; "null" (an opaque
// origin) for everything else, file URLs included (the standard leaves
// theirs to the implementation: "when in doubt, return a new opaque
// origin").
// It allocates only for a URL with credentials and a blob URL.
func (u URL) Origin() string {
	switch u.kind {
	case kindFile, kindOther:
		if u.href[:u.schemeEnd] == "blob" {
			p, err := Parse(u.Pathname())
			if err == nil && (p.kind == kindHTTP || p.kind == kindHTTPS) {
				return p.Origin()
			}
		}
		return "null"
	}
	if u.passEnd == u.schemeEnd+3 {
		// No credentials: the origin is the href up to the path, a
		// substring (a special URL's host is never null).
		return u.href[:u.pathStart]
	}
	return u.href[:u.schemeEnd+3] + u.Host()
}

// AppendTo appends the href to b.
func (u URL) AppendTo(b []byte) []byte { return append(b, u.href...) }

// IsZero reports whether u is the zero URL.
func (u URL) IsZero() bool { return u.href == "" }

// AppendText implements encoding.TextAppender: it appends the href.
func (u URL) AppendText(b []byte) ([]byte, error) { return append(b, u.href...), nil }

// MarshalText implements encoding.TextMarshaler: the text is the href, and
// the zero URL's is empty.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText implements encoding.TextUnmarshaler: it parses text as
// Parse does; empty text gives the zero URL.
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}
