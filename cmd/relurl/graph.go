package main

import (
	"errors"
	"io"
	"os"

	"github.com/relurl/relurl/graph"
)

const graphHelp = `
Builds a link graph from the rows "relurl links" writes (TSV, with or
without its header, or NDJSON), read from the FILEs or, with none or "-",
from standard input:

  relurl links -format ndjson crawl.warc.gz | relurl graph -level host

Each row is an edge from the page to the link's URL: the page is the row's
page column when it has one, otherwise its base. With -level host a node is
the URL's host name (as the URL Standard parses it), with -level domain its
registrable domain (the Public Suffix List); with -level page, the URL, and
a date column, when the rows have one, keeps each capture apart. Each edge
is written once with the number of links it stands for, sorted:

  source	target	count
  example.com	example.org	12

-format graphml or gexf writes a file Gephi loads; parquet a file DuckDB
and Spark read (docs/graphs.md has the schemas). The edges are counted in
memory up to -budget bytes; past it they spill to sorted runs on disk
(-tmp) and are merged, with the same output.

A row that gives no edge (one that does not parse, has no URL, or a URL
the URL Standard rejects at the host and domain levels) is reported on
standard error with its input and line number, and the rest goes on; the
exit status is then 1. Links to URLs without a host (mailto:, data:) give
no edge at the host and domain levels: their number is said in one line.`

func runGraph(e *env, args []string) int {
	fs := newFlagSet(e, "graph", "[-level page|host|domain] [-format tsv|graphml|gexf|parquet] [-budget BYTES] [FILE...]", graphHelp)
	level := fs.String("level", "host", "what a node is: page, host or domain")
	format := fs.String("format", "tsv", "output format: tsv, graphml, gexf or parquet")
	budget := fs.Int64("budget", graph.DefaultBudget, "bytes of edges and nodes held in memory before spilling to disk")
	tmp := fs.String("tmp", "", "directory for spilled runs (default: the system's temporary directory)")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	lv, err := graph.ParseLevel(*level)
	if err != nil {
		e.errorf("graph: -level: %v", err)
		return exitUsage
	}
	f, err := graph.ParseFormat(*format)
	if err != nil {
		e.errorf("graph: -format: %v", err)
		return exitUsage
	}
	if *budget <= 0 {
		e.errorf("graph: -budget %d: want a positive number of bytes", *budget)
		return exitUsage
	}
	g := &graph.Builder{Level: lv, Budget: *budget, Dir: *tmp}
	defer g.Close()
	status := exitOK
	noHost := 0
	bad := func(err error) {
		e.errorf("graph: %v", err)
		status = exitRejected
	}
	read := func(r io.Reader, name string) error {
		return graph.ReadRows(r, name, func(row graph.Row) error {
			if err := g.Add(row.Source, row.URL, row.Date); err != nil {
				var le *graph.LineError
				if errors.As(err, &le) {
					bad(err)
					return nil
				}
				if isSpillError(err) {
					return err
				}
				if errors.Is(err, graph.ErrNoHost) {
					noHost++ // mailto:, data:, javascript:...: said once below
					return nil
				}
				bad(&graph.LineError{Name: name, Line: row.Line, Err: err})
			}
			return nil
		}, bad)
	}
	inputs := fs.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	for _, in := range inputs {
		var err error
		if in == "-" {
			err = read(e.stdin, "standard input")
		} else {
			var fh *os.File
			if fh, err = os.Open(in); err == nil {
				err = read(fh, in)
				fh.Close()
			}
		}
		if err != nil {
			e.errorf("graph: %v", err)
			if isSpillError(err) {
				return exitRejected
			}
			status = exitRejected
		}
	}
	if noHost > 0 {
		e.errorf("graph: %d links have no host (mailto:, data:, file: and the like): no edge at level %v", noHost, lv)
	}
	if err := g.Write(e.stdout, f); err != nil {
		e.errorf("graph: writing the graph: %v", err)
		return exitRejected
	}
	return status
}

// isSpillError reports an error of the disk the graph spills to, which
// ends the run: the graph would be incomplete.
func isSpillError(err error) bool { return errors.Is(err, graph.ErrSpill) }
