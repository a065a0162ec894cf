package relurl

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Trace records how a reference resolves against a base by RFC 1808
// section 4: the components of both as section 2.4 splits them, each step
// of the algorithm that applied with what it did, and the result.
//
// Explain builds a Trace with its own implementation of the steps, kept
// apart from Resolve so that resolution pays nothing for the record: the
// two are tested to agree on every input (trace_test.go).
type Trace struct {
	Base Components `json:"base"` // the base URL, split (2.4)
	Ref  Components `json:"ref"`  // the embedded (relative) URL, split (2.4)
	// Steps lists the steps that applied, in the order they ran. Section 4
	// writes its rules as rewrites of a string; a step that changed nothing
	// (6b on a path that does not end in ".") is not listed.
	Steps []Step `json:"steps"`
	// Unrecorded counts the removals of step 6c done but not listed in
	// Steps: at most MaxTracedRemovals are listed, so that the trace of a
	// reference of a million "../" stays small. A last 6c step says how
	// many were left out.
	Unrecorded int `json:"unrecorded"`
	// Result is the absolute URL the steps give, equal to Resolve's.
	Result string `json:"result"`
}

// MaxTracedRemovals is the most step 6c removals a Trace lists one by one.
const MaxTracedRemovals = 64

// A Step is one step of RFC 1808 section 4 that applied.
type Step struct {
	Step    string `json:"step"`    // the step as the RFC numbers it: "1", "2a", "3", "6c", "7"
	Section string `json:"section"` // the RFC section of the rule applied, such as "4" or "2.4"
	// Detail says what the step did to these inputs, for people, with the
	// strings involved quoted (and long ones shortened) as Quote does.
	Detail string `json:"detail"`
}

// Components is a URL split into the six components of RFC 1808 section
// 2.4, in the order of section 2.1, each with its presence.
type Components struct {
	Input    string    `json:"input"`    // the string split
	Scheme   Component `json:"scheme"`   // 2.4.2, without its ":"
	NetLoc   Component `json:"net_loc"`  // 2.4.3, without its "//"
	Path     Component `json:"path"`     // 2.4.6, with its leading "/", if any; always present
	Params   Component `json:"params"`   // 2.4.5, without its ";"
	Query    Component `json:"query"`    // 2.4.4, without its "?"
	Fragment Component `json:"fragment"` // 2.4.1, without its "#"
}

// A Component is one component of a URL: its value and whether it is
// present. A present component may be empty ("http://a/b?" has an empty
// query); an absent one always is ("http://a/b" has no query).
type Component struct {
	Value   string `json:"value"`
	Present bool   `json:"present"`
}

// SplitComponents returns the components of s by section 2.4, as Parse
// finds them.
func SplitComponents(s string) Components {
	u := Parse(s)
	return Components{
		Input:    s,
		Scheme:   Component{u.Scheme(), u.HasScheme()},
		NetLoc:   Component{u.NetLoc(), u.HasNetLoc()},
		Path:     Component{u.Path(), true},
		Params:   Component{u.Params(), u.HasParams()},
		Query:    Component{u.Query(), u.HasQuery()},
		Fragment: Component{u.Fragment(), u.HasFragment()},
	}
}

// List returns the six components with their names as section 2.4 gives
// them: "scheme", "net_loc", "path", "params", "query", "fragment".
func (c Components) List() [6]NamedComponent {
	return [6]NamedComponent{
		{"scheme", "2.4.2", c.Scheme},
		{"net_loc", "2.4.3", c.NetLoc},
		{"path", "2.4.6", c.Path},
		{"params", "2.4.5", c.Params},
		{"query", "2.4.4", c.Query},
		{"fragment", "2.4.1", c.Fragment},
	}
}

// A NamedComponent is a Component with its name and the section of RFC
// 1808 that parses it.
type NamedComponent struct {
	Name    string
	Section string
	Component
}

// String returns the URL the components make, joined with their
// delimiters as section 2.1 writes them (step 7). A present net_loc
// followed by a path not starting with "/" gets a "/" between them
// (RFC1808-NOTES.md: "http://a" + "g" gives "http://a/g").
func (c Components) String() string {
	var b strings.Builder
	if c.Scheme.Present {
		b.WriteString(c.Scheme.Value)
		b.WriteByte(':')
	}
	if c.NetLoc.Present {
		b.WriteString("//")
		b.WriteString(c.NetLoc.Value)
		if c.Path.Value != "" && c.Path.Value[0] != '/' {
			b.WriteByte('/')
		}
	}
	b.WriteString(c.Path.Value)
	for _, d := range [...]struct {
		delim byte
		c     Component
	}{{';', c.Params}, {'?', c.Query}, {'#', c.Fragment}} {
		if d.c.Present {
			b.WriteByte(d.delim)
			b.WriteString(d.c.Value)
		}
	}
	return b.String()
}

// Explain resolves ref against base as Resolve does and returns the trace
// of the resolution. Its time and memory are linear in
// len(base)+len(ref), and the size of the trace is bounded apart from the
// two inputs and the result it holds.
func Explain(base, ref string) Trace {
	t := &tracer{Trace: Trace{Base: SplitComponents(base), Ref: SplitComponents(ref)}}
	t.resolve()
	return t.Trace
}

// tracer runs the steps of section 4 on a copy of the reference's
// components, recording each.
type tracer struct {
	Trace
	r Components // the reference as the steps change it
}

func (t *tracer) add(step, section, format string, args ...any) {
	t.Steps = append(t.Steps, Step{step, section, fmt.Sprintf(format, args...)})
}

func (t *tracer) resolve() {
	b, ref := t.Base, t.Ref
	t.r = ref
	// Step 1: the base comes from section 3; Explain is given it.
	if b.Input == "" {
		t.add("1", "4", "the base URL is empty (unknown, section 3.4): the reference is taken as absolute, done")
		t.Result = ref.Input
		return
	}
	t.add("1", "4", "the base URL is %s (established by section 3)", Quote(b.Input))
	t.add("2", "2.4", "base and reference parsed into components")
	if ref.Input == "" {
		t.add("2a", "4", "the reference is entirely empty: it inherits the entire base URL, fragment included, done")
		t.Result = b.Input
		return
	}
	if ref.Scheme.Present {
		t.add("2b", "4", "the reference starts with the scheme name %s: it is absolute, done", Quote(ref.Scheme.Value))
		t.Result = ref.Input
		return
	}
	t.r.Scheme = b.Scheme
	if b.Scheme.Present {
		t.add("2c", "4", "the reference inherits the scheme %s", Quote(b.Scheme.Value))
	} else {
		t.add("2c", "4", "the base has no scheme: there is none to inherit")
	}
	if t.step3() && t.step4() && t.step5() {
		t.step6()
	}
	t.Result = t.r.String()
	t.add("7", "4", "components recombined (section 2.1): %s", Quote(t.Result))
}

// step3 handles the net_loc and reports whether to go on to step 4.
func (t *tracer) step3() bool {
	b, ref := t.Base, t.Ref
	if ref.NetLoc.Value != "" {
		t.add("3", "4", "net_loc %s is non-empty: skip to step 7", Quote(ref.NetLoc.Value))
		return false
	}
	t.r.NetLoc = b.NetLoc
	what := "net_loc absent"
	if ref.NetLoc.Present {
		// RFC1808-NOTES.md: "empty" tests the value, so "//" inherits.
		what = `net_loc present but empty ("//")`
	}
	switch {
	case !b.NetLoc.Present:
		t.add("3", "4", "%s; the base has none: nothing to inherit", what)
	case b.NetLoc.Value == "":
		t.add("3", "4", "%s: inherits the base's empty net_loc", what)
	default:
		t.add("3", "4", "%s: inherits %s", what, Quote(b.NetLoc.Value))
	}
	return true
}

// step4 reports whether to go on: an absolute path skips to step 7.
func (t *tracer) step4() bool {
	if p := t.Ref.Path.Value; strings.HasPrefix(p, "/") {
		t.add("4", "4", "path %s is preceded by a slash: not relative, skip to step 7", Quote(p))
		return false
	}
	return true
}

// step5 handles an empty path and reports whether to go on to step 6.
func (t *tracer) step5() bool {
	b, ref := t.Base, t.Ref
	if ref.Path.Value != "" {
		return true
	}
	t.r.Path = b.Path
	t.add("5", "4", "path empty: inherits the base path %s", Quote(b.Path.Value))
	if ref.Params.Value != "" {
		t.add("5a", "4", "params %s non-empty: skip to step 7", Quote(ref.Params.Value))
		return false
	}
	t.r.Params = b.Params
	t.add("5a", "4", "params %s: %s", emptyOrAbsent(ref.Params), inherits(b.Params))
	if ref.Query.Value != "" {
		t.add("5b", "4", "query %s non-empty: skip to step 7", Quote(ref.Query.Value))
		return false
	}
	t.r.Query = b.Query
	t.add("5b", "4", "query %s: %s; skip to step 7", emptyOrAbsent(ref.Query), inherits(b.Query))
	return false
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
	return "inherits " + Quote(c.Value)
}

// step6 merges the paths and applies rules 6a to 6d, recording each.
func (t *tracer) step6() {
	b := t.Base
	basePath, refPath := b.Path.Value, t.Ref.Path.Value
	// RFC1808-NOTES.md: a base with a net_loc and an empty path has path
	// "/", and rules 6a-6d work on the path without its leading "/"
	// (section 2.4.6: that slash is not part of the path).
	root := ""
	if strings.HasPrefix(basePath, "/") || b.NetLoc.Present {
		root = "/"
	}
	rel := strings.TrimPrefix(basePath, "/")
	cut := strings.LastIndexByte(rel, '/') + 1
	dir, last := rel[:cut], rel[cut:]
	shown := root + dir
	if basePath == "" && root != "" {
		t.add("6", "4", "the base has a net_loc and an empty path, which is the path \"/\" (RFC 1738)")
	}
	if last != "" {
		t.add("6", "4", "base path %s without its last segment %s is %s; + %s",
			Quote(basePath), Quote(last), Quote(shown), Quote(refPath))
	} else {
		t.add("6", "4", "base path %s has an empty last segment: %s + %s",
			Quote(root+rel), Quote(shown), Quote(refPath))
	}
	path := dir + refPath
	if !strings.Contains(path, ".") {
		t.r.Path.Value = root + path
		return
	}
	if root != "" {
		t.add("6", "2.4.6", "rules 6a-6d work on %s: the leading \"/\" is not part of the path", Quote(path))
	}
	path = t.step6ab(path)
	path = t.step6cd(path)
	t.r.Path.Value = root + path
}

// step6ab applies rules 6a and 6b: it removes every "." that is a
// complete segment, the "/" after it with it.
//
// Removing "./" cannot make a new "./" (what precedes the removed text
// ends in "/" or is the start of the path), so the segments can be
// dropped in one pass.
func (t *tracer) step6ab(path string) string {
	var out strings.Builder
	out.Grow(len(path))
	n, final := 0, false
	for rest := path; ; {
		seg, after, more := strings.Cut(rest, "/")
		switch {
		case seg == "." && more:
			n++ // 6a: "./"
		case seg == "." && !more:
			final = true // 6b: a final "."
		default:
			out.WriteString(seg)
			if more {
				out.WriteByte('/')
			}
		}
		if !more {
			break
		}
		rest = after
	}
	res := out.String()
	if n > 0 {
		plural := "s"
		if n == 1 {
			plural = ""
		}
		t.add("6a", "4", `removed %d occurrence%s of "./": %s`, n, plural, Quote(addFinal(res, final)))
	}
	if final {
		t.add("6b", "4", `removed the final ".": %s`, Quote(res))
	}
	return res
}

// addFinal returns the path before 6b when it removed a final ".".
func addFinal(p string, final bool) string {
	if final {
		return p + "."
	}
	return p
}

// step6cd applies rules 6c and 6d with a stack of segments, as section 4
// suggests. Each "<segment>/../" that 6c removes is the leftmost one left:
// the ".." is the first one after a segment that is not "..", which is the
// one the stack meets first, and what the stack holds is the path as the
// removals so far left it.
func (t *tracer) step6cd(path string) string {
	// The stack: segments each followed by "/", in one buffer.
	stack := make([]byte, 0, len(path))
	removed, kept := 0, 0
	for rest := path; ; {
		seg, after, more := strings.Cut(rest, "/")
		// The top is looked at only for "..", which pops it unless it is
		// "..": so each byte is looked at a bounded number of times.
		var top []byte
		ok := false
		if seg == ".." {
			top, ok = topSegment(stack)
		}
		if ok && string(top) != ".." {
			stack = stack[:len(stack)-len(top)-1]
			if more {
				removed++
				if removed <= MaxTracedRemovals {
					t.add("6c", "4", "removed %s", Quote(string(top)+"/../"))
				}
			} else {
				t.noteDone(removed, kept)
				t.add("6d", "4", "removed the final %s", Quote(string(top)+"/.."))
				return string(stack)
			}
		} else {
			if seg == ".." {
				kept++
			}
			stack = append(stack, seg...)
			if more {
				stack = append(stack, '/')
			}
		}
		if !more {
			break
		}
		rest = after
	}
	t.noteDone(removed, kept)
	return string(stack)
}

// noteDone records, at the end of 6c, how many removals were left out of
// the list and how many ".." had nothing to remove.
func (t *tracer) noteDone(removed, kept int) {
	if removed > MaxTracedRemovals {
		t.Unrecorded = removed - MaxTracedRemovals
		t.add("6c", "4", "removed %d more \"<segment>/../\", not listed (%d in all)", t.Unrecorded, removed)
	}
	if kept > 0 {
		t.add("6c", "4", "%d \"..\" with no segment before to remove: kept, as section 5.2 shows (`../../../g` gives `http://a/../g`)", kept)
	}
}

// topSegment returns the last complete segment on the stack, whose
// segments are each followed by "/", and false when the stack is empty or
// ends in a segment with no "/" after it (which cannot happen before the
// last segment).
func topSegment(stack []byte) ([]byte, bool) {
	n := len(stack)
	if n == 0 || stack[n-1] != '/' {
		return nil, false
	}
	i := bytes.LastIndexByte(stack[:n-1], '/') + 1
	return stack[i : n-1], true
}

// maxQuote bounds how much of a string Quote shows.
const maxQuote = 48

// Quote returns s quoted for a trace: in backquotes when it is printable
// UTF-8 without a backquote, otherwise as a Go string literal, so that
// control characters, invalid UTF-8 and line breaks show as escapes. A
// string longer than 48 bytes is shown by its two ends around "…" with its
// length: `../../../..`…`../g` (8388610 bytes).
func Quote(s string) string {
	if len(s) <= maxQuote {
		return quote(s)
	}
	h := maxQuote / 2
	head, tail := s[:h], s[len(s)-h:]
	// Cut at rune starts, so that "…" does not split a character.
	for i := 0; i < utf8.UTFMax && len(head) > 0 && !utf8.RuneStart(s[len(head)]); i++ {
		head = head[:len(head)-1]
	}
	for i := 0; i < utf8.UTFMax && len(tail) > 0 && !utf8.RuneStart(tail[0]); i++ {
		tail = tail[1:]
	}
	return quote(head) + "…" + quote(tail) + " (" + strconv.Itoa(len(s)) + " bytes)"
}

func quote(s string) string {
	if strings.IndexByte(s, '`') < 0 && strconv.CanBackquote(s) && !strings.ContainsRune(s, '\t') {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// String returns the trace as text for people: the components of base and
// reference, the steps with their RFC sections, and the result.
func (t Trace) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "base       %s\nreference  %s\n\n", Quote(t.Base.Input), Quote(t.Ref.Input))
	b.WriteString("components (RFC 1808 section 2.4)\n")
	bl, rl := t.Base.List(), t.Ref.List()
	fmt.Fprintf(&b, "  %-16s %-28s %s\n", "", "base", "reference")
	for i := range bl {
		fmt.Fprintf(&b, "  %-16s %-28s %s\n", bl[i].Name+" ("+bl[i].Section+")", showComponent(bl[i].Component), showComponent(rl[i].Component))
	}
	b.WriteString("\nsteps (RFC 1808 section 4)\n")
	for _, s := range t.Steps {
		sec := ""
		if s.Section != "4" {
			sec = " [" + s.Section + "]"
		}
		fmt.Fprintf(&b, "  %-4s %s%s\n", s.Step, s.Detail, sec)
	}
	fmt.Fprintf(&b, "\nresult     %s\n", Quote(t.Result))
	return b.String()
}

// showComponent shows a component's value, or that it is absent.
func showComponent(c Component) string {
	if !c.Present {
		return "(absent)"
	}
	if c.Value == "" {
		return "`` (empty)"
	}
	return Quote(c.Value)
}
