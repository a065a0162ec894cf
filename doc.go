// Package relurl implements RFC 1808, "Relative Uniform Resource Locators",
// exactly: parsing a URL into its six components (section 2.4), checking
// it against the BNF (section 2.2), and resolving a relative reference
// against a base URL (sections 4 and 5).
//
// # Why not net/url
//
// net/url follows RFC 3986 and normalizes as it parses. RFC 1808 differs in
// answers and in what it keeps:
//
//   - params are a component of their own (";x" against
//     "http://a/b/c/d;p?q" gives "http://a/b/c/d;x"; RFC 3986 gives
//     "http://a/b/c/;x");
//   - ".." above the root is kept ("../../../g" gives "http://a/../g"), and
//     "." and ".." are only removed from relative paths ("/./g" stays);
//   - an empty component is not an absent one: "http://a/b?" has an empty
//     query, and URL tells them apart from the start, not through
//     ForceQuery or RawFragment patches;
//   - nothing is decoded, escaped or case-folded: Parse(s).String() == s
//     for every string, including invalid UTF-8 and NUL bytes.
//
// A URL is its string and the offsets where its sections end: accessors
// are substrings, String is free, and URL values are comparable.
//
// # Reading the RFC
//
// Where RFC 1808 is silent, this package follows the readings stated in
// docs/design.md#readings-of-rfc-1808. In short: the scheme is the text before the first ":"
// when made of scheme characters, case kept ("1a:b" has scheme "1a"); a
// net_loc runs to the next "/" and may hold "?" and ";"; "empty" in
// section 4 means empty in value, so a present-but-empty query inherits the
// base's (step 5b) while a present-but-empty fragment does not (it is
// never inherited but for the empty reference); step 6 works on the path
// without its leading "/"; a base with a net_loc and an empty path has
// path "/".
//
// # One call per job
//
// RFC 1808 is the default; a Spec (RFC1808, RFC2396, RFC3986, WHATWG)
// chooses a specification for a call. The package-level Resolve, Relative
// and Explain are RFC1808's methods, one line each.
//
//	job                                    RFC 1808                     any Spec s
//	parse into components (section 2.4)    Parse(s) URL                 s.Explain(u, "").Base
//	validate (section 2.2)                 Validate(s) error            -
//	resolve from strings                   Resolve(base, ref)           s.ResolveErr(base, ref)
//	resolve many against one base,         RFC1808.ParseBase(base)      s.ParseBase(base)
//	  without allocating                     .AppendResolve(dst, ref)     .AppendResolveErr(dst, ref)
//	write a relative reference (5.3)       Relative(base, target)       s.Relative(base, target)
//	  many, against one parsed base          .AppendRelative(dst, t)      .AppendRelative(dst, t)
//	explain a resolution                   Explain(base, ref) Trace     s.Explain(base, ref)
//
// WHATWG, the URL Standard that browsers follow, is the one specification
// whose parser can fail ("https://exa mple.org"). Its failure is an error,
// never an empty answer alone: code that may be given WHATWG resolves by
// ResolveErr and AppendResolveErr, whose error is a *whatwg.Error (input,
// offset, the standard's reason) and always nil under the RFCs. Resolve and
// AppendResolve stay the one-result forms for the RFCs, which never fail;
// under WHATWG they give "" (append nothing) on failure.
//
// Package relurl depends on the standard library only. WHATWG's engine is
// the package github.com/relurl/relurl/whatwg (the URL Standard's URL, its
// setters and URLSearchParams), linked by importing it; a program that
// uses WHATWG without it panics with a message naming the import, and
// WHATWG.Available() tells beforehand:
//
//	import _ "github.com/relurl/relurl/whatwg"
//
// Errors of Validate are *ValidationError, and errors.Is reaches the rule
// broken: ErrEscape, ErrUChar, ErrFragment, ErrFirstSegment.
//
// # Writing relative URLs
//
// Relative (section 5.3) is the inverse of Resolve: the shortest reference
// that resolves back to a target, checked by resolving it before it is
// returned.
//
// # How it works
//
// One dot-segment engine (dots.go) serves every specification: a stack of
// segments, as section 4 suggests, so that resolution is linear in its
// input, with RFC 3986's dropping of ".." above the root as a switch. RFC
// 2396 and RFC 3986 are one algorithm with their differences as data
// (uri.go). Explain runs the same resolver with a recorder, which is nil
// for every other call, so the trace cannot disagree with Resolve and
// Resolve pays a nil test for it.
package relurl
