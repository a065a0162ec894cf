package relurl

import (
	"encoding"
	"errors"
	"flag"
	"io"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/rfcexamples"
	"github.com/relurl/relurl/internal/specexamples"
)

func TestSpecNames(t *testing.T) {
	var zero Spec
	if zero != RFC1808 {
		t.Errorf("zero Spec is %v, want rfc1808", zero)
	}
	want := []string{"rfc1808", "rfc2396", "rfc3986", "whatwg"}
	if len(Specs()) != len(want) {
		t.Fatalf("Specs() = %v", Specs())
	}
	for i, s := range Specs() {
		if s.String() != want[i] {
			t.Errorf("Specs()[%d].String() = %q, want %q", i, s, want[i])
		}
		for _, name := range []string{want[i], strings.ToUpper(want[i]), strings.ToUpper(want[i][:1]) + want[i][1:]} {
			if got, err := ParseSpec(name); err != nil || got != s {
				t.Errorf("ParseSpec(%q) = %v, %v; want %v", name, got, err, s)
			}
		}
		text, err := s.MarshalText()
		if err != nil || string(text) != want[i] {
			t.Errorf("%v.MarshalText() = %q, %v", s, text, err)
		}
		var back Spec
		if err := back.UnmarshalText(text); err != nil || back != s {
			t.Errorf("UnmarshalText(%q) = %v, %v", text, back, err)
		}
	}
	specs := Specs()
	specs[0] = RFC3986
	if Specs()[0] != RFC1808 {
		t.Error("changing the slice Specs returned changed Specs")
	}
}

func TestParseSpecError(t *testing.T) {
	for _, name := range []string{"", "rfc1738", "rfc 3986", "3986", "rfc39866"} {
		s, err := ParseSpec(name)
		if err == nil {
			t.Errorf("ParseSpec(%q) = %v, want an error", name, s)
			continue
		}
		if !errors.Is(err, ErrUnknownSpec) {
			t.Errorf("ParseSpec(%q) error %v does not wrap ErrUnknownSpec", name, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, "\""+name+"\"") || !strings.Contains(msg, "rfc1808, rfc2396, rfc3986") {
			t.Errorf("ParseSpec(%q) error %q should name the input and the choices", name, msg)
		}
		var v Spec = RFC3986
		if v.UnmarshalText([]byte(name)) == nil || v != RFC3986 {
			t.Errorf("UnmarshalText(%q) accepted or changed the value", name)
		}
	}
}

// TestSpecFlag shows the Spec as a command-line flag, the way the relurl
// commands take -spec.
func TestSpecFlag(t *testing.T) {
	var _ encoding.TextUnmarshaler = new(Spec)
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var s Spec
	fs.TextVar(&s, "spec", RFC1808, "")
	if err := fs.Parse([]string{"-spec", "RFC3986"}); err != nil || s != RFC3986 {
		t.Fatalf("-spec RFC3986: %v, %v", s, err)
	}
	if err := fs.Parse([]string{"-spec", "rfc1738"}); err == nil {
		t.Fatal("-spec rfc1738 accepted")
	}
}

// specAllCases gathers every (base, ref) of the tests of this package.
func specAllCases() [][2]string {
	var cases [][2]string
	for _, ex := range rfcexamples.Section5 {
		cases = append(cases, [2]string{rfcexamples.Base, ex.Ref})
	}
	for _, ex := range specexamples.RFC3986 {
		cases = append(cases, [2]string{specexamples.Base, ex.Ref})
	}
	for _, tc := range resolveCases {
		cases = append(cases, [2]string{tc.base, tc.ref})
	}
	for _, tc := range rfc3986Cases {
		cases = append(cases, [2]string{tc.base, tc.ref})
	}
	for _, tc := range rfc2396Cases {
		cases = append(cases, [2]string{tc.base, tc.ref})
	}
	return cases
}

// resolve is the resolution of ref against b, as a string.
func (b ParsedBase) resolve(ref string) string { return string(b.AppendResolve(nil, ref)) }

// checkBase checks that a parsed base resolves ref exactly as the string
// form does (AppendResolve after a prefix, so that it appends), within the
// length bound, and gives back its string and its Spec; and that, under
// RFC 2396 and RFC 3986, it splits the base as Appendix B does
// (checkParseURI).
func checkBase(t *testing.T, s Spec, base, ref string) {
	t.Helper()
	b := s.ParseBase(base)
	if b.String() != base || b.Spec() != s {
		t.Fatalf("%v.ParseBase(%q) gives String %q, Spec %v", s, base, b.String(), b.Spec())
	}
	want, werr := s.ResolveErr(base, ref)
	if s == WHATWG {
		checkWHATWG(t, base, ref, want, werr)
	} else if len(want) > len(base)+len(ref)+1 || werr != nil {
		// The URL Standard normalises, so its results have no such bound.
		t.Fatalf("%v.Resolve(%q, %q) = %q, %v: longer than the bound, or an error", s, base, ref, want, werr)
	}
	if got := string(b.AppendResolve([]byte("prefix:"), ref)); got != "prefix:"+want {
		t.Fatalf("%v.ParseBase(%q).AppendResolve(%q) = %q, %v.Resolve gives %q", s, base, ref, got[min(len(got), 7):], s, want)
	}
	got, err := b.AppendResolveErr([]byte("prefix:"), ref)
	if string(got) != "prefix:"+want || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
		t.Fatalf("%v.ParseBase(%q).AppendResolveErr(%q) = %q, %v; ResolveErr gives %q, %v", s, base, ref, got, err, want, werr)
	}
	if s == RFC2396 || s == RFC3986 {
		checkParseURI(t, base)
	}
}

func TestBaseMatchesSpec(t *testing.T) {
	n := 0
	for _, s := range Specs() {
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
			if got, want := b3986.resolve(ref), slowResolve3986(base, ref); got != want {
				t.Errorf("RFC3986.ParseBase(%q).resolve(%q) = %q, literal algorithm gives %q", base, ref, got, want)
			}
			if got, want := b2396.resolve(ref), slowResolve2396(base, ref); got != want {
				t.Errorf("RFC2396.ParseBase(%q).resolve(%q) = %q, literal algorithm gives %q", base, ref, got, want)
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
	seen := map[ParsedBase]Spec{}
	for _, s := range Specs() {
		// Under WHATWG a ParsedBase holds a pointer: equal to its copies only.
		b := s.ParseBase(base)
		if cp := b; s != WHATWG && b != s.ParseBase(strings.Clone(base)) || cp != b {
			t.Errorf("%v: two ParsedBases parsed from equal strings differ", s)
		}
		if s.ParseBase(base) == s.ParseBase(base+"#f") {
			t.Errorf("%v: ParsedBases parsed from different strings are equal", s)
		}
		if prev, ok := seen[s.ParseBase(base)]; ok {
			t.Errorf("the ParsedBases of %v and %v are equal", prev, s)
		}
		seen[s.ParseBase(base)] = s
	}
	var zero ParsedBase
	if zero != RFC1808.ParseBase("") || zero.Spec() != RFC1808 || zero.String() != "" {
		t.Errorf("zero ParsedBase is not RFC1808.ParseBase(\"\"): %#v", zero)
	}
	for _, ref := range []string{"g", "../g", "http://a/./b"} {
		if got := zero.resolve(ref); got != ref {
			t.Errorf("zero ParsedBase: Resolve(%q) = %q, want it unchanged", ref, got)
		}
	}
}

// TestAppendResolveNoAlloc checks the goal of 0 allocations: ParseBase and
// AppendResolve into a buffer with room, for every Spec, on every case and
// the crawl mix.
func TestAppendResolveNoAlloc(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, s := range Specs() {
		cases := specAllCases()
		for _, p := range benchPairs[:256] {
			cases = append(cases, [2]string{p.Base, p.Ref})
		}
		for _, c := range cases {
			b := s.ParseBase(c[0])
			if _, err := b.AppendResolveErr(nil, c[1]); err != nil {
				continue // a WHATWG failure's error allocates
			}
			allocs := testing.AllocsPerRun(20, func() {
				buf = b.AppendResolve(buf[:0], c[1])
			})
			if allocs != 0 {
				t.Errorf("%v.ParseBase(%q).AppendResolve(%q) allocates %v times", s, c[0], c[1], allocs)
			}
			// Under WHATWG, ParseBase parses the base into a new URL.
			if allocs := testing.AllocsPerRun(20, func() { b = s.ParseBase(c[0]) }); allocs != 0 && s != WHATWG {
				t.Errorf("%v.ParseBase(%q) allocates %v times", s, c[0], allocs)
			}
		}
	}
}

// TestSpecsDocMethods checks that every method docs/specs.md names as
// "Type.Method(" exists: the page described Spec.AppendResolve and a
// Base type that the v1 API removed (docs/design.md#the-v1-api).
func TestSpecsDocMethods(t *testing.T) {
	doc, err := os.ReadFile("docs/specs.md")
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]reflect.Type{
		"Spec":       reflect.TypeFor[*Spec](),
		"RFC1808":    reflect.TypeFor[*Spec](),
		"RFC2396":    reflect.TypeFor[*Spec](),
		"RFC3986":    reflect.TypeFor[*Spec](),
		"WHATWG":     reflect.TypeFor[*Spec](),
		"ParsedBase": reflect.TypeFor[*ParsedBase](),
		"URL":        reflect.TypeFor[*URL](),
	}
	for _, m := range regexp.MustCompile(`\b([A-Z]\w*)\.([A-Z]\w*)\(`).FindAllStringSubmatch(string(doc), -1) {
		typ, ok := types[m[1]]
		if !ok {
			t.Errorf("docs/specs.md names %s.%s: package relurl has no type %s", m[1], m[2], m[1])
			continue
		}
		if _, ok := typ.MethodByName(m[2]); !ok {
			t.Errorf("docs/specs.md names %s.%s: no such method", m[1], m[2])
		}
	}
}
