package relurl

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/rfcexamples"
	"github.com/relurl/relurl/internal/specexamples"
)

// All the fuzz targets of the package, each checking the fast code against
// a reference: slow_test.go (RFC 1808 as written), rfc2396_test.go and
// rfc3986_test.go (RFC 2396 and 3986 as written), the regular expression of
// Appendix B, or the inverse operation. Every seed says what it exercises.

// addResolveSeeds seeds a (base, ref) fuzzer. Each entry says what it
// exercises.
func addResolveSeeds(f *testing.F) {
	for _, ex := range rfcexamples.Section5 {
		f.Add(rfcexamples.Base, ex.Ref) // the RFC's own examples
	}
	for _, tc := range resolveCases {
		f.Add(tc.base, tc.ref) // other bases: empty path, relative paths, dots in the base
	}
	f.Add("http://a/b/c//d", "..//../g") // empty segments popped and kept
	f.Add("foo:", "./a:b")               // a merge that looks like a scheme once dots go
	f.Add("x", "./a:b")                  // base without a scheme
	f.Add("http://a", "../../..")        // nothing to pop, then 6d
	f.Add("foo:/", ".//g")               // a result path starting "//"
	f.Add("http://a/b", "g\x00/../\xff") // NUL and invalid UTF-8 in segments
	f.Add("#f", "g")                     // a base that is only a fragment
	f.Add("http://a/b;p/q?x", ";")       // params holding "/" in the base
	f.Add("http://a?q", "//")            // net_loc with "?" inherited by "//"
}

func FuzzParse(f *testing.F) {
	for _, tc := range parseCases {
		f.Add(tc.in)
	}
	for _, tc := range validateCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u := Parse(s)
		if u.String() != s {
			t.Fatalf("Parse(%q).String() = %q", s, u.String())
		}
		if got, want := comps(u), slowComps(slowParse(s)); got != want {
			t.Fatalf("Parse(%q) = %s, literal reading gives %s", s, got, want)
		}
		var v URL
		if v.UnmarshalText([]byte(s)) != nil || v != u {
			t.Fatalf("UnmarshalText(%q) differs from Parse", s)
		}
		if err := Validate(s); err != nil {
			ve := err.(*ValidationError)
			if ve.Offset < 0 || ve.Offset >= len(s) || ve.Input != s {
				t.Fatalf("Validate(%q): offset %d out of range", s, ve.Offset)
			}
		}
	})
}

func FuzzResolve(f *testing.F) {
	addResolveSeeds(f)
	buf := make([]byte, 0, 64)
	f.Fuzz(func(t *testing.T, base, ref string) {
		got := Resolve(base, ref)
		// The literal rules are quadratic: compare on inputs of modest size.
		if len(base)+len(ref) < 4096 {
			if want := slowResolve(base, ref); got != want {
				t.Fatalf("Resolve(%q, %q) = %q, literal rules give %q", base, ref, got, want)
			}
		}
		b, r := Parse(base), Parse(ref)
		if appended := RFC1808.ParseBase(base).AppendResolve(buf[:0], ref); string(appended) != got {
			t.Fatalf("AppendResolve(%q, %q) = %q, Resolve gives %q", base, ref, appended, got)
		}
		if r.HasScheme() && got != ref {
			t.Fatalf("absolute reference changed: Resolve(%q, %q) = %q", base, ref, got)
		}
		// A base without a scheme is not absolute (section 3): its results may
		// read as having one ("x" and "./a:b" give "a:b"), as the rules say.
		if b.HasScheme() && ref != "" && !r.HasScheme() {
			if s := Parse(got).Scheme(); s != b.Scheme() {
				t.Fatalf("Resolve(%q, %q) = %q has scheme %q, base has %q", base, ref, got, s, b.Scheme())
			}
		}
		if len(got) > len(base)+len(ref)+1 {
			t.Fatalf("Resolve(%q, %q) = %q is longer than documented", base, ref, got)
		}
	})
}

func FuzzIndexAny(f *testing.F) {
	f.Add("http://a/b;c?d#e", 0)
	f.Add("\x00\x01\x3b\x3f\xff\x23;;", 3) // delimiters next to bytes that borrow
	f.Add("\x01./\x01../.\xaf.\xae/..", 0) // dots and slashes next to bytes that borrow
	f.Add("a:b/c", 0)                      // a scheme: scanRelativePath returns -1
	f.Add("x/a:b/../../g;p?q", 2)          // a ":" that ends no scheme, dots before the params
	f.Fuzz(func(t *testing.T, s string, from int) {
		if from < 0 || from > len(s) {
			return
		}
		want := strings.IndexAny(s[from:], ";?#")
		if want < 0 {
			want = len(s)
		} else {
			want += from
		}
		if got := indexAny3(s, from, ';', '?', '#'); got != want {
			t.Fatalf("indexAny3(%q, %d) = %d, want %d", s, from, got, want)
		}
		checkScanRelativePath(t, s[from:])
	})
}

// FuzzRelative checks, for any base and target, that Relative's answer
// resolves back to the target, or is the target itself when nothing does
// (and then the target has no scheme and the base is not empty).
//
// It also reads the target as a reference: Relative(base, Resolve(base,
// target)) must resolve back, always, and be no longer than target (plus
// the "./" that section 5.3 asks for), since target is one reference that
// works.
func FuzzRelative(f *testing.F) {
	for _, ex := range rfcexamples.Section5 {
		f.Add(rfcexamples.Base, ex.Want) // the RFC's results, back to references
	}
	for _, tc := range relativeCases {
		f.Add(tc.base, tc.target) // the quirks of section 4, one by one
	}
	for _, tc := range unreachableCases {
		f.Add(tc.base, tc.target) // targets no reference reaches
	}
	f.Add("http://a/b/c/d;p?q#f", "http://a/b/c/d;p?")    // empty query present: "?" would inherit "q"
	f.Add("http://a/b/c/d;p?q#f", "http://a/../g")        // ".." above the root, written as an absolute path
	f.Add("http://a?q;p/b", "http://a?q;p/c;x")           // net_loc holding "?" and ";"
	f.Add("http://a", "http://a?q")                       // base without a path: step 5 after the net_loc
	f.Add("x/./y/../z/w", "x/z/q:r")                      // dots in a relative base, colon in the result
	f.Add("../../a/b", "../../c")                         // ".." at the bottom of the base's stack
	f.Add("http://a/b//c", "http://a/b//")                // empty segments to pop and to keep
	f.Add("http://a/b", "http://a//")                     // a result path starting "//"
	f.Add("#f", "")                                       // a base that is only a fragment, target empty
	f.Add("http://a/b\x00/c", "http://a/b\x00/\xff;\x7f") // NUL, invalid UTF-8, DEL
	buf := make([]byte, 0, 64)
	f.Fuzz(func(t *testing.T, base, target string) {
		r := Relative(base, target)
		if Resolve(base, r) != target {
			if r != target || base == "" || Parse(target).HasScheme() {
				t.Fatalf("Relative(%q, %q) = %q, which resolves to %q", base, target, r, Resolve(base, r))
			}
		}
		if a := RFC1808.ParseBase(base).AppendRelative(buf[:0], target); string(a) != r {
			t.Fatalf("AppendRelative(%q, %q) = %q, Relative gives %q", base, target, a, r)
		}

		reached := Resolve(base, target)
		r = Relative(base, reached)
		if got := Resolve(base, r); got != reached {
			t.Fatalf("Relative(%q, %q) = %q, which resolves to %q", base, reached, r, got)
		}
		limit := len(target)
		if breaks53(target) {
			limit += len("./")
		}
		if len(r) > limit {
			t.Fatalf("Relative(%q, %q) = %q, longer than %q", base, reached, r, target)
		}
	})
}

// FuzzSpecBase checks, for any specification, base and reference, that
// the parsed base resolves as the string forms do (checkBase), without
// panicking, and that ParseBase splits RFC 2396 and RFC 3986 bases as
// Appendix B does. The first argument picks the Spec.
func FuzzSpecBase(f *testing.F) {
	for i := range Specs() {
		f.Add(uint8(i), "http://a/b/c/d;p?q", "../g") // the RFCs' base, a climb
	}
	f.Add(uint8(2), "http://a", "g")              // authority, empty path: merge gives "/g"
	f.Add(uint8(1), "http://a", "?y")             // the same in step 6, query only
	f.Add(uint8(2), "http://a?q#f", "#g")         // authority ends at "?"
	f.Add(uint8(1), "s:a/./b/", "../g")           // dots in a rootless base directory
	f.Add(uint8(2), "s://a/b/../c/d", "./g/..")   // dots in base and reference
	f.Add(uint8(2), "", "s:/./g")                 // no base, scheme: dots go
	f.Add(uint8(0), "http://a/b;p?q#f", "")       // step 2a: the whole base
	f.Add(uint8(1), "//h", ";x")                  // no scheme, params are path
	f.Add(uint8(2), "s:/a/", "..//g")             // "//" after remove_dot_segments
	f.Add(uint8(1), "s://a/b/c", "../../../../g") // ".." above the root kept
	f.Fuzz(func(t *testing.T, spec uint8, base, ref string) {
		s := Specs()[int(spec)%len(Specs())]
		checkBase(t, s, base, ref)
		// The literal transcriptions are quadratic: compare on inputs of
		// modest size.
		if len(base)+len(ref) < 4096 {
			switch s {
			case RFC3986:
				if got, want := s.ParseBase(base).resolve(ref), slowResolve3986(base, ref); got != want {
					t.Fatalf("RFC3986.ParseBase(%q).resolve(%q) = %q, literal algorithm gives %q", base, ref, got, want)
				}
			case RFC2396:
				if got, want := s.ParseBase(base).resolve(ref), slowResolve2396(base, ref); got != want {
					t.Fatalf("RFC2396.ParseBase(%q).resolve(%q) = %q, literal algorithm gives %q", base, ref, got, want)
				}
			}
		}
	})
}

// FuzzSpecResolve checks, in every mode, that resolution never panics,
// AppendResolve equals Resolve, and the result keeps to its length bound;
// the two new modes are compared with their literal transcriptions, and
// RFC 3986 results carry the right scheme.
func FuzzSpecResolve(f *testing.F) {
	addSpecSeeds(f)
	buf := make([]byte, 0, 64)
	f.Fuzz(func(t *testing.T, base, ref string) {
		for _, s := range Specs() {
			got := s.Resolve(base, ref)
			if app := s.ParseBase(base).AppendResolve(buf[:0], ref); string(app) != got {
				t.Fatalf("%v.AppendResolve(%q, %q) = %q, Resolve gives %q", s, base, ref, app, got)
			}
			if len(got) > len(base)+len(ref)+1 && s != WHATWG {
				t.Fatalf("%v.Resolve(%q, %q) = %q: too long", s, base, ref, got)
			}
		}
		// The literal transcriptions are quadratic: compare on inputs of
		// modest size.
		if len(base)+len(ref) < 4096 {
			if got, want := RFC3986.Resolve(base, ref), slowResolve3986(base, ref); got != want {
				t.Fatalf("RFC3986.Resolve(%q, %q) = %q, literal algorithm gives %q", base, ref, got, want)
			}
			if got, want := RFC2396.Resolve(base, ref), slowResolve2396(base, ref); got != want {
				t.Fatalf("RFC2396.Resolve(%q, %q) = %q, literal algorithm gives %q", base, ref, got, want)
			}
		}
		// Section 5.2.2: the target's scheme is the reference's when it has
		// one, otherwise the base's. (A base without a scheme is not an
		// absolute URI; its results may read as having one: "x" and "./a:b"
		// give "a:b".)
		got := RFC3986.Resolve(base, ref)
		bs, rs := schemeEnd(base), schemeEnd(ref)
		switch {
		case rs != 0:
			if !strings.HasPrefix(got, ref[:rs]) {
				t.Fatalf("RFC3986.Resolve(%q, %q) = %q lost the reference's scheme", base, ref, got)
			}
		case base == "":
			if got != ref {
				t.Fatalf("RFC3986.Resolve(%q, %q) = %q: no base, want the reference", base, ref, got)
			}
		case bs != 0:
			if got[:schemeEnd(got)] != base[:bs] {
				t.Fatalf("RFC3986.Resolve(%q, %q) = %q, scheme differs from the base's", base, ref, got)
			}
		}
	})
}

// FuzzRemoveDotSegments compares the stack of section 5.2.4 with the
// literal rules, on a path split at each of its "/" (a merged base
// directory and a reference path).
func FuzzRemoveDotSegments(f *testing.F) {
	f.Add("/a/b/c/./../../g")   // the RFC's first worked example
	f.Add("mid/content=5/../6") // the RFC's second, rootless
	f.Add("../.././x")          // rules A at the start
	f.Add("a/..")               // C empties a rootless output, E moves "/"
	f.Add("/..//../.")          // empty segments, B and C at the end
	f.Add(".../..g/.g")         // dots that are not dot segments
	f.Fuzz(func(t *testing.T, p string) {
		if len(p) > 2048 {
			return
		}
		want := slowRemoveDotSegments(p)
		for i := 0; i <= len(p); i++ {
			if i > 0 && p[i-1] != '/' {
				continue
			}
			if got := string(removeDotSegments(nil, p[:i], p[i:])); got != want {
				t.Fatalf("remove_dot_segments(%q + %q) = %q, literal rules give %q", p[:i], p[i:], got, want)
			}
		}
	})
}

// FuzzParseURI compares parseURI, schemeEnd and authorityEnd with the
// regular expression of Appendix B.
func FuzzParseURI(f *testing.F) {
	f.Add("http://a/b/c/d;p?q#f") // every component
	f.Add("a b:c")                // a scheme the grammar rejects but the expression takes
	f.Add("//a?b#c:d")            // ":" after the delimiters
	f.Add("?#")                   // empty query and fragment
	f.Add(":x")                   // no empty scheme
	f.Fuzz(func(t *testing.T, s string) {
		checkParseURI(t, s)
	})
}

func FuzzSpecRelative(f *testing.F) {
	f.Add(uint8(2), "http://a/b/c/d;p?q", "http://a/b/c/d;x")     // RFC 1808's ";x" means otherwise by RFC 3986
	f.Add(uint8(1), "http://a/b/c/d;p?q", "http://a/b/c/?y")      // RFC 2396's "?y" drops the last segment
	f.Add(uint8(3), "0", "A000:0")                                // WHATWG: a base the standard rejects (found by fuzzing)
	f.Add(uint8(2), "http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q") // the empty reference: the base without its fragment
	f.Add(uint8(3), "sc://a", "sc://a/b")                         // WHATWG: an empty base path, "b"
	f.Add(uint8(3), "sc://a/x", "sc://a?q")                       // WHATWG: an empty target path, "//a?q"
	f.Fuzz(func(t *testing.T, n uint8, base, target string) {
		s := Specs()[int(n)%len(Specs())]
		r := s.Relative(base, target)
		if s == WHATWG {
			// Against a base the URL Standard rejects nothing resolves,
			// not even an absolute URL (a browser's new URL(ref, base)
			// throws): Relative gives the target back, checked elsewhere.
			if _, err := WHATWG.ResolveErr("", base); base != "" && err != nil {
				return
			}
			// The URL Standard's target is its serialization.
			if href, err := WHATWG.ResolveErr("", target); err == nil {
				target = href
			}
		}
		if r != target && s.Resolve(base, r) != target {
			t.Fatalf("%s: Relative(%q, %q) = %q resolves to %q", s, base, target, r, s.Resolve(base, r))
		}
	})
}

// FuzzExplain checks that the trace agrees with Resolve on any input and
// stays bounded.
func FuzzExplain(f *testing.F) {
	f.Add(rfcBase, "../g")                                                       // 6c
	f.Add(rfcBase, "..")                                                         // 6d
	f.Add(rfcBase, "./g/.")                                                      // 6a and 6b
	f.Add(rfcBase, "")                                                           // 2a
	f.Add("", "g")                                                               // step 1
	f.Add(rfcBase, "http:g")                                                     // 2b
	f.Add(rfcBase, "//")                                                         // empty net_loc inherits
	f.Add("http://a", "g")                                                       // empty base path with a net_loc is "/"
	f.Add("foo:x/./y/../z", "../../a/./b")                                       // dots in the base path, no net_loc
	f.Add("http://a/b/c//d", "..//../g")                                         // empty segments pop
	f.Add(rfcBase, "?#")                                                         // empty query and fragment
	f.Add("http://a/"+strings.Repeat("x/", 100), strings.Repeat("../", 101)+"g") // more 6c than the cap
	f.Add(rfcBase, "a\x00/\xff/../`")                                            // bytes Quote must escape
	f.Add("foo:a/b", "../../c")                                                  // RFC 3986: C empties a rootless path, "/c"
	f.Add("", "s:./a/../b")                                                      // RFC 3986: no base, dots of a scheme's path
	f.Fuzz(func(t *testing.T, base, ref string) {
		checkExplain(t, base, ref) // every Spec
	})
}

// addSpecSeeds seeds a (base, ref) fuzzer. Each entry says what it
// exercises.
func addSpecSeeds(f *testing.F) {
	for _, ex := range specexamples.RFC3986 {
		f.Add(specexamples.Base, ex.Ref) // RFC 3986 section 5.4
	}
	for _, ex := range specexamples.RFC2396 {
		f.Add(specexamples.Base, ex.Ref) // RFC 2396 Appendix C (a few refs differ)
	}
	for _, tc := range rfc3986Cases {
		f.Add(tc.base, tc.ref) // empty and relative bases, Appendix B corners
	}
	for _, tc := range rfc2396Cases {
		f.Add(tc.base, tc.ref) // current document, authority with empty path
	}
	f.Add("foo:a/b", "../../c")       // rule C empties a rootless output
	f.Add("x", "./a:b")               // base without a scheme: result reads as a scheme
	f.Add("http:/a/", "..//g")        // recomposition gives "//" without authority
	f.Add("http://a?q", "#f")         // authority ending at "?"
	f.Add("http://a/b", "s:/./..//x") // dots in a reference with a scheme
	f.Add("", "s:./x")                // no base, rule A on a scheme's path
	f.Add("a:b", "\xff/../\x00")      // invalid UTF-8 and NUL in segments
	f.Add("//h", "?")                 // base without a scheme, defined empty query
}

// FuzzWHATWG checks WHATWG resolution on any input: it never panics, a
// failure is an error with an empty result, the parsed-base path
// (ParseBase, AppendResolveErr after a prefix) equals the string path
// (ResolveErr), a result re-parses to itself (the URL Standard's
// idempotence), and Relative finds a reference that resolves back to it.
func FuzzWHATWG(f *testing.F) {
	f.Add("http://a/b/c/d;p?q", "http:g")               // same special scheme, no "//": relative
	f.Add("http://a/b/c/d;p?q", "..\\..\\g")            // "\" is "/" in special URLs
	f.Add("http://a/b/c/d;p?q", "//EXAMPLE.org:80/%2e") // host lower-cased, default port, encoded dot
	f.Add("", "HTTP://0x7f.1/")                         // no base; IPv4 number forms
	f.Add("http://a/", "https://exa mple.org")          // a failure: forbidden domain code point
	f.Add("http://", "g")                               // a base that fails: host-missing
	f.Add("file:///C:/x", "..\\..\\..\\y")              // a Windows drive letter is kept
	f.Add("non-spec:/.//p", "q")                        // "/." before a path starting "//"
	f.Add("sc:opaque", "#f")                            // an opaque path takes only a fragment
	f.Add("http://a/", "http://[::ffff:1.2.3.4]:0/")    // IPv6 with embedded IPv4, port 0
	f.Add("http://a/", "\t h\nttp://xn--nxasmq6b.com ") // tabs, newlines, spaces stripped; Punycode
	f.Add("http://a/", "http://ＥＸＡＭＰＬＥ.com/")           // UTS #46 mapping of a non-ASCII host
	f.Fuzz(func(t *testing.T, base, ref string) {
		got, err := WHATWG.ResolveErr(base, ref)
		checkWHATWG(t, base, ref, got, err)
		b := WHATWG.ParseBase(base)
		app, aerr := b.AppendResolveErr([]byte("p:"), ref)
		if string(app) != "p:"+got || (err == nil) != (aerr == nil) || err != nil && err.Error() != aerr.Error() {
			t.Fatalf("WHATWG.ParseBase(%q).AppendResolveErr(%q) = %q, %v; ResolveErr gives %q, %v", base, ref, app, aerr, got, err)
		}
		if err != nil {
			return
		}
		if r := WHATWG.Relative(base, got); WHATWG.Resolve(base, r) != got {
			t.Fatalf("WHATWG.Relative(%q, %q) = %q resolves to %q", base, got, r, WHATWG.Resolve(base, r))
		}
	})
}
