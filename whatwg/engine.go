package whatwg

import (
	"golang.org/x/text/encoding"

	"strconv"

	"github.com/relurl/relurl/internal/engine"
	"github.com/relurl/relurl/internal/quote"
)

// init registers the package as relurl.WHATWG's engine
// (docs/design.md#the-whatwg-seam): importing whatwg, even blank, is what
// makes relurl.WHATWG available.
func init() {
	engine.WHATWG = &engine.Engine{
		Resolve:   resolveEngine,
		ParseBase: parseBaseEngine,
		Relative:  relativeEngine,
		Parse:     parseEngine,
		Explain:   explainEngine,
	}
}

func resolveEngine(base, ref string) (string, error) {
	if base == "" {
		u, err := Parse(ref)
		return u.href, err
	}
	return Resolve(base, ref)
}

// engineBase is relurl's ParsedBase under WHATWG: the URL, or its failure
// as the fields of its *Error (s is the base string).
type engineBase struct {
	url    URL
	s      string
	reason Reason // 0 when the base parsed, or when there is none
	offset int
	none   bool // the empty base: no base URL
	enc    encoding.Encoding
}

func parseBaseEngine(base, enc string) (engine.Base, error) {
	b := &engineBase{s: base}
	if enc != "" {
		e, err := lookupEncoding(enc)
		if err != nil {
			return nil, err
		}
		b.enc = e
	}
	if base == "" {
		// As for the RFCs, the empty string is no base: the reference is
		// parsed alone.
		b.none = true
		return b, nil
	}
	u, err := Parse(base)
	if err != nil {
		e := err.(*Error)
		b.reason, b.offset = e.Reason, e.Offset
		return b, nil
	}
	b.url = u
	return b, nil
}

func (b *engineBase) err() error {
	return &Error{Input: b.s, Offset: b.offset, Reason: b.reason, Base: true}
}

func (b *engineBase) AppendResolve(dst []byte, ref string) ([]byte, error) {
	if b.none {
		return appendResolve(dst, nil, ref, b.enc)
	}
	if b.reason != 0 {
		return dst, b.err()
	}
	return appendResolve(dst, &b.url, ref, b.enc)
}

func (b *engineBase) AppendRelative(dst []byte, target string) []byte {
	t, err := Parse(target)
	if err != nil || b.reason != 0 {
		// No reference resolves to a target the standard rejects, nor
		// against a base it rejects.
		return append(dst, target...)
	}
	if b.none {
		return AppendRelative(dst, nil, &t)
	}
	return AppendRelative(dst, &b.url, &t)
}

func relativeEngine(base, target string) string {
	b, _ := parseBaseEngine(base, "")
	return string(b.AppendRelative(nil, target))
}

func parseEngine(input string) (engine.API, error) {
	u, err := Parse(input)
	if err != nil {
		return engine.API{}, err
	}
	return apiOf(&u), nil
}

func apiOf(u *URL) engine.API {
	return engine.API{Href: u.Href(), Protocol: u.Protocol(), Username: u.Username(), Password: u.Password(),
		Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(), Search: u.Search(), Hash: u.Hash()}
}

// explainEngine lists the states of the basic URL parser (URL Standard
// section 4.4) that the base and then the reference went through, from
// ParseTrace, the same parser as Resolve's, and the records it made.
func explainEngine(base, ref string) engine.Explanation {
	var x engine.Explanation
	var bp *URL
	if base == "" {
		x.Steps = append(x.Steps, engine.Step{What: "base", Section: "4.4", Detail: "the base is empty: no base URL, the reference is parsed alone"})
	} else {
		var tr Trace
		b, err := ParseTrace(base, nil, &tr)
		x.Steps = appendStates(x.Steps, "base", base, &tr)
		if err != nil {
			err.(*Error).Base = true
			x.Steps = failStep(x.Steps, err)
			x.BaseErr, x.Err = err, err
			return x
		}
		a := apiOf(&b)
		x.Base = &a
		x.Steps = append(x.Steps, engine.Step{What: "base", Section: "4.5", Detail: "parsed; serialized as " + quote.Quote(b.Href())})
		bp = &b
	}
	var tr Trace
	u, err := ParseTrace(ref, bp, &tr)
	x.Steps = appendStates(x.Steps, "ref", ref, &tr)
	if err != nil {
		x.Steps = failStep(x.Steps, err)
		x.RefErr, x.Err = err, err
		return x
	}
	a := apiOf(&u)
	x.Ref = &a
	x.Result = u.href
	x.Steps = append(x.Steps, engine.Step{What: "ref", Section: "4.5", Detail: "serialized: " + quote.Quote(u.href)})
	return x
}

// failStep is the step of a failure; its offset is Error.Offset's, in
// the input as given (the state steps' index the input cleaned).
func failStep(steps []engine.Step, err error) []engine.Step {
	e := err.(*Error)
	return append(steps, engine.Step{What: "fail", Section: "4.4", Detail: e.Reason.Error() + " at offset " + strconv.Itoa(e.Offset) + " of the input as given: return failure"})
}

// appendStates lists the states of tr as steps of the input named what,
// given as input: first, when the parser's first steps changed it (C0
// controls and spaces at its ends, tabs and newlines, section 4.4), the
// input they leave, which the states' offsets index.
func appendStates(steps []engine.Step, what, input string, tr *Trace) []engine.Step {
	if tr.Input != input && (len(tr.Steps) > 0 || tr.Input != "") {
		steps = append(steps, engine.Step{What: what, Section: "4.4", Detail: "C0 controls and spaces trimmed from its ends, tabs and newlines removed: " + quote.Quote(tr.Input) + " (the offsets below index it)"})
	}
	for _, s := range tr.Steps {
		// The text from the pointer on, the character it points at
		// included: the standard's "remaining" starts after it.
		rest := tr.Input[min(s.Offset, len(tr.Input)):]
		steps = append(steps, engine.Step{What: what, Section: "4.4", Detail: s.State.String() + " at offset " + strconv.Itoa(s.Offset) + ": " + quote.Quote(rest)})
	}
	// The validation errors that did not end the parse: the URL is
	// valid only without them (section 1.1, "Writing"). An input may
	// have one a byte: the first few are listed, the others counted, so
	// that a trace stays short.
	for i, v := range tr.Validation {
		if i == maxTracedValidation {
			steps = append(steps, engine.Step{What: what, Section: "4.4", Detail: strconv.Itoa(len(tr.Validation)-i) + " more validation errors, not fatal"})
			break
		}
		steps = append(steps, engine.Step{What: what, Section: "4.4", Detail: "validation error, not fatal: " + v.Kind.String() + " at offset " + strconv.Itoa(v.Offset)})
	}
	return steps
}

// maxTracedValidation is how many validation errors an input's steps
// list.
const maxTracedValidation = 4
