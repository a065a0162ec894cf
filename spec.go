package relurl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/engine"
)

// A Spec names the specification by which references are resolved: RFC
// 1808 (the default), or its successors RFC 2396 and RFC 3986, which
// changed some answers. It is an option passed to a call, not a global
// setting:
//
//	relurl.RFC3986.Resolve("http://a/b/c/d;p?q", ";x") // "http://a/b/c/;x"
//	relurl.Resolve("http://a/b/c/d;p?q", ";x")         // "http://a/b/c/d;x"
//
// They differ on params (a component of their own in RFC 1808, part of each
// segment later), ".." above the root (kept by RFC 1808 and our reading of
// RFC 2396, dropped by RFC 3986), dot segments outside a merged path
// (removed by RFC 3986 only), a reference that is only a query (RFC 2396
// drops the base's last segment) and the base's fragment (inherited by the
// empty reference under RFC 1808 only). "relurl compare -table" lists them.
//
// A Spec is one of RFC1808, RFC2396, RFC3986 and WHATWG: no other value
// can be made. The zero value is RFC1808. Specs are comparable.
type Spec struct{ id uint8 }

const (
	id1808 = iota
	id2396
	id3986
	idWHATWG
)

// The specifications.
var (
	// RFC1808 is "Relative Uniform Resource Locators" (1995), section 4,
	// as docs/design.md#readings-of-rfc-1808 reads it.
	RFC1808 = Spec{id1808}
	// RFC2396 is "URI: Generic Syntax" (1998), section 5.2, keeping ".."
	// above the root (the answer its Appendix C gives first).
	RFC2396 = Spec{id2396}
	// RFC3986 is "URI: Generic Syntax" (2005), section 5.2, with a strict
	// parser: "http:g" stays "http:g".
	RFC3986 = Spec{id3986}
	// WHATWG is the URL Standard (url.spec.whatwg.org), what browsers
	// do: its basic URL parser (section 4.4) with the reference as input
	// and the parsed base as base URL. Unlike the RFCs it normalises
	// (hosts, percent-encoding, default ports, "\" as "/") and can fail;
	// see ResolveErr. Its engine is package
	// github.com/relurl/relurl/whatwg, linked by importing it (blank if
	// need be); without it, WHATWG.Available() is false and using WHATWG
	// panics naming that import.
	WHATWG = Spec{idWHATWG}
)

var specNames = [...]string{id1808: "rfc1808", id2396: "rfc2396", id3986: "rfc3986", idWHATWG: "whatwg"}

// Specs returns every Spec, oldest first, in a new slice.
func Specs() []Spec { return []Spec{RFC1808, RFC2396, RFC3986, WHATWG} }

// ErrUnknownSpec is the error ParseSpec wraps for a name it does not know.
var ErrUnknownSpec = errors.New("relurl: unknown specification")

// String returns the specification's name in lower case: "rfc1808",
// "rfc2396", "rfc3986" or "whatwg".
func (s Spec) String() string { return specNames[s.id] }

// ParseSpec returns the Spec named name, in any case ("rfc1808",
// "RFC2396", "Rfc3986", "WHATWG"). Otherwise it returns an error wrapping
// ErrUnknownSpec that names the input and the choices.
func ParseSpec(name string) (Spec, error) {
	for id, n := range specNames {
		if ascii.EqualFold(name, n) {
			return Spec{uint8(id)}, nil
		}
	}
	return RFC1808, fmt.Errorf("%w %q: want one of %s", ErrUnknownSpec, name, strings.Join(specNames[:], ", "))
}

// AppendText implements encoding.TextAppender: it appends String's text.
func (s Spec) AppendText(b []byte) ([]byte, error) { return append(b, specNames[s.id]...), nil }

// MarshalText implements encoding.TextMarshaler: the text is String's.
func (s Spec) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler, as ParseSpec. With
// MarshalText it lets flag.TextVar take a -spec flag.
func (s *Spec) UnmarshalText(text []byte) error {
	v, err := ParseSpec(string(text))
	if err == nil {
		*s = v
	}
	return err
}

// rules returns the differences of RFC 2396 and RFC 3986 for appendURI.
func (s Spec) rules() *uriRules { return specRules(s.id) }

func specRules(id uint8) *uriRules {
	if id == id2396 {
		return &rules2396
	}
	return &rules3986
}

// Resolve returns the absolute form of ref in the context of base by the
// specification s. Under the RFCs it is defined for any two strings, never
// fails, and does no percent-decoding, case folding or normalization beyond
// what the specification's algorithm says. Under WHATWG, which can fail, it
// returns "" on failure: a caller that may be given WHATWG calls ResolveErr.
//
// In every specification an empty base means there is no base (RFC 1808
// section 4 step 1; RFC 2396 and RFC 3986 leave the default base to the
// application, section 5.1.4): the reference is returned as it is, but
// that RFC 3986 still removes the dot segments of one with a scheme.
//
// Resolution is linear in time and memory in len(base)+len(ref).
func (s Spec) Resolve(base, ref string) string {
	if s.id == id1808 {
		return resolve1808(base, ref)
	}
	if s.id == idWHATWG {
		r, _ := whatwgEngine().Resolve(base, ref)
		return r
	}
	var buf [256]byte
	out := appendURI(buf[:0], baseView{s: base}, ref, s.rules(), nil)
	if string(out) == ref {
		// An absolute URI, or no base: no string to allocate.
		return ref
	}
	return string(out)
}

// ParseBase parses base once, by s, for resolving many references against
// it: s.ParseBase(base).AppendResolve(dst, ref) appends s.Resolve(base,
// ref). Like Parse, it never fails; the empty string is no base.
func (s Spec) ParseBase(base string) ParsedBase {
	if s.id == id1808 {
		return ParsedBase{u: Parse(base)}
	}
	if s.id == idWHATWG {
		return parseBaseWHATWG(base)
	}
	u := parseURI(base)
	u.spec = s.id
	return ParsedBase{u: u}
}

// A ParsedBase is a base URL parsed once by one Spec, for resolving many
// references against it, such as the links of one page. Parsing finds
// once what every resolution would find again in the base string (the
// ends of its sections, the directory of its path and whether it has dot
// segments), so that AppendResolve copies pieces of the base without
// reading it.
//
// A ParsedBase is a small immutable value: comparable, and equal to
// another exactly when parsed from the same string by the same Spec, but
// under WHATWG, where it is equal only to its copies. The
// zero ParsedBase is the empty base under RFC1808: every reference is
// taken as it is (RFC 1808 section 4 step 1).
type ParsedBase struct {
	// u is Parse's URL under RFC1808; under RFC2396 and RFC3986 parseURI's
	// split in the same layout, with the authority as net_loc and no
	// params, and u.spec set; under WHATWG only u.s and u.spec are set.
	u URL
	// w is the base parsed by the URL Standard, or its failure, under
	// WHATWG; nil otherwise: a pointer from package whatwg's engine
	// (docs/design.md#the-whatwg-seam), made once by ParseBase.
	w engine.Base
}

// Spec returns the specification b was parsed and resolves by.
func (b ParsedBase) Spec() Spec { return Spec{b.u.spec} }

// String returns the string b was parsed from.
func (b ParsedBase) String() string { return b.u.s }

// AppendResolve appends b.Spec().Resolve(b.String(), ref) to dst and returns
// the extended buffer. It does not allocate when dst has room for the
// result, which is never longer than len(b.String())+len(ref)+1.
//
// Under WHATWG it appends nothing on failure: a caller that may be given
// WHATWG calls AppendResolveErr.
func (b ParsedBase) AppendResolve(dst []byte, ref string) []byte {
	// Small enough to inline, so that the base is not copied for the call.
	return b.appendResolve(dst, ref)
}

// appendResolve is AppendResolve. The URL Standard's parser is called here
// and not in URL.appendResolve, because it keeps its buffer: there it would
// move the stack buffer of every Resolve to the heap.
func (b *ParsedBase) appendResolve(dst []byte, ref string) []byte {
	if b.w != nil {
		dst, _ = b.w.AppendResolve(dst, ref)
		return dst
	}
	return b.u.appendResolve(dst, ref, nil)
}

// Relative returns a reference r for which s.Resolve(base, r) == target,
// byte for byte, whenever one is found, and otherwise target: the inverse
// of resolution (RFC 1808 section 5.3).
//
// For RFC1808 it is the shortest such reference; see the package-level
// Relative. For the later specifications it tries, shortest first, the
// empty reference (the base without its fragment: RFC 2396 section 5.2
// step 2, RFC 3986 section 5.2.2), RFC 1808's answer, the absolute-path
// form and the network-path form of target, and returns the first that s
// resolves back to target. Every answer but target itself is checked by
// resolving it.
//
// Under WHATWG the target is taken as the URL Standard parses it, with no
// base, and r is the shortest reference found (fragment, query, relative
// path, absolute path, network path) that resolves to the target's href,
// checked likewise: whatwg's Relative. A target that fails to parse, or a
// base that does, gives target.
func (s Spec) Relative(base, target string) string {
	if s.id == idWHATWG {
		return whatwgEngine().Relative(base, target)
	}
	b := s.ParseBase(base)
	if s.id == id1808 {
		return b.u.relativeString(target)
	}
	return b.relativeURI(target)
}

// AppendRelative appends b.Spec().Relative(b.String(), target) to dst and
// returns the extended buffer. Under RFC1808 it does not allocate when dst
// has room for its work, done in dst's spare capacity:
// 8*(len(b.String())+len(target)+1) bytes beyond len(dst) always suffice.
func (b ParsedBase) AppendRelative(dst []byte, target string) []byte {
	if b.w != nil {
		return b.w.AppendRelative(dst, target)
	}
	if b.u.spec == id1808 {
		c := b.u.relative(dst[len(dst):], target)
		return c.appendTo(dst, target)
	}
	return append(dst, b.relativeURI(target)...)
}

// relativeURI is Relative for RFC2396 and RFC3986: the empty reference,
// RFC 1808's answer and the absolute-path and network-path forms, checked
// by b. The empty reference is the base without its fragment by both
// (RFC 2396 section 5.2 step 2, RFC 3986 section 5.2.2), where RFC 1808's
// answers, "" (the base with its fragment) and "?", mean otherwise.
func (b *ParsedBase) relativeURI(target string) string {
	t := Parse(target)
	candidates := [4]string{"", Relative(b.u.s, target)}
	if t.HasScheme() && t.HasNetLoc() {
		candidates[2] = target[t.netloc:]
		candidates[3] = target[t.scheme:]
	}
	var buf [256]byte
	for i, c := range candidates {
		// Only the first "" is a candidate; the others are unset.
		if (i == 0 || c != "") && len(c) < len(target) && string(b.u.appendResolve(buf[:0], c, nil)) == target {
			return c
		}
	}
	return target
}
