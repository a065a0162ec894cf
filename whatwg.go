package relurl

import (
	"strconv"

	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/whatwg"
)

// WHATWGError is the error of a resolution the URL Standard rejects: the
// input (the reference, or the base when Base is set), the byte offset in
// it where the parser gave up, and the Reason, the standard's name of the
// validation error ("host-missing", "port-out-of-range", ...), which
// errors.Is compares. The RFCs never fail.
type WHATWGError = whatwg.Error

// ResolveErr is Resolve with the failure of WHATWG as an error: it returns
// the resolution, or "" and a *WHATWGError. Under RFC1808, RFC2396 and
// RFC3986 the error is always nil. Every caller that may be given WHATWG
// resolves by ResolveErr (or AppendResolveErr), so that a failure is never
// mistaken for an empty answer.
func (s Spec) ResolveErr(base, ref string) (string, error) {
	if s.id == idWHATWG {
		return resolveWHATWG(base, ref)
	}
	return s.Resolve(base, ref), nil
}

// AppendResolveErr is AppendResolve with the failure of WHATWG as an error:
// on failure it returns dst unchanged and a *WHATWGError (with Base set when
// the base failed). Under the RFCs the error is always nil. It does not
// allocate when dst has room, but for a failure's error and, under WHATWG,
// an input holding tabs or newlines or a non-ASCII domain.
func (b ParsedBase) AppendResolveErr(dst []byte, ref string) ([]byte, error) {
	if b.u.spec == idWHATWG {
		return b.w.appendResolve(dst, b.u.s, ref)
	}
	return b.u.appendResolve(dst, ref, nil), nil
}

// whatwgBase is a base parsed by the URL Standard: the URL, or the failure
// as the fields of its *whatwg.Error (Input is the base string).
type whatwgBase struct {
	url    whatwg.URL
	reason whatwg.Reason // 0 when the base parsed, or when there is none
	none   bool          // the empty base: no base URL
	offset int
}

func parseBaseWHATWG(base string) ParsedBase {
	b := ParsedBase{u: URL{s: base, spec: idWHATWG}, w: new(whatwgBase)}
	if base == "" {
		// As for the RFCs, the empty string is no base: the reference is
		// parsed alone.
		b.w.none = true
		return b
	}
	u, err := whatwg.Parse(base, nil)
	if err != nil {
		e := err.(*whatwg.Error)
		b.w.reason, b.w.offset = e.Reason, e.Offset
		return b
	}
	b.w.url = u
	return b
}

// err returns the base's failure, or nil.
func (w *whatwgBase) err(base string) error {
	if w.reason == 0 {
		return nil
	}
	return &whatwg.Error{Input: base, Offset: w.offset, Reason: w.reason, Base: true}
}

func (w *whatwgBase) appendResolve(dst []byte, base, ref string) ([]byte, error) {
	if w.none {
		return whatwg.AppendResolve(dst, nil, ref)
	}
	if w.reason != 0 {
		return dst, w.err(base)
	}
	return whatwg.AppendResolve(dst, &w.url, ref)
}

func resolveWHATWG(base, ref string) (string, error) {
	if base == "" {
		u, err := whatwg.Parse(ref, nil)
		return u.Href(), err
	}
	return whatwg.Resolve(base, ref)
}

// relativeWHATWG is Spec.Relative for WHATWG.
func relativeWHATWG(base, target string) string {
	b := parseBaseWHATWG(base)
	return string(b.w.appendRelative(nil, base, target))
}

func (w *whatwgBase) appendRelative(dst []byte, base, target string) []byte {
	t, err := whatwg.Parse(target, nil)
	if err != nil || w.reason != 0 {
		// No reference resolves to a target the standard rejects, nor
		// against a base it rejects.
		return append(dst, target...)
	}
	if w.none {
		return whatwg.AppendRelative(dst, nil, &t)
	}
	return whatwg.AppendRelative(dst, &w.url, &t)
}

// explainWHATWG is Spec.Explain for WHATWG: the states of the basic URL
// parser (URL Standard section 4.4) that the base and then the reference
// went through, from whatwg.ParseTrace, the same parser as Resolve's. A
// relative reference has no URL record of its own, so the components
// shown are those of the URL records the parser made, by the URL API
// (section 6.1): the base's, and the reference's parsed against the base
// (the result); the fields of Components keep the inputs as written,
// split as RFC 3986 Appendix B does.
func explainWHATWG(base, ref string) Trace {
	t := Trace{Spec: WHATWG, Base: components(parseURI(base)), Ref: components(parseURI(ref))}
	t.Base.spec, t.Ref.spec = WHATWG, WHATWG
	var bp *whatwg.URL
	if base == "" {
		t.Steps = append(t.Steps, Step{"base", "4.4", "the base is empty: no base URL, the reference is parsed alone"})
	} else {
		var tr whatwg.Trace
		b, err := whatwg.ParseTrace(base, nil, &tr)
		t.Steps = appendStates(t.Steps, "base", &tr)
		if err != nil {
			err.(*whatwg.Error).Base = true
			t.Base.Err = err.Error()
			return failWHATWG(t, err)
		}
		t.Base.API = newURLAPI(&b)
		t.Steps = append(t.Steps, Step{"base", "4.5", "parsed; serialized as " + quote.Quote(b.Href())})
		bp = &b
	}
	var tr whatwg.Trace
	u, err := whatwg.ParseTrace(ref, bp, &tr)
	t.Steps = appendStates(t.Steps, "ref", &tr)
	if err != nil {
		t.Ref.Err = err.Error()
		return failWHATWG(t, err)
	}
	t.Ref.API = newURLAPI(&u)
	t.Result = u.Href()
	t.Steps = append(t.Steps, Step{"ref", "4.5", "serialized: " + quote.Quote(t.Result)})
	return t
}

func failWHATWG(t Trace, err error) Trace {
	e := err.(*whatwg.Error)
	t.Err = err.Error()
	t.Steps = append(t.Steps, Step{"fail", "4.4", e.Reason.Error() + " at offset " + strconv.Itoa(e.Offset) + ": return failure"})
	return t
}

// appendStates lists the states of tr as steps of the input named what.
func appendStates(steps []Step, what string, tr *whatwg.Trace) []Step {
	for _, s := range tr.Steps {
		rest := tr.Input[min(s.Offset, len(tr.Input)):]
		steps = append(steps, Step{what, "4.4", s.State.String() + " at offset " + strconv.Itoa(s.Offset) + ", remaining " + quote.Quote(rest)})
	}
	return steps
}
