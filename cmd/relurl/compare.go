package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/bytestr"
	"github.com/relurl/relurl/internal/difftable"
	"github.com/relurl/relurl/internal/jsonline"
)

const compareHelp = `
Resolves each REF against BASE by the four specifications relurl
implements, RFC 1808 section 4 (the default of the other commands), RFC
2396 section 5.2, RFC 3986 section 5.2 (strict) and the WHATWG URL Standard
(what browsers do), and prints one line per reference with the four answers
side by side:

  MARK<TAB>RFC1808<TAB>RFC2396<TAB>RFC3986<TAB>WHATWG

MARK is "same" when the four agree; "differs:" and the specifications
whose answer is not the majority's ("differs:rfc1808", "differs:whatwg",
"differs:rfc3986,whatwg"; of two equal groups, the one holding RFC 1808
is the majority); and "differs:all" when no two agree. An empty WHATWG
field is a reference the URL Standard rejects (its successes are never
empty); -json says why ("whatwg_error").

  -differ A,B    print only the references where specifications A and B
                 disagree (a failure disagrees with every answer), such
                 as -differ rfc1808,whatwg: where a browser goes elsewhere
                 than RFC 1808. Each line then starts with BASE<TAB>REF,
                 since output lines no longer follow input lines.

  relurl compare BASE REF...   compare the arguments
  relurl compare BASE          compare each line of standard input
  relurl compare               read lines "BASE<TAB>REF" from standard input;
                               an empty BASE is no base: the reference is
                               taken as it is
  relurl compare -table        print the README's table of differences
                               (Markdown), generated over a fixed list of
                               references

Output line N always answers input line N (with -markdown, after the two
header lines). A line that cannot be handled (no TAB between BASE and REF;
a TAB or line break in a plain answer, which the format cannot hold: use
-json, which holds any bytes) gets an empty
output line (an empty row with -markdown) and an error on standard error
naming it; the run goes on and exits with status 1.`

func runCompare(e *env, args []string) int {
	fs := newFlagSet(e, "compare", "[-json | -markdown] [BASE [REF...]]\n       relurl compare -table", compareHelp)
	jsonOut := fs.Bool("json", false, "print one JSON object per line:\n{\"base\", \"ref\", \"rfc1808\", \"rfc2396\", \"rfc3986\", \"whatwg\",\n\"whatwg_error\" (when it fails), \"differs\": [specs]}")
	markdown := fs.Bool("markdown", false, "print a Markdown table: two header lines, then one row per reference")
	table := fs.Bool("table", false, "print the README's table of differences and exit")
	differ := namedFlag(fs, "differ", "", "print only the references where the specifications `A,B` disagree,\nsuch as rfc1808,whatwg; each line then starts with BASE<TAB>REF", parseSpecPair)
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if *jsonOut && *markdown {
		e.errorf("compare: -json and -markdown exclude each other")
		return exitUsage
	}
	if *table {
		if fs.NArg() > 0 || *jsonOut || *markdown {
			e.errorf("compare: -table takes no arguments and no other flag")
			return exitUsage
		}
		if _, err := fmt.Fprint(e.stdout, difftable.Markdown()); err != nil {
			e.errorf("compare: writing output: %v", err)
			return exitRejected
		}
		return exitOK
	}
	c := &comparer{f: newFilter(e, "compare"), json: *jsonOut, markdown: *markdown, differ: *differ}
	if c.markdown {
		c.f.out.WriteString(difftable.Header())
		c.f.blank = func() {
			c.f.out.WriteString("|" + strings.Repeat(" |", len(relurl.Specs())+2) + "\n")
		}
	}
	var readErr error
	switch fs.NArg() {
	case 0:
		readErr = c.f.pairs("REF", func(base, ref []byte) {
			c.emit(fmt.Sprintf("line %d", c.f.lineNo()), bytestr.View(base), bytestr.View(ref))
		})
	case 1:
		readErr = c.refsFromInput(fs.Arg(0))
	default:
		base := fs.Arg(0)
		for i, ref := range fs.Args()[1:] {
			c.emit(fmt.Sprintf("REF argument %d", i+1), base, ref)
		}
	}
	return c.f.exit(readErr)
}

// comparer is the state of one run of "relurl compare".
type comparer struct {
	f              *filter
	json, markdown bool
	differ         *[2]relurl.Spec // -differ: print only where these disagree
	buf            []byte
}

func (c *comparer) refsFromInput(base string) error {
	for {
		line, ok, err := c.f.next()
		if !ok {
			return err
		}
		c.emit(fmt.Sprintf("line %d", c.f.lineNo()), base, bytestr.View(line))
	}
}

// emit writes the comparison for one reference; where names it in error
// messages.
func (c *comparer) emit(where, base, ref string) {
	row := difftable.Compare(base, ref)
	if c.differ != nil && !row.Disagree(c.differ[0], c.differ[1]) {
		return
	}
	switch {
	case c.json:
		c.buf = appendCompareJSON(c.buf[:0], c.f.out, base, ref, row)
		c.f.out.Write(append(c.buf, '\n'))
	case c.markdown:
		if strings.ContainsAny(base, "\r\n") || strings.ContainsAny(ref, "\r\n") {
			c.fail("%s: a line break cannot stand in a Markdown table cell; use -json", where)
			return
		}
		c.f.out.WriteString(difftable.MarkdownRow(row))
	default:
		if strings.ContainsAny(base, "\t\r\n") || strings.ContainsAny(ref, "\t\r\n") {
			c.fail("%s: a TAB or line break would break the TAB-separated output; use -json", where)
			return
		}
		if c.differ != nil {
			c.f.out.WriteString(base + "\t" + ref + "\t")
		}
		c.f.out.WriteString(row.Mark())
		for _, a := range row.Answers {
			c.f.out.WriteByte('\t')
			c.f.out.WriteString(a)
		}
		c.f.out.WriteByte('\n')
	}
}

// appendCompareJSON appends the -json form of a line: "base", "ref", one
// member per specification of relurl.Specs named as it prints ("rfc1808"),
// a member NAME_error for a specification that fails (whatwg), and
// "differs", the specifications whose answer differs. Any bytes
// survive (NAME_base64, as in "relurl parse -json"). What dst holds past
// jsonline.SpillSize goes to w as it is made (jsonline.WriteField), so
// that a long line is never held whole as JSON (issue 23): dst ends with
// the object's rest.
func appendCompareJSON(dst []byte, w io.Writer, base, ref string, row difftable.Row) []byte {
	dst = append(dst, '{')
	dst = jsonline.WriteField(w, dst, true, "base", base)
	dst = jsonline.WriteField(w, dst, false, "ref", ref)
	for i, s := range relurl.Specs() {
		dst = jsonline.WriteField(w, dst, false, s.String(), row.Answers[i])
		if err := row.Errs[i]; err != nil {
			dst = jsonline.AppendField(dst, false, s.String()+"_error", err.Error())
		}
	}
	differs := []string{}
	for _, s := range row.Differs() {
		differs = append(differs, s.String())
	}
	dst = appendJSONStrings(dst, "differs", differs)
	return append(dst, '}')
}

// fail reports a line that cannot be compared and writes its placeholder.
func (c *comparer) fail(format string, args ...any) {
	c.f.reject(format, args...)
	c.f.blank()
}

// parseSpecPair parses the -differ flag, "A,B": two different
// specifications by name, in any case. The empty flag is no filter (nil).
func parseSpecPair(v string) (*[2]relurl.Spec, error) {
	if v == "" {
		return nil, nil
	}
	a, b, ok := strings.Cut(v, ",")
	if !ok {
		return nil, errors.New("want two specifications, A,B (such as rfc1808,whatwg)")
	}
	var pair [2]relurl.Spec
	for i, name := range []string{a, b} {
		s, err := relurl.ParseSpec(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		pair[i] = s
	}
	if pair[0] == pair[1] {
		return nil, errors.New("one specification named twice")
	}
	return &pair, nil
}
