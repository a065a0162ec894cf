package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/jsonline"
	"github.com/relurl/relurl/internal/rfcexamples"
)

const examplesHelp = `
Prints the examples of RFC 1808 section 5 (5.1 normal, 5.2 abnormal), in
the RFC's order: each reference, the answer the RFC gives, the answer of
relurl's resolver, and "ok" when they are the same ("DIFFERS" when not).
The base is the RFC's, http://a/b/c/d;p?q#f; the empty reference is shown
as <>, as the RFC writes it.

With -json, one JSON object per example:

  {"section":"5.1","base":"http://a/b/c/d;p?q#f","ref":"g","rfc":"http://a/b/c/g","relurl":"http://a/b/c/g","match":true}

The exit status is 1 if any example differs.`

func runExamples(e *env, args []string) int {
	fs := newFlagSet(e, "examples", "[-json]", examplesHelp)
	asJSON := fs.Bool("json", false, "print one JSON object per example")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if fs.NArg() > 0 {
		e.errorf("examples: no arguments expected, got %q", fs.Args())
		return exitUsage
	}
	l := newLineIO(e)
	differs := 0
	if *asJSON {
		var buf []byte
		for _, ex := range rfcexamples.Section5 {
			got := relurl.Resolve(rfcexamples.Base, ex.Ref)
			if got != ex.Want {
				differs++
			}
			buf = append(buf[:0], '{')
			buf = jsonline.AppendField(buf, true, "section", ex.Section)
			buf = jsonline.AppendField(buf, false, "base", rfcexamples.Base)
			buf = jsonline.AppendField(buf, false, "ref", ex.Ref)
			buf = jsonline.AppendField(buf, false, "rfc", ex.Want)
			buf = jsonline.AppendField(buf, false, "relurl", got)
			buf = jsonline.AppendBool(buf, "match", got == ex.Want)
			buf = append(buf, '}', '\n')
			l.out.Write(buf)
		}
	} else {
		fmt.Fprintf(l.out, "RFC 1808 section 5: references resolved against the base <URL:%s>\n\n", rfcexamples.Base)
		tw := tabwriter.NewWriter(l.out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "section\treference\tRFC 1808\trelurl\tmatch")
		section := ""
		for _, ex := range rfcexamples.Section5 {
			got := relurl.Resolve(rfcexamples.Base, ex.Ref)
			mark := "ok"
			if got != ex.Want {
				mark = "DIFFERS"
				differs++
			}
			if ex.Section != section && section != "" {
				fmt.Fprintln(tw, "\t\t\t\t")
			}
			section = ex.Section
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", ex.Section, showRef(ex.Ref), ex.Want, got, mark)
		}
		tw.Flush()
		fmt.Fprintf(l.out, "\n%d of %d examples give the RFC's answer.\n", len(rfcexamples.Section5)-differs, len(rfcexamples.Section5))
	}
	if !l.finish("examples", nil) {
		return exitRejected
	}
	if differs > 0 {
		e.errorf("examples: %d example(s) differ from the RFC", differs)
		return exitRejected
	}
	return exitOK
}

// showRef writes a reference as the RFC's table does: the empty one as <>.
func showRef(ref string) string {
	if ref == "" {
		return "<>"
	}
	return strings.ReplaceAll(ref, "\t", `\t`)
}
