package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"

	"github.com/relurl/relurl/graph"
	crawler "github.com/relurl/relurl/internal/crawl"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

const graphHelp = `
Builds a link graph from what "relurl links" reads (web archives, HTML
and other documents, directories, http(s) URLs) or from the rows it
writes (TSV, with or without its header, or NDJSON), read from the
INPUTs or, with none or "-", from standard input:

  relurl graph -level host crawl.warc.gz
  relurl links -format ndjson crawl.warc.gz | relurl graph -level host

An INPUT is read as "relurl links" reads it, its links counted in this
process with no rows between, when -type is given, when it is not a
regular file (a directory, an http(s) URL), when its name is one
"relurl links" knows (.warc.gz, .wat, .html, .css, .eml, robots.txt,
.xml...), or when it begins as a WARC or WAT file (plain, gzip or zstd);
anything else, standard input included, is links rows. The flags that
choose what is read and how are those of "relurl links", with its
defaults: -spec, -url, -type, -lazy (the lazy-loading attributes too:
img@data-src...), the limits (-max-url...), the fetch flags of http(s)
INPUTs (-timeout, -max-body, -max-redirects, -deny-private),
-files-from (further INPUTs, one per line) and -jobs (inputs read at
once: the graph is the same whatever their number). Its column flags
(-context, -page, -key) add columns, not links: a graph has no use for
them.

Each link is an edge from its page to its URL: the page is the URL the
document was retrieved by (the row's page column, as "relurl links -page"
writes it: an archive record's WARC-Target-URI) when it is known,
otherwise the base. With -level host a node is the URL's host name (as
the URL Standard parses it), with -level domain its registrable domain
(the Public Suffix List); with -level page, the URL, and a capture date
(an archive's WARC-Date, a date column) keeps each capture apart. Each
edge is written once with the number of links it stands for, sorted:

  source	target	count
  example.com	example.org	12

-format graphml or gexf writes a file Gephi loads; parquet a file DuckDB
and Spark read (docs/graphs.md has the schemas). The edges are counted in
memory up to -budget bytes; past it they spill to sorted runs on disk
(-tmp) and are merged, with the same output.

A row that gives no edge (one that does not parse, has no URL, or a URL
the URL Standard rejects at the host and domain levels) is reported on
standard error with its input and line number, a link of a document
with its document (FILE#OFFSET in an archive), and the rest goes on; the
exit status is then 1. Links to URLs without a host (mailto:, data:)
give no edge at the host and domain levels: their number is said in one
line.`

func runGraph(e *env, args []string) int {
	fs := newFlagSet(e, "graph", "[-level page|host|domain] [-format tsv|graphml|gexf|parquet] [-budget BYTES] [flags] [INPUT...]", graphHelp)
	lv := namedFlag(fs, "level", "host", "what a node is, the `LEVEL`: page, host or domain", graph.ParseLevel)
	f := namedFlag(fs, "format", "tsv", "output `FORMAT`: tsv, graphml, gexf or parquet", graph.ParseFormat)
	budget := fs.Int64("budget", graph.DefaultBudget, "bytes of edges and nodes held in memory before spilling to disk")
	tmp := fs.String("tmp", "", "directory for spilled runs (default: the system's temporary directory)")
	retrieval := fs.String("url", "", "as in relurl links: the URL the one INPUT (or standard input) was\nretrieved by, instead of its file:// URL")
	kind := namedFlag(fs, "type", "", "read standard input and the files given as INPUT as `KIND` (html, mime,\nwarc, wat, css, sitemap or robots), as relurl links does, not as rows", parseKind)
	lim := limitFlags(fs)
	spec := specFlag(fs)
	var run runFlags
	run.define(fs, "graph")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if *budget <= 0 {
		e.errorf("graph: -budget %d: want a positive number of bytes", *budget)
		return exitUsage
	}
	if err := lim.check(); err != nil {
		e.errorf("graph: %v", err)
		return exitUsage
	}
	if !run.check(e) || !run.checkURL(e, *retrieval, fs.NArg()) {
		return exitUsage
	}
	g := &graph.Builder{Level: *lv, Budget: *budget, Dir: *tmp}
	defer g.Close()
	status := exitOK
	var noHost int64
	bad := func(err error) {
		e.errorf("graph: %v", err)
		status = exitRejected
	}
	// edge sorts out the error of one edge, the same for rows and links:
	// a spill error ends the run (it is returned), a URL without a host
	// is counted, anything else is reported, where(err) naming the input
	// and position.
	edge := func(err error, where func(error) error) error {
		switch {
		case err == nil:
			return nil
		case isSpillError(err):
			return err
		case errors.Is(err, graph.ErrNoHost):
			noHost++ // mailto:, data:, javascript:...: said once below
			return nil
		}
		bad(where(err))
		return nil
	}
	read := func(r io.Reader, name string) error {
		return graph.ReadRows(r, name, func(row graph.Row) error {
			return edge(g.Add(row.Source, row.URL, row.Date), func(err error) error {
				var le *graph.LineError
				if errors.As(err, &le) {
					return err
				}
				return &graph.LineError{Name: name, Line: row.Line, Err: err}
			})
		}, bad)
	}
	// The documents' links go to the graph in process (Config.Link); a
	// spill error cancels the run.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var spillErr error
	cfg := &crawler.Config{
		URL:     *retrieval,
		Type:    *kind,
		Fetcher: run.fetcher(),
		Limits:  lim.Limits,
		Spec:    *spec,
		Lazy:    run.lazy,
		Jobs:    run.jobs,
		Stderr:  e.stderr,
		Prefix:  "relurl: graph: ",
		Link: func(doc *rows.Document, k links.Link) error {
			err := edge(g.AddLink(doc, k), func(err error) error {
				return &graph.LinkError{Doc: quote.Name(doc.Name), URL: k.URL, Err: err}
			})
			if err != nil && spillErr == nil {
				spillErr = err
				cancel()
			}
			return err
		},
	}
	inputs, st, ok := run.list(e, fs.Args())
	if !ok {
		return st
	}
	if len(inputs) == 0 && run.filesFrom == "" {
		inputs = []string{"-"}
	}
	// failed reports an error of an input; a spill error ends the run.
	failed := func(err error) bool {
		if spillErr != nil {
			err = spillErr
		}
		if err == nil {
			return false
		}
		e.errorf("graph: %v", err)
		status = exitRejected
		return isSpillError(err)
	}
	// Rows are read in turn; the inputs read as relurl links reads them
	// are crawled at the end, together, -jobs at a time: the edges are
	// counted whatever their order (Config.Link's calls come one at a
	// time), so the graph is the same.
	var crawl []string
	for _, in := range inputs {
		var err error
		if in == "-" {
			br := bufio.NewReaderSize(e.stdin, graphSniffLen)
			if head, _ := br.Peek(graphSniffLen); *kind != crawler.Unknown || warc.Sniff(head) {
				cfg.Stdin = br
				crawl = append(crawl, in)
			} else {
				err = read(br, "standard input")
			}
		} else if fi, serr := os.Stat(in); serr != nil || !fi.Mode().IsRegular() || *kind != crawler.Unknown || crawler.KnownName(in) {
			crawl = append(crawl, in) // the crawl says why one it cannot read fails
		} else {
			// Its messages name it as the crawl's do (quote.Name).
			var fh *os.File
			if fh, err = os.Open(in); err == nil {
				br := bufio.NewReaderSize(fh, graphSniffLen)
				if head, _ := br.Peek(graphSniffLen); warc.Sniff(head) {
					crawl = append(crawl, in)
				} else {
					err = read(br, quote.Name(in))
				}
				fh.Close()
			} else {
				err = errors.New(quote.NameIn(err.Error(), in))
			}
		}
		if failed(err) {
			return exitRejected
		}
	}
	if len(crawl) > 0 {
		s, err := cfg.RunContext(ctx, crawl)
		if err != nil || s.Failed {
			status = exitRejected
		}
		if failed(nil) {
			return exitRejected
		}
	}
	if noHost > 0 {
		e.errorf("graph: %s", lv.NoHostSummary(noHost))
	}
	if err := g.Write(e.stdout, *f); err != nil {
		e.errorf("graph: writing the graph: %v", err)
		return exitRejected
	}
	return status
}

// graphSniffLen is how many leading bytes of an input tell a web archive
// from rows (warc.Sniff: a gzip or zstd frame's first bytes decompressed).
const graphSniffLen = 4096

// isSpillError reports an error of the disk the graph spills to, which
// ends the run: the graph would be incomplete.
func isSpillError(err error) bool { return errors.Is(err, graph.ErrSpill) }
