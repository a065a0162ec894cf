package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/quote"
)

func init() {
	register(&command{
		name:     "explain",
		synopsis: "show why a reference resolves where it does, step by step (RFC 1808 section 4)",
		run:      runExplain,
	})
}

const explainHelp = `
Resolves REF against BASE by RFC 1808 and shows how: the six components of
each as section 2.4 splits them (an absent component apart from an empty
one), every step of section 4 that applied with what it did, and the
result. An empty argument ("") is an empty BASE (step 1) or the empty
reference (step 2a).

With -json the same is printed as one JSON object, the one that
"relurl serve" answers at /api/resolve. JSON holds text: a BASE or REF
that is not valid UTF-8 is rejected there (exit status 1); the text form
shows any bytes, escaped.

The steps are those of RFC 1808. With -spec rfc2396 or rfc3986, the result
is that specification's answer, shown after the RFC 1808 trace with the
answers of all three (as /api/resolve's spec parameter does).`

func runExplain(e *env, args []string) int {
	fs := newFlagSet(e, "explain", "[-json] [-spec NAME] BASE REF", explainHelp)
	asJSON := fs.Bool("json", false, "print the trace as JSON, as /api/resolve does")
	spec := specFlag(fs)
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if fs.NArg() != 2 {
		e.errorf("explain: want 2 arguments, BASE and REF, got %d (use \"\" for an empty one)", fs.NArg())
		fs.Usage()
		return exitUsage
	}
	base, ref := fs.Arg(0), fs.Arg(1)
	if !*asJSON {
		fmt.Fprint(e.stdout, relurl.Explain(base, ref))
		writeAnswers(e, base, ref)
		if *spec != relurl.RFC1808 {
			fmt.Fprintf(e.stdout, "\nresult by %s (%s): %s\n", spec, specSection(*spec), quote.Quote(spec.Resolve(base, ref)))
		}
		return exitOK
	}
	for _, a := range []struct{ name, s string }{{"BASE", base}, {"REF", ref}} {
		if err := checkUTF8(a.name, a.s); err != nil {
			e.errorf("explain: %v; JSON holds text only: drop -json to see the bytes escaped", err)
			return exitRejected
		}
	}
	resp, _ := newResolveResponse(base, ref, spec.String())
	out, err := json.MarshalIndent(resp, "", "  ")
	if err != nil {
		e.errorf("explain: %v", err)
		return exitRejected
	}
	out = append(out, '\n')
	if _, err := e.stdout.Write(out); err != nil {
		e.errorf("explain: writing output: %v", err)
		return exitRejected
	}
	return exitOK
}

// writeAnswers prints the answers of the other specifications, when there
// are any, marking those that differ from RFC 1808's.
func writeAnswers(e *env, base, ref string) {
	if len(specAnswers) < 2 {
		return
	}
	fmt.Fprintf(e.stdout, "\nanswers by specification\n")
	for _, a := range answers(base, ref) {
		mark := ""
		if a.Differs {
			mark = "   (differs from " + specAnswers[0].Name + ")"
		}
		fmt.Fprintf(e.stdout, "  %-10s %s%s\n", a.Spec, quote.Quote(a.Result), mark)
	}
}

// resolveResponse is the JSON of "relurl explain -json" and of
// /api/resolve.
type resolveResponse struct {
	Spec   string `json:"spec"`   // the specification that gave Result
	Result string `json:"result"` // the answer of Spec
	// ResultComponents splits Result by RFC 1808 section 2.4.
	ResultComponents relurl.Components `json:"result_components"`
	// Trace is how RFC 1808 section 4 reaches its answer.
	Trace   relurl.Trace `json:"trace"`
	Answers []answer     `json:"answers"` // every specification's answer
}

// answer is one specification's resolution of the reference.
type answer struct {
	Spec    string `json:"spec"`
	Result  string `json:"result"`
	Differs bool   `json:"differs"` // Result differs from the first entry's (RFC 1808)
}

func answers(base, ref string) []answer {
	as := make([]answer, len(specAnswers))
	for i, s := range specAnswers {
		as[i] = answer{Spec: s.Name, Result: s.Resolve(base, ref)}
		as[i].Differs = i > 0 && as[i].Result != as[0].Result
	}
	return as
}

// newResolveResponse explains ref against base, with spec's answer as the
// result: the first entry of specAnswers when spec is "". It reports false
// for a spec not in the table.
func newResolveResponse(base, ref, spec string) (resolveResponse, bool) {
	r := resolveResponse{Trace: relurl.Explain(base, ref), Answers: answers(base, ref)}
	if spec == "" {
		spec = specAnswers[0].Name
	}
	for _, a := range r.Answers {
		if a.Spec == spec {
			r.Spec, r.Result = a.Spec, a.Result
			r.ResultComponents = splitComponents(a.Result)
			return r, true
		}
	}
	return r, false
}

// specNames lists the specifications of specAnswers, for messages.
func specNames() string {
	names := make([]string, len(specAnswers))
	for i, s := range specAnswers {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// checkUTF8 reports where s is not valid UTF-8, which JSON cannot hold
// (encoding/json would replace the bytes with U+FFFD, silently).
func checkUTF8(name, s string) error {
	if utf8.ValidString(s) {
		return nil
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return fmt.Errorf("%s is not valid UTF-8: byte %d is %#02x", name, i, s[i])
		}
		i += n
	}
	return nil
}

// splitComponents splits s by RFC 1808 section 2.4, for the JSON answers.
func splitComponents(s string) relurl.Components {
	u := relurl.Parse(s)
	return relurl.Components{
		Input:    s,
		Scheme:   relurl.Component{Value: u.Scheme(), Present: u.HasScheme()},
		NetLoc:   relurl.Component{Value: u.NetLoc(), Present: u.HasNetLoc()},
		Path:     relurl.Component{Value: u.Path(), Present: true},
		Params:   relurl.Component{Value: u.Params(), Present: u.HasParams()},
		Query:    relurl.Component{Value: u.Query(), Present: u.HasQuery()},
		Fragment: relurl.Component{Value: u.Fragment(), Present: u.HasFragment()},
	}
}
