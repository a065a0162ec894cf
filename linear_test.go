package relurl

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/growth"
)

// Time and memory must be linear in the input (docs/design.md#step-6-in-linear-time:
// the rules as written are quadratic). Each test here checks it on inputs of
// n bytes and of 2n with internal/growth: the bytes allocated always, the
// CPU time when RELURL_TIMING=1 (a linear function about doubles both, a
// quadratic one quadruples them).

// checkLinear runs make(n) and make(2n), inputs of megabytes, beyond the
// caches, which build their inputs and return the work to measure.
func checkLinear(t *testing.T, name string, make func(n int) func()) {
	t.Helper()
	growth.Linear(t, name, 2<<20, make)
}

// dotShapes are the references that are quadratic when dot segments are
// removed by rewriting the string, each of about n bytes.
var dotShapes = []struct {
	name string
	ref  func(n int) string
	want map[Spec]string // the result against rfcBase, where short
}{
	{"../", func(n int) string { return strings.Repeat("../", n/3) }, map[Spec]string{RFC3986: "http://a/"}},
	{"./", func(n int) string { return strings.Repeat("./", n/2) + "g" },
		map[Spec]string{RFC1808: "http://a/b/c/g", RFC2396: "http://a/b/c/g", RFC3986: "http://a/b/c/g"}},
	{"x/../", func(n int) string { return strings.Repeat("x/../", n/5) + "g" },
		map[Spec]string{RFC1808: "http://a/b/c/g", RFC2396: "http://a/b/c/g", RFC3986: "http://a/b/c/g"}},
	{"x/ then ../", func(n int) string { return strings.Repeat("x/", n/4) + strings.Repeat("../", n/4) + "g" },
		map[Spec]string{RFC1808: "http://a/b/c/g", RFC2396: "http://a/b/c/g", RFC3986: "http://a/b/c/g"}},
	{"/x/../", func(n int) string { return "/" + strings.Repeat("x/../", n/5) + "g" }, map[Spec]string{RFC3986: "http://a/g"}},
	{"//h/x/../", func(n int) string { return "//h/" + strings.Repeat("x/../", n/5) + "g" }, map[Spec]string{RFC3986: "http://h/g"}},
}

func TestLinearResolve(t *testing.T) {
	for _, s := range Specs() {
		for _, sh := range dotShapes {
			if want, ok := sh.want[s]; ok {
				if got := s.Resolve(rfcBase, sh.ref(1<<20)); got != want {
					t.Errorf("%v, %s: got %d bytes (%q...), want %q", s, sh.name, len(got), got[:min(len(got), 40)], want)
				}
			}
			checkLinear(t, s.String()+" Resolve "+sh.name, func(n int) func() {
				ref, b := sh.ref(n), s.ParseBase(rfcBase)
				buf := make([]byte, 0, len(rfcBase)+len(ref)+1)
				return func() { buf = b.AppendResolve(buf[:0], ref) }
			})
		}
		// A long base with dot segments in its directory, parsed once.
		checkLinear(t, s.String()+" ParseBase and AppendResolve, dots in the base", func(n int) func() {
			base := "http://a/" + strings.Repeat("x/./", n/4) + "d?q"
			buf := make([]byte, 0, 2*n)
			return func() {
				b := s.ParseBase(base)
				for _, ref := range []string{"../g", "g", "?y", "#f", "/g"} {
					buf = b.AppendResolve(buf[:0], ref)
				}
			}
		})
	}
}

func TestLinearExplain(t *testing.T) {
	for _, sh := range dotShapes[:3] {
		checkLinear(t, "Explain "+sh.name, func(n int) func() {
			ref := sh.ref(n)
			return func() { Explain(rfcBase, ref) }
		})
	}
	checkLinear(t, "RFC3986.Explain x/../", func(n int) func() {
		ref := strings.Repeat("x/../", n/5) + "g"
		return func() { RFC3986.Explain(rfcBase, ref) }
	})
}

func TestLinearRelative(t *testing.T) {
	cases := []struct {
		name         string
		base, target func(n int) string
	}{
		{"climb", func(n int) string { return "http://a/" + strings.Repeat("x/", n/4) + strings.Repeat("y/", n/8) + "f" },
			func(n int) string { return "http://a/" + strings.Repeat("x/", n/4) + "g" }},
		{"climb to the root", func(n int) string { return "http://a/" + strings.Repeat("x/", n/4) + "f" },
			func(int) string { return "http://a/y/y/y/y/g" }},
		{"dots in base", func(n int) string { return "http://a/" + strings.Repeat("x/./", n/8) + "f" },
			func(n int) string { return "http://a/" + strings.Repeat("x/", n/8) + "g" }},
		{"long common prefix", func(n int) string { return "http://a/" + strings.Repeat("x/", n/4) + "f?q" },
			func(n int) string { return "http://a/" + strings.Repeat("x/", n/4) + "g?q" }},
		{"empty segments", func(n int) string { return "http://a/" + strings.Repeat("/", n/2) + "f" },
			func(int) string { return "http://a/g" }},
	}
	for _, tc := range cases {
		base, target := tc.base(1<<20), tc.target(1<<20)
		if r := Relative(base, target); Resolve(base, r) != target || len(r) >= len(target) {
			t.Errorf("%s: Relative gives %d bytes, which do not resolve back or are not shorter", tc.name, len(r))
		}
		checkLinear(t, "Relative "+tc.name, func(n int) func() {
			base, target := tc.base(n), tc.target(n)
			return func() { Relative(base, target) }
		})
	}
}

func TestLinearParse(t *testing.T) {
	long := func(n int) string {
		return "http://" + strings.Repeat("a", n) + "/" + strings.Repeat("b;", n/8) + "?" + strings.Repeat("?", n/8)
	}
	if u := Parse(long(1 << 20)); len(u.NetLoc()) != 1<<20 || u.Path() != "/b" || !u.HasQuery() {
		t.Error("a long URL split wrongly")
	}
	checkLinear(t, "Parse", func(n int) func() {
		s := long(n)
		return func() { Parse(s) }
	})
	checkLinear(t, "Validate", func(n int) func() {
		s := long(n)
		return func() { _ = Validate(s) }
	})
}
