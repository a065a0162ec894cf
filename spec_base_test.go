package relurl

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/specexamples"
)

// specBaseSpecs are the specifications the Base tests run: every Spec, and
// one outside Specs, which must behave as RFC1808.
var specBaseSpecs = append(append([]Spec(nil), Specs...), Spec(99))

// checkBase checks that a parsed base resolves ref exactly as the string
// forms do: Base.AppendResolve (after a prefix, so that it appends),
// Spec.AppendResolve, Spec.Resolve and Base.Resolve agree, and the Base
// gives back its string and its Spec.
func checkBase(t *testing.T, s Spec, base, ref string) {
	t.Helper()
	b := s.ParseBase(base)
	if b.String() != base || b.Spec() != s {
		t.Fatalf("%v.ParseBase(%q) gives String %q, Spec %v", s, base, b.String(), b.Spec())
	}
	want := s.Resolve(base, ref)
	if got := string(s.AppendResolve([]byte("prefix:"), base, ref)); got != "prefix:"+want {
		t.Fatalf("%v.AppendResolve(%q, %q) = %q, Resolve gives %q", s, base, ref, got, want)
	}
	if got := string(b.AppendResolve([]byte("prefix:"), ref)); got != "prefix:"+want {
		t.Fatalf("%v.ParseBase(%q).AppendResolve(%q) = %q, %v.Resolve gives %q", s, base, ref, got[min(len(got), 7):], s, want)
	}
	if got := b.Resolve(ref); got != want {
		t.Fatalf("%v.ParseBase(%q).Resolve(%q) = %q, %v.Resolve gives %q", s, base, ref, got, s, want)
	}
}

func TestBaseMatchesSpec(t *testing.T) {
	n := 0
	for _, s := range specBaseSpecs {
		for _, c := range specAllCases() {
			checkBase(t, s, c[0], c[1])
			n++
		}
		for _, ex := range specexamples.RFC2396 {
			checkBase(t, s, specexamples.Base, ex.Ref)
			n++
		}
		// Every row of every suite, whatever specification it follows:
		// the two forms must agree on any input.
		for _, r := range loadConformance(t) {
			checkBase(t, s, r.base, r.ref)
			n++
		}
	}
	if n < 2000 {
		t.Fatalf("only %d cases checked", n)
	}
}

// TestBaseAgainstSlow checks the parsed forms of RFC 3986 and RFC 2396
// against the literal transcriptions of their algorithms, on every short
// base and reference made of the pieces that matter to the split and to
// dot removal.
func TestBaseAgainstSlow(t *testing.T) {
	bases := []string{"", "s:", "s://", "s://a", "s://a?q#f", "s://a/", "s:/", "s:a", "s:a/b",
		"s://a/b/c/d;p?q#f", "s://a/b/./c/", "s://a/b/../c", "s:./a/b", "s://a/..", "a/b", "//a/b?q", "s:?q", "s:#f"}
	refs := segmentPaths([]string{"a", ".", "..", ""}, 3)
	for _, p := range append([]string(nil), refs...) {
		refs = append(refs, "/"+p, "//h/"+p, p+"?y", p+"#g", "t:"+p)
	}
	refs = append(refs, "?", "#", "?#", "//", ";x", "a:b", ":a")
	n := 0
	for _, base := range bases {
		b3986, b2396 := RFC3986.ParseBase(base), RFC2396.ParseBase(base)
		for _, ref := range refs {
			if got, want := b3986.Resolve(ref), slowResolve3986(base, ref); got != want {
				t.Errorf("RFC3986.ParseBase(%q).Resolve(%q) = %q, literal algorithm gives %q", base, ref, got, want)
			}
			if got, want := b2396.Resolve(ref), slowResolve2396(base, ref); got != want {
				t.Errorf("RFC2396.ParseBase(%q).Resolve(%q) = %q, literal algorithm gives %q", base, ref, got, want)
			}
			checkBase(t, RFC1808, base, ref)
			n++
		}
	}
	if n < 5000 {
		t.Fatalf("only %d cases generated", n)
	}
}

// TestBaseValue checks what the doc comment promises of the value: equal
// exactly when parsed from the same string by the same Spec, usable as a
// map key, and a zero value that is the empty base under RFC1808.
func TestBaseValue(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	seen := map[Base]Spec{}
	for _, s := range Specs {
		if s.ParseBase(base) != s.ParseBase(strings.Clone(base)) {
			t.Errorf("%v: two Bases parsed from equal strings differ", s)
		}
		if s.ParseBase(base) == s.ParseBase(base+"#f") {
			t.Errorf("%v: Bases parsed from different strings are equal", s)
		}
		if prev, ok := seen[s.ParseBase(base)]; ok {
			t.Errorf("the Bases of %v and %v are equal", prev, s)
		}
		seen[s.ParseBase(base)] = s
	}
	var zero Base
	if zero != RFC1808.ParseBase("") || zero.Spec() != RFC1808 || zero.String() != "" {
		t.Errorf("zero Base is not RFC1808.ParseBase(\"\"): %#v", zero)
	}
	for _, ref := range []string{"g", "../g", "http://a/./b"} {
		if got := zero.Resolve(ref); got != ref {
			t.Errorf("zero Base: Resolve(%q) = %q, want it unchanged", ref, got)
		}
	}
}

// TestBaseSplit checks the split ParseBase makes for RFC2396 and RFC3986
// against parseURIRef, the whole split of Appendix B, and its directory
// against its definition.
func TestBaseSplit(t *testing.T) {
	for _, c := range specAllCases() {
		for _, s := range []string{c[0], c[1]} {
			checkBaseSplit(t, s)
		}
	}
}

func checkBaseSplit(t *testing.T, s string) {
	t.Helper()
	for _, spec := range []Spec{RFC2396, RFC3986} {
		b, r := spec.ParseBase(s).u, parseURIRef(s)
		if b.s != s || b.scheme != r.scheme || b.netloc != r.authority || b.path != r.path || b.params != r.path || b.query != r.query {
			t.Fatalf("%v.ParseBase(%q) splits at %d %d %d %d %d, Appendix B at %d %d %d %d", spec, s,
				b.scheme, b.netloc, b.path, b.params, b.query, r.scheme, r.authority, r.path, r.query)
		}
		p := r.pathOf()
		dir := r.authority + strings.LastIndexByte(p, '/') + 1
		if b.dir != dir || b.dirDots != hasDotSegment(s[r.authority:dir]) {
			t.Fatalf("%v.ParseBase(%q): directory end %d (dots %v), want %d", spec, s, b.dir, b.dirDots, dir)
		}
	}
}

func TestBaseNoAlloc(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, s := range Specs {
		for _, c := range specAllCases() {
			b := s.ParseBase(c[0])
			allocs := testing.AllocsPerRun(20, func() {
				buf = b.AppendResolve(buf[:0], c[1])
			})
			if allocs != 0 {
				t.Errorf("%v.ParseBase(%q).AppendResolve(%q) allocates %v times", s, c[0], c[1], allocs)
			}
			if allocs := testing.AllocsPerRun(20, func() { b = s.ParseBase(c[0]) }); allocs != 0 {
				t.Errorf("%v.ParseBase(%q) allocates %v times", s, c[0], allocs)
			}
		}
	}
}

// TestBaseLinear resolves the 8 MB references of TestSpecLinear against
// parsed bases, and references against an 8 MB base with dot segments in
// its directory, in every specification. A quadratic implementation takes
// hours here; the test only has to finish, with the string form's answer.
func TestBaseLinear(t *testing.T) {
	const n = 8 << 20
	refs := []string{
		strings.Repeat("../", n/3),
		strings.Repeat("./", n/2) + "g",
		strings.Repeat("x/../", n/5) + "g",
		strings.Repeat("x/", n/4) + strings.Repeat("../", n/4) + "g",
		"/" + strings.Repeat("x/../", n/5) + "g",
		"//h/" + strings.Repeat("x/../", n/5) + "g",
	}
	long := "http://a/" + strings.Repeat("x/./", n/4) + "d?q"
	for _, s := range Specs {
		b := s.ParseBase(specexamples.Base)
		for _, ref := range refs {
			if got, want := b.Resolve(ref), s.Resolve(specexamples.Base, ref); got != want {
				t.Errorf("%v: 8 MB reference %q...: Base gives %d bytes, Spec %d", s, ref[:10], len(got), len(want))
			}
		}
		lb := s.ParseBase(long)
		for _, ref := range []string{"../g", "g", "?y", "#f", "/g"} {
			if got, want := lb.Resolve(ref), s.Resolve(long, ref); got != want {
				t.Errorf("%v: 8 MB base, %q: Base gives %d bytes, Spec %d", s, ref, len(got), len(want))
			}
		}
	}
}

// FuzzSpecBase checks, for any specification, base and reference, that
// the parsed base resolves as the string forms do (checkBase), without
// panicking, and that ParseBase splits RFC 2396 and RFC 3986 bases as
// Appendix B does. The first argument picks the Spec, outside Specs too.
func FuzzSpecBase(f *testing.F) {
	for _, s := range specBaseSpecs {
		f.Add(uint8(s), "http://a/b/c/d;p?q", "../g") // the RFCs' base, a climb
	}
	f.Add(uint8(RFC3986), "http://a", "g")              // authority, empty path: merge gives "/g"
	f.Add(uint8(RFC2396), "http://a", "?y")             // the same in step 6, query only
	f.Add(uint8(RFC3986), "http://a?q#f", "#g")         // authority ends at "?"
	f.Add(uint8(RFC2396), "s:a/./b/", "../g")           // dots in a rootless base directory
	f.Add(uint8(RFC3986), "s://a/b/../c/d", "./g/..")   // dots in base and reference
	f.Add(uint8(RFC3986), "", "s:/./g")                 // no base, scheme: dots go
	f.Add(uint8(RFC1808), "http://a/b;p?q#f", "")       // step 2a: the whole base
	f.Add(uint8(RFC2396), "//h", ";x")                  // no scheme, params are path
	f.Add(uint8(RFC3986), "s:/a/", "..//g")             // "//" after remove_dot_segments
	f.Add(uint8(RFC2396), "s://a/b/c", "../../../../g") // ".." above the root kept
	f.Fuzz(func(t *testing.T, spec uint8, base, ref string) {
		s := Spec(spec % 4)
		if spec%4 == 3 {
			s = Spec(spec) // outside Specs (or one of them when spec < 3)
		}
		checkBase(t, s, base, ref)
		checkBaseSplit(t, base)
		// The literal transcriptions are quadratic: compare on inputs of
		// modest size.
		if len(base)+len(ref) < 4096 {
			switch s {
			case RFC3986:
				if got, want := s.ParseBase(base).Resolve(ref), slowResolve3986(base, ref); got != want {
					t.Fatalf("RFC3986.ParseBase(%q).Resolve(%q) = %q, literal algorithm gives %q", base, ref, got, want)
				}
			case RFC2396:
				if got, want := s.ParseBase(base).Resolve(ref), slowResolve2396(base, ref); got != want {
					t.Fatalf("RFC2396.ParseBase(%q).Resolve(%q) = %q, literal algorithm gives %q", base, ref, got, want)
				}
			}
		}
	})
}

// TestBaseInlining fails when the small methods of Base stop being
// inlinable: AppendResolve inlines so that the base is not copied for each
// call, as URL.AppendResolve does (inlining_test.go), and the accessors of
// baseView inline so that reading a parsed base costs a field load.
func TestBaseInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	// The accessors of baseView, through which append3986 and append2396
	// read a parsed base as cheaply as its fields.
	for _, fn := range []string{"Base.AppendResolve", "Base.String", "Base.Spec",
		"baseView.schemeEnd", "baseView.authorityEnd", "baseView.pathEnd", "baseView.queryEnd",
		"baseView.dirEnd", "baseView.hasAuthority", "baseView.dirDots"} {
		if !strings.Contains(string(out), "can inline "+fn+"\n") {
			t.Errorf("%s is not inlinable (%s)", fn, runtime.Version())
		}
	}
}
