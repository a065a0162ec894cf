package relurl

import (
	"testing"

	"github.com/relurl/relurl/internal/rfcexamples"
)

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
		if appended := b.AppendResolve(buf[:0], ref); string(appended) != got {
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
