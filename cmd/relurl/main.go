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
	"sort"
	"strings"
)

// Exit statuses.
const (
	exitOK       = 0 // all went well
	exitRejected = 1 // some input was rejected or failed; the rest was done
	exitUsage    = 2 // the command line was wrong
)

// A command is one subcommand of relurl. Each lives in its own file and
// registers itself from an init function, so that commands stay apart.
type command struct {
	name     string
	synopsis string // one line for "relurl -h"
	// run executes the command with its arguments (after the name) and
	// returns the exit status.
	run func(e *env, args []string) int
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("relurl: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// env is what a command may touch of the outside world, so that tests can
// run commands in-process as well as the built binary.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrIsTerminal decides interactive behaviour (progress output).
	stderrIsTerminal bool
}

// errorf writes one line to standard error, prefixed with "relurl: ".
func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "relurl: "+format+"\n", args...)
}

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrIsTerminal: isTerminal(os.Stderr)}
	os.Exit(run(e, os.Args[1:]))
}

func run(e *env, args []string) int {
	fs := flag.NewFlagSet("relurl", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	version := fs.Bool("version", false, "print the version and exit")
	fs.Usage = func() { usage(e.stderr) }
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	if *version {
		fmt.Fprintln(e.stdout, versionString())
		return exitOK
	}
	if fs.NArg() == 0 {
		usage(e.stderr)
		return exitUsage
	}
	name := fs.Arg(0)
	if name == "help" {
		if fs.NArg() > 1 {
			if c, ok := commands[fs.Arg(1)]; ok {
				return c.run(e, []string{"-h"})
			}
		}
		usage(e.stdout)
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		e.errorf("unknown command %q; run \"relurl -h\" for the list", name)
		return exitUsage
	}
	return c.run(e, fs.Args()[1:])
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "relurl: relative URLs by RFC 1808\n\nUsage:\n  relurl [-version] COMMAND [flags] [args]\n\nCommands:\n")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].synopsis)
	}
	fmt.Fprintf(w, "\nRun \"relurl COMMAND -h\" for a command's flags.\n")
}

// versionString reports the module version and VCS revision the binary
// was built from, as the build information records them.
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "relurl (unknown version)"
	}
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
	return strings.Join(parts, " ")
}

// newFlagSet returns a flag set for a subcommand whose -h prints the
// synopsis, the usage line and the flags.
func newFlagSet(e *env, name, usageLine, help string) *flag.FlagSet {
	fs := flag.NewFlagSet("relurl "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: relurl %s %s\n\n%s\n", name, usageLine, strings.TrimSpace(help))
		var hasFlags bool
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintf(e.stderr, "\nFlags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses a subcommand's flags. It returns ok=false and the exit
// status to return when the command should stop (for -h or a bad flag).
func parseFlags(fs *flag.FlagSet, args []string) (status int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitOK, false
		}
		return exitUsage, false
	}
	return exitOK, true
}
