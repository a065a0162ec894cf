package relurl

import (
	"strings"
	"unsafe"
)

// Relative is RFC1808.Relative: the shortest reference r for which
// Resolve(base, r) == target, byte for byte: the inverse of resolution,
// for authors and tools that write links (RFC 1808 section 5.3).
//
// It is defined for any two strings and never fails. The forms it
// considers are, from the most to the least dependent on the base: the
// empty reference (target is base), a fragment ("#s"), a query ("?y"),
// params (";x"), a relative path ("g", "../g", "./this:that"), an
// absolute path ("/g"), a network path ("//g") and the absolute URL
// (target itself). Of those that resolve back to target it returns the
// shortest. At equal length it prefers the form earlier in that list,
// the one that depends more on the base: "../g" rather than "/b/g", as the
// RFC's own examples write it, and a link that keeps working when the tree
// it belongs to moves under another prefix.
//
// Section 5.3: a relative path whose first segment holds a ":" is written
// "./this:that", so that it cannot read as a scheme. A first segment that
// is empty gets "./" too, so that the path does not read as absolute.
//
// Every candidate is checked with Resolve before it is returned, so the
// guarantee holds by construction, including for the RFC's quirks: params
// and query are inherited only when the reference's are empty (so an
// empty-but-present query cannot be written "?"), ".." never climbs above
// the net_loc ("http://a/../g" is written "/../g"), "." segments survive
// only in absolute paths, a net_loc may hold "?" and ";".
//
// When no reference at all resolves to target, Relative returns target
// unchanged, and then Resolve(base, target) != target. That happens only
// for a target without a scheme against a non-empty base: a base with a
// scheme gives its scheme to every result but the base itself ("g" cannot
// be reached from "http://a/b"), and a base without a scheme gives its
// net_loc or path to most (from "//a/b", "//" cannot be reached). Callers
// that may meet such targets check Resolve(base, r) == target.
//
// Relative takes time and memory linear in len(base)+len(target): it
// weighs a bounded number of candidates and resolves each at most once.
func Relative(base, target string) string { return RFC1808.Relative(base, target) }

// relativeString is RFC1808.Relative against the parsed base u.
func (u *URL) relativeString(target string) string {
	var buf [256]byte
	c := u.relative(buf[:0], target)
	if c.isSubstring() {
		// Most answers ("g", "#s", "/g") are a tail of target: no copy.
		return target[c.start:]
	}
	return string(c.appendTo(buf[:0], target))
}

// A form is one of the kinds of reference Relative considers. The order is
// the order of preference between references of equal length.
type form uint8

const (
	formEmpty    form = iota // "": the base itself (section 4, step 2a)
	formFragment             // "#s" (step 5, all inherited but the fragment)
	formQuery                // "?y" (step 5b)
	formParams               // ";x" (step 5a)
	formPath                 // "g", "./g", "../g" (step 6)
	formAbsPath              // "/g" (step 4)
	formNetPath              // "//g" (step 3)
	formAbsURL               // "http:g" (step 2b)
)

// A candidate is one reference that may resolve back to the target: ups
// times "../", then a lead, then the target from start on. Every form
// ends with a tail of the target, so a candidate is a few integers.
type candidate struct {
	n      int  // length of the reference
	ups    int  // number of leading ".." segments
	start  int  // where in the target the rest of the reference starts
	form   form // the tie-breaker
	lead   lead // a fixed piece after the ".." segments
	joined bool // the ".." are the whole path: "../.." rather than "../../"
}

// A lead is a fixed piece of a reference, before the tail of the target.
type lead uint8

const (
	leadNone     lead = iota // ""
	leadDot                  // "."
	leadDotSlash             // "./"
	leadSlashes              // "//"
	leadQuery                // "?"
)

var leads = [...]string{leadNone: "", leadDot: ".", leadDotSlash: "./", leadSlashes: "//", leadQuery: "?"}

// newCandidate returns the candidate ups times "../", then l, then tail,
// which is a tail of target.
func newCandidate(target string, f form, ups int, joined bool, l lead, tail string) candidate {
	n := 3*ups + len(leads[l]) + len(tail)
	if joined {
		n--
	}
	return candidate{n: n, ups: ups, start: len(target) - len(tail), form: f, lead: l, joined: joined}
}

// isSubstring reports whether the reference is a tail of the target.
func (c candidate) isSubstring() bool { return c.ups == 0 && c.lead == leadNone }

// appendTo appends the reference c stands for.
func (c candidate) appendTo(dst []byte, target string) []byte {
	for i := 0; i < c.ups; i++ {
		dst = append(dst, "../"...)
	}
	if c.joined {
		dst = dst[:len(dst)-1]
	}
	dst = append(dst, leads[c.lead]...)
	return append(dst, target[c.start:]...)
}

// less orders candidates by length, then by preference.
func (c candidate) less(d candidate) bool {
	return c.n < d.n || c.n == d.n && c.form < d.form
}

// maxCandidates bounds the candidates of one call: one per form, and two
// for step 5b.
const maxCandidates = 9

// candidates is a small set of candidates, kept on the stack.
type candidates struct {
	c [maxCandidates]candidate
	n int
}

func (cs *candidates) add(c candidate) {
	cs.c[cs.n] = c
	cs.n++
}

// takeBest removes the best candidate, the shortest, from cs and returns
// it. Most calls take one: the best candidate is usually right, so this
// beats sorting.
func (cs *candidates) takeBest() candidate {
	best := 0
	for i := 1; i < cs.n; i++ {
		if cs.c[i].less(cs.c[best]) {
			best = i
		}
	}
	c := cs.c[best]
	cs.n--
	cs.c[best] = cs.c[cs.n]
	return c
}

// relative returns the shortest candidate that resolves back to target
// against the base u, or target itself when none does. scratch is spare
// room for the work; its contents are overwritten.
func (u *URL) relative(scratch []byte, target string) candidate {
	// Section 4, step 2a: the empty reference gives the base, whole.
	if target == u.String() {
		return newCandidate(target, formEmpty, 0, false, leadNone, "")
	}
	// Step 1: with an empty base every reference is taken as it is.
	if u.IsZero() {
		return newCandidate(target, formAbsURL, 0, false, leadNone, target)
	}
	var cs candidates
	scratch = u.collect(&cs, scratch, target)
	for cs.n > 0 {
		c := cs.takeBest()
		var ok bool
		if ok, scratch = u.resolvesTo(scratch[:0], c, target); ok {
			return c
		}
	}
	// No reference resolves to target (see Relative).
	return newCandidate(target, formAbsURL, 0, false, leadNone, target)
}

// resolvesTo reports whether the reference c stands for resolves to
// target against u. It checks with the resolver itself, AppendResolve,
// working in scratch, which it returns for reuse.
func (u *URL) resolvesTo(scratch []byte, c candidate, target string) (bool, []byte) {
	var ref string
	if c.isSubstring() {
		ref = target[c.start:]
	} else {
		scratch = c.appendTo(scratch, target)
		// The reference is read while the resolution is appended after it:
		// append never writes to scratch[:len(scratch)], and when it moves
		// to a larger array the old one stays alive through ref. So a
		// string view of those bytes is safe, and saves a copy.
		ref = unsafe.String(&scratch[0], len(scratch))
	}
	start := len(scratch)
	scratch = u.appendResolve(scratch, ref, nil)
	return string(scratch[start:]) == target, scratch
}

// collect adds to cs every candidate that may resolve to target, one per
// route through section 4, each built by undoing that route's steps. The
// candidates are not yet checked: a route may not reach target at all.
// scratch is room for work; collect returns it for reuse.
func (u *URL) collect(cs *candidates, scratch []byte, target string) []byte {
	// Step 2b: a reference with a scheme is its own resolution.
	cs.add(newCandidate(target, formAbsURL, 0, false, leadNone, target))

	// Every other route keeps the base's scheme (step 2c).
	base := u.s
	scheme := base[:u.scheme]
	rest, ok := strings.CutPrefix(target, scheme)
	if !ok {
		return scratch
	}
	// Step 3: a reference whose net_loc is not empty stands as written
	// after the scheme. Without a scheme, it is the target itself.
	if scheme != "" && strings.HasPrefix(rest, "//") {
		cs.add(newCandidate(target, formNetPath, 0, false, leadNone, rest))
	}

	// The routes of steps 4 to 6 inherit the base's net_loc, present or not.
	r, ok := strings.CutPrefix(rest, base[u.scheme:u.netloc])
	if !ok {
		return scratch
	}
	// Step 4: an absolute path stands as written after the net_loc. A path
	// starting "//" would read as a net_loc: "//" before it gives an empty
	// one, which inherits the base's.
	if strings.HasPrefix(r, "//") {
		cs.add(newCandidate(target, formAbsPath, 0, false, leadSlashes, r))
	} else if strings.HasPrefix(r, "/") {
		cs.add(newCandidate(target, formAbsPath, 0, false, leadNone, r))
	}

	basePath := u.Path()
	if s, ok := strings.CutPrefix(r, basePath); ok {
		u.collectStep5(cs, target, s)
	}
	return u.collectStep6(cs, scratch, target, r)
}

// collectStep5 adds the candidates with an empty path, which inherit the
// base's path (step 5). s is what of target follows that path.
func (u *URL) collectStep5(cs *candidates, target, s string) {
	// A reference without params or query inherits both from the base
	// (steps 5a and 5b); its fragment, if any, is its own.
	if f, ok := strings.CutPrefix(s, u.s[u.path:u.query]); ok {
		switch {
		case f == "":
			// The target is the base without its fragment, which only an
			// empty query (or params) can say: "?" inherits the base's
			// query and brings no fragment.
			cs.add(newCandidate(target, formQuery, 0, false, leadQuery, ""))
		case f[0] == '#':
			cs.add(newCandidate(target, formFragment, 0, false, leadNone, f))
		}
	}
	// Step 5b: a non-empty query stands, after the base's params. An empty
	// one would inherit the base's query instead.
	if q, ok := strings.CutPrefix(s, u.s[u.path:u.params]); ok && len(q) > 1 && q[0] == '?' && q[1] != '#' {
		cs.add(newCandidate(target, formQuery, 0, false, leadNone, q))
	}
	// Step 5a: non-empty params stand, with the query after them. ";" then
	// "?" or "#" would be empty params, inherited from the base.
	if len(s) > 1 && s[0] == ';' && s[1] != '?' && s[1] != '#' {
		cs.add(newCandidate(target, formParams, 0, false, leadNone, s))
	}
}

// collectStep6 adds the relative path candidate: the one whose merge with
// the base's directory (step 6) gives the target's path. r is what of
// target follows the base's net_loc.
func (u *URL) collectStep6(cs *candidates, scratch []byte, target, r string) []byte {
	// stepRoot: the result has the root "/" that rules 6a-6d do not see.
	start, root := stepRoot(u.s, u.netloc, u.HasNetLoc())
	if root {
		var ok bool
		if r, ok = strings.CutPrefix(r, "/"); !ok {
			return scratch
		}
	}
	// The merged path ends where the reference's params, query or fragment
	// begin: a path holds none of ";?#" (section 2.4), so neither does a
	// merge of two paths.
	path := r[:parsePath(r, 0)]

	// Rules 6a to 6d act first on the base's directory, the path without
	// its last segment. What they leave is the stack the reference's
	// segments arrive on: in most bases the directory itself. When it may
	// hold a "." or ".." segment, the resolver says what is left: "."
	// against the base resolves to exactly that stack (rule 6b removes the
	// final "."), after the base's scheme, net_loc and "/".
	var ups, keep int
	if u.dirDots {
		scratch = u.appendResolve(scratch[:0], ".", nil)
		stack := scratch[min(u.netloc+b2i(root), len(scratch)):]
		ups, keep = climb(stack, path)
	} else {
		ups, keep = climb(u.s[start:u.dir], path)
	}
	rest := path[keep:]
	body := r[keep:] // rest, then the target's params, query and fragment
	switch {
	case rest == "" && ups == 0:
		// The target's path is the directory: "." (rule 6b) says so.
		cs.add(newCandidate(target, formPath, 0, false, leadDot, body))
	case rest == "":
		// Rule 6d: a final ".." leaves the "/" before it.
		cs.add(newCandidate(target, formPath, ups, true, leadNone, body))
	case ups == 0 && needsDotSlash(rest):
		cs.add(newCandidate(target, formPath, 0, false, leadDotSlash, body))
	case ups == 0:
		cs.add(newCandidate(target, formPath, 0, false, leadNone, body))
	default:
		cs.add(newCandidate(target, formPath, ups, false, leadNone, body))
	}
	return scratch
}

// climb returns how a relative path goes from the directory dir (complete
// segments, each followed by "/") to the path target by rules 6a to 6d:
// up "ups" segments with "..", then down target[keep:]. dir and target
// share their first keep bytes, which end at a "/".
//
// This is the shortest such path when one exists. When none does (the
// target has a "." segment, or a ".." after another segment, which rules
// 6a to 6d always remove; or dir has a ".." that the target does not), the
// path is wrong, and the check with Resolve discards it.
func climb[S string | []byte](dir S, target string) (ups, keep int) {
	i := 0
	for i < len(dir) && i < len(target) && dir[i] == target[i] {
		i++
	}
	for keep = i; keep > 0 && dir[keep-1] != '/'; keep-- {
	}
	for j := keep; j < len(dir); j++ {
		if dir[j] == '/' {
			ups++
		}
	}
	return ups, keep
}

// needsDotSlash reports whether a relative path must start with "./" to
// read as one: section 5.3, a first segment holding ":" would read as a
// scheme; and an empty first segment would make the path absolute.
func needsDotSlash(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return first == "" || strings.IndexByte(first, ':') >= 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
