// Package whatwg implements the WHATWG URL Standard (url.spec.whatwg.org;
// the text used is shared/specs/whatwg-url.bs, whatwg/url at commit
// 6ae84860) in pure Go: what a browser makes of a URL. It is the engine of
// relurl.WHATWG, which importing this package registers, and a package of
// its own for Go programs: docs/whatwg.md is the guide.
//
// A URL is the standard's URL record held as its serialization (the href)
// and the offsets of its components, as ada's url_aggregator holds it: an
// immutable, comparable value, as net/netip.Addr is, whose getters (named
// as the URL API names them: Href, Protocol, Username, Password, Host,
// Hostname, Port, Pathname, Search, Hash, Origin) are substrings. Parse
// parses an absolute URL, URL.Parse a reference against a base, CanParse
// tells whether either would succeed. The setters of the URL API (SetHref,
// SetProtocol, ..., SetHash) return a new URL, with the standard's state
// overrides. SearchParams is URLSearchParams, kept in step with the URL it
// came from. URL.ParseEncoded takes the standard's encoding argument for
// the query of special URLs. A failure is an *Error whose Reason errors.Is
// reaches.
//
// The parser writes the href in order while it runs the standard's state
// machine, so a resolution against a parsed base is one pass over the
// reference and one copy of the part of the base it keeps: AppendResolve
// allocates nothing when its buffer has room. An absolute special URL
// already in serialized form, its host a domain, without credentials or
// port, takes a fast path: one pass, and the input is its own href, so
// Parse allocates nothing (any other input costs two allocations).
//
// Where the standard differs from the RFCs: a reference with the base's
// special scheme and no "//" is relative ("http:g" against an http base);
// "\" is "/" in special URLs (ftp, file, http, https, ws, wss); leading and
// trailing C0 controls and spaces, and all tabs and newlines, are removed
// first; hosts of special URLs are percent-decoded, mapped by UTS #46 and
// lower-cased, IPv4 numbers in any of their forms (0x7f.1, 017700000001)
// are rewritten in dotted decimal, IPv6 addresses are compressed per
// RFC 5952, and the default port is dropped; dot segments are removed also
// when percent-encoded ("%2e"); code points outside each component's
// percent-encode set are percent-encoded; file URLs keep a Windows drive
// letter; and some inputs fail outright (a space in a domain, a port above
// 65535, a special URL without a host), with an *Error naming the input,
// the offset and the standard's name of the validation error.
//
// Inputs are Go strings, the standard's scalar value strings: bytes that
// are not UTF-8 are read as the Encoding Standard's UTF-8 decoder reads
// them, each maximal ill-formed subsequence one U+FFFD ("\xf0\x9f\x98" is
// one, "\xe0\x80" two), in every component, setter, SearchParams method and
// query encoding alike.
//
// Domain to ASCII: an ASCII domain is only lower-cased (the standard's
// beStrict false). A non-ASCII one goes through UTS #46 ToASCII with
// CheckHyphens false, CheckBidi true, CheckJoiners true, UseSTD3ASCIIRules
// false, Transitional_Processing false and VerifyDnsLength false, by the copy
// of golang.org/x/net/idna in ./idna: the module's own package selects its
// Unicode 15.0 tables below Go 1.27, which fail 74 cases of IdnaTestV2.json
// and 7 of toascii.json (Georgian capitals, "ẞ", "≮" and other mappings
// changed in Unicode 15.1 and 16); the copy always uses its Unicode 17.0
// tables and passes them all. Normalization (NFC) and the Bidi rule still come
// from golang.org/x/text, whose Unicode 15.0 tables are selected below Go
// 1.27: only code points assigned after Unicode 15.0 can differ, and every
// case of the test data passes with them. One departure: a non-ASCII domain
// longer than 1024 bytes fails (DomainToASCII), since Punycode encoding takes
// time up to the square of a label's length.
//
// Validation errors that do not end the parse are recorded, on request, in
// the Trace given to ParseTrace (none is looked for without one): every row
// of the standard's table that is not always a failure is a ValidationKind,
// recorded where the standard's algorithms meet it (the basic URL parser,
// the host, IPv4, IPv6 and opaque-host parsers, and the domain parser's
// strict UTS #46 ToASCII, which runs only for a Trace); the rows that end
// the parse are Reasons.
//
// Blob URLs: the URL parser of the standard sets a blob URL's "blob URL
// entry" by resolving it in the user agent's blob URL store, the map of the
// URLs that URL.createObjectURL made to their Blob objects. A Go program has
// no such store, so the entry is always null, as the standard's parser
// gives for a URL not in the store: a blob: URL parses as any URL of a
// scheme that is not special, and URL.Origin follows the standard's origin algorithm for a
// null entry, the origin of the URL its path holds when that is http or
// https ("blob:https://whatwg.org/x" is "https://whatwg.org"; a file URL's
// origin, which the standard leaves to the implementation, is "null", as is
// every other).
package whatwg
