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
// A URL is a string and five offsets: accessors are substrings, String is
// free, and URL values are comparable.
//
// # Reading the RFC
//
// Where RFC 1808 is silent, this package follows the project's
// RFC1808-NOTES.md. In short: the scheme is the text before the first ":"
// when made of scheme characters, case kept ("1a:b" has scheme "1a"); a
// net_loc runs to the next "/" and may hold "?" and ";"; "empty" in
// section 4 means empty in value, so a present-but-empty query inherits the
// base's (step 5b) while a present-but-empty fragment does not (it is
// never inherited but for the empty reference); step 6 works on the path
// without its leading "/"; a base with a net_loc and an empty path has
// path "/".
//
// # Writing relative URLs
//
// Relative (section 5.3) is the inverse of Resolve: the shortest reference
// that resolves back to a target, checked with Resolve before it is
// returned.
//
// # Later specifications
//
// RFC 1808 is the default everywhere. A Spec (RFC1808, RFC2396, RFC3986)
// chooses another specification's rules for a call: Spec.Resolve,
// Spec.AppendResolve, and Spec.ParseBase for many references against one
// base.
//
// # Why a link resolved where it did
//
// Explain resolves like Resolve and records how: the components of base
// and reference (section 2.4), each step of section 4 that applied, and
// the result. It is a separate implementation, checked against Resolve by
// tests and fuzzing, so that Resolve pays nothing for it.
//
// # Speed
//
// Step 6 is done with a stack of segments, as section 4 suggests, so
// resolution is linear in its input. URL.AppendResolve resolves against a
// parsed base into a caller's buffer without allocating.
package relurl
