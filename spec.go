package relurl

import (
	"fmt"
	"strings"
)

// A Spec names the specification by which references are resolved: RFC
// 1808 (the default), or its successors RFC 2396 and RFC 3986, which
// changed some answers. It is an option passed to a call, not a global
// setting:
//
//	relurl.RFC3986.Resolve("http://a/b/c/d;p?q", ";x") // "http://a/b/c/;x"
//	relurl.Resolve("http://a/b/c/d;p?q", ";x")         // "http://a/b/c/d;x"
//
// The three differ on, among others: params (a component of its own in
// RFC 1808, part of each path segment later), ".." above the root (kept by
// RFC 1808 and RFC 2396, dropped by RFC 3986), dot segments in an absolute
// path or an absolute URL (removed by RFC 3986 only), a reference that is
// only a query (RFC 2396 drops the base's last segment) and the base's
// fragment (inherited by the empty reference under RFC 1808 only). The
// README's table of differences is generated from the three
// implementations ("relurl compare -table").
//
// The zero value is RFC1808.
type Spec uint8

// The specifications. RFC1808 is the zero value and the default
// everywhere.
const (
	// RFC1808 is "Relative Uniform Resource Locators" (1995), section 4,
	// as RFC1808-NOTES.md reads it: the package-level Resolve.
	RFC1808 Spec = iota
	// RFC2396 is "Uniform Resource Identifiers (URI): Generic Syntax"
	// (1998), section 5.2, keeping ".." segments above the root (the
	// answer its Appendix C gives).
	RFC2396
	// RFC3986 is "Uniform Resource Identifier (URI): Generic Syntax"
	// (2005), section 5.2, with a strict parser: "http:g" stays "http:g".
	RFC3986
)

// Specs lists every Spec, oldest first.
var Specs = []Spec{RFC1808, RFC2396, RFC3986}

var specNames = [...]string{RFC1808: "rfc1808", RFC2396: "rfc2396", RFC3986: "rfc3986"}

// String returns the specification's name in lower case: "rfc1808",
// "rfc2396" or "rfc3986". An unknown value prints as "Spec(N)".
func (s Spec) String() string {
	if int(s) < len(specNames) {
		return specNames[s]
	}
	return fmt.Sprintf("Spec(%d)", uint8(s))
}

// ParseSpec returns the Spec named name, in any case: "rfc1808",
// "RFC2396", "Rfc3986". Anything else is an error naming the input and
// the choices.
func ParseSpec(name string) (Spec, error) {
	for _, s := range Specs {
		if strings.EqualFold(name, specNames[s]) {
			return s, nil
		}
	}
	return RFC1808, fmt.Errorf("relurl: unknown specification %q: want one of %s", name, strings.Join(specNames[:], ", "))
}

// MarshalText implements encoding.TextMarshaler: the text is String's.
func (s Spec) MarshalText() ([]byte, error) {
	if int(s) >= len(specNames) {
		return nil, fmt.Errorf("relurl: invalid Spec(%d)", uint8(s))
	}
	return []byte(specNames[s]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler, as ParseSpec. With
// MarshalText it lets flag.TextVar take a -spec flag.
func (s *Spec) UnmarshalText(text []byte) error {
	v, err := ParseSpec(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Resolve returns the absolute form of ref in the context of base by the
// specification s. RFC1808.Resolve is the package-level Resolve. Like it,
// it is defined for any two strings, never fails, and does no
// percent-decoding, case folding or normalization beyond what the
// specification's algorithm says.
//
// In every specification an empty base means there is no base (RFC 1808
// section 4 step 1; RFC 2396 and RFC 3986 leave the default base to the
// application in their section 5.1.4): a reference without a scheme is
// returned as it is. Under RFC 3986 a reference with a scheme still has
// its dot segments removed (section 5.2.2 does not look at the base then).
//
// Resolution is linear in time and memory in len(base)+len(ref). A Spec
// outside Specs resolves as RFC1808.
func (s Spec) Resolve(base, ref string) string {
	switch s {
	case RFC2396:
		return resolve2396(base, ref)
	case RFC3986:
		return resolve3986(base, ref)
	}
	return Resolve(base, ref)
}

// AppendResolve appends s.Resolve(base, ref) to dst and returns the
// extended buffer. It does not allocate when dst has room for the result,
// which is never longer than len(base)+len(ref)+1. It splits base on
// every call; to resolve many references against one base, parse it once
// with ParseBase and use Base.AppendResolve, which is about twice as fast.
func (s Spec) AppendResolve(dst []byte, base, ref string) []byte {
	switch s {
	case RFC2396:
		return append2396(dst, baseView{s: base}, ref)
	case RFC3986:
		return append3986(dst, baseView{s: base}, ref)
	}
	return Parse(base).AppendResolve(dst, ref)
}
