// Command relurl resolves, parses, checks and writes relative URLs by RFC
// 1808, as Unix filters.
//
// Usage:
//
//	relurl [-version] COMMAND [flags] [args]
//
// Run "relurl -h" for the list of commands and "relurl COMMAND -h" for
// each one's flags. Results go to standard output, one line per input
// line; errors go to standard error. The exit status is 0 when all went
// well, 1 when some input was rejected and 2 for a usage error.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
)

// Exit statuses.
const (
	exitOK       = 0 // all went well
	exitRejected = 1 // some input was rejected or failed; the rest was done
	exitUsage    = 2 // the command line was wrong
	// exitInterrupted: links was interrupted (SIGINT, SIGTERM) before
	// all its inputs were done; 128 + SIGINT, as shells report.
	exitInterrupted = 130
)

// A command is one subcommand of relurl: its name, its line in "relurl
// -h" and the function that runs it. Each lives in its own file; the
// table below lists them all.
type command struct {
	name     string
	synopsis string // one line for "relurl -h"
	// run executes the command with its arguments (after the name) and
	// returns the exit status.
	run func(e *env, args []string) int
}

// commandTable lists every command of relurl, in the order "relurl -h"
// shows them (alphabetical). It is a function, not a variable, because
// some commands (completion, man) read the table themselves.
func commandTable() []command {
	return []command{
		{"canon", "canonicalize URLs, or write their SURT, SSURT or CDX key (docs/keys.md)", runCanon},
		{"check", "validate URLs against the BNF of RFC 1808 section 2.2", runCheck},
		{"compare", "resolve references by RFC 1808, RFC 2396, RFC 3986 and WHATWG side by side", runCompare},
		{"completion", "print a shell completion script: relurl completion bash|zsh", runCompletion},
		{"examples", "show the examples of RFC 1808 section 5, resolved by relurl", runExamples},
		{"explain", "show why a reference resolves where it does, step by step, by the specification chosen", runExplain},
		{"graph", "build a page, host or domain graph from what relurl links reads, or its rows", runGraph},
		{"links", "extract and resolve the links of HTML documents and messages (sections 3, 4)", runLinks},
		{"man", "print the manual page, relurl(1), in roff", runMan},
		{"parse", "split URLs into their components (RFC 1808 section 2.4, or the specification chosen)", runParse},
		{"rel", "write targets as the shortest references from a base URL (inverse of resolve)", runRel},
		{"resolve", "resolve references against a base URL (RFC 1808 section 4)", runResolve},
		{"serve", "serve a local page and JSON API that explain resolutions", runServe},
	}
}

// lookup returns the command named name.
func lookup(name string) (command, bool) {
	for _, c := range commandTable() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// env is what a command may touch of the outside world, so that tests can
// run commands in-process as well as the built binary.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrIsTerminal decides interactive behaviour (progress output).
	stderrIsTerminal bool
	// stdoutIsTerminal refuses binary output there (links -format parquet).
	stdoutIsTerminal bool
}

// errorf writes one line to standard error, prefixed with "relurl: ".
func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "relurl: "+format+"\n", args...)
}

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrIsTerminal: isTerminal(os.Stderr), stdoutIsTerminal: isTerminal(os.Stdout)}
	os.Exit(run(e, os.Args[1:]))
}

// run runs the command line args and returns the exit status. Output that
// cannot be written fails the run, whatever the command: a run whose
// results are lost must not exit 0 (a full disk, a closed pipe).
func run(e *env, args []string) int {
	out := &checkedWriter{w: e.stdout}
	ce := *e
	ce.stdout = out
	status := dispatch(&ce, args)
	if err := out.error(); err != nil && status == exitOK {
		e.errorf("writing standard output: %v", err)
		status = exitRejected
	}
	return status
}

// checkedWriter passes writes on and keeps the first error, so that run
// sees a failure whichever command met it and whether or not the command
// checked. It is safe for concurrent use (links -jobs writes from many
// goroutines).
type checkedWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil {
		c.mu.Lock()
		if c.err == nil {
			c.err = err
		}
		c.mu.Unlock()
	}
	return n, err
}

func (c *checkedWriter) error() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

func dispatch(e *env, args []string) int {
	fs := flag.NewFlagSet("relurl", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	version := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			usage(e.stdout)
			return exitOK
		}
		e.errorf("%v", err)
		fmt.Fprintln(e.stderr, mainHint)
		return exitUsage
	}
	if *version {
		fmt.Fprint(e.stdout, versionString())
		return exitOK
	}
	if fs.NArg() == 0 {
		e.errorf("no command given")
		fmt.Fprintln(e.stderr, mainHint)
		return exitUsage
	}
	name := fs.Arg(0)
	if name == "help" {
		switch fs.NArg() {
		case 1:
			usage(e.stdout)
			return exitOK
		case 2:
			if fs.Arg(1) == "help" {
				usage(e.stdout)
				return exitOK
			}
			if c, ok := lookup(fs.Arg(1)); ok {
				return c.run(e, []string{"-h"})
			}
			e.errorf("help: unknown command %q;%s run \"relurl help\" for the list", fs.Arg(1), didYouMean(fs.Arg(1)))
			return exitUsage
		}
		e.errorf("help: want at most one COMMAND, got %d; run \"relurl help\" for the list", fs.NArg()-1)
		return exitUsage
	}
	c, ok := lookup(name)
	if !ok {
		e.errorf("unknown command %q;%s run \"relurl help\" for the list", name, didYouMean(name))
		return exitUsage
	}
	return c.run(e, fs.Args()[1:])
}

// didYouMean suggests the command closest to a mistyped name (at most
// two edits away), as " did you mean "resolve"?", or "".
func didYouMean(name string) string {
	best, bestD := "", 3
	for _, n := range commandNames() {
		if d := editDistance(name, n); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" did you mean %q?", best)
}

// editDistance is the Levenshtein distance between a and b, for short
// strings. A long a (any argument may be typed) is cut: command names are
// short, so nothing close is lost.
func editDistance(a, b string) int {
	if len(a) > 32 {
		a = a[:32]
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// mainHint ends a usage error of relurl itself.
const mainHint = `usage: relurl [-version] COMMAND [flags] [args]; run "relurl help" for the commands`

func usage(w io.Writer) {
	fmt.Fprintf(w, "relurl: relative URLs by RFC 1808\n\nUsage:\n  relurl [-version] COMMAND [flags] [args]\n  relurl help [COMMAND]\n\nCommands:\n")
	for _, c := range commandTable() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.synopsis)
	}
	fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(conventions))
}

// conventions are the rules every command follows, shown by "relurl help".
const conventions = `
Flags may come before or after the arguments; "--" ends the flags, so that
an argument may begin with "-". "relurl COMMAND -h" (or --help, or "relurl
help COMMAND") prints a command's help and flags on standard output.

Exit status, the same for every command: 0 when all went well, 1 when some
input was rejected or failed (the rest was done; each failure is reported on
standard error) or the output could not be written, 2 for a usage error.

With -json, every command writes one JSON object per line. A string that is
not valid UTF-8 is written with one U+FFFD in place of each run of bad
bytes, and a member NAME_base64 beside it holds its exact bytes: nothing is
lost.`

// commandNames lists the commands in the order of commandTable.
func commandNames() []string {
	var names []string
	for _, c := range commandTable() {
		names = append(names, c.name)
	}
	return names
}

// versionString reports the module version and VCS revision the binary
// was built from, as the build information records them, and says how to
// get them when the build has none.
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "relurl (unknown version)\n"
	}
	return formatVersion(bi)
}

func formatVersion(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	parts := []string{"relurl", v}
	if rev != "" {
		parts = append(parts, rev+dirty)
	}
	parts = append(parts, bi.GoVersion)
	line := strings.Join(parts, " ") + "\n"
	if (v == "" || v == "(devel)") && rev == "" {
		line += versionHint
	}
	return line
}

// versionHint says why a build has no version: go run, go test and
// -buildvcs=false builds carry none.
const versionHint = `(this build records no version: install with
"go install github.com/relurl/relurl/cmd/relurl@latest", or build in a git
clone with "go build -buildvcs=true ./cmd/relurl")
`

// A command's flags are parsed by one function, parseFlags, so that every
// command follows the same conventions (see conventions above).

// fullHelp marks a request for the full help: parseFlags sets it as the
// flag set's output before calling its Usage function, which otherwise
// prints the short usage of a usage error.
type fullHelp struct{ io.Writer }

// newFlagSet returns a flag set for a subcommand. Its Usage function
// prints a two-line usage to standard error, for a usage error; parseFlags
// prints the full help (the synopsis, the usage line and the flags) on
// standard output for -h, -help or --help.
func newFlagSet(e *env, name, usageLine, help string) *flag.FlagSet {
	fs := flag.NewFlagSet("relurl "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		if _, ok := fs.Output().(fullHelp); !ok {
			first, _, _ := strings.Cut(usageLine, "\n")
			fmt.Fprintf(e.stderr, "usage: relurl %s %s\nrun \"relurl %s -h\" for the flags and details\n", name, first, name)
			return
		}
		w := e.stdout
		fmt.Fprintf(w, "Usage: relurl %s %s\n\n%s\n", name, usageLine, strings.TrimSpace(help))
		var hasFlags bool
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintf(w, "\nFlags:\n")
			fs.SetOutput(w)
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses a subcommand's arguments. Flags may come before, after
// or between the positional arguments, and "--" ends the flags: every
// argument after it is positional. fs.Args() then holds the positional
// arguments in their order. It returns ok=false and the exit status when
// the command should stop: after the help for -h, or after a one-line
// error and a one-line hint for a usage error.
func parseFlags(fs *flag.FlagSet, args []string) (status int, ok bool) {
	flags, positional := splitArgs(fs, args)
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(append(append(flags, "--"), positional...))
	fs.SetOutput(out)
	fs.Usage = usage
	switch {
	case err == flag.ErrHelp:
		fs.SetOutput(fullHelp{out})
		fs.Usage()
		fs.SetOutput(out)
		return exitOK, false
	case err != nil:
		fmt.Fprintf(out, "%s: %v\nrun \"%s -h\" for the flags and details\n", fs.Name(), err, fs.Name())
		return exitUsage, false
	}
	return exitOK, true
}

// splitArgs separates flags (with their values) from positional
// arguments, in the way package flag reads each flag: "-name", "--name",
// "-name=value", or "-name value" for a flag that is not boolean. A lone
// "-" is positional (standard input); a lone "--" makes the rest
// positional.
func splitArgs(fs *flag.FlagSet, args []string) (flags, positional []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(positional, args[i+1:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimPrefix(a[1:], "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue // package flag reports it
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return flags, positional
}
