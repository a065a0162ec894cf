package relurl

import (
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/benchmix"
	"github.com/relurl/relurl/internal/engine"
	"github.com/relurl/relurl/internal/wpt"
	"github.com/relurl/relurl/whatwg"
)

// checkWHATWG checks what holds of every WHATWG resolution: a failure is an
// error with an empty result, never an empty result alone (the empty href
// is not a URL), and a result re-parses to itself (the standard's
// idempotence, URL Standard section 4.4).
func checkWHATWG(t *testing.T, base, ref, got string, err error) {
	t.Helper()
	if err != nil {
		var e *whatwg.Error
		if got != "" || !errors.As(err, &e) {
			t.Fatalf("WHATWG.ResolveErr(%q, %q) = %q, %v: want \"\" and a *whatwg.Error", base, ref, got, err)
		}
		return
	}
	if got == "" {
		t.Fatalf("WHATWG.ResolveErr(%q, %q) = \"\" without an error", base, ref)
	}
	if again, err := WHATWG.ResolveErr("", got); again != got || err != nil {
		t.Fatalf("WHATWG.ResolveErr(%q, %q) = %q, which re-parses to %q, %v", base, ref, got, again, err)
	}
}

func TestWHATWGResolve(t *testing.T) {
	for _, c := range []struct {
		base, ref, want string
		reason          whatwg.Reason // 0: success
		inBase          bool
	}{
		{"http://a/b/c/d;p?q", "http:g", "http://a/b/c/g", 0, false}, // relative: same special scheme, no "//"
		{"http://a/b/c/d;p?q", "..\\..\\g", "http://a/g", 0, false},  // "\" is "/" in special URLs
		{"http://a/b/c/d;p?q", "//EXAMPLE.org:80/%2e/x", "http://example.org/x", 0, false},
		{"", "HTTP://0x7f.1/", "http://127.0.0.1/", 0, false}, // no base; IPv4 number forms
		{"", "g", "", whatwg.MissingSchemeNonRelativeURL, false},
		{"http://a/", "https://exa mple.org", "", whatwg.DomainInvalidCodePoint, false},
		{"http://a/", "http://a:99999/", "", whatwg.PortOutOfRange, false},
		{"http://", "g", "", whatwg.HostMissing, true},
	} {
		got, err := WHATWG.ResolveErr(c.base, c.ref)
		if got != c.want || !errors.Is(err, c.reason) && c.reason != 0 || err != nil && c.reason == 0 {
			t.Errorf("WHATWG.ResolveErr(%q, %q) = %q, %v; want %q, %v", c.base, c.ref, got, err, c.want, c.reason)
			continue
		}
		var e *whatwg.Error
		if c.reason != 0 && (!errors.As(err, &e) || e.Base != c.inBase || !strings.Contains(err.Error(), c.reason.Error())) {
			t.Errorf("WHATWG.ResolveErr(%q, %q): error %#v, want Base %v", c.base, c.ref, err, c.inBase)
		}
		if s := WHATWG.Resolve(c.base, c.ref); s != c.want {
			t.Errorf("WHATWG.Resolve(%q, %q) = %q, want %q", c.base, c.ref, s, c.want)
		}
		checkBase(t, WHATWG, c.base, c.ref)
	}
	// The RFCs never fail.
	for _, s := range Specs()[:3] {
		if _, err := s.ResolveErr("", "g"); err != nil {
			t.Errorf("%v.ResolveErr: %v", s, err)
		}
		if _, err := s.ParseBase("http://").AppendResolveErr(nil, "g"); err != nil {
			t.Errorf("%v.AppendResolveErr: %v", s, err)
		}
	}
}

// TestWHATWGConformance runs the web-platform-tests cases with a base
// through the root API: ResolveErr, and ParseBase's forms, agree with the
// test data (whose full check, component by component, is in
// whatwg).
func TestWHATWGConformance(t *testing.T) {
	cases, err := wpt.Load[struct {
		Input   string  `json:"input"`
		Base    *string `json:"base"`
		Href    string  `json:"href"`
		Failure bool    `json:"failure"`
	}]("whatwg/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if c.Base == nil {
			continue // cases without a base (no base is "" here only when the data says so)
		}
		got, err := WHATWG.ResolveErr(*c.Base, c.Input)
		if c.Failure != (err != nil) || !c.Failure && got != c.Href {
			t.Errorf("WHATWG.ResolveErr(%q, %q) = %q, %v; want %q (failure %v)", *c.Base, c.Input, got, err, c.Href, c.Failure)
		}
		if *c.Base != "" {
			checkBase(t, WHATWG, *c.Base, c.Input)
		}
		n++
	}
	if n < 300 {
		t.Fatalf("only %d cases with a base", n)
	}
}

func TestWHATWGAppendResolveNoAlloc(t *testing.T) {
	buf := make([]byte, 0, 512)
	n := 0
	for _, p := range benchPairs {
		b := WHATWG.ParseBase(p.Base)
		if _, err := b.AppendResolveErr(buf[:0], p.Ref); err != nil || strings.ContainsAny(p.Ref, "\t\n\r") {
			continue // a failure's error allocates; so does removing tabs and newlines
		}
		allocs := testing.AllocsPerRun(10, func() {
			buf, _ = b.AppendResolveErr(buf[:0], p.Ref)
			buf = b.AppendResolve(buf[:0], p.Ref)
		})
		if allocs != 0 {
			t.Errorf("WHATWG.ParseBase(%q).AppendResolve(%q) allocates %v times", p.Base, p.Ref, allocs)
		}
		n++
	}
	if n < len(benchPairs)/2 {
		t.Fatalf("only %d of %d pairs checked", n, len(benchPairs))
	}
}

func TestWHATWGRelative(t *testing.T) {
	base := "http://a/b/c/d;p?q"
	for _, c := range []struct{ target, want string }{
		{"http://a/b/c/g", "g"},
		{"http://A:80/b/c/g#x", "g#x"},
		{"http://b/g", "//b/g"},
		{"https://a/g", "https://a/g"},
		{"http://a:99999/", "http://a:99999/"}, // rejected: returned as it is
	} {
		if got := WHATWG.Relative(base, c.target); got != c.want {
			t.Errorf("WHATWG.Relative(%q, %q) = %q, want %q", base, c.target, got, c.want)
		}
		if got := string(WHATWG.ParseBase(base).AppendRelative([]byte("p:"), c.target)); got != "p:"+c.want {
			t.Errorf("WHATWG.ParseBase(%q).AppendRelative(%q) = %q, want %q", base, c.target, got, "p:"+c.want)
		}
	}
	if got := WHATWG.Relative("", "http://a/b"); got != "http://a/b" {
		t.Errorf("WHATWG.Relative with no base = %q", got)
	}
}

func TestWHATWGExplain(t *testing.T) {
	tr := WHATWG.Explain("http://a/b/c/d;p?q", "//h/x?y")
	if tr.Result != "http://h/x?y" || tr.Err != "" {
		t.Fatalf("Explain: result %q, error %q", tr.Result, tr.Err)
	}
	var states []string
	for _, s := range tr.Steps {
		states = append(states, s.Step+": "+s.Detail)
	}
	all := strings.Join(states, "\n")
	for _, want := range []string{"base: scheme start state at offset 0", "ref: relative slash state", "ref: host state", "ref: query state"} {
		if !strings.Contains(all, want) {
			t.Errorf("Explain steps lack %q:\n%s", want, all)
		}
	}
	tr = WHATWG.Explain("http://a/", "http://a:x/")
	if tr.Result != "" || !strings.Contains(tr.Err, "port-invalid") || !strings.Contains(tr.String(), "failure") {
		t.Errorf("Explain of a failure: result %q, error %q\n%s", tr.Result, tr.Err, tr)
	}
}

// TestRootDeps checks the seam (docs/design.md#the-whatwg-seam): package
// relurl links neither package whatwg nor golang.org/x (text, net, the
// IDNA tables), so a program resolving by the RFCs does not either.
func TestRootDeps(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go command is not on PATH: ", err)
	}
	out, err := exec.Command(goCmd, "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps gave %d packages: %q", len(deps), deps)
	}
	for _, d := range deps {
		if strings.HasPrefix(d, "golang.org/x/") || strings.HasPrefix(d, "github.com/relurl/relurl/whatwg") {
			t.Errorf("package relurl depends on %s", d)
		}
		if strings.Contains(d, ".") && !strings.HasPrefix(d, "github.com/relurl/relurl") {
			t.Errorf("package relurl depends on %s, outside the standard library", d)
		}
	}
}

// TestWHATWGUnregistered checks what a program gets when it uses WHATWG
// without linking package whatwg: Available is false, and a use panics with
// a message naming the import.
func TestWHATWGUnregistered(t *testing.T) {
	if !WHATWG.Available() || !RFC3986.Available() {
		t.Fatal("WHATWG or RFC3986 unavailable with package whatwg linked")
	}
	saved := engine.WHATWG
	engine.WHATWG = nil
	defer func() { engine.WHATWG = saved }()
	if WHATWG.Available() || !RFC1808.Available() {
		t.Fatal("Available wrong with no engine")
	}
	for name, use := range map[string]func(){
		"Resolve":    func() { WHATWG.Resolve("http://a/", "b") },
		"ResolveErr": func() { WHATWG.ResolveErr("http://a/", "b") },
		"ParseBase":  func() { WHATWG.ParseBase("http://a/") },
		"Relative":   func() { WHATWG.Relative("http://a/", "http://a/b") },
		"Explain":    func() { WHATWG.Explain("http://a/", "b") },
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, `import _ "github.com/relurl/relurl/whatwg"`) {
					t.Errorf("%s without the engine: panic %q, want one naming the import", name, msg)
				}
			}()
			use()
		}()
	}
}

// TestParseBaseEncoding: a base parsed with a document's encoding resolves
// the query of a special URL in that encoding (URL Standard section 4.4,
// the encoding argument), a non-special URL's in UTF-8; the RFCs ignore
// it; an unknown label is an error under every Spec.
func TestParseBaseEncoding(t *testing.T) {
	b, err := WHATWG.ParseBaseEncoding("http://example.org/dir/page.html", "windows-1252")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{
		{"?q=caf\u00e9", "http://example.org/dir/page.html?q=caf%E9"},
		{"x?\u2020&\u4e00", "http://example.org/dir/x?%86&%26%2319968%3B"}, // U+4E00 is not in windows-1252
		{"sc://h/?caf\u00e9", "sc://h/?caf%C3%A9"},
		{"wss://h/?caf\u00e9", "wss://h/?caf%C3%A9"},
		{"#caf\u00e9", "http://example.org/dir/page.html#caf%C3%A9"}, // the fragment is UTF-8
	} {
		out, err := b.AppendResolveErr(nil, c[0])
		if string(out) != c[1] || err != nil {
			t.Errorf("windows-1252 base: %q resolves to %q, %v; want %q", c[0], out, err, c[1])
		}
	}
	if u, err := RFC3986.ParseBaseEncoding("http://a/b", "shift_jis"); err != nil || u.AppendResolve(nil, "?\u00e9") == nil {
		t.Errorf("RFC3986.ParseBaseEncoding: %v", err)
	}
	for _, s := range Specs() {
		if _, err := s.ParseBaseEncoding("http://a/", "no-such-encoding"); !errors.Is(err, whatwg.ErrUnknownEncoding) {
			t.Errorf("%v: unknown encoding gives %v, want ErrUnknownEncoding", s, err)
		}
	}
	if u, err := WHATWG.ParseBaseEncoding("http://a/", "utf-16le"); err != nil || string(u.AppendResolve(nil, "?\u00e9")) != "http://a/?%C3%A9" {
		t.Errorf("UTF-16LE is not UTF-8 for the query: %v", err)
	}
}

// BenchmarkWHATWGParsedBase: resolving the crawl mix against bases parsed
// once, through relurl's seam (WHATWG.ParseBase and AppendResolveErr, the
// engine behind an interface) against package whatwg called directly: the
// seam's cost, as a CPU-time ratio in one run (x-direct near 1).
func BenchmarkWHATWGParsedBase(b *testing.B) {
	links := benchmix.CrawlMix(1024)
	ours := make([]ParsedBase, len(links))
	direct := make([]whatwg.URL, len(links))
	for i, l := range links {
		ours[i] = WHATWG.ParseBase(l.Base)
		direct[i] = whatwg.MustParse(l.Base)
	}
	buf := make([]byte, 0, 512)
	benchmix.Ratio(b, len(links), func() {
		for i, l := range links {
			buf, _ = ours[i].AppendResolveErr(buf[:0], l.Ref)
		}
	}, func() {
		for i, l := range links {
			buf, _ = whatwg.AppendResolve(buf[:0], &direct[i], l.Ref)
		}
	}, "direct")
}
