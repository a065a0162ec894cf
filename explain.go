package relurl

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/internal/engine"
	"github.com/relurl/relurl/internal/jsonline"
	"github.com/relurl/relurl/internal/quote"
)

// A Trace records how a reference resolves against a base by one Spec:
// the components of both, each step of the algorithm that applied with
// what it did, and the result. Explain builds it by running the resolver
// itself with a recorder, on its general path (the fast paths are
// specialisations of it), so the trace and Resolve cannot disagree.
//
// A Trace has one JSON form, its MarshalJSON's, which is also what the
// command's "relurl explain -json" and /api/resolve show as "trace":
//
//	{"spec":"rfc3986","base":{...},"ref":{...},
//	 "steps":[{"step":"5.2.2","section":"5.2.2","detail":"..."}],
//	 "unrecorded":0,"result":"http://a/b/c/;x"}
//
// with "error" after "result" when the URL Standard fails. "base" and
// "ref" are Components in their JSON form (see Components.MarshalJSON).
type Trace struct {
	Spec Spec       `json:"spec"`
	Base Components `json:"base"` // the base, split (RFC 1808 section 2.4; later specs Appendix B)
	Ref  Components `json:"ref"`  // the reference, split likewise
	// Steps lists the steps that applied, in the order they ran. A rule
	// that changed nothing (6b on a path not ending in ".") is not listed.
	Steps []Step `json:"steps"`
	// Unrecorded counts the ".." removals done but not listed in Steps:
	// at most 64 are listed, so that the trace of a million "../" stays
	// small. A last step says how many were left out.
	Unrecorded int `json:"unrecorded"`
	// Result is the resolution, equal to Spec.Resolve's.
	Result string `json:"result"`
	// Err is the failure under WHATWG (ResolveErr's error text), with
	// Result empty; "" otherwise.
	Err string `json:"error,omitempty"`
}

// maxTracedRemovals is the most ".." removals a Trace lists one by one.
const maxTracedRemovals = 64

// A Step is one step of the resolution that applied.
type Step struct {
	Step    string `json:"step"`    // the step as the RFC numbers it: "1", "2a", "6c", "7"; for RFC 3986 the section or rule
	Section string `json:"section"` // the RFC section of the rule applied, such as "4" or "2.4"
	Detail  string `json:"detail"`  // what the step did, for people, strings quoted and long ones shortened
}

// Components is a URL split into its components, each with its presence,
// as a Trace shows it. Under RFC2396 and RFC3986, NetLoc holds the
// authority and Params is always absent (";" is part of the path). Under
// WHATWG, the six fields split the input as written (RFC 3986 Appendix B)
// and API holds what the URL Standard's parser made of it.
type Components struct {
	Input    string    `json:"input"`    // the string split
	Scheme   Component `json:"scheme"`   // without its ":"
	NetLoc   Component `json:"net_loc"`  // without its "//"
	Path     Component `json:"path"`     // with its leading "/", if any; always present
	Params   Component `json:"params"`   // without its ";"
	Query    Component `json:"query"`    // without its "?"
	Fragment Component `json:"fragment"` // without its "#"
	// API is the URL record as the URL Standard's API shows it, under
	// WHATWG only; nil under the RFCs, or when the input is no URL record
	// (the parser failed: Err says why).
	API *URLAPI `json:"api,omitempty"`
	// Err is why the URL Standard's parser failed on the input (WHATWG
	// only), or "".
	Err string `json:"error,omitempty"`

	spec Spec // whose components these are, for String and MarshalJSON
}

// URLAPI is a URL record as the URL Standard's API shows it (section 6.1,
// the attributes of new URL() in a browser): href, protocol (with its
// ":"), username, password, hostname, port, pathname, search (with its
// "?", or "" when the query is empty or absent) and hash (likewise with
// its "#").
type URLAPI struct {
	Href     string `json:"href"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

// newURLAPI converts the engine's record (docs/design.md#the-whatwg-seam);
// nil gives nil.
func newURLAPI(a *engine.API) *URLAPI {
	if a == nil {
		return nil
	}
	return &URLAPI{a.Href, a.Protocol, a.Username, a.Password, a.Hostname, a.Port, a.Pathname, a.Search, a.Hash}
}

// fields lists the attributes of a with their names, in the order of
// the URL Standard's API (section 6.1), href apart.
func (a *URLAPI) fields() [8][2]string {
	return [8][2]string{
		{"protocol", a.Protocol}, {"username", a.Username}, {"password", a.Password}, {"hostname", a.Hostname},
		{"port", a.Port}, {"pathname", a.Pathname}, {"search", a.Search}, {"hash", a.Hash},
	}
}

// apiNames are the names of URLAPI.fields, for the attributes of a URL
// that is no URL record.
var apiNames = [8]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// Split returns the components of u by s: RFC 1808's six (section 2.4);
// RFC 2396's and RFC 3986's five (Appendix B, no params); under WHATWG,
// the URL record of u parsed alone, as URLAPI, or the parser's failure.
// It is what a Trace of s shows of its inputs, and what "relurl parse
// -spec" prints.
func (s Spec) Split(u string) Components {
	switch s.id {
	case id1808:
		return components(Parse(u))
	case idWHATWG:
		c := components(parseURI(u))
		c.spec = s
		if r, err := whatwgEngine().Parse(u); err != nil {
			c.Err = err.Error()
		} else {
			c.API = newURLAPI(&r)
		}
		return c
	}
	c := components(parseURI(u))
	c.spec = s
	return c
}

// Spec returns the specification whose components c holds.
func (c Components) Spec() Spec { return c.spec }

// MarshalJSON writes c as one JSON object in the shape of its
// specification, the one shape of the command's and the API's output:
// "url", the string split; then by RFC 1808 "scheme", "net_loc", "path",
// "params", "query", "fragment"; by RFC 2396 and RFC 3986 "scheme",
// "authority", "path", "query", "fragment" (each a string, or null when
// absent: an absent component differs from an empty one); by WHATWG the
// URL API's "href", "protocol", "username", "password", "hostname",
// "port", "pathname", "search", "hash" (null when the input is no URL
// record) and then "error" when the parser failed. A string that is not
// valid UTF-8 is written as package jsonline says (docs/command.md#json-output).
func (c Components) MarshalJSON() ([]byte, error) { return c.AppendJSON(nil), nil }

// AppendJSON appends MarshalJSON's object to dst.
func (c Components) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = c.AppendJSONMembers(dst)
	return append(dst, '}')
}

// AppendJSONMembers appends the members of AppendJSON's object, without
// its braces, "url" first, so that a caller may add its own.
func (c Components) AppendJSONMembers(dst []byte) []byte {
	dst = jsonline.AppendField(dst, true, "url", c.Input)
	if c.spec.id == idWHATWG {
		if c.API == nil {
			dst = jsonline.AppendOptional(dst, "href", "", false)
			for _, n := range apiNames {
				dst = jsonline.AppendOptional(dst, n, "", false)
			}
		} else {
			dst = jsonline.AppendField(dst, false, "href", c.API.Href)
			for _, f := range c.API.fields() {
				dst = jsonline.AppendField(dst, false, f[0], f[1])
			}
		}
		if c.Err != "" {
			dst = jsonline.AppendField(dst, false, "error", c.Err)
		}
		return dst
	}
	for i, comp := range c.list() {
		if n := names[c.spec.id][i][0]; n != "" {
			dst = jsonline.AppendOptional(dst, n, comp.Value, comp.Present)
		}
	}
	return dst
}

// list returns the six components in the order of RFC 1808 section 2.4's
// syntax.
func (c Components) list() [6]Component {
	return [6]Component{c.Scheme, c.NetLoc, c.Path, c.Params, c.Query, c.Fragment}
}

// MarshalJSON writes t as one JSON object, the shape shown in the
// documentation of Trace.
func (t Trace) MarshalJSON() ([]byte, error) { return t.AppendJSON(nil), nil }

// AppendJSON appends MarshalJSON's object to dst.
func (t Trace) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = jsonline.AppendField(dst, true, "spec", t.Spec.String())
	dst = jsonline.AppendName(dst, false, "base")
	dst = t.Base.withSpec(t.Spec).AppendJSON(dst)
	dst = jsonline.AppendName(dst, false, "ref")
	dst = t.Ref.withSpec(t.Spec).AppendJSON(dst)
	dst = jsonline.AppendName(dst, false, "steps")
	dst = append(dst, '[')
	for i, s := range t.Steps {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '{')
		dst = jsonline.AppendField(dst, true, "step", s.Step)
		dst = jsonline.AppendField(dst, false, "section", s.Section)
		dst = jsonline.AppendField(dst, false, "detail", s.Detail)
		dst = append(dst, '}')
	}
	dst = append(dst, ']')
	dst = jsonline.AppendInt(dst, "unrecorded", t.Unrecorded)
	dst = jsonline.AppendField(dst, false, "result", t.Result)
	if t.Err != "" {
		dst = jsonline.AppendField(dst, false, "error", t.Err)
	}
	return append(dst, '}')
}

// withSpec returns c as components of s: a Trace's components are its
// Spec's, even when built by hand.
func (c Components) withSpec(s Spec) Components {
	c.spec = s
	return c
}

// A Component is one component of a URL: its value and whether it is
// present. A present component may be empty ("http://a/b?" has an empty
// query); an absent one always is ("http://a/b" has no query).
type Component struct {
	Value   string `json:"value"`
	Present bool   `json:"present"`
}

// components returns u's components, from its accessors.
func components(u URL) Components {
	return Components{
		Input:    u.s,
		Scheme:   Component{u.Scheme(), u.HasScheme()},
		NetLoc:   Component{u.NetLoc(), u.HasNetLoc()},
		Path:     Component{u.Path(), true},
		Params:   Component{u.Params(), u.HasParams()},
		Query:    Component{u.Query(), u.HasQuery()},
		Fragment: Component{u.Fragment(), u.HasFragment()},
	}
}

// Explain is RFC1808.Explain.
func Explain(base, ref string) Trace { return RFC1808.Explain(base, ref) }

// Explain resolves ref against base as s.Resolve does and returns the
// trace of the resolution. Its time and memory are linear in
// len(base)+len(ref), and the trace holds a bounded number of steps.
func (s Spec) Explain(base, ref string) Trace {
	if s.id == idWHATWG {
		return explainWHATWG(base, ref)
	}
	rec := &recorder{Trace: Trace{Spec: s}}
	var out []byte
	if s.id == id1808 {
		b := Parse(base)
		rec.Base, rec.Ref = components(b), components(Parse(ref))
		out = b.appendResolve(nil, ref, rec)
		rec.Result = string(out)
		if rec.recombined {
			rec.add("7", "4", "components recombined (section 2.1): %s", quote.Quote(rec.Result))
		}
		return rec.Trace
	}
	rec.Base, rec.Ref = components(parseURI(base)), components(parseURI(ref))
	out = appendURI(nil, baseView{s: base}, ref, s.rules(), rec)
	rec.Result = string(out)
	rec.note("7", "recombined: "+quote.Quote(rec.Result))
	return rec.Trace
}

// recorder is what Explain hands the resolver. Every method is called only
// with a non-nil recorder but note and dotsDone, which do nothing on nil.
type recorder struct {
	Trace
	recombined bool // step 7 of RFC 1808 runs

	// The dot rules' record: the path with its "." segments removed
	// (6a, 6b), their count, and the ".." removals (6c, 6d).
	ab      strings.Builder
	dots    int
	final   bool
	pops    []Step
	removed int
	kept    int    // ".." with nothing to remove
	popLast string // the segment a final ".." removed (6d), or ""
	popped  bool
}

func (r *recorder) add(step, section, format string, args ...any) {
	r.Steps = append(r.Steps, Step{step, section, fmt.Sprintf(format, args...)})
}

// Steps of RFC 1808 section 4 that at1808 records.
const (
	step1or2a = iota
	step2b
	step2c3
	step4
	step5
	step5aSkip
	step5bSkip
	step5b
)

// at1808 records a step of RFC 1808 section 4 that the resolver took.
func (r *recorder) at1808(step int, b, ref *URL) {
	if step == step1or2a && b.s == "" {
		r.add("1", "4", "the base URL is empty (unknown, section 3.4): the reference is taken as absolute, done")
		return
	}
	r.add("1", "4", "the base URL is %s (established by section 3)", quote.Quote(b.s))
	r.add("2", "2.4", "base and reference parsed into components")
	switch step {
	case step1or2a:
		r.add("2a", "4", "the reference is entirely empty: it inherits the entire base URL, fragment included, done")
	case step2b:
		r.add("2b", "4", "the reference starts with the scheme name %s: it is absolute, done", quote.Quote(ref.Scheme()))
	case step2c3:
		r.recombined = true
		if b.HasScheme() {
			r.add("2c", "4", "the reference inherits the scheme %s", quote.Quote(b.Scheme()))
		} else {
			r.add("2c", "4", "the base has no scheme: there is none to inherit")
		}
		if ref.NetLoc() != "" {
			r.add("3", "4", "net_loc %s is non-empty: skip to step 7", quote.Quote(ref.NetLoc()))
			return
		}
		what := "net_loc absent"
		if ref.HasNetLoc() {
			// docs/design.md#empty-in-section-4: "empty" tests the value, so "//" inherits.
			what = `net_loc present but empty ("//")`
		}
		switch {
		case !b.HasNetLoc():
			r.add("3", "4", "%s; the base has none: nothing to inherit", what)
		case b.NetLoc() == "":
			r.add("3", "4", "%s: inherits the base's empty net_loc", what)
		default:
			r.add("3", "4", "%s: inherits %s", what, quote.Quote(b.NetLoc()))
		}
	}
}

// The later steps come after at1808(step2c3): Steps already has 1 to 3.
func (r *recorder) step4(ref *URL) {
	r.add("4", "4", "path %s is preceded by a slash: not relative, skip to step 7", quote.Quote(ref.Path()))
}

func (r *recorder) step5(step int, b, ref *URL) {
	base, rc := r.Base, components(*ref)
	r.add("5", "4", "path empty: inherits the base path %s", quote.Quote(b.Path()))
	if step == step5aSkip {
		r.add("5a", "4", "params %s non-empty: skip to step 7", quote.Quote(ref.Params()))
		return
	}
	r.add("5a", "4", "params %s: %s", emptyOrAbsent(rc.Params), inherits(base.Params))
	if step == step5bSkip {
		r.add("5b", "4", "query %s non-empty: skip to step 7", quote.Quote(ref.Query()))
		return
	}
	r.add("5b", "4", "query %s: %s; skip to step 7", emptyOrAbsent(rc.Query), inherits(base.Query))
}

func emptyOrAbsent(c Component) string {
	if c.Present {
		return "empty"
	}
	return "absent"
}

func inherits(c Component) string {
	switch {
	case !c.Present:
		return "the base has none to inherit"
	case c.Value == "":
		return "inherits the base's, present and empty"
	}
	return "inherits " + quote.Quote(c.Value)
}

// note records a step of RFC 2396 (numbered as its section 5.2 does) or
// RFC 3986 (as section 5.2.2).
func (r *recorder) note(step, detail string) {
	if r == nil || r.Spec.id == id1808 {
		return
	}
	section := "5.2"
	if r.Spec.id == id3986 {
		step, section = "5.2.2", "5.2.2"
		if strings.HasPrefix(detail, "recombined") {
			step, section = "5.3", "5.3"
		}
	}
	r.Steps = append(r.Steps, Step{step, section, detail})
}

// merge records the merge of the base path s[p:end] and the reference's
// path: the base path up to dir, its last "/", without the leading "/"
// that stepRoot reads as the root, then refPath.
func (r *recorder) merge(s string, p, start, dir, end int, root bool, refPath string) {
	l := dotLabels[r.Spec.id]
	section := l.section
	if r.Spec.id == id3986 {
		section = "5.2.3"
	}
	rootS := ""
	if root {
		rootS = "/"
	}
	basePath, d := s[p:end], s[start:dir]
	if basePath == "" && root {
		r.add(l.merge, section, "the base has a net_loc and an empty path, which is the path \"/\" (RFC 1738)")
	}
	if last := s[dir:end]; last != "" {
		r.add(l.merge, section, "base path %s without its last segment %s is %s; + %s",
			quote.Quote(basePath), quote.Quote(last), quote.Quote(rootS+d), quote.Quote(refPath))
	} else {
		r.add(l.merge, section, "base path %s has an empty last segment: %s + %s",
			quote.Quote(rootS+s[start:end]), quote.Quote(rootS+d), quote.Quote(refPath))
	}
	if r.Spec.id == id1808 && root && (strings.Contains(d, ".") || strings.Contains(refPath, ".")) {
		r.add(l.merge, "2.4.6", "rules %s work on %s: the leading \"/\" is not part of the path", l.rules, quote.Quote(d+refPath))
	}
}

// dotLabels name the dot rules of each Spec as its RFC numbers them.
var dotLabels = [...]struct{ merge, dot, final, pop, popFinal, above, section, rules string }{
	id1808: {"6", "6a", "6b", "6c", "6d", "6c", "4", "6a-6d"},
	id2396: {"6a", "6c", "6d", "6e", "6f", "6g", "5.2", "6c-6g"},
	id3986: {"5.2.3", "B", "B", "C", "C", "C", "5.2.4", ""},
	// The URL Standard's steps are its parser's states (section 4.4).
	idWHATWG: {section: "4.4"},
}

// dot records a "." segment that the rules drop (6a, or 6b when last).
func (r *recorder) dot(last bool) {
	if last {
		r.final = true
	} else {
		r.dots++
	}
}

// keep records a segment pushed on the stack.
func (r *recorder) keep(seg string, last bool) {
	r.ab.WriteString(seg)
	if !last {
		r.ab.WriteByte('/')
	}
}

// pop records a ".." that removed the segment top (6c, or 6d when last).
func (r *recorder) pop(top string, last bool) {
	r.keep("..", last)
	if last {
		r.popLast, r.popped = top, true
		return
	}
	r.removed++
	if r.removed <= maxTracedRemovals {
		l := dotLabels[r.Spec.id]
		r.pops = append(r.pops, Step{l.pop, l.section, "removed " + quote.Quote(top+"/../")})
	}
}

// above records a ".." with nothing to remove: kept, or dropped by RFC
// 3986 (then it is not pushed, so keep does not see it).
func (r *recorder) above(drop bool) {
	r.kept++
	if drop {
		r.ab.WriteString("../")
	}
}

// dotsDone lists what the dot rules did, if r records.
func (r *recorder) dotsDone() {
	if r != nil {
		r.listDots()
	}
}

// listDots lists what the dot rules did, in the order the RFC applies
// them: "." segments first (6a, 6b), then ".." (6c, 6d).
func (r *recorder) listDots() {
	l := dotLabels[r.Spec.id]
	ab := r.ab.String()
	if r.dots > 0 {
		plural := "s"
		if r.dots == 1 {
			plural = ""
		}
		final := ""
		if r.final {
			final = "."
		}
		r.add(l.dot, l.section, `removed %d occurrence%s of "./": %s`, r.dots, plural, quote.Quote(ab+final))
	}
	if r.final {
		r.add(l.final, l.section, `removed the final ".": %s`, quote.Quote(ab))
	}
	r.Steps = append(r.Steps, r.pops...)
	if r.removed > maxTracedRemovals {
		r.Unrecorded = r.removed - maxTracedRemovals
		r.add(l.pop, l.section, "removed %d more \"<segment>/../\", not listed (%d in all)", r.Unrecorded, r.removed)
	}
	if r.kept > 0 {
		r.add(l.above, l.section, "%d \"..\" with no segment before to remove: %s", r.kept, keptNotes[r.Spec.id])
	}
	if r.popped {
		r.add(l.popFinal, l.section, "removed the final %s", quote.Quote(r.popLast+"/.."))
	}
}

// keptNotes say what becomes of a ".." with nothing to remove.
var keptNotes = [...]string{
	id1808: "kept, as section 5.2 shows (`../../../g` gives `http://a/../g`)",
	id2396: "kept (step 6g: the first answer of Appendix C)",
	id3986: "dropped (section 5.2.4, rule C)",
}

// names are the components' names and sections, as each Spec has them.
var names = [...][6][2]string{
	id1808: {{"scheme", "2.4.2"}, {"net_loc", "2.4.3"}, {"path", "2.4.6"}, {"params", "2.4.5"}, {"query", "2.4.4"}, {"fragment", "2.4.1"}},
	id2396: {{"scheme", "3.1"}, {"authority", "3.2"}, {"path", "3.3"}, {"", ""}, {"query", "3.4"}, {"fragment", "4.1"}},
	id3986: {{"scheme", "3.1"}, {"authority", "3.2"}, {"path", "3.3"}, {"", ""}, {"query", "3.4"}, {"fragment", "3.5"}},
	// The URL Standard's are its URL API's attributes: see URLAPI.
}

var headers = [...][2]string{
	id1808: {"RFC 1808 section 2.4", "RFC 1808 section 4"},
	id2396: {"RFC 2396 Appendix B", "RFC 2396 section 5.2"},
	id3986: {"RFC 3986 Appendix B", "RFC 3986 section 5.2"},
	// The URL records the parser made: the base's, the reference's
	// against it (a relative reference has no URL record alone).
	idWHATWG: {"URL Standard section 6.1, the URL API of each URL record", "URL Standard section 4.4, the basic URL parser's states"},
}

// String returns the trace as text for people: the components of base and
// reference, the steps with their RFC sections, and the result.
func (t Trace) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "base       %s\nreference  %s\n\n", quote.Quote(t.Base.Input), quote.Quote(t.Ref.Input))
	h := headers[t.Spec.id]
	fmt.Fprintf(&b, "components (%s)\n", h[0])
	if t.Spec.id == idWHATWG {
		writeAPI(&b, t.Base.API, t.Ref.API)
	} else {
		fmt.Fprintf(&b, "  %-16s %-28s %s\n", "", "base", "reference")
		bc, rc := t.Base.list(), t.Ref.list()
		for i, n := range names[t.Spec.id] {
			if n[0] != "" {
				fmt.Fprintf(&b, "  %-16s %-28s %s\n", n[0]+" ("+n[1]+")", showComponent(bc[i]), showComponent(rc[i]))
			}
		}
	}
	fmt.Fprintf(&b, "\nsteps (%s)\n", h[1])
	def := dotLabels[t.Spec.id].section
	if t.Spec.id == id3986 {
		def = "5.2.2"
	}
	for _, s := range t.Steps {
		sec := ""
		if s.Section != def {
			sec = " [" + s.Section + "]"
		}
		fmt.Fprintf(&b, "  %-4s %s%s\n", s.Step, s.Detail, sec)
	}
	if t.Err != "" {
		fmt.Fprintf(&b, "\nfailure    %s\n", t.Err)
		return b.String()
	}
	fmt.Fprintf(&b, "\nresult     %s\n", quote.Quote(t.Result))
	return b.String()
}

// writeAPI writes the URL API's attributes of the base and of the
// reference parsed against it, each "(no URL record)" when the parser
// failed on it or did not reach it.
func writeAPI(b *strings.Builder, base, ref *URLAPI) {
	fmt.Fprintf(b, "  %-16s %-28s %s\n", "", "base", "reference, parsed against the base")
	var bf, rf [8][2]string
	if base != nil {
		bf = base.fields()
	}
	if ref != nil {
		rf = ref.fields()
	}
	show := func(a *URLAPI, f [2]string) string {
		switch {
		case a == nil:
			return "(no URL record)"
		case f[1] == "":
			return "`` (empty)"
		}
		return quote.Quote(f[1])
	}
	for i, n := range apiNames {
		fmt.Fprintf(b, "  %-16s %-28s %s\n", n, show(base, bf[i]), show(ref, rf[i]))
	}
}

// showComponent shows a component's value, or that it is absent.
func showComponent(c Component) string {
	if !c.Present {
		return "(absent)"
	}
	if c.Value == "" {
		return "`` (empty)"
	}
	return quote.Quote(c.Value)
}
