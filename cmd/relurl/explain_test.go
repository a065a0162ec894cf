package main

import (
	"bytes"
	"encoding/json"
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
		"answers by specification\n  rfc1808    `http://a/b/g`\n  rfc2396    `http://a/b/g`\n  rfc3986    `http://a/b/g`\n",
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
		!strings.Contains(out, "  rfc1808    `http://a/b/c/d;x`\n") {
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

// TestExplainWHATWG checks -spec whatwg: the parser's states, the answer,
// and a failure shown with its reason, in text and in JSON.
func TestExplainWHATWG(t *testing.T) {
	_, out, _ := runExplainCmd("explain", "-spec", "whatwg", "http://a/b/c/d;p?q", "http:g")
	for _, w := range []string{"steps by whatwg", "ref  relative state", "result by whatwg (URL Standard section 4.4): `http://a/b/c/g`", "whatwg     `http://a/b/c/g`   (differs from rfc1808)"} {
		if !strings.Contains(out, w) {
			t.Errorf("text lacks %q:\n%s", w, out)
		}
	}
	_, out, _ = runExplainCmd("explain", "-json", "-spec", "whatwg", "http://a/", "http://a:x/")
	for _, w := range []string{`"spec":"whatwg","result":"","error":"whatwg: parse \"http://a:x/\": port-invalid at offset 9"`, `{"spec":"whatwg","result":"","error":`} {
		if !strings.Contains(out, w) {
			t.Errorf("JSON lacks %q:\n%s", w, out)
		}
	}
}
