package main

import (
	"bytes"
	"fmt"

	"github.com/relurl/relurl"
)

func init() {
	register(&command{
		name:     "resolve",
		synopsis: "resolve references against a base URL (RFC 1808 section 4)",
		run:      runResolve,
	})
}

const resolveHelp = `
Resolves each REF against BASE by RFC 1808 section 4 and prints one
absolute URL per line, in order. An empty REF is the empty reference, which
gives the whole base (section 5.2).

  relurl resolve BASE REF...   resolve the arguments
  relurl resolve BASE          resolve each line of standard input
  relurl resolve               read lines "BASE<TAB>REF" from standard input;
                               an empty BASE is no base (section 3.4): the
                               reference is taken as it is

Output line N always answers input line N. A line that cannot be handled
gets an empty output line and an error on standard error naming it; the
run goes on and exits with status 1.`

func runResolve(e *env, args []string) int {
	fs := newFlagSet(e, "resolve", "[-strict] [BASE [REF...]]", resolveHelp)
	strict := fs.Bool("strict", false, "reject a BASE or REF that breaks the BNF of RFC 1808 section 2.2:\nprint an empty line and an error naming the line, offset and rule")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	r := &resolver{e: e, io: newLineIO(e), strict: *strict}
	switch fs.NArg() {
	case 0:
		r.pairsFromInput()
	case 1:
		r.refsFromInput(fs.Arg(0))
	default:
		r.refsFromArgs(fs.Arg(0), fs.Args()[1:])
	}
	if err := r.io.flush(); err != nil {
		e.errorf("resolve: writing output: %v", err)
		return exitRejected
	}
	if r.failed {
		return exitRejected
	}
	return exitOK
}

// resolver is the state of one run of "relurl resolve".
type resolver struct {
	e      *env
	io     *lineIO
	strict bool
	failed bool
	buf    []byte // output line under construction
}

func (r *resolver) refsFromArgs(base string, refs []string) {
	b := relurl.Parse(base)
	baseOK := r.check("BASE argument", base)
	for i, ref := range refs {
		r.emit(b, ref, baseOK && r.check(fmt.Sprintf("REF argument %d", i+1), ref))
	}
}

func (r *resolver) refsFromInput(base string) {
	b := relurl.Parse(base)
	baseOK := r.check("BASE argument", base)
	for {
		line, ok, err := r.io.next()
		if !ok {
			r.readError(err)
			return
		}
		ref := unsafeString(line)
		r.emit(b, ref, baseOK && r.check(r.where("REF"), ref))
	}
}

func (r *resolver) pairsFromInput() {
	var lastBase string
	var b relurl.URL
	for {
		line, ok, err := r.io.next()
		if !ok {
			r.readError(err)
			return
		}
		baseBytes, refBytes, found := bytes.Cut(line, []byte{'\t'})
		if !found {
			r.e.errorf("resolve: line %d: no TAB between BASE and REF", r.io.lineNo())
			r.failed = true
			r.io.out.WriteByte('\n')
			continue
		}
		// Consecutive lines often share a base: parse it once.
		if string(baseBytes) != lastBase {
			lastBase = string(baseBytes)
			b = relurl.Parse(lastBase)
		}
		ref := unsafeString(refBytes)
		valid := r.check(r.where("BASE"), lastBase)
		valid = r.check(r.where("REF"), ref) && valid
		r.emit(b, ref, valid)
	}
}

// where names the current input line and field, for error messages.
func (r *resolver) where(field string) string {
	return fmt.Sprintf("line %d: %s", r.io.lineNo(), field)
}

// check validates s when -strict is on, reporting a failure.
func (r *resolver) check(what, s string) bool {
	if !r.strict {
		return true
	}
	if err := relurl.Validate(s); err != nil {
		r.e.errorf("resolve: %s: %v", what, err)
		r.failed = true
		return false
	}
	return true
}

// emit writes the resolution of ref against b, or an empty line when the
// input was rejected.
func (r *resolver) emit(b relurl.URL, ref string, ok bool) {
	if ok {
		r.buf = b.AppendResolve(r.buf[:0], ref)
		r.io.out.Write(r.buf)
	}
	r.io.out.WriteByte('\n')
}

func (r *resolver) readError(err error) {
	if err != nil {
		r.e.errorf("resolve: reading standard input after line %d: %v", r.io.lineNo(), err)
		r.failed = true
	}
}
