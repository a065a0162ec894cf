package relurl

import (
	"github.com/relurl/relurl/internal/engine"
)

// The URL Standard is not linked into package relurl (docs/design.md#the-whatwg-seam):
// WHATWG's engine is package github.com/relurl/relurl/whatwg, which
// registers itself when it is imported, as crypto.Hash's implementations
// do. A program that uses WHATWG imports it, blank if need be:
//
//	import _ "github.com/relurl/relurl/whatwg"
const whatwgImport = "github.com/relurl/relurl/whatwg"

// Available reports whether s can be used: always for the RFCs; for WHATWG
// when package github.com/relurl/relurl/whatwg is linked into the program.
// Any other use of an unavailable WHATWG panics with a message naming that
// import, as crypto.Hash.New does for a hash whose package is not linked.
func (s Spec) Available() bool { return s.id != idWHATWG || engine.WHATWG != nil }

// whatwgEngine returns the registered engine or panics naming the import.
func whatwgEngine() *engine.Engine {
	e := engine.WHATWG
	if e == nil {
		panic("relurl: WHATWG requested but its engine is not linked: import _ \"" + whatwgImport + "\"")
	}
	return e
}

// ResolveErr is Resolve with the failure of WHATWG as an error: it returns
// the resolution, or "" and a *whatwg.Error (package
// github.com/relurl/relurl/whatwg). Under RFC1808, RFC2396 and RFC3986 the
// error is always nil. Every caller that may be given WHATWG resolves by
// ResolveErr (or AppendResolveErr), so that a failure is never mistaken for
// an empty answer.
func (s Spec) ResolveErr(base, ref string) (string, error) {
	if s.id == idWHATWG {
		return whatwgEngine().Resolve(base, ref)
	}
	return s.Resolve(base, ref), nil
}

// AppendResolveErr is AppendResolve with the failure of WHATWG as an error:
// on failure it returns dst unchanged and a *whatwg.Error (with Base set
// when the base failed). Under the RFCs the error is always nil. It does not
// allocate when dst has room, but for a failure's error and, under WHATWG,
// an input holding tabs or newlines or a non-ASCII domain.
func (b ParsedBase) AppendResolveErr(dst []byte, ref string) ([]byte, error) {
	if b.w != nil {
		return b.w.AppendResolve(dst, ref)
	}
	return b.u.appendResolve(dst, ref, nil), nil
}

// ParseBaseEncoding is ParseBase with the character encoding of the
// document the references come from, by its label in the Encoding Standard
// ("shift_jis", "windows-1252"; "" is UTF-8). Only WHATWG uses it: the
// query of a reference resolved to a special URL is encoded with it, as a
// browser resolves a link of a page in that encoding (URL Standard section
// 4.4, the encoding argument). The RFCs ignore the encoding (they do no
// encoding at all), but an unknown label is an error under every Spec.
func (s Spec) ParseBaseEncoding(base, encoding string) (ParsedBase, error) {
	if s.id != idWHATWG {
		if encoding != "" && engine.WHATWG != nil {
			if _, err := engine.WHATWG.ParseBase("", encoding); err != nil {
				return ParsedBase{}, err
			}
		}
		return s.ParseBase(base), nil
	}
	w, err := whatwgEngine().ParseBase(base, encoding)
	if err != nil {
		return ParsedBase{}, err
	}
	return ParsedBase{u: URL{s: base, spec: idWHATWG}, w: w}, nil
}

func parseBaseWHATWG(base string) ParsedBase {
	w, _ := whatwgEngine().ParseBase(base, "")
	return ParsedBase{u: URL{s: base, spec: idWHATWG}, w: w}
}

// explainWHATWG is Spec.Explain for WHATWG: the states of the basic URL
// parser (URL Standard section 4.4) that the base and then the reference
// went through, from the engine's trace, the same parser as Resolve's. A
// relative reference has no URL record of its own, so the components
// shown are those of the URL records the parser made, by the URL API
// (section 6.1): the base's, and the reference's parsed against the base
// (the result); the fields of Components keep the inputs as written,
// split as RFC 3986 Appendix B does.
func explainWHATWG(base, ref string) Trace {
	t := Trace{Spec: WHATWG, Base: components(parseURI(base)), Ref: components(parseURI(ref))}
	t.Base.spec, t.Ref.spec = WHATWG, WHATWG
	x := whatwgEngine().Explain(base, ref)
	for _, s := range x.Steps {
		t.Steps = append(t.Steps, Step{s.What, s.Section, s.Detail})
	}
	t.Base.API, t.Ref.API = newURLAPI(x.Base), newURLAPI(x.Ref)
	if x.BaseErr != nil {
		t.Base.Err = x.BaseErr.Error()
	}
	if x.RefErr != nil {
		t.Ref.Err = x.RefErr.Error()
	}
	if x.Err != nil {
		t.Err = x.Err.Error()
		return t
	}
	t.Result = x.Result
	return t
}
