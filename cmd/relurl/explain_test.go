package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/rfcexamples"
)

// runExplainCmd runs relurl in-process with args and returns its exit
// status, standard output and standard error.
func runExplainCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	st := run(e, args)
	return st, out.String(), errb.String()
}

func TestExplainText(t *testing.T) {
	st, out, errs := runExplainCmd("explain", rfcexamples.Base, "../g")
	if st != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", st, errs)
	}
	// The trace, then the answers of every specification.
	if want := relurl.Explain(rfcexamples.Base, "../g").String(); !strings.HasPrefix(out, want) {
		t.Errorf("output:\n%s\nwant it to start with:\n%s", out, want)
	}
	for _, want := range []string{
		"  net_loc (2.4.3)  `a`                          (absent)\n",
		"  6c   removed `c/../`\n",
		"result     `http://a/b/g`\n",
		"answers by specification\n  rfc1808    `http://a/b/g`   (chosen)\n  rfc2396    `http://a/b/g`\n  rfc3986    `http://a/b/g`\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestExplainJSON checks the JSON of every section 5 example against the
// RFC's answer.
func TestExplainJSON(t *testing.T) {
	for _, ex := range rfcexamples.Section5 {
		st, out, errs := runExplainCmd("explain", "-json", rfcexamples.Base, ex.Ref)
		if st != exitOK || errs != "" {
			t.Fatalf("%q: exit %d, stderr %q", ex.Ref, st, errs)
		}
		var r jsonResolve
		if err := json.Unmarshal([]byte(out), &r); err != nil || strings.Count(out, "\n") != 1 {
			t.Fatalf("%q: %v in %s (want one line)", ex.Ref, err, out)
		}
		if r.Result != ex.Want || r.Trace.Result != ex.Want || r.Spec != "rfc1808" {
			t.Errorf("%q: spec %q result %q, trace result %q, want %q", ex.Ref, r.Spec, r.Result, r.Trace.Result, ex.Want)
		}
		if r.ResultComponents.URL != ex.Want || r.Trace.Ref.URL != ex.Ref || len(r.Trace.Steps) == 0 {
			t.Errorf("%q: incomplete answer %s", ex.Ref, out)
		}
		if len(r.Answers) != len(specAnswers) || r.Answers[0].Result != ex.Want {
			t.Errorf("%q: answers %+v", ex.Ref, r.Answers)
		}
	}
}

func TestExplainPresenceInJSON(t *testing.T) {
	_, out, _ := runExplainCmd("explain", "-json", "http://a/b?", "#")
	var r jsonResolve
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if q := r.Trace.Base.Query; q == nil || *q != "" {
		t.Errorf("base query = %v, want present and empty", q)
	}
	if p := r.Trace.Base.Params; p != nil {
		t.Errorf("base params = %q, want absent", *p)
	}
	if f := r.ResultComponents.Fragment; f == nil || *f != "" {
		t.Errorf("result fragment = %v, want present and empty (%s)", f, r.Result)
	}
}

func TestExplainUsage(t *testing.T) {
	for _, args := range [][]string{{"explain"}, {"explain", "a"}, {"explain", "a", "b", "c"}, {"explain", "-nope", "a", "b"}} {
		st, _, errs := runExplainCmd(args...)
		if st != exitUsage || !strings.Contains(errs, "explain") || strings.Count(errs, "\n") > 2 {
			t.Errorf("%q: exit %d, stderr %q", args, st, errs)
		}
	}
	// Empty arguments are an empty base and the empty reference.
	st, out, _ := runExplainCmd("explain", "", "")
	if st != exitOK || !strings.Contains(out, "the base URL is empty") {
		t.Errorf("explain \"\" \"\": exit %d, output %q", st, out)
	}
}

func TestExplainInvalidUTF8(t *testing.T) {
	// -json keeps the bytes, as "relurl parse -json" does.
	st, out, errs := runExplainCmd("explain", "-json", "http://a/", "g\xff")
	if st != exitOK || errs != "" || !strings.Contains(out, `"ref":{"url":"g\ufffd","url_base64":"Z/8="`) {
		t.Errorf("-json: exit %d, stdout %q, stderr %q", st, out, errs)
	}
	st, out, _ = runExplainCmd("explain", "http://a/", "g\xff")
	if st != exitOK || !strings.Contains(out, `result     "http://a/g\xff"`) {
		t.Errorf("text: exit %d, output %s", st, out)
	}
}

// TestExplainMarksDifferences adds a second specification that answers
// differently for one reference, as RFC 3986 does for ";x", and checks
// that the text and the JSON mark it.
func TestExplainMarksDifferences(t *testing.T) {
	saved := specAnswers
	defer func() { specAnswers = saved }()
	specAnswers = append(specAnswers[:1:1], struct {
		Name    string
		Resolve func(base, ref string) (string, error)
	}{"other", func(base, ref string) (string, error) {
		if base == rfcexamples.Base && ref == ";x" {
			return "http://a/b/c/;x", nil
		}
		return relurl.Resolve(base, ref), nil
	}})
	_, out, _ := runExplainCmd("explain", rfcexamples.Base, ";x")
	if !strings.Contains(out, "  other      `http://a/b/c/;x`   (differs from rfc1808)\n") ||
		!strings.Contains(out, "  rfc1808    `http://a/b/c/d;x`   (chosen)\n") {
		t.Errorf("no answers marked:\n%s", out)
	}
	_, out, _ = runExplainCmd("explain", "-json", "-", ";x")
	var r jsonResolve
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Answers) != 2 || r.Answers[0].Differs || r.Answers[1].Differs {
		t.Errorf("base \"-\": answers %+v, want two the same", r.Answers)
	}
	_, out, _ = runExplainCmd("explain", "-json", rfcexamples.Base, ";x")
	r = jsonResolve{}
	json.Unmarshal([]byte(out), &r)
	if len(r.Answers) != 2 || !r.Answers[1].Differs || r.Answers[1].Result != "http://a/b/c/;x" {
		t.Errorf("answers %+v", r.Answers)
	}
}

// TestExplainWHATWG checks -spec whatwg: the URL API's attributes, the
// parser's states, the answer, and a failure shown with its reason, in
// text and in JSON; nothing of RFC 1808's trace.
func TestExplainWHATWG(t *testing.T) {
	_, out, _ := runExplainCmd("explain", "-spec", "whatwg", "http://a/b/c/d;p?q", "http:g")
	// "http:g" is a relative reference to a special URL of the same
	// scheme (URL Standard, special relative or authority state), where
	// RFC 3986 section 5.2.2 strict reads it as absolute.
	for _, w := range []string{
		"components (URL Standard section 6.1",
		"  pathname         `/b/c/d;p`                   `/b/c/g`\n",
		"  search           `?q`                         `` (empty)\n",
		"ref  relative state",
		"result     `http://a/b/c/g`\n",
		"whatwg     `http://a/b/c/g`   (chosen)",
		"rfc3986    `http:g`   (differs from whatwg)",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("text lacks %q:\n%s", w, out)
		}
	}
	for _, w := range []string{"RFC 1808", "net_loc", "params"} {
		if strings.Contains(out, w) {
			t.Errorf("text has %q:\n%s", w, out)
		}
	}
	_, out, _ = runExplainCmd("explain", "-json", "-spec", "whatwg", "http://a/", "http://a:x/")
	for _, w := range []string{`"spec":"whatwg","result":"","error":"whatwg: parse \"http://a:x/\": port-invalid at offset 9"`, `{"spec":"whatwg","result":"","error":`} {
		if !strings.Contains(out, w) {
			t.Errorf("JSON lacks %q:\n%s", w, out)
		}
	}
}

// TestExplainBySpec checks that explain explains the specification asked
// for, by issue 19's case: RFC 3986 resolves ";x" against
// "http://a/b/c/d;p?q" to "http://a/b/c/;x" (RFC 3986 section 5.4.1),
// RFC 1808 to "http://a/b/c/d;x" (RFC 1808 section 5.1). Text, JSON and
// trace all follow RFC 3986: its five components (no params, an
// authority), its steps, its result.
func TestExplainBySpec(t *testing.T) {
	const base, ref, want = "http://a/b/c/d;p?q", ";x", "http://a/b/c/;x"
	_, out, _ := runExplainCmd("explain", "-spec", "rfc3986", base, ref)
	for _, w := range []string{
		"components (RFC 3986 Appendix B)",
		"  authority (3.2)  `a`",
		"  path (3.3)       `/b/c/d;p`                   `;x`\n",
		"steps (RFC 3986 section 5.2)",
		"result     `" + want + "`\n",
		"rfc1808    `http://a/b/c/d;x`   (differs from rfc3986)",
		"rfc3986    `" + want + "`   (chosen)",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("text lacks %q:\n%s", w, out)
		}
	}
	for _, w := range []string{"params", "net_loc", "RFC 1808 section", "http://a/b/c/d;x`\n"} {
		if strings.Contains(out, w) {
			t.Errorf("text has %q:\n%s", w, out)
		}
	}
	_, out, _ = runExplainCmd("explain", "-json", "-spec", "rfc3986", base, ref)
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	tr := r["trace"].(map[string]any)
	if r["result"] != want || tr["result"] != want || tr["spec"] != "rfc3986" {
		t.Errorf("result %v, trace result %v, trace spec %v", r["result"], tr["result"], tr["spec"])
	}
	for _, c := range []any{tr["base"], tr["ref"], r["result_components"]} {
		m := c.(map[string]any)
		if _, ok := m["authority"]; !ok {
			t.Errorf("components without authority: %v", m)
		}
		if _, ok := m["params"]; ok {
			t.Errorf("components with params under RFC 3986: %v", m)
		}
	}
	if rc := r["result_components"].(map[string]any); rc["path"] != "/b/c/;x" {
		t.Errorf("result path %v", rc["path"])
	}
}

// TestTraceOneShape checks that a Trace has one JSON form: json.Marshal of
// the library's Trace and the "trace" of "relurl explain -json" decode to
// the same value, for every specification, a failure and bytes that are
// not UTF-8 included.
func TestTraceOneShape(t *testing.T) {
	cases := [][2]string{
		{rfcexamples.Base, "../g"},
		{rfcexamples.Base, ";x"},
		{"http://a/b?", "#"},
		{"", "g"},
		{"http://a/", "g\xff<&>"},
		{"http://a/", "http://a:x/"},
		{"http://a:99999/", "g"},
	}
	for _, spec := range relurl.Specs() {
		for _, c := range cases {
			lib, err := json.Marshal(spec.Explain(c[0], c[1]))
			if err != nil {
				t.Fatalf("%s %q: json.Marshal: %v", spec, c, err)
			}
			_, out, _ := runExplainCmd("explain", "-json", "-spec", spec.String(), "--", c[0], c[1])
			var cmd struct {
				Trace json.RawMessage `json:"trace"`
			}
			if err := json.Unmarshal([]byte(out), &cmd); err != nil {
				t.Fatalf("%s %q: %v in %s", spec, c, err, out)
			}
			var a, b any
			if err := json.Unmarshal(lib, &a); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(cmd.Trace, &b); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s %q: library %s\ncommand %s", spec, c, lib, cmd.Trace)
			}
			if a.(map[string]any)["spec"] != spec.String() {
				t.Errorf("%s %q: spec %v", spec, c, a.(map[string]any)["spec"])
			}
		}
	}
}
