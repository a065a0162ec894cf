// Package engine is the bridge through which package whatwg gives package
// relurl its URL Standard engine, so that relurl does not import whatwg (nor
// golang.org/x/text and the IDNA tables it links): relurl.WHATWG is a
// relurl.Spec whose engine is registered when whatwg is linked, as
// crypto.Hash's implementations are registered by their packages
// (docs/design.md#the-whatwg-seam). Neither side imports the other; both
// import this package, which imports nothing.
package engine

// WHATWG is the URL Standard engine, nil until package whatwg's init sets
// it. It is written once, before main runs, and only read afterwards.
var WHATWG *Engine

// Engine is what relurl needs of the URL Standard. Errors are *whatwg.Error.
type Engine struct {
	// Resolve parses ref against base ("" for no base) and returns the href.
	Resolve func(base, ref string) (string, error)
	// ParseBase parses base ("" for no base) once, with the encoding named
	// encoding ("" for UTF-8) for the queries of special URLs. It fails
	// only for an encoding it does not know; a base the standard rejects
	// gives a Base whose every resolution returns that failure.
	ParseBase func(base, encoding string) (Base, error)
	// Relative returns the shortest reference found that resolves against
	// base to target, or target.
	Relative func(base, target string) string
	// Parse parses input alone and returns its URL record as the URL API
	// shows it, or the failure.
	Parse func(input string) (API, error)
	// Explain lists the parser's steps for ref against base, the records
	// it made, and the result or the failure.
	Explain func(base, ref string) Explanation
}

// API is a URL record as the URL Standard's URL API shows it (section 6.1).
type API struct {
	Href, Protocol, Username, Password, Hostname, Port, Pathname, Search, Hash string
}

// Explanation is what Engine.Explain found.
type Explanation struct {
	Steps     []Step
	Base, Ref *API  // the records parsed, nil when none (no base, or a failure)
	BaseErr   error // the base's failure (Err too), or nil
	RefErr    error // the reference's failure (Err too), or nil
	Result    string
	Err       error
}

// Base is a base URL parsed once. Its values are pointers, so that relurl's
// ParsedBase that holds one stays small and comparable.
type Base interface {
	// AppendResolve appends the href of ref parsed against the base, or
	// returns dst unchanged and the failure (of the base or the reference).
	AppendResolve(dst []byte, ref string) ([]byte, error)
	// AppendRelative appends the reference Relative would return.
	AppendRelative(dst []byte, target string) []byte
}

// Step is one step of an explanation: which input ("base", "ref", "fail"),
// the section of the URL Standard, and what happened.
type Step struct {
	What, Section, Detail string
}
