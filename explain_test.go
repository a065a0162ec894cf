package relurl

import (
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/internal/rfcexamples"
)

// updateFlag returns the -update flag, defining it unless another test
// file of the package already did: go test -run TestTraceGolden -update
// rewrites testdata/trace.
func updateFlag() *bool {
	if f := flag.Lookup("update"); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if b, ok := g.Get().(bool); ok {
				return &b
			}
		}
	}
	return flag.Bool("update", false, "rewrite the golden files under testdata/")
}

var updateTrace = updateFlag()

// goldenName names the golden file of the i-th example of section 5:
// "5.1-02.txt" for the second example of section 5.1.
func goldenNames() []string {
	names := make([]string, len(rfcexamples.Section5))
	n := map[string]int{}
	for i, ex := range rfcexamples.Section5 {
		n[ex.Section]++
		names[i] = fmt.Sprintf("%s-%02d.txt", ex.Section, n[ex.Section])
	}
	return names
}

// TestTraceGolden compares the trace of every example of section 5 with
// its golden file, and checks that each ends in the RFC's answer.
func TestTraceGolden(t *testing.T) {
	names := goldenNames()
	for i, ex := range rfcexamples.Section5 {
		tr := Explain(rfcexamples.Base, ex.Ref)
		if tr.Result != ex.Want {
			t.Errorf("Explain(%q, %q).Result = %q, RFC 1808 section %s gives %q", rfcexamples.Base, ex.Ref, tr.Result, ex.Section, ex.Want)
		}
		got := fmt.Sprintf("# RFC 1808 (IETF, 1995) section %s: %s against %s; trace by relurl.Explain (BSD-3-Clause).\n# Regenerate with: go test -run TestTraceGolden -update\n%s",
			ex.Section, quote.Quote(ex.Ref), quote.Quote(rfcexamples.Base), tr)
		path := filepath.Join("testdata", "trace", names[i])
		if *updateTrace {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -run TestTraceGolden -update to create it)", err)
		}
		if got != string(want) {
			t.Errorf("trace of %q differs from %s:\n--- got\n%s\n--- want\n%s", ex.Ref, path, got, want)
		}
	}
	// No stale golden files: one per example, no more.
	files, _ := filepath.Glob(filepath.Join("testdata", "trace", "*.txt"))
	if len(files) != len(names) {
		t.Errorf("testdata/trace holds %d files, section 5 has %d examples", len(files), len(names))
	}
}

// TestExplainSteps checks the steps recorded for the cases the issue
// names, and that each step cites a section.
func TestExplainSteps(t *testing.T) {
	cases := []struct {
		base, ref string
		want      []string // "step: detail" substrings expected, in order
	}{
		{rfcBase, "g", []string{"2c: the reference inherits the scheme `http`", "3: net_loc absent: inherits `a`", "6: base path `/b/c/d` without its last segment `d` is `/b/c/`; + `g`", "7: "}},
		{rfcBase, "../g", []string{"6: ", "`/b/c/`; + `../g`", "6c: removed `c/../`", "7: "}},
		{rfcBase, "//g", []string{"3: net_loc `g` is non-empty: skip to step 7", "7: "}},
		{rfcBase, "/g", []string{"3: ", "4: path `/g` is preceded by a slash", "7: "}},
		{rfcBase, ";x", []string{"5: path empty: inherits the base path `/b/c/d`", "5a: params `x` non-empty: skip to step 7"}},
		{rfcBase, "?y", []string{"5a: params absent: inherits `p`", "5b: query `y` non-empty"}},
		{rfcBase, "#s", []string{"5a: ", "5b: query absent: inherits `q`"}},
		{rfcBase, "", []string{"2a: the reference is entirely empty"}},
		{rfcBase, "http:g", []string{"2b: the reference starts with the scheme name `http`"}},
		{"", "g", []string{"1: the base URL is empty"}},
		{rfcBase, "//", []string{`3: net_loc present but empty ("//"): inherits ` + "`a`"}},
		{rfcBase, "..", []string{"6d: removed the final `c/..`"}},
		{rfcBase, "../../../x/..", []string{"6c: removed `c/../`", "6c: removed `b/../`", "6c: 1 \"..\" with no segment before", "6d: removed the final `x/..`"}},
		{rfcBase, "./g/.", []string{"6a: removed 1 occurrence of \"./\"", "6b: removed the final \".\""}},
		{"http://a", "g", []string{"6: the base has a net_loc and an empty path"}},
		{"foo:", "g", []string{"2c: the reference inherits the scheme `foo`", "3: net_loc absent; the base has none"}},
		{"//a/b", "g", []string{"2c: the base has no scheme"}},
	}
	for _, tc := range cases {
		tr := Explain(tc.base, tc.ref)
		var lines []string
		for _, s := range tr.Steps {
			if s.Section == "" || s.Step == "" || s.Detail == "" {
				t.Errorf("Explain(%q, %q): incomplete step %+v", tc.base, tc.ref, s)
			}
			lines = append(lines, s.Step+": "+s.Detail)
		}
		all := strings.Join(lines, "\n")
		at := 0
		for _, w := range tc.want {
			i := strings.Index(all[at:], w)
			if i < 0 {
				t.Errorf("Explain(%q, %q): no %q (in order) in steps:\n%s", tc.base, tc.ref, w, all)
				break
			}
			at += i + len(w)
		}
	}
}

// explainCases are the inputs every check of Explain runs on.
func explainCases() [][2]string {
	var cs [][2]string
	for _, ex := range rfcexamples.Section5 {
		cs = append(cs, [2]string{rfcexamples.Base, ex.Ref})
	}
	for _, ex := range rfcexamples.Notes {
		cs = append(cs, [2]string{rfcexamples.Base, ex.Ref})
	}
	for _, tc := range resolveCases {
		cs = append(cs, [2]string{tc.base, tc.ref})
	}
	return append(cs, [2]string{rfcexamples.HTMLBase, rfcexamples.HTMLRef})
}

func TestExplainMatchesResolve(t *testing.T) {
	for _, c := range explainCases() {
		checkExplain(t, c[0], c[1])
	}
}

// checkExplain checks what holds of every trace, by every Spec: the result
// is Resolve's, the components recombine to the inputs, every step is
// complete, and the trace's size is bounded.
func checkExplain(t *testing.T, base, ref string) {
	t.Helper()
	for _, s := range Specs() {
		tr := s.Explain(base, ref)
		if want := s.Resolve(base, ref); tr.Result != want || tr.Spec != s {
			t.Fatalf("%v.Explain(%q, %q).Result = %q, Resolve gives %q", s, base, ref, tr.Result, want)
		}
		for _, c := range []Components{tr.Base, tr.Ref} {
			if r := recombine(c); r != c.Input || s != RFC1808 && c.Params.Present {
				t.Fatalf("%v: components of %q recombine to %q", s, c.Input, r)
			}
		}
		if tr.Base.Input != base || tr.Ref.Input != ref {
			t.Fatalf("Explain(%q, %q) holds inputs %q, %q", base, ref, tr.Base.Input, tr.Ref.Input)
		}
		if n := len(tr.Steps); n == 0 || n > 16+maxTracedRemovals {
			t.Fatalf("%v.Explain(%q, %q) has %d steps", s, base, ref, n)
		}
		for _, st := range tr.Steps {
			// A detail quotes at most four strings, each shortened to 48
			// bytes, each of which may take 4 bytes escaped ("\xa0").
			if st.Step == "" || st.Section == "" || len(st.Detail) == 0 || len(st.Detail) > 4*(4*48+32)+200 {
				t.Fatalf("%v.Explain(%q, %q): step %+v", s, base, ref, st)
			}
		}
		checkTraceJSON(t, tr)
	}
}

// checkTraceJSON checks that the JSON form of tr is valid JSON that keeps
// its inputs and result, whatever their bytes.
func checkTraceJSON(t *testing.T, tr Trace) {
	t.Helper()
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatalf("%v: json.Marshal: %v", tr.Spec, err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v: %v in %s", tr.Spec, err, b)
	}
	// exact reads member name of m: its NAME_base64 when present.
	exact := func(m any, name string) string {
		o, _ := m.(map[string]any)
		if b64, ok := o[name+"_base64"].(string); ok {
			raw, err := base64.StdEncoding.DecodeString(b64)
			if err != nil {
				t.Fatalf("%v: %s_base64 %q: %v", tr.Spec, name, b64, err)
			}
			return string(raw)
		}
		s, _ := o[name].(string)
		return s
	}
	if exact(v, "spec") != tr.Spec.String() || exact(v, "result") != tr.Result ||
		exact(v["base"], "url") != tr.Base.Input || exact(v["ref"], "url") != tr.Ref.Input {
		t.Fatalf("%v: JSON %s does not hold the trace's inputs and result", tr.Spec, b)
	}
}

// recombine joins components with their delimiters (section 2.1).
func recombine(c Components) string {
	var b strings.Builder
	for _, d := range []struct {
		pre  string
		c    Component
		post string
	}{{"", c.Scheme, ":"}, {"//", c.NetLoc, ""}, {"", c.Path, ""}, {";", c.Params, ""}, {"?", c.Query, ""}, {"#", c.Fragment, ""}} {
		if d.c.Present {
			b.WriteString(d.pre + d.c.Value + d.post)
		}
	}
	return b.String()
}

func TestExplainAgainstSlow(t *testing.T) {
	// The same generated paths as TestAgainstSlow, through Explain.
	pieces := []string{"a", ".", "..", "", "b."}
	var gen func(prefix string, depth int)
	n := 0
	gen = func(prefix string, depth int) {
		for _, base := range []string{rfcBase, "http://a", "foo:", "foo:x/./y/../z", "http://a//b/../"} {
			if got, want := Explain(base, prefix).Result, slowResolve(base, prefix); got != want {
				t.Fatalf("Explain(%q, %q).Result = %q, literal rules give %q", base, prefix, got, want)
			}
			n++
		}
		if depth == 0 {
			return
		}
		for _, p := range pieces {
			gen(prefix+p+"/", depth-1)
			gen(prefix+p, depth-1)
		}
	}
	gen("", 4)
	if n < 10000 {
		t.Fatalf("only %d cases", n)
	}
}

func TestComponents(t *testing.T) {
	c := components(Parse("http://a/b;?#f"))
	want := Components{Input: "http://a/b;?#f", Scheme: Component{"http", true}, NetLoc: Component{"a", true}, Path: Component{"/b", true},
		Params: Component{"", true}, Query: Component{"", true}, Fragment: Component{"f", true}}
	if c != want {
		t.Errorf("components = %+v, want %+v", c, want)
	}
	c = components(Parse("g"))
	if c.Scheme.Present || c.NetLoc.Present || c.Params.Present || c.Query.Present || c.Fragment.Present || c.Path != (Component{"g", true}) {
		t.Errorf("components(Parse(g)) = %+v", c)
	}
}

// TestExplainLarge explains a reference of a million "../": the trace
// stays small, the removals past maxTracedRemovals are counted, and the
// result is Resolve's.
func TestExplainLarge(t *testing.T) {
	const n = 4 << 20
	base, ref := "http://a/"+strings.Repeat("x/", n/4), strings.Repeat("../", n/3)+"g"
	tr := Explain(base, ref)
	if want := Resolve(base, ref); tr.Result != want {
		t.Fatalf("Result differs from Resolve (%d and %d bytes)", len(tr.Result), len(want))
	}
	if tr.Unrecorded != n/4-maxTracedRemovals {
		t.Errorf("Unrecorded = %d, want %d", tr.Unrecorded, n/4-maxTracedRemovals)
	}
	c := 0
	for _, s := range tr.Steps {
		if s.Step == "6c" {
			c++
		}
	}
	// The listed removals, one counting the rest, one for the ".." kept.
	if c != maxTracedRemovals+2 {
		t.Errorf("%d 6c steps listed, want %d", c, maxTracedRemovals+2)
	}
	steps := tr.Steps[len(tr.Steps)-3:]
	if want := fmt.Sprintf("removed %d more", n/4-maxTracedRemovals); !strings.Contains(steps[0].Detail, want) {
		t.Errorf("step is %+v, want it to say %q", steps[0], want)
	}
	if want := fmt.Sprintf("%d \"..\" with no segment before", n/3-n/4); !strings.Contains(steps[1].Detail, want) {
		t.Errorf("step is %+v, want it to say %q", steps[1], want)
	}
	if s := tr.String(); len(s) > 64<<10 {
		t.Errorf("String of the trace is %d bytes", len(s))
	}
}

// TestTraceJSONShape checks the JSON form of a Trace: each specification's
// components by its own names (RFC 1808 section 2.4; RFC 2396 and 3986
// Appendix B, no params; the URL Standard's URL API, section 6.1), the
// result and failure, and bytes that are not UTF-8 kept in NAME_base64.
func TestTraceJSONShape(t *testing.T) {
	keys := map[Spec][]string{
		RFC1808: {"url", "scheme", "net_loc", "path", "params", "query", "fragment"},
		RFC2396: {"url", "scheme", "authority", "path", "query", "fragment"},
		RFC3986: {"url", "scheme", "authority", "path", "query", "fragment"},
		WHATWG:  {"url", "href", "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"},
	}
	for _, s := range Specs() {
		b, err := json.Marshal(s.Explain("http://u@a:8/b/c/d;p?q", "../g?y#z"))
		if err != nil {
			t.Fatal(err)
		}
		var tr map[string]any
		if err := json.Unmarshal(b, &tr); err != nil {
			t.Fatalf("%s: %v in %s", s, err, b)
		}
		if tr["spec"] != s.String() || tr["result"] != "http://u@a:8/b/g?y#z" {
			t.Errorf("%s: spec %v, result %v", s, tr["spec"], tr["result"])
		}
		base := tr["base"].(map[string]any)
		if len(base) != len(keys[s]) {
			t.Errorf("%s: base %v, want the members %v", s, base, keys[s])
		}
		for _, k := range keys[s] {
			if _, ok := base[k]; !ok {
				t.Errorf("%s: base lacks %q: %v", s, k, base)
			}
		}
		if steps := tr["steps"].([]any); len(steps) == 0 {
			t.Errorf("%s: no steps", s)
		}
	}
	// The URL API of the reference is the result's URL record.
	var w struct {
		Ref struct {
			Pathname, Search, Hash, Port string
		}
	}
	b, _ := json.Marshal(WHATWG.Explain("http://u@a:8/b/c/d;p?q", "../g?y#z"))
	if err := json.Unmarshal(b, &w); err != nil || w.Ref.Pathname != "/b/g" || w.Ref.Search != "?y" || w.Ref.Hash != "#z" || w.Ref.Port != "8" {
		t.Errorf("whatwg ref %+v (%v)", w.Ref, err)
	}
	// A failure: "error", the attributes null.
	b, _ = json.Marshal(WHATWG.Explain("http://a/", "http://a:x/"))
	var f struct {
		Result, Error string
		Ref           map[string]any
	}
	if err := json.Unmarshal(b, &f); err != nil || f.Result != "" || !strings.Contains(f.Error, "port-invalid") ||
		f.Ref["href"] != nil || !strings.Contains(f.Ref["error"].(string), "port-invalid") {
		t.Errorf("failure: %s (%v)", b, err)
	}
	// Any bytes survive.
	b, _ = json.Marshal(RFC1808.Explain("http://a/", "g\xff"))
	var u struct{ Ref map[string]any }
	if err := json.Unmarshal(b, &u); err != nil || u.Ref["url_base64"] != "Z/8=" {
		t.Errorf("invalid UTF-8: %s (%v)", b, err)
	}
}

// TestExplainWHATWGSteps: under WHATWG each state step names the state,
// the pointer's offset and the input from the pointer on, the character
// it points at included (the URL Standard's basic URL parser: in path
// start state a "/" is consumed, so path state begins at "b").
func TestExplainWHATWGSteps(t *testing.T) {
	x := WHATWG.Explain("http://a/b/c", "g")
	var got []string
	for _, s := range x.Steps {
		got = append(got, s.Step+" "+s.Detail)
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		"base scheme start state at offset 0: `http://a/b/c`",
		"base path start state at offset 8: `/b/c`",
		"base path state at offset 9: `b/c`",
		"ref scheme start state at offset 0: `g`",
		"ref no scheme state at offset 0: `g`",
		"ref relative state at offset 0: `g`",
		"ref path state at offset 0: `g`",
		"ref serialized: `http://a/b/g`",
	} {
		if !strings.Contains(all, want+"\n") && !strings.HasSuffix(all, want) {
			t.Errorf("no step %q in\n%s", want, all)
		}
	}
	// The parser's first steps, when they change the input, are a step
	// of their own, whose result the state offsets index; a failure's
	// offset is Error.Offset's, in the input as given (the port of
	// "http://\ta:99999/" begins at byte 10, at 9 once the tab is gone).
	x = WHATWG.Explain("", "http://\ta:99999/")
	got = got[:0]
	for _, s := range x.Steps {
		got = append(got, s.Step+" "+s.Detail)
	}
	want := []string{
		"ref C0 controls and spaces trimmed from its ends, tabs and newlines removed: `http://a:99999/` (the offsets below index it)",
		"ref port state at offset 9: `99999/`",
		"fail port-out-of-range at offset 10 of the input as given: return failure",
	}
	if all := strings.Join(got, "\n"); !strings.Contains(all, want[0]+"\n") || !strings.Contains(all, want[1]+"\n") || !strings.HasSuffix(all, want[2]) {
		t.Errorf("steps\n%s\nwant among them\n%s", all, strings.Join(want, "\n"))
	}
	// An input the first steps leave alone has no such step.
	for _, s := range WHATWG.Explain("http://b/", "http://a/").Steps {
		if strings.Contains(s.Detail, "trimmed") || strings.Contains(s.Detail, "validation error") {
			t.Errorf("step %q for a valid input the first steps leave alone", s.Detail)
		}
	}
	// A validation error that does not end the parse is a step too: in
	// authority state, the "@" of credentials (at byte 11).
	found := false
	for _, s := range WHATWG.Explain("", "http://user@host/").Steps {
		found = found || s.Step+" "+s.Detail == "ref validation error, not fatal: invalid-credentials at offset 11"
	}
	if !found {
		t.Errorf("no step for the invalid-credentials validation error")
	}
	// One a byte (invalid-URL-unit for each space of a path): the first
	// four are listed, the others counted.
	var listed, more []string
	for _, s := range WHATWG.Explain("", "http://h/"+strings.Repeat(" ", 20)+"x").Steps {
		switch {
		case strings.HasPrefix(s.Detail, "validation error, not fatal: invalid-URL-unit"):
			listed = append(listed, s.Detail)
		case strings.Contains(s.Detail, "more validation errors"):
			more = append(more, s.Detail)
		}
	}
	if len(listed) != 4 || len(more) != 1 || more[0] != "16 more validation errors, not fatal" {
		t.Errorf("validation steps %q, then %q", listed, more)
	}
}
