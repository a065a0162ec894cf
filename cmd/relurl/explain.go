package main

import (
	"fmt"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/jsonline"
	"github.com/relurl/relurl/internal/quote"
)

const explainHelp = `
Resolves REF against BASE by the specification chosen with -spec (RFC 1808
by default) and shows how: the components of each as that specification
splits them, every step of its algorithm that applied with what it did,
the result, and then the answers of all four specifications side by side,
each marked where it differs from the chosen one's.

  rfc1808   the six components of section 2.4 (an absent one apart from an
            empty one) and the steps of section 4
  rfc2396   the five of Appendix B (";params" is part of the path) and the
            steps of section 5.2
  rfc3986   the five of Appendix B and the steps of section 5.2.2, with
            its remove_dot_segments (5.2.4) and merge (5.2.3)
  whatwg    the URL API's attributes (protocol, username, password,
            hostname, port, pathname, search, hash) of the base's URL
            record and of the reference's parsed against it, and the
            states of the URL Standard's basic URL parser; a failure is
            shown with its reason (and in JSON as "error")

An empty argument ("") is an empty BASE (RFC 1808 step 1) or the empty
reference (step 2a).

With -json the same is printed as one JSON object on one line, the one
that "relurl serve" answers at /api/resolve: "spec", "result", "error"
(when the URL Standard fails), "result_components" (the result split by
the specification, as "relurl parse -json -spec NAME"), "trace" (the
library's relurl.Trace in its JSON form) and "answers". A string that is
not valid UTF-8 is written as every -json output writes it (see "relurl
help").`

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
	r := newResolveResponse(fs.Arg(0), fs.Arg(1), *spec)
	if *asJSON {
		e.stdout.Write(append(appendResolveJSON(nil, r), '\n'))
		return exitOK
	}
	fmt.Fprint(e.stdout, r.Trace)
	writeAnswers(e, r)
	return exitOK
}

// writeAnswers prints the answers of the four specifications, marking
// those that differ from the chosen one's.
func writeAnswers(e *env, r resolveResponse) {
	fmt.Fprintf(e.stdout, "\nanswers by specification\n")
	for _, a := range r.Answers {
		mark := ""
		if a.Differs {
			mark = "   (differs from " + r.Spec + ")"
		}
		if a.Spec == r.Spec {
			mark = "   (chosen)"
		}
		if a.Error != "" {
			fmt.Fprintf(e.stdout, "  %-10s fails: %s%s\n", a.Spec, a.Error, mark)
			continue
		}
		fmt.Fprintf(e.stdout, "  %-10s %s%s\n", a.Spec, quote.Quote(a.Result), mark)
	}
}

// resolveResponse is what "relurl explain" shows, and with -json what it
// and /api/resolve answer, written by appendResolveJSON.
type resolveResponse struct {
	Spec   string // the specification chosen, which gave Result
	Result string // the answer of Spec, "" when it failed
	Error  string // why Spec failed (whatwg only), or ""
	// ResultComponents splits Result by Spec.
	ResultComponents relurl.Components
	// Trace is how Spec reaches its answer.
	Trace   relurl.Trace
	Answers []answer // every specification's answer
}

// answer is one specification's resolution of the reference.
type answer struct {
	Spec    string
	Result  string
	Error   string // the failure (whatwg only), or ""
	Differs bool   // Result or Error differs from the chosen specification's
}

// newResolveResponse explains ref against base by spec, with the answers
// of every specification.
func newResolveResponse(base, ref string, spec relurl.Spec) resolveResponse {
	t := spec.Explain(base, ref)
	r := resolveResponse{Spec: spec.String(), Result: t.Result, Error: t.Err, Trace: t}
	r.ResultComponents = spec.Split(r.Result)
	if r.Error != "" {
		// No result to split: the trace's reference holds the failure.
		r.ResultComponents = t.Ref
		r.ResultComponents.Input = ""
	}
	for _, s := range specAnswers {
		res, err := s.Resolve(base, ref)
		a := answer{Spec: s.Name, Result: res}
		if err != nil {
			a.Error = err.Error()
		}
		a.Differs = a.Result != r.Result || a.Error != r.Error
		r.Answers = append(r.Answers, a)
	}
	return r
}

// appendResolveJSON appends r as one JSON object: "spec", "result",
// "error" (when it failed), "result_components", "trace" and "answers"
// (each "spec", "result", "error" when it failed, "differs").
func appendResolveJSON(dst []byte, r resolveResponse) []byte {
	dst = append(dst, '{')
	dst = jsonline.AppendField(dst, true, "spec", r.Spec)
	dst = jsonline.AppendField(dst, false, "result", r.Result)
	if r.Error != "" {
		dst = jsonline.AppendField(dst, false, "error", r.Error)
	}
	dst = jsonline.AppendName(dst, false, "result_components")
	dst = r.ResultComponents.AppendJSON(dst)
	dst = jsonline.AppendName(dst, false, "trace")
	dst = r.Trace.AppendJSON(dst)
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
