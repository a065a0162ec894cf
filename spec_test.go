package relurl

import (
	"encoding"
	"flag"
	"io"
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
	want := []string{"rfc1808", "rfc2396", "rfc3986"}
	if len(Specs) != len(want) {
		t.Fatalf("Specs = %v", Specs)
	}
	for i, s := range Specs {
		if s.String() != want[i] {
			t.Errorf("Specs[%d].String() = %q, want %q", i, s, want[i])
		}
		for _, name := range []string{want[i], strings.ToUpper(want[i]), "Rfc" + want[i][3:]} {
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
	if got := Spec(7).String(); got != "Spec(7)" {
		t.Errorf("Spec(7).String() = %q", got)
	}
	if _, err := Spec(7).MarshalText(); err == nil {
		t.Error("Spec(7).MarshalText() succeeded")
	}
}

func TestParseSpecError(t *testing.T) {
	for _, name := range []string{"", "rfc1738", "rfc 3986", "3986", "rfc39866"} {
		s, err := ParseSpec(name)
		if err == nil {
			t.Errorf("ParseSpec(%q) = %v, want an error", name, s)
			continue
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

// TestRFC1808Delegates checks that RFC1808 is the package's Resolve, and
// that an unknown Spec resolves as RFC1808.
func TestRFC1808Delegates(t *testing.T) {
	for _, ex := range rfcexamples.Section5 {
		for _, s := range []Spec{RFC1808, Spec(99)} {
			if got := s.Resolve(rfcexamples.Base, ex.Ref); got != ex.Want {
				t.Errorf("%v.Resolve(%q, %q) = %q, want %q", s, rfcexamples.Base, ex.Ref, got, ex.Want)
			}
			if got := string(s.AppendResolve(nil, rfcexamples.Base, ex.Ref)); got != ex.Want {
				t.Errorf("%v.AppendResolve(%q, %q) = %q, want %q", s, rfcexamples.Base, ex.Ref, got, ex.Want)
			}
		}
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

func TestSpecAppendResolveMatchesResolve(t *testing.T) {
	for _, s := range Specs {
		for _, c := range specAllCases() {
			want := s.Resolve(c[0], c[1])
			if got := string(s.AppendResolve([]byte("prefix:"), c[0], c[1])); got != "prefix:"+want {
				t.Errorf("%v.AppendResolve(%q, %q) = %q, want %q", s, c[0], c[1], got, "prefix:"+want)
			}
			if n := len(c[0]) + len(c[1]) + 1; len(want) > n {
				t.Errorf("%v.Resolve(%q, %q) = %q: longer than %d", s, c[0], c[1], want, n)
			}
		}
	}
}

func TestSpecAppendResolveNoAlloc(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, s := range Specs {
		for _, c := range specAllCases() {
			allocs := testing.AllocsPerRun(20, func() {
				buf = s.AppendResolve(buf[:0], c[0], c[1])
			})
			if allocs != 0 {
				t.Errorf("%v.AppendResolve(%q, %q) allocates %v times", s, c[0], c[1], allocs)
			}
		}
	}
}

// TestSpecLinear resolves 8 MB references of each shape that is quadratic
// when dot segments are removed by rewriting the string, in the two new
// modes (resolve_test.go does RFC 1808). A quadratic implementation takes
// hours here; the test only has to finish.
func TestSpecLinear(t *testing.T) {
	const n = 8 << 20
	base := specexamples.Base
	refs := []struct {
		name, ref string
		want      map[Spec]func(string) bool
	}{
		{"../", strings.Repeat("../", n/3), map[Spec]func(string) bool{
			RFC3986: func(s string) bool { return s == "http://a/" },
			RFC2396: func(s string) bool {
				return len(s) == len("http://a/")+3*(n/3-2) && strings.HasPrefix(s, "http://a/../../")
			},
		}},
		{"./", strings.Repeat("./", n/2) + "g", map[Spec]func(string) bool{
			RFC3986: func(s string) bool { return s == "http://a/b/c/g" },
			RFC2396: func(s string) bool { return s == "http://a/b/c/g" },
		}},
		{"x/../", strings.Repeat("x/../", n/5) + "g", map[Spec]func(string) bool{
			RFC3986: func(s string) bool { return s == "http://a/b/c/g" },
			RFC2396: func(s string) bool { return s == "http://a/b/c/g" },
		}},
		{"x/ then ../", strings.Repeat("x/", n/4) + strings.Repeat("../", n/4) + "g", map[Spec]func(string) bool{
			RFC3986: func(s string) bool { return s == "http://a/b/c/g" },
			RFC2396: func(s string) bool { return s == "http://a/b/c/g" },
		}},
		{"/x/../ absolute", "/" + strings.Repeat("x/../", n/5) + "g", map[Spec]func(string) bool{
			RFC3986: func(s string) bool { return s == "http://a/g" },
			RFC2396: func(s string) bool { return len(s) == len("http://a/")+n/5*5+1 },
		}},
	}
	for _, tc := range refs {
		for s, check := range tc.want {
			got := s.Resolve(base, tc.ref)
			if !check(got) {
				t.Errorf("%v, %s: wrong result (%d bytes, starts %q)", s, tc.name, len(got), got[:min(len(got), 40)])
			}
		}
	}
	// An 8 MB base path with dots in it.
	long := "http://a/" + strings.Repeat("x/./", n/4)
	for _, s := range []Spec{RFC2396, RFC3986} {
		if got := s.Resolve(long, "../g"); got != "http://a/"+strings.Repeat("x/", n/4-1)+"g" {
			t.Errorf("%v, long base: got %d bytes", s, len(got))
		}
	}
}
