package main

import (
	"fmt"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/bytestr"
)

const resolveHelp = `
Resolves each REF against BASE by RFC 1808 section 4 and prints one
absolute URL per line, in order. An empty REF is the empty reference, which
gives the whole base (section 5.2).

  relurl resolve BASE REF...   resolve the arguments
  relurl resolve BASE          resolve each line of standard input
  relurl resolve               read lines "BASE<TAB>REF" from standard input;
                               an empty BASE is no base (section 3.4): the
                               reference is taken as it is

Lines may end in LF or CRLF (the CR is not part of the URL), be of any
length and hold any bytes. Resolution is lenient by default: the algorithm
of each RFC is defined for every string.

-spec whatwg resolves as browsers do, by the URL Standard's parser, which
normalises and can fail ("https://exa mple.org"); an empty BASE is no base:
REF is parsed alone.

Output line N always answers input line N. A line that cannot be handled
(no TAB, a URL rejected by -strict, or one the URL Standard rejects) gets
an empty output line and an error on standard error naming the line and
the reason; the run goes on and exits with status 1.`

func runResolve(e *env, args []string) int {
	fs := newFlagSet(e, "resolve", "[-strict] [-spec NAME] [BASE [REF...]]", resolveHelp)
	strict := fs.Bool("strict", false, "reject a BASE or REF that breaks the BNF of RFC 1808 section 2.2:\nprint an empty line and an error naming the line, offset and rule")
	spec := specFlag(fs)
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if *strict && *spec != relurl.RFC1808 {
		e.errorf("resolve: -strict checks the grammar of RFC 1808 and cannot be used with -spec %s", spec)
		return exitUsage
	}
	r := &resolver{f: newFilter(e, "resolve"), strict: *strict, spec: *spec}
	var readErr error
	switch fs.NArg() {
	case 0:
		readErr = r.pairsFromInput()
	case 1:
		readErr = r.refsFromInput(fs.Arg(0))
	default:
		r.refsFromArgs(fs.Arg(0), fs.Args()[1:])
	}
	return r.f.exit(readErr)
}

// resolver is the state of one run of "relurl resolve".
type resolver struct {
	f      *filter
	strict bool
	spec   relurl.Spec // RFC1808 unless -spec says otherwise
	buf    []byte      // output line under construction, when too long for the output buffer
}

func (r *resolver) refsFromArgs(base string, refs []string) {
	b := r.spec.ParseBase(base)
	baseErr := r.validate(base)
	r.reject(baseErr, "BASE argument")
	for i, ref := range refs {
		refErr := r.validate(ref)
		r.reject(refErr, fmt.Sprintf("REF argument %d", i+1))
		r.emit(b, ref, baseErr == nil && refErr == nil, i+1)
	}
}

func (r *resolver) refsFromInput(base string) error {
	b := r.spec.ParseBase(base)
	baseErr := r.validate(base)
	if baseErr != nil {
		// Every line will be rejected: say why once, then name each line.
		r.reject(baseErr, "BASE argument")
	}
	for {
		line, ok, err := r.f.next()
		if !ok {
			return err
		}
		ref := bytestr.View(line)
		refErr := r.validate(ref)
		if baseErr != nil {
			r.f.reject("line %d: rejected: the BASE argument is invalid", r.f.lineNo())
		}
		r.rejectLine(refErr, "REF")
		r.emit(b, ref, baseErr == nil && refErr == nil, 0)
	}
}

func (r *resolver) pairsFromInput() error {
	// The last base seen, parsed and checked: consecutive lines often share
	// a base (all the links of one page).
	var (
		lastBase string
		b        relurl.ParsedBase
		baseErr  error
	)
	return r.f.pairs("REF", func(baseBytes, refBytes []byte) {
		if string(baseBytes) != lastBase {
			lastBase = string(baseBytes)
			b = r.spec.ParseBase(lastBase)
			baseErr = r.validate(lastBase)
		}
		ref := bytestr.View(refBytes)
		if r.strict {
			refErr := r.validate(ref)
			r.rejectLine(baseErr, "BASE")
			r.rejectLine(refErr, "REF")
			r.emit(b, ref, baseErr == nil && refErr == nil, 0)
			return
		}
		r.emit(b, ref, true, 0)
	})
}

// validate checks s against the BNF of section 2.2 when -strict is on.
func (r *resolver) validate(s string) error {
	if !r.strict {
		return nil
	}
	return relurl.Validate(s)
}

// reject reports err, if any, for the input named what. The error names
// the byte offset and the rule broken.
func (r *resolver) reject(err error, what string) {
	if err != nil {
		r.f.reject("%s: %v", what, err)
	}
}

// rejectLine reports err, if any, for the field of the current input line.
// It builds the message only on failure: this runs once per line.
func (r *resolver) rejectLine(err error, field string) {
	if err != nil {
		r.reject(err, fmt.Sprintf("line %d: %s", r.f.lineNo(), field))
	}
}

// emit writes the resolution of ref against b, or an empty line when the
// input was rejected or the specification (WHATWG) fails on it; the failure
// is reported for REF argument arg, or for the current input line when arg
// is 0.
func (r *resolver) emit(b relurl.ParsedBase, ref string, ok bool, arg int) {
	out := r.f.out
	if !ok {
		out.WriteByte('\n')
		return
	}
	// By the RFCs the result is at most len(base)+len(ref)+1 bytes, plus
	// the newline. Build it in place in the output buffer when it fits,
	// which saves a copy; otherwise in r.buf. (The URL Standard's may be
	// longer: append then moves it, and Write copies it.)
	var err error
	if out.Available() >= len(b.String())+len(ref)+2 {
		var line []byte
		line, err = b.AppendResolveErr(out.AvailableBuffer(), ref)
		out.Write(append(line, '\n'))
	} else {
		r.buf, err = b.AppendResolveErr(r.buf[:0], ref)
		out.Write(r.buf)
		out.WriteByte('\n')
	}
	if err != nil {
		if arg > 0 {
			r.reject(err, fmt.Sprintf("REF argument %d", arg))
		} else {
			r.rejectLine(err, "REF")
		}
	}
}
