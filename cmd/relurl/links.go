package main

// The command's side of the crawler: flags, the list of inputs and the
// messages. What a run does is package internal/crawl.

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/relurl/relurl/base"
	// Named crawler: bench_test.go has a func crawl.
	crawler "github.com/relurl/relurl/internal/crawl"
)

func init() {
	register(&command{
		name:     "links",
		synopsis: "extract and resolve the links of HTML documents and messages (sections 3, 4)",
		run:      runLinks,
	})
}

const linksHelp = `
Extracts every link of each INPUT and resolves it against the document's
base URL, established by RFC 1808 section 3, innermost rule first:
  html        the href of the first BASE element in the head (3.1)
  header      a Base, Content-Base or Content-Location header (3.1);
              over HTTP, a Base or Content-Base response header
  enclosing   the base of the enclosing MIME entity (3.2)
  retrieval   the URL the document was retrieved by, after redirects (3.3):
              a local file's file:// URL, unless -url gives another
  none        no base: references are taken as they are (3.4)

INPUT is an HTML file, a MIME message (.eml, .mht, .mhtml, or detected
from its content: every HTML part counts), a WARC or WAT web archive
(.warc, .warc.gz, .wat, .wat.gz, or detected from its content; see
below), a directory (walked recursively, .html .htm .xhtml .shtml .eml
.mht .mhtml .warc .warc.gz .wat .wat.gz files only), an http:// or
https:// URL (fetched), or - for standard input.

Output is one row per link, in document order, with the columns
  document  base  base_source  element@attribute  ref  url
where document is the INPUT (or the file found in a directory), followed
by #POSITION for a part of a message (msg.eml#2.1), ref is the reference
as written (character references decoded, white space trimmed) and url is
its resolution. In TSV, a backslash, tab, newline or carriage return
inside a value is written \\, \t, \n or \r. With -format ndjson each
row is a JSON object with those names ("attribute" for element@attribute).

A document that cannot be read or parsed gets an error on standard error
naming it, and the run goes on; the exit status is then 1. Progress
(files, links, MB/s) goes to standard error when it is a terminal.`

const crawlHelp = `

Web archives. In a WARC file (ISO 28500; plain, or gzip with a member per
record) every "response" record holding an HTTP response with an HTML
body (Content-Type text/html or application/xhtml+xml) is a document:
its WARC-Target-URI is the URL it was retrieved by (3.3), the Base and
Content-Base fields of its HTTP header count as message headers (3.1),
then its BASE element as usual. A "resource" record of type text/html is
a document retrieved by its WARC-Target-URI. A redirect response (3xx
with Location) gives one row instead of its body's links: element@attribute
http@location, ref the Location as recorded, url its resolution against
the WARC-Target-URI. A WAT file (Common Crawl's link metadata, also a
WARC file, records of type application/json) gives one row per recorded
link: its Head.Base, resolved against the WARC-Target-URI, is the html
base, else the retrieval URL; element@attribute is the recorded path
(A@/href gives a@href). Other records (requests, metadata, images...) are
skipped and counted (-stats).

The document column of a record's rows is FILE#OFFSET: the byte offset of
the record, or of the gzip member holding it, as a CDX index gives it
(in a file gzipped whole, FILE#0+N for its Nth record). A damaged record
is reported on standard error naming the file and offset, and the rest
of the file is read; the exit status is then 1.

Many inputs. -files-from FILE (- for standard input) adds the inputs
listed one per line (blank lines ignored) after those on the command
line. -shard I/N keeps only the inputs whose position in that list,
counted from 0, is I modulo N: N runs with the same list share the work.
-jobs K works on K inputs at once. Without -out-dir the rows of one input
keep their order, but with -jobs above 1 the rows of different inputs
interleave, by whole rows. -out-dir DIR writes each input's rows to a
file of its own in DIR, named from the input path (FILE.tsv, FILE.ndjson,
.gz added with -gzip; / and other bytes written %XX), first under a
temporary name (.NAME.tmp) renamed when the input is done; an input whose
file is already there is skipped, so a run that was stopped can be run
again to finish.`

func runLinks(e *env, args []string) int {
	fs := newFlagSet(e, "links", "[flags] INPUT...", linksHelp+crawlHelp)
	format := fs.String("format", "tsv", "output format: tsv or ndjson")
	header := fs.Bool("header", false, "print a header line first (TSV; at the top of each file with -out-dir)")
	retrieval := fs.String("url", "", "the URL the INPUT was retrieved by (section 3.3), instead of its\nfile:// URL; for a directory, the URL of the directory (one INPUT only)")
	timeout := fs.Duration("timeout", base.DefaultTimeout, "time limit for fetching one http(s) INPUT, redirects and body included")
	maxBody := fs.Int64("max-body", base.DefaultMaxBody, "largest body fetched over http(s), in bytes")
	maxRedirects := fs.Int("max-redirects", base.DefaultMaxRedirects, "most redirects followed for one http(s) INPUT")
	maxDepth := fs.Int("max-depth", base.DefaultMaxDepth, "deepest nesting of multipart/* and message/* entities")
	spec := specFlag(fs)
	var c crawlFlags
	c.define(fs)
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if *format != "tsv" && *format != "ndjson" {
		e.errorf("links: -format must be tsv or ndjson, not %q", *format)
		return exitUsage
	}
	if fs.NArg() == 0 && c.filesFrom == "" {
		fs.Usage()
		return exitUsage
	}
	if *retrieval != "" && (fs.NArg() != 1 || c.filesFrom != "") {
		e.errorf("links: -url applies to one INPUT, not %d", fs.NArg())
		return exitUsage
	}
	if *maxBody <= 0 || *maxDepth <= 0 || *maxRedirects < 0 || *timeout <= 0 {
		e.errorf("links: -max-body, -max-depth and -timeout must be positive, -max-redirects not negative")
		return exitUsage
	}
	inputs, st, ok := c.inputs(e, fs.Args())
	if !ok {
		return st
	}
	cfg := &crawler.Config{
		Header:   *header,
		URL:      *retrieval,
		Fetcher:  base.Fetcher{Timeout: *timeout, MaxBody: *maxBody, MaxRedirects: *maxRedirects},
		Walker:   base.Walker{MaxDepth: *maxDepth},
		Spec:     *spec,
		OutDir:   c.outDir,
		Gzip:     c.gzip,
		Jobs:     c.jobs,
		Stdin:    e.stdin,
		Stdout:   e.stdout,
		Stderr:   e.stderr,
		Prefix:   "relurl: links: ",
		Progress: e.stderrIsTerminal,
	}
	if *format == "ndjson" {
		cfg.Format = crawler.NDJSON
	}
	if *maxRedirects == 0 {
		cfg.Fetcher.MaxRedirects = -1
	}
	s := cfg.Run(inputs)
	if c.stats {
		e.errorf("links: %d inputs (%d skipped: output present), %d records: %d HTML pages, %d redirects, %d other; %d links; %d errors",
			s.Inputs, s.Present, s.Records, s.Pages, s.Redirects, s.Other, s.Links, s.Errors)
	}
	if s.Failed {
		return exitRejected
	}
	return exitOK
}

// crawlFlags are the flags of "relurl links" for runs over many inputs.
type crawlFlags struct {
	filesFrom string
	shard     crawler.Shard
	outDir    string
	gzip      bool
	jobs      int
	stats     bool
}

func (c *crawlFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&c.filesFrom, "files-from", "", "read further inputs from `FILE`, one per line (- for standard input)")
	fs.Var(&c.shard, "shard", "take only the inputs whose position in the list is `I/N`: I modulo N (from 0)")
	fs.StringVar(&c.outDir, "out-dir", "", "write each input's rows to a file of its own in `DIR`; skip inputs whose file is there")
	fs.BoolVar(&c.gzip, "gzip", false, "gzip the files written to -out-dir")
	fs.IntVar(&c.jobs, "jobs", 1, "number of inputs worked on at once")
	fs.BoolVar(&c.stats, "stats", false, "print counts of inputs, records, pages, links and errors on standard error at the end")
}

// inputs returns the inputs of the run: args, then the lines of
// -files-from, in the shard. ok is false on a usage or read error, with
// the exit status.
func (c *crawlFlags) inputs(e *env, args []string) (in []string, status int, ok bool) {
	if c.jobs < 1 {
		e.errorf("links: -jobs must be at least 1")
		return nil, exitUsage, false
	}
	if c.gzip && c.outDir == "" {
		e.errorf("links: -gzip applies to -out-dir")
		return nil, exitUsage, false
	}
	all := append([]string(nil), args...)
	if c.filesFrom != "" {
		var r io.Reader = e.stdin
		if c.filesFrom != "-" {
			f, err := os.Open(c.filesFrom)
			if err != nil {
				e.errorf("links: -files-from: %v", err)
				return nil, exitUsage, false
			}
			defer f.Close()
			r = f
		}
		list, err := crawler.ReadList(r)
		if err != nil {
			e.errorf("links: -files-from %s: %v", c.filesFrom, err)
			return nil, exitRejected, false
		}
		all = append(all, list...)
	}
	for pos, name := range all {
		if name == "-" && (c.filesFrom == "-" || c.outDir != "") {
			e.errorf("links: input - (standard input) cannot be used with -files-from - or -out-dir")
			return nil, exitUsage, false
		}
		if c.shard.Takes(pos) {
			in = append(in, name)
		}
	}
	if c.outDir != "" {
		if fi, err := os.Stat(c.outDir); err != nil || !fi.IsDir() {
			if err == nil {
				err = fmt.Errorf("not a directory")
			}
			e.errorf("links: -out-dir %s: %v", c.outDir, err)
			return nil, exitUsage, false
		}
	}
	return in, exitOK, true
}
