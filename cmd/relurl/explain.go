package main

import (
	"fmt"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/jsonline"
	"github.com/relurl/relurl/internal/quote"
)

const explainHelp = `
Resolves REF against BASE by RFC 1808 and shows how: the six components of
each as section 2.4 splits them (an absent component apart from an empty
one), every step of section 4 that applied with what it did, and the
result. An empty argument ("") is an empty BASE (step 1) or the empty
reference (step 2a).

With -json the same is printed as one JSON object on one line, the one
that "relurl serve" answers at /api/resolve. The components of the base,
the reference and the result have the shape of "relurl parse -json" (an
absent one is null). A string that is not valid UTF-8 gets a member
NAME_base64 with its exact bytes, as in "relurl parse -json".

The steps are those of RFC 1808. With -spec rfc2396, rfc3986 or whatwg,
the result is that specification's answer, shown after the RFC 1808 trace
with the answers of all four (as /api/resolve's spec parameter does); with
-spec whatwg the states of the URL Standard's parser that applied are
listed too, and a failure is shown with its reason (and in JSON as
"error").`

func runExplain(e *env, args []string) int {
	fs := newFlagSet(e, "explain", "[-json] [-spec NAME] BASE REF", explainHelp)
	asJSON := fs.Bool("json", false, "print the trace as one JSON object on one line, as /api/resolve does")
	spec := specFlag(fs)
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if fs.NArg() != 2 {
		e.errorf("explain: want 2 arguments, BASE and REF, got %d (use \"\" for an empty one)", fs.NArg())
		return exitUsage
	}
	base, ref := fs.Arg(0), fs.Arg(1)
	if *asJSON {
		out := appendResolveJSON(nil, newResolveResponse(base, ref, *spec))
		e.stdout.Write(append(out, '\n'))
		return exitOK
	}
	fmt.Fprint(e.stdout, relurl.Explain(base, ref))
	writeAnswers(e, base, ref)
	if *spec == relurl.WHATWG {
		tr := spec.Explain(base, ref)
		fmt.Fprintf(e.stdout, "\nsteps by whatwg (%s)\n", specSection(*spec))
		for _, s := range tr.Steps {
			fmt.Fprintf(e.stdout, "  %-4s %s\n", s.Step, s.Detail)
		}
	}
	if *spec != relurl.RFC1808 {
		if r, err := spec.ResolveErr(base, ref); err != nil {
			fmt.Fprintf(e.stdout, "\nresult by %s (%s): fails: %v\n", spec, specSection(*spec), err)
		} else {
			fmt.Fprintf(e.stdout, "\nresult by %s (%s): %s\n", spec, specSection(*spec), quote.Quote(r))
		}
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
		if a.Error != "" {
			fmt.Fprintf(e.stdout, "  %-10s fails: %s   (differs from %s)\n", a.Spec, a.Error, specAnswers[0].Name)
			continue
		}
		if a.Differs {
			mark = "   (differs from " + specAnswers[0].Name + ")"
		}
		fmt.Fprintf(e.stdout, "  %-10s %s%s\n", a.Spec, quote.Quote(a.Result), mark)
	}
}

// resolveResponse is what "relurl explain -json" and /api/resolve
// answer, written by appendResolveJSON.
type resolveResponse struct {
	Spec   string // the specification that gave Result
	Result string // the answer of Spec, "" when it failed
	Error  string // why Spec failed (whatwg only), or ""
	// ResultComponents splits Result by RFC 1808 section 2.4.
	ResultComponents relurl.Components
	// Trace is how RFC 1808 section 4 reaches its answer.
	Trace   relurl.Trace
	Answers []answer // every specification's answer
}

// answer is one specification's resolution of the reference.
type answer struct {
	Spec    string
	Result  string
	Error   string // the failure (whatwg only), or ""
	Differs bool   // Result differs from the first entry's (RFC 1808), or Error is set
}

func answers(base, ref string) []answer {
	as := make([]answer, len(specAnswers))
	for i, s := range specAnswers {
		r, err := s.Resolve(base, ref)
		as[i] = answer{Spec: s.Name, Result: r}
		if err != nil {
			as[i].Error = err.Error()
		}
		as[i].Differs = i > 0 && (as[i].Result != as[0].Result || err != nil)
	}
	return as
}

// newResolveResponse explains ref against base, with spec's answer as the
// result.
func newResolveResponse(base, ref string, spec relurl.Spec) resolveResponse {
	r := resolveResponse{Trace: relurl.Explain(base, ref), Answers: answers(base, ref)}
	var err error
	r.Spec = spec.String()
	if r.Result, err = spec.ResolveErr(base, ref); err != nil {
		r.Error = err.Error()
	}
	r.ResultComponents = splitComponents(r.Result)
	return r
}

// appendResolveJSON appends r as one JSON object: "spec", "result",
// "result_components", "trace" and "answers" (each "spec", "result",
// "differs").
func appendResolveJSON(dst []byte, r resolveResponse) []byte {
	dst = append(dst, '{')
	dst = jsonline.AppendField(dst, true, "spec", r.Spec)
	dst = jsonline.AppendField(dst, false, "result", r.Result)
	if r.Error != "" {
		dst = jsonline.AppendField(dst, false, "error", r.Error)
	}
	dst = jsonline.AppendName(dst, false, "result_components")
	dst = appendComponentsJSON(dst, r.ResultComponents)
	dst = jsonline.AppendName(dst, false, "trace")
	dst = appendTraceJSON(dst, r.Trace)
	dst = jsonline.AppendName(dst, false, "answers")
	dst = append(dst, '[')
	for i, a := range r.Answers {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '{')
		dst = jsonline.AppendField(dst, true, "spec", a.Spec)
		dst = jsonline.AppendField(dst, false, "result", a.Result)
		if a.Error != "" {
			dst = jsonline.AppendField(dst, false, "error", a.Error)
		}
		dst = jsonline.AppendBool(dst, "differs", a.Differs)
		dst = append(dst, '}')
	}
	dst = append(dst, ']')
	return append(dst, '}')
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
