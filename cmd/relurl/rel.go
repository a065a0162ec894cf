package main

import (
	"fmt"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/bytestr"
	"github.com/relurl/relurl/internal/quote"
)

const relHelp = `
Writes each absolute TARGET as the shortest reference that resolves back to
it against BASE by RFC 1808 section 4, and prints one reference per line, in
order: "relurl resolve BASE" turns the output back into the targets, byte
for byte. A relative path whose first segment holds ":" is written
"./this:that" (section 5.3). A TARGET equal to BASE gives the empty
reference, an empty line.

  relurl rel BASE TARGET...   write the arguments relative to BASE
  relurl rel BASE             write each line of standard input
  relurl rel                  read lines "BASE<TAB>TARGET" from standard
                              input; an empty BASE is no base: the target
                              is printed as it is

Output line N always answers input line N. A line that cannot be handled
gets an empty output line and an error on standard error naming it; the
run goes on and exits with status 1. That includes a TARGET that no
reference reaches: one without a scheme against a BASE with one, such as
"g" against "http://a/b".`

func runRel(e *env, args []string) int {
	fs := newFlagSet(e, "rel", "[-strict] [-spec NAME] [BASE [TARGET...]]", relHelp)
	strict := fs.Bool("strict", false, "reject a BASE or TARGET that breaks the BNF of RFC 1808 section 2.2:\nprint an empty line and an error naming the line, offset and rule")
	spec := specFlag(fs)
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if *strict && *spec != relurl.RFC1808 {
		e.errorf("rel: -strict checks the grammar of RFC 1808 and cannot be used with -spec %s", spec)
		return exitUsage
	}
	r := &relativizer{f: newFilter(e, "rel"), strict: *strict, spec: *spec}
	var readErr error
	switch fs.NArg() {
	case 0:
		readErr = r.pairsFromInput()
	case 1:
		readErr = r.targetsFromInput(fs.Arg(0))
	default:
		r.targetsFromArgs(fs.Arg(0), fs.Args()[1:])
	}
	return r.f.exit(readErr)
}

// relativizer is the state of one run of "relurl rel".
type relativizer struct {
	f      *filter
	strict bool
	spec   relurl.Spec // RFC1808 unless -spec says otherwise
	buf    []byte      // output line under construction, then scratch
}

func (r *relativizer) targetsFromArgs(base string, targets []string) {
	b := relurl.Parse(base)
	baseOK := r.check("BASE argument", base)
	for i, target := range targets {
		where := fmt.Sprintf("TARGET argument %d", i+1)
		r.emit(b, target, where, baseOK && r.check(where, target))
	}
}

func (r *relativizer) targetsFromInput(base string) error {
	b := relurl.Parse(base)
	baseOK := r.check("BASE argument", base)
	for {
		line, ok, err := r.f.next()
		if !ok {
			return err
		}
		target := bytestr.View(line)
		where := r.where("TARGET")
		r.emit(b, target, where, baseOK && r.check(where, target))
	}
}

func (r *relativizer) pairsFromInput() error {
	var lastBase string
	var b relurl.URL
	return r.f.pairs("TARGET", func(baseBytes, targetBytes []byte) {
		// Consecutive lines often share a base: parse it once.
		if string(baseBytes) != lastBase {
			lastBase = string(baseBytes)
			b = relurl.Parse(lastBase)
		}
		target := bytestr.View(targetBytes)
		valid := r.check(r.where("BASE"), lastBase)
		valid = r.check(r.where("TARGET"), target) && valid
		r.emit(b, target, r.where("TARGET"), valid)
	})
}

// where names the current input line and field, for error messages.
func (r *relativizer) where(field string) string {
	return fmt.Sprintf("line %d: %s", r.f.lineNo(), field)
}

// check validates s when -strict is on, reporting a failure.
func (r *relativizer) check(what, s string) bool {
	if !r.strict {
		return true
	}
	if err := relurl.Validate(s); err != nil {
		r.f.reject("%s: %v", what, err)
		return false
	}
	return true
}

// emit writes the reference that resolves to target against b, or an
// empty line when the input was rejected or no reference reaches target.
func (r *relativizer) emit(b relurl.URL, target, where string, ok bool) {
	if ok && r.spec == relurl.WHATWG {
		// The URL Standard rejects some bases and targets: no reference
		// reaches those.
		if _, err := r.spec.ResolveErr(b.String(), target); err != nil {
			r.f.reject("%s: %v", where, err)
			ok = false
		}
	}
	if ok {
		r.buf = r.spec.ParseBase(b.String()).AppendRelative(r.buf[:0], target)
		if r.reaches(b, target) {
			r.f.out.Write(r.buf)
		} else {
			r.f.reject("%s: no reference resolves to %s against base %s (%s)%s",
				where, quote.Excerpt(target, len(target)), quote.Excerpt(b.String(), len(b.String())), specSection(r.spec), unreachableHint(b))
		}
	}
	r.f.out.WriteByte('\n')
}

// reaches reports whether the reference in r.buf resolves to target.
// AppendRelative checks every reference it returns but one: the target
// itself, which it returns when nothing reaches the target. So only that
// case needs a resolution here.
func (r *relativizer) reaches(b relurl.URL, target string) bool {
	if string(r.buf) != target || b.String() == "" || relurl.Parse(target).HasScheme() {
		return true
	}
	n := len(r.buf)
	r.buf = r.spec.ParseBase(b.String()).AppendResolve(r.buf, target)
	reached := string(r.buf[n:]) == target
	r.buf = r.buf[:n]
	return reached
}

// unreachableHint says why a target is unreachable in the common case.
func unreachableHint(b relurl.URL) string {
	if b.HasScheme() {
		return ": the target has no scheme, and every reference but the empty one resolves to a URL with the base's"
	}
	return ""
}
