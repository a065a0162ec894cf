package relurl

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/relurl/relurl/internal/rfcexamples"
)

// checkRelative fails t unless Relative(base, target) resolves back to
// target, and AppendRelative agrees with it. It returns the reference.
func checkRelative(t *testing.T, base, target string) string {
	t.Helper()
	r := Relative(base, target)
	if got := Resolve(base, r); got != target {
		t.Fatalf("Relative(%q, %q) = %q, which resolves to %q", base, target, r, got)
	}
	if a := string(RFC1808.ParseBase(base).AppendRelative([]byte("x:"), target)); a != "x:"+r {
		t.Fatalf("AppendRelative(%q, %q) = %q, Relative gives %q", base, target, a, r)
	}
	return r
}

// breaks53 reports whether ref is a relative path whose first segment
// holds a ":", which section 5.3 says to write "./this:that" instead.
func breaks53(ref string) bool {
	u := Parse(ref)
	if u.HasScheme() || u.HasNetLoc() || strings.HasPrefix(u.Path(), "/") {
		return false
	}
	first, _, _ := strings.Cut(u.Path(), "/")
	return strings.Contains(first, ":")
}

// TestRelativeSection5 turns each result of section 5 back into a
// reference against the section 5 base: the reference resolves to the
// result and is no longer than the RFC's own, and it is the one expected
// here (the shortest; at equal length the preferred form).
func TestRelativeSection5(t *testing.T) {
	want := map[string]string{
		"g:h": "g:h", "g": "g", "./g": "g", "g/": "g/", "/g": "/g", "//g": "//g",
		"?y": "?y", "g?y": "g?y", "g?y/./x": "g?y/./x", "#s": "#s", "g#s": "g#s",
		"g#s/./x": "g#s/./x", "g?y#s": "g?y#s", ";x": ";x", "g;x": "g;x",
		"g;x?y#s": "g;x?y#s", ".": ".", "./": ".", "..": "..", "../": "..",
		"../g": "../g", "../..": "/", "../../": "/", "../../g": "/g",
		"": "", "../../../g": "/../g", "../../../../g": "/../../g",
		"/./g": "/./g", "/../g": "/../g", "g.": "g.", ".g": ".g", "g..": "g..",
		"..g": "..g", "./../g": "../g", "./g/.": "g/", "g/./h": "g/h",
		"g/../h": "h", "http:g": "http:g", "http:": "http:",
	}
	examples := append(append([]rfcexamples.Example{}, rfcexamples.Section5...), rfcexamples.Notes...)
	want["?"], want[";"], want["#"], want["g?"], want["//"], want["///g"] = "?", "?", "#", "g?", "?", "/g"
	for _, ex := range examples {
		r := checkRelative(t, rfcexamples.Base, ex.Want)
		if len(r) > len(ex.Ref) {
			t.Errorf("Relative(%q, %q) = %q, longer than the RFC's %q", rfcexamples.Base, ex.Want, r, ex.Ref)
		}
		if w, ok := want[ex.Ref]; !ok {
			t.Errorf("no expected reference for example %q", ex.Ref)
		} else if r != w {
			t.Errorf("Relative(%q, %q) = %q, want %q", rfcexamples.Base, ex.Want, r, w)
		}
	}
}

func TestRelativeSection10(t *testing.T) {
	if r := checkRelative(t, rfcexamples.HTMLBase, rfcexamples.HTMLWant); r != rfcexamples.HTMLRef {
		t.Errorf("Relative(%q, %q) = %q, want %q", rfcexamples.HTMLBase, rfcexamples.HTMLWant, r, rfcexamples.HTMLRef)
	}
}

// relativeCases are the quirks of section 4 that a naive inverse gets
// wrong, each with the reference expected.
var relativeCases = []struct{ base, target, want string }{
	// Step 5 inherits params and query only when the reference's are
	// empty: an empty-but-present query or params needs a path.
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d;p?", ";p?"}, // non-empty params keep the query
	{"http://a/b/c/d;?q#f", "http://a/b/c/d;?", "d;?"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d;?q", "d;?q"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d?q", "d?q"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d", "d"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q", "?"}, // base without its fragment
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q#", "#"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d;p?y#", "?y#"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d;x?#", ";x?#"},
	{"http://a/b/c/d;p", "http://a/b/c/d;p?", ";p?"},
	{"http://a/b/c/d", "http://a/b/c/d;", "d;"},
	{"http://a/b/c/d", "http://a/b/c/d?", "d?"},
	{"http://a/b/c/", "http://a/b/c/?", ".?"},
	{"http://a/b/c/", "http://a/b/?x", "..?x"},
	// ".." never climbs above the net_loc, yet targets hold it; "." survives
	// only in an absolute path; a ".." after a segment only there too.
	{"http://a/b/c/d", "http://a/../g", "/../g"},
	{"http://a/b", "http://a/../g", "../g"},
	{"http://a/b", "http://a/..", ".."},
	{"http://a/b", "http://a/../..", "../.."},
	{"http://a/b/c", "http://a/b/./g", "/b/./g"},
	{"http://a/b/c", "http://a/b/../g", "/b/../g"},
	{"http://a/b/c/", "http://a/b/c/.", "/b/c/."},
	// Section 5.3: a first segment with ":" gets "./"; an empty one too.
	{"http://a/b/c", "http://a/b/this:that", "./this:that"},
	{"http://a/b/c", "http://a/b/:g", "./:g"},
	{"http://a/b/c/d", "http://a/b/x:y", "../x:y"},
	{"http://a/b/c", "http://a/b//g", ".//g"},
	{"http://a/b/c", "http://a//g", "..//g"}, // as short as "////g"
	{"http://a/b", "http://a//g", ".//g"},
	{"http://a/b", "http://a//", ".//"},
	// Ties: a relative path before an absolute one.
	{"http://a/x/y/z", "http://a/x/g", "../g"},
	{"http://a/x/y/z", "http://a/g", "/g"},
	{"http://a/x/y/z", "http://a/x/y/g", "g"},
	// Net_locs holding "?" and ";" (section 2.4.3 runs them to the next "/").
	{"http://a?q/b", "http://a?q/c", "c"},
	{"http://a/b", "http://a?q", "//a?q"},
	{"http://a", "http://a?q", "?q"},
	{"http://a", "http://a;p", ";p"},
	{"http://a;p/b", "http://a;p", "//a;p"},
	{"http://a", "http://a/", "."}, // as short as "/"
	{"http://a/", "http://a", "//a"},
	{"http://a", "http://a#f", "#f"},
	{"http://a#f", "http://a", "?"},
	{"http:///b", "http:///g", "g"},
	{"http:///b", "http://g", "//g"},
	// Bases without a path, without a net_loc, relative or odd.
	{"http:", "http:g", "g"},
	{"http:", "http:/g", "/g"},
	{"http:?q", "http:?r", "?r"},
	{"foo:a/b", "foo:c", "../c"},
	{"foo:a", "foo:../c", "../c"},
	{"foo:a/b", "foo:a/b/c", "b/c"},
	{"a/b/c", "a/g", "../g"},
	{"a/b", "x", "../x"},
	{"a", "", "."},
	{"#f", "", "?"},
	{"#f", "g", "g"},
	{"b", "c:d", "c:d"},
	{"b", "//x/y", "//x/y"},
	{"//x/y", "//x/z", "z"},
	{"x", "/z", "/z"},
	{"x", "//", ".///"},     // as short as "////"
	{"a;p", "///", ".////"}, // as short as "/////"
	// Dots and empty segments in the base itself: rules 6a-6d apply to its
	// directory first.
	{"http://a/b/./c/d", "http://a/b/c/g", "g"},
	{"http://a/b/../c/d", "http://a/c/g", "g"},
	{"http://a/../b/c", "http://a/../g", "../g"},
	{"http://a/../b/c", "http://a/../../g", "../../g"},
	{"http://a/b//c", "http://a/b/g", "../g"},
	{"http://a/b//c", "http://a/b//g", "g"},
	// Other schemes and garbage bytes.
	{"http://a/b", "https://a/b", "https://a/b"},
	{"http://a/b", "HTTP://a/b", "HTTP://a/b"},
	{"http://a/b/c", "http://x/b/c", "//x/b/c"},
	{"mailto:x@y", "mailto:z@y", "z@y"},
	{"http://a/b/c", "http://a/b/\x00\xff", "\x00\xff"},
	{"http://a/b/c", "http://a/b/%2e%2e", "%2e%2e"},
	{"", "g", "g"},
	{"", "", ""},
	{"http://a/b", "http://a/b", ""},
}

func TestRelativeCases(t *testing.T) {
	for _, tc := range relativeCases {
		if r := checkRelative(t, tc.base, tc.target); r != tc.want {
			t.Errorf("Relative(%q, %q) = %q, want %q", tc.base, tc.target, r, tc.want)
		}
	}
}

// unreachableCases have no reference at all that resolves to the target:
// Relative returns the target unchanged. The reason is in each comment.
var unreachableCases = []struct{ base, target string }{
	{"http://a/b", "g"},     // every result but the base itself has the base's scheme
	{"http://a/b", ""},      // likewise
	{"http://a/b", "//a/b"}, // likewise
	{"//x/y", "//"},         // an empty net_loc inherits the base's
	{"//x/y", "///g"},       // likewise
	{"//x/y", "g"},          // a relative path merges under "//x/"
	{"a/b", "./g"},          // rule 6a always removes "./"
	{"a/b", "a/../g"},       // rule 6c always removes "a/../"
	{"a/b", "a/b/./#f"},     // a "." segment survives only in an absolute path
	{"../a/b", "g"},         // the base's ".." cannot be popped
	{"//x/y", "/z"},         // every result starts with the base's net_loc
	{"a:b", "a"},            // no scheme
}

func TestRelativeUnreachable(t *testing.T) {
	for _, tc := range unreachableCases {
		r := Relative(tc.base, tc.target)
		if r != tc.target {
			t.Errorf("Relative(%q, %q) = %q, want the target unchanged", tc.base, tc.target, r)
		}
		if got := Resolve(tc.base, r); got == tc.target {
			t.Errorf("Resolve(%q, %q) = %q: the case is reachable after all", tc.base, r, got)
		}
		if short, ok := bruteShortest(tc.base, tc.target, 6); ok {
			t.Errorf("Resolve(%q, %q) = %q: the case is reachable after all", tc.base, short, tc.target)
		}
	}
}

// bruteAlphabet holds a byte of each kind that matters to sections 2.4 and
// 4: a segment character, each delimiter, the dot and a scheme colon.
const bruteAlphabet = "a/.;?#:"

// bruteRefs returns every string over bruteAlphabet of up to n bytes,
// shortest first, but those that break section 5.3. It is computed once
// per n.
func bruteRefs(n int) []string {
	bruteMu.Lock()
	defer bruteMu.Unlock()
	if refs, ok := bruteCache[n]; ok {
		return refs
	}
	var refs []string
	level := []string{""}
	refs = append(refs, "")
	for l := 1; l <= n; l++ {
		var next []string
		for _, s := range level {
			for i := 0; i < len(bruteAlphabet); i++ {
				t := s + bruteAlphabet[i:i+1]
				next = append(next, t)
				if !breaks53(t) {
					refs = append(refs, t)
				}
			}
		}
		level = next
	}
	bruteCache[n] = refs
	return refs
}

var (
	bruteMu    sync.Mutex
	bruteCache = map[int][]string{}
)

// bruteShortest looks for the shortest reference of at most n bytes over
// bruteAlphabet, keeping to section 5.3, that resolves to target. It
// only finds references made of the alphabet: use it on targets made of
// it, plus what the base brings.
func bruteShortest(base, target string, n int) (string, bool) {
	for _, ref := range bruteRefs(n) {
		if Resolve(base, ref) == target {
			return ref, true
		}
	}
	return "", false
}

// TestRelativeShortestExhaustive resolves every reference of up to 5 bytes
// over bruteAlphabet against a set of bases, and checks that Relative
// finds, for every result, a reference as short as the shortest of them
// (that keeps to section 5.3).
func TestRelativeShortestExhaustive(t *testing.T) {
	bases := []string{
		rfcexamples.Base, "http://a", "http://a/", "a:b/c", "a/b", "//a/b;p",
		"#f", "a:", "/a/./b/../c/", "x:/a/b/../../c/..", "a?:/b", "../a/b",
		"http://a/b//", "a;p?q", "//", "://a",
	}
	n := 5 // 6 passes too, in ten times the time
	if testing.Short() {
		n = 4
	}
	for _, base := range bases {
		shortest := map[string]string{} // target -> first (shortest) reference
		for _, ref := range bruteRefs(n) {
			target := Resolve(base, ref)
			if _, seen := shortest[target]; !seen {
				shortest[target] = ref
			}
		}
		for target, ref := range shortest {
			r := checkRelative(t, base, target)
			if len(r) > len(ref) {
				t.Errorf("Relative(%q, %q) = %q, but %q is shorter", base, target, r, ref)
			}
		}
	}
}

// randomURL builds a URL from pieces that exercise every component and
// quirk: schemes, net_locs with "?" and ";", dot and empty segments,
// params, empty-but-present components, colons, garbage bytes.
func randomURL(rng *rand.Rand) string {
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	var b strings.Builder
	if rng.IntN(3) > 0 {
		b.WriteString(pick("http:", "https:", "HTTP:", "a:", "1a:", "mailto:"))
	}
	if rng.IntN(2) == 0 {
		b.WriteString(pick("//", "//a", "//b", "//a?x", "//a;p", "//u@a:80"))
	}
	if rng.IntN(4) > 0 {
		if rng.IntN(2) == 0 {
			b.WriteString("/")
		}
		for n := rng.IntN(5); n > 0; n-- {
			b.WriteString(pick("b", "c", "d", ".", "..", "", "x:y", "g.", "..g", "%2e", "\x00\xff", "a"))
			if n > 1 || rng.IntN(2) == 0 {
				b.WriteString("/")
			}
		}
	}
	if rng.IntN(3) == 0 {
		b.WriteString(pick(";", ";p", ";p/q", ";x;y"))
	}
	if rng.IntN(3) == 0 {
		b.WriteString(pick("?", "?q", "?y/./x", "?a:b"))
	}
	if rng.IntN(3) == 0 {
		b.WriteString(pick("#", "#f", "#s/../x", "#a#b"))
	}
	return b.String()
}

// TestRelativeProperty checks Resolve(base, Relative(base, t)) == t over
// generated pairs. Targets are made two ways: by resolving a generated
// reference (so one exists, and the answer must be no longer than it), and
// generated directly (then, when nothing resolves back, the answer must
// be the target unchanged and the target must have no scheme).
func TestRelativeProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1808, 53))
	n := 10000
	if testing.Short() {
		n = 2000
	}
	unreachable := 0
	for i := 0; i < n; i++ {
		base, ref := randomURL(rng), randomURL(rng)
		if rng.IntN(8) == 0 {
			base = ""
		}
		target := Resolve(base, ref)
		r := checkRelative(t, base, target)
		limit := len(ref)
		if breaks53(ref) {
			limit += len("./")
		}
		if len(r) > limit {
			t.Fatalf("Relative(%q, %q) = %q, longer than %q", base, target, r, ref)
		}

		if i%50 == 0 { // the documented room is enough not to allocate
			b := RFC1808.ParseBase(base)
			room := make([]byte, 0, 8*(len(base)+len(target)+1))
			if a := testing.AllocsPerRun(1, func() { b.AppendRelative(room, target) }); a != 0 {
				t.Fatalf("AppendRelative(%q, %q) allocates with the documented room", base, target)
			}
		}

		target = ref // a target that may not be reachable
		r = Relative(base, target)
		if Resolve(base, r) == target {
			continue
		}
		unreachable++
		if r != target || Parse(target).HasScheme() || base == "" {
			t.Fatalf("Relative(%q, %q) = %q, which does not resolve back", base, target, r)
		}
		if len(base)+len(target) < 16 && unreachable%8 == 0 {
			if short, ok := bruteShortest(base, target, 4); ok {
				t.Fatalf("Relative(%q, %q) = %q gives up, but %q resolves to it", base, target, r, short)
			}
		}
	}
	if unreachable == 0 || unreachable > n/2 {
		t.Errorf("%d of %d direct targets unreachable: the generator is off", unreachable, n)
	}
	t.Logf("%d pairs, %d direct targets unreachable", 2*n, unreachable)
}

func TestAppendRelativeNoAlloc(t *testing.T) {
	base := RFC1808.ParseBase(rfcBase)
	dotty := RFC1808.ParseBase("http://a/b/./c/../d/e")
	buf := make([]byte, 0, 1024)
	for _, ex := range rfcexamples.Section5 {
		for _, b := range []ParsedBase{base, dotty} {
			allocs := testing.AllocsPerRun(50, func() {
				buf = b.AppendRelative(buf[:0], ex.Want)
			})
			if allocs != 0 {
				t.Errorf("AppendRelative(%q, %q) allocates %v times", b, ex.Want, allocs)
			}
		}
	}
	// The documented bound: 8*(len(base)+len(target)+1) bytes of room,
	// also for the bases that need most: many empty segments to climb,
	// dots to remove first.
	worst := []struct{ base, target string }{
		{"http://a/" + strings.Repeat("/", 40) + "f", "http://a//g"},
		{"http://a/" + strings.Repeat("./", 40) + strings.Repeat("/", 40) + "f", "http://a//g"},
		{"a" + strings.Repeat("/", 40), "a//g"},
		{"a" + strings.Repeat("/", 40), "g"},
	}
	for _, tc := range relativeCases {
		worst = append(worst, struct{ base, target string }{tc.base, tc.target})
	}
	for _, tc := range worst {
		b := RFC1808.ParseBase(tc.base)
		room := make([]byte, 0, 8*(len(tc.base)+len(tc.target)+1))
		allocs := testing.AllocsPerRun(20, func() {
			room = b.AppendRelative(room[:0], tc.target)
		})
		if allocs != 0 {
			t.Errorf("AppendRelative(%q, %q) allocates %v times with the documented room", tc.base, tc.target, allocs)
		}
	}
}

func TestSpecRelative(t *testing.T) {
	bases := []string{"http://a/b/c/d;p?q#f", "http://a", "http://a/b/c/", "foo:a/b", "http://a/b;p/c"}
	targets := []string{"http://a/b/c/g", "http://a/b/c/;x", "http://a/b/c/d;x", "http://a/g", "http://b/g",
		"https://a/g", "http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "http://a/../g", "http://a/b/c/this:that",
		"http://a/b/c/g?", "http://a/b/c/g#", "http://a/./g", "g", ""}
	for _, s := range Specs() {
		for _, b := range bases {
			for _, tg := range targets {
				r := s.Relative(b, tg)
				want := tg
				if s == WHATWG {
					// The URL Standard's target is its serialization.
					want, _ = WHATWG.ResolveErr("", tg)
				}
				if got := s.Resolve(b, r); got != want && r != tg {
					t.Errorf("%s: Relative(%q, %q) = %q, which resolves to %q", s, b, tg, r, got)
				}
				if len(r) > max(len(tg), len(want)) {
					t.Errorf("%s: Relative(%q, %q) = %q is longer than the target", s, b, tg, r)
				}
			}
		}
	}
	// Where RFC 1808's answer means something else by RFC 3986, a longer
	// form is taken.
	if got := RFC3986.Relative("http://a/b/c/d;p?q", "http://a/b/c/d;x"); got != "/b/c/d;x" {
		t.Errorf(`RFC3986.Relative(..., "http://a/b/c/d;x") = %q, want "/b/c/d;x"`, got)
	}
}

// TestSpecRelativeSameDocument: by RFC 2396 (section 5.2 step 2) and RFC
// 3986 (section 5.2.2), the empty reference is the base without its
// fragment, the shortest reference there is to it (RFC 3986 section 4.4,
// a same-document reference). RFC 1808's answers ("" for the base itself,
// "?" for the base without its fragment) do not say so by the later RFCs.
func TestSpecRelativeSameDocument(t *testing.T) {
	for _, s := range []Spec{RFC2396, RFC3986} {
		for _, tc := range []struct{ base, target string }{
			{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q"},   // the base itself
			{"http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q"}, // the base without its fragment
			{"s:a/b", "s:a/b"},                             // no authority
			{"http://a", "http://a"},                       // an empty path
		} {
			if got := s.Relative(tc.base, tc.target); got != "" {
				t.Errorf("%s.Relative(%q, %q) = %q, want \"\"", s, tc.base, tc.target, got)
			}
			if got := string(s.ParseBase(tc.base).AppendRelative(nil, tc.target)); got != "" {
				t.Errorf("%s.ParseBase(%q).AppendRelative(%q) = %q, want \"\"", s, tc.base, tc.target, got)
			}
		}
	}
}
