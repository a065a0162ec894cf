package main

// The command's side of the crawler: flags, the list of inputs and the
// messages. What a run does is package internal/crawl.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/rows"

	// Named crawler: bench_test.go has a func crawl.
	crawler "github.com/relurl/relurl/internal/crawl"
)

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
A relative base is resolved against the layer outside it by the -spec
chosen, as the links are; a base longer than -max-url, or one that
-spec whatwg rejects, is not used: the base outside it stands, with one
error line naming the document.

INPUT is an HTML file, a CSS file (.css), a MIME message (.eml, .mht,
.mhtml, or detected from its content: every HTML or CSS part counts), an
XML sitemap (.xml, .xml.gz, or a first element <urlset> or
<sitemapindex>: its <loc> links, url@loc and sitemap@loc), a robots.txt
file (its Sitemap: lines, robots@sitemap), a
WARC or WAT web archive
(.warc, .warc.gz, .wat, .wat.gz, or detected from its content; see
below), a directory (walked recursively, .html .htm .xhtml .shtml .css
.eml .mht .mhtml .warc .warc.gz .wat .wat.gz files, robots.txt and the
.xml files that are sitemaps only, the HTML, MIME and XML ones also
gzipped: .html.gz), an http:// or https:// URL (fetched; robots.txt as
text/plain, a sitemap as application/xml, text/xml or gzip),
or - for standard input (once). A gzip-compressed or UTF-16 document is
decoded first, from any INPUT.

Detected from its content: a WARC or WAT archive starts with "WARC/",
plain or gzipped. Otherwise an input is a MIME message only when it
starts with a header that parses (lines "Name: value" or folded
continuations, up to an empty line) and holds a MIME-Version,
Content-Type, Content-Base, Base or Content-Location field; anything
else is HTML, so that a page whose first line reads "Note: moved" stays
a page; one whose first element is <urlset> or <sitemapindex> is a
sitemap. -type html|mime|warc|wat|css|sitemap|robots forces the kind of
standard input and of the files named as INPUT.

Output is one row per link, in document order, with the columns
  document  base  base_source  element@attribute  ref  url
where document is the INPUT (or the file found in a directory), followed
by #POSITION for a part of a message (msg.eml#2.1), ref is the reference
as written (character references decoded, white space trimmed) and url is
its resolution. element@attribute says where the link was found: an
attribute (a@href, img@srcset, object@data, meta@content for a <meta
http-equiv=refresh>, td@background, image@xlink:href...; docs/links.md
lists them), a style attribute's url() (div@style), CSS in <style>
(style@url, style@import) or a CSS document (css@url, css@import: a .css
file, or a text/css part or response). -lazy adds the lazy-loading
attributes of scripts' conventions (img@data-src, img@data-srcset...).
With -context three columns follow url: text (an <a> element's anchor
text, white space collapsed, at most 128 characters), rel and title (the
element's attributes); in NDJSON the members "text", "rel" and "title".
With -page two more follow: page (the URL the document was retrieved by:
an archive record's WARC-Target-URI, the fetched URL, the file:// URL or
-url) and date (the record's WARC-Date, empty elsewhere). With -key two
more: page_key and url_key, the keys of page and url (the CDX key of
"relurl canon -form cdx" unless -key-canon and -key-form say otherwise);
a URL without a key gets an empty one and an error line. In TSV, a backslash, tab, newline or carriage return
inside a value is written \\, \t, \n or \r. With -format ndjson each
row is a JSON object with those names ("attribute" for element@attribute).
-format parquet writes a Parquet file with those columns (a value that
is not UTF-8 also exact in a column NAME_bytes; docs/links.md), to
standard output if it is not a terminal, or one per input with -out-dir.

With -differ A,B (such as rfc1808,whatwg) only the links whose reference
resolves differently by A and by B are written, with both answers:
  document  base  base_source  element@attribute  ref  A  B  failure
where the base is established by A, A and B are the answers (empty when
that specification rejects the reference: WHATWG only), and failure is
"NAME: REASON at offset N" for each that failed, or empty. In NDJSON the
answers are members named A and B, and "failure" is there when not empty.
Over an archive, this lists the links of an old site that a browser
follows elsewhere than RFC 1808.

A document that cannot be read or parsed gets an error on standard error
naming it (quoted, as a Go string, when the name holds control
characters or bytes that are not UTF-8), and the run goes on; the exit
status is then 1. Progress (files, links, MB/s) goes to standard error
when it is a terminal.`

const crawlHelp = `

Web archives. In a WARC file (ISO 28500; plain, gzip with a member per record,
or zstd, .warc.zst) every "response" record holding an HTTP response with an HTML
body (Content-Type text/html or application/xhtml+xml) is a document:
its WARC-Target-URI is the URL it was retrieved by (3.3), the Base and
Content-Base fields of its HTTP header count as message headers (3.1),
then its BASE element as usual. A "resource" record of type text/html is
a document retrieved by its WARC-Target-URI. A redirect response (3xx
with Location) gives one row instead of its body's links: element@attribute
http@location, ref the Location as recorded, url its resolution against
the WARC-Target-URI. Every HTTP response (a record or a fetch) also
gives the links of its Link fields (RFC 8288; http@link, rel in the rel
column with -context) and of its Refresh field (http@refresh), resolved
against the base its header establishes. Records of text/css, XML
sitemaps and robots.txt give their links as the files do. A "revisit"
record gives one row warc@revisit,
ref its WARC-Refers-To-Date (empty when absent) and url the capture it
refers to: its WARC-Refers-To-Target-URI, or its own WARC-Target-URI
when there is none (WARC/1.1 section 6.7). A WAT file (Common Crawl's link metadata, also a
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
line; a FILE that cannot be read ends the run first, with status 1.
-shard I/N keeps only the inputs whose position in that list, counted
from 0, is I modulo N: N runs with the same list share the work.
-jobs K works on K inputs at once. Without -out-dir the rows of one input
keep their order, but with -jobs above 1 the rows of different inputs
interleave, by whole rows. -out-dir DIR writes each input's rows to a
file of its own in DIR, named from the input path (FILE.tsv, FILE.ndjson,
.gz added with -gzip; / and other bytes written %XX), first under a
temporary name of its own (.NAME.DIGITS.tmp), synced and renamed when
the input is done, so that a file under its final name is always
complete; an input whose file is already there is skipped, so a run that
was stopped can be run again to finish. Two inputs that would write one
file (doc.html and ./doc.html) are refused before any work (exit status
2). A missing DIR is created, with its parents; one that cannot be ends
the run first, with status 1.

Limits. What one document or record may cost is bounded (-max-token,
-max-header-line, -max-header-block, -max-record, -max-depth,
-max-noscript, -max-url), so that memory does not depend on the input.
A document or record that breaks a limit gets an error naming the input,
the offset and the limit, its links up to there are kept, and the run
goes on with the next; links whose URL, reference or base is longer than
-max-url are not written but counted, one error per document (and a
longer embedded base is not used, see above). The exit status is then 1.`

func runLinks(e *env, args []string) int {
	// An interrupt (SIGINT, SIGTERM) cancels the fetches in flight and
	// ends the run, reporting the inputs not done; a second one kills
	// the process as usual.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	return runLinksContext(ctx, e, args)
}

// checkParquet refuses what -format parquet cannot do: -differ rows are
// not links rows (docs/links.md#parquet--format-parquet has no columns for them), a
// Parquet file is compressed already (-gzip), and a binary file is not
// written to a terminal. Standard output may be a file or a pipe: the
// writer needs no seeking (rows.ParquetWriter).
func checkParquet(e *env, differ, gzip bool, outDir string) (int, bool) {
	switch {
	case differ:
		e.errorf("links: -format parquet cannot be used with -differ")
	case gzip:
		e.errorf("links: -format parquet is compressed already (zstd); -gzip cannot be used with it")
	case outDir == "" && e.stdoutIsTerminal:
		e.errorf("links: -format parquet writes a binary file: redirect standard output to a file or a pipe, or use -out-dir")
	default:
		return 0, true
	}
	return exitUsage, false
}

// runLinksContext runs "relurl links" until ctx is done.
func runLinksContext(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "links", "[flags] INPUT...", linksHelp+crawlHelp)
	format := namedFlag(fs, "format", "tsv", "output `FORMAT`: tsv, ndjson or parquet", rows.ParseFormat)
	header := fs.Bool("header", false, "print a header line first (TSV; at the top of each file with -out-dir);\nwith another -format, a usage error")
	retrieval := fs.String("url", "", "the URL the INPUT was retrieved by (section 3.3), instead of its\nfile:// URL; for a directory, the URL of the directory (one INPUT only)")
	kind := namedFlag(fs, "type", "", "read standard input and the files given as INPUT as `KIND`: html, mime,\nwarc, wat, css, sitemap or robots, instead of sniffing it (see above)", parseKind)
	lim := limitFlags(fs)
	spec := specFlag(fs)
	context := fs.Bool("context", false, "add the columns text, rel and title: an <a>'s anchor text (white space\ncollapsed, at most 128 characters) and the element's rel and title (see above)")
	page := fs.Bool("page", false, "add the columns page and date: the URL each document was retrieved by\n(WARC-Target-URI, fetched or file:// URL) and its capture date (WARC-Date)")
	key := fs.Bool("key", false, "add the columns page_key and url_key: the key of page and of url,\nthe CDX key by default (-key-canon, -key-form and the SURT flags choose another)")
	kf := defineKeyFlags(fs, "key-", "whatwg", "cdx")
	differ := namedFlag(fs, "differ", "", "write only the links whose resolution differs between the specifications\n`A,B` (such as rfc1808,whatwg), with both answers (see above)", parseSpecPair)
	var c crawlFlags
	c.define(fs, "links")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if *header && *format != rows.TSV {
		e.errorf("links: -header applies to -format tsv, not %s: the header line is TSV's", *format)
		return exitUsage
	}
	if fs.NArg() == 0 && c.filesFrom == "" {
		fs.Usage()
		return exitUsage
	}
	if !c.check(e) || !c.checkURL(e, *retrieval, fs.NArg()) {
		return exitUsage
	}
	if err := lim.check(); err != nil {
		e.errorf("links: %v", err)
		return exitUsage
	}
	pair := *differ
	if pair != nil && (*context || *page || *key) {
		e.errorf("links: -context, -page and -key cannot be used with -differ")
		return exitUsage
	}
	if !*key {
		var set string
		fs.Visit(func(f *flag.Flag) {
			if set == "" && strings.HasPrefix(f.Name, "key-") {
				set = f.Name
			}
		})
		if set != "" {
			e.errorf("links: -%s applies to -key, which is not given: it chooses the key of the columns -key adds", set)
			return exitUsage
		}
	}
	keyFn, err := kf.key()
	if err != nil {
		e.errorf("links: %v", err)
		return exitUsage
	}
	if !*key {
		keyFn = nil
	}
	if pair != nil && *spec != relurl.RFC1808 {
		e.errorf("links: -differ names the specifications; it cannot be used with -spec")
		return exitUsage
	}
	if *format == rows.Parquet {
		if st, ok := checkParquet(e, pair != nil, c.gzip, c.outDir); !ok {
			return st
		}
	}
	c.format = *format
	inputs, st, ok := c.inputs(e, fs.Args())
	if !ok {
		return st
	}
	cfg := &crawler.Config{
		Format:   c.format,
		Header:   *header,
		URL:      *retrieval,
		Type:     *kind,
		Fetcher:  c.fetcher(),
		Limits:   lim.Limits,
		Spec:     *spec,
		Differ:   pair,
		Context:  *context,
		Page:     *page,
		Key:      keyFn,
		Lazy:     c.lazy,
		OutDir:   c.outDir,
		Gzip:     c.gzip,
		Jobs:     c.jobs,
		Stdin:    e.stdin,
		Stdout:   e.stdout,
		Stderr:   e.stderr,
		Prefix:   "relurl: links: ",
		Progress: e.stderrIsTerminal,
	}
	s, err := cfg.RunContext(ctx, inputs)
	if err != nil {
		// Two inputs for one file (RunContext refuses them before any
		// work) and -differ with Parquet (checkParquet refused it above)
		// are usage errors; a DIR that cannot be created is a write
		// failure (docs/command.md#exit-status).
		e.errorf("links: -out-dir: %v", err)
		var one *crawler.OutputNameError
		if errors.As(err, &one) || errors.Is(err, crawler.ErrDifferParquet) {
			return exitUsage
		}
		return exitRejected
	}
	if c.stats {
		e.errorf("links: %d inputs (%d skipped: output present), %d records: %d HTML pages, %d redirects, %d other; %d links; %d errors",
			s.Inputs, s.Present, s.Records, s.Pages, s.Redirects, s.Other, s.Links, s.Errors)
	}
	if len(s.NotDone) > 0 {
		e.errorf("links: interrupted: %d of %d inputs not done: %s", len(s.NotDone), s.Inputs, listExcerpt(s.NotDone, 10))
		return exitInterrupted
	}
	if s.Failed {
		return exitRejected
	}
	return exitOK
}

// listExcerpt returns the first n items of list, quoted, and how many
// more there are.
func listExcerpt(list []string, n int) string {
	var b strings.Builder
	for i, s := range list[:min(n, len(list))] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(s))
	}
	if len(list) > n {
		fmt.Fprintf(&b, " and %d more", len(list)-n)
	}
	return b.String()
}

// runFlags are the flags of a run over inputs that "relurl links" and
// "relurl graph" share, defined once for both: the list of inputs
// (-files-from), how many are worked on at once (-jobs), the fetches of
// http(s) INPUTs (-timeout, -max-body, -max-redirects, -deny-private)
// and the links read (-lazy). The column flags of links (-context,
// -page, -key) are not here: they add columns, not links, so a graph is
// the same without them (docs/graphs.md#flags).
type runFlags struct {
	cmd          string // the command, for messages
	filesFrom    string
	jobs         int
	timeout      time.Duration
	maxBody      int64
	maxRedirects int
	denyPrivate  bool
	lazy         bool
}

func (r *runFlags) define(fs *flag.FlagSet, cmd string) {
	r.cmd = cmd
	fs.StringVar(&r.filesFrom, "files-from", "", "read further inputs from `FILE`, one per line (- for standard input)")
	fs.IntVar(&r.jobs, "jobs", 1, "number of inputs worked on at once")
	fs.DurationVar(&r.timeout, "timeout", base.DefaultTimeout, "time limit for fetching one http(s) INPUT, redirects and body included")
	fs.Int64Var(&r.maxBody, "max-body", base.DefaultMaxBody, "largest body fetched over http(s), in bytes")
	fs.IntVar(&r.maxRedirects, "max-redirects", base.DefaultMaxRedirects, "most redirects followed for one http(s) INPUT")
	fs.BoolVar(&r.denyPrivate, "deny-private", false, "refuse to connect to loopback, private, link-local and other special-use\naddresses, checked on the address dialled for every request and redirect\n(for URLs from untrusted sources); no proxy is used then")
	fs.BoolVar(&r.lazy, "lazy", false, "read the lazy-loading attributes too (data-src, data-srcset, ...: see above)")
}

// check reports -jobs and the fetch flags out of range, as a usage
// error.
func (r *runFlags) check(e *env) bool {
	if r.jobs < 1 {
		e.errorf("%s: -jobs must be at least 1", r.cmd)
		return false
	}
	if r.maxBody <= 0 || r.maxRedirects < 0 || r.timeout <= 0 {
		e.errorf("%s: -max-body and -timeout must be positive, -max-redirects not negative", r.cmd)
		return false
	}
	return true
}

// checkURL reports -url (url, the retrieval URL of one input) given with
// -files-from or with more than one INPUT (nargs of them), as a usage
// error.
func (r *runFlags) checkURL(e *env, url string, nargs int) bool {
	switch {
	case url == "":
	case r.filesFrom != "":
		e.errorf("%s: -url applies to one INPUT, not to the list of -files-from", r.cmd)
		return false
	case nargs > 1:
		e.errorf("%s: -url applies to one INPUT, not %d", r.cmd, nargs)
		return false
	}
	return true
}

// fetcher returns the Fetcher of the flags: -max-redirects 0 follows
// none (base.Fetcher's -1; its 0 is the default).
func (r *runFlags) fetcher() base.Fetcher {
	f := base.Fetcher{Timeout: r.timeout, MaxBody: r.maxBody, MaxRedirects: r.maxRedirects, DenyPrivate: r.denyPrivate}
	if r.maxRedirects == 0 {
		f.MaxRedirects = -1
	}
	return f
}

// list returns args, then the lines of -files-from. ok is false on a
// usage or read error, with the exit status. A list that cannot be
// read, whether it cannot be opened (missing) or read (a directory), is
// a read failure: exit status 1, as for an INPUT.
func (r *runFlags) list(e *env, args []string) (all []string, status int, ok bool) {
	all = append([]string(nil), args...)
	if r.filesFrom != "" {
		var in io.Reader = e.stdin
		var err error
		if r.filesFrom != "-" {
			var f *os.File
			if f, err = os.Open(r.filesFrom); err == nil {
				defer f.Close()
				in = f
			}
		}
		var list []string
		if err == nil {
			list, err = crawler.ReadList(in)
		}
		if err != nil {
			e.errorf("%s: -files-from %s: %v", r.cmd, quote.Name(r.filesFrom), quote.NameIn(err.Error(), r.filesFrom))
			return nil, exitRejected, false
		}
		all = append(all, list...)
		if r.filesFrom == "-" && slices.Contains(all, "-") {
			e.errorf("%s: input - (standard input) cannot be used with -files-from -", r.cmd)
			return nil, exitUsage, false
		}
	}
	// Standard input can be read once: a second "-" read nothing, or
	// with -jobs shared the stream with the first.
	n := 0
	for _, in := range all {
		if in == "-" {
			n++
		}
	}
	if n > 1 {
		e.errorf("%s: input - (standard input) given %d times: it can be read once", r.cmd, n)
		return nil, exitUsage, false
	}
	return all, exitOK, true
}

// crawlFlags are the flags of "relurl links" for runs over many inputs:
// runFlags and the output and sharing of the work.
type crawlFlags struct {
	runFlags
	shard  crawler.Shard
	outDir string
	gzip   bool
	stats  bool
	format rows.Format // from -format, for the names of -out-dir
}

func (c *crawlFlags) define(fs *flag.FlagSet, cmd string) {
	c.runFlags.define(fs, cmd)
	fs.Var(&c.shard, "shard", "take only the inputs whose position in the list is `I/N`: I modulo N (from 0)")
	fs.StringVar(&c.outDir, "out-dir", "", "write each input's rows to a file of its own in `DIR`; skip inputs whose file is there")
	fs.BoolVar(&c.gzip, "gzip", false, "gzip the files written to -out-dir")
	fs.BoolVar(&c.stats, "stats", false, "print counts of inputs, records, pages, links and errors on standard error at the end")
}

// inputs returns the inputs of the run: args, then the lines of
// -files-from, in the shard. ok is false on a usage or read error, with
// the exit status.
func (c *crawlFlags) inputs(e *env, args []string) (in []string, status int, ok bool) {
	if c.gzip && c.outDir == "" {
		e.errorf("links: -gzip applies to -out-dir")
		return nil, exitUsage, false
	}
	all, status, ok := c.list(e, args)
	if !ok {
		return nil, status, false
	}
	if c.outDir != "" {
		// The whole list, not this shard's: other shards may run at
		// once.
		if err := crawler.CheckOutputNames(all, c.format, c.gzip); err != nil {
			e.errorf("links: -out-dir: %v", err)
			return nil, exitUsage, false
		}
	}
	for pos, name := range all {
		if name == "-" && c.outDir != "" {
			e.errorf("links: input - (standard input) cannot be used with -out-dir")
			return nil, exitUsage, false
		}
		if c.shard.Takes(pos) {
			in = append(in, name)
		}
	}
	return in, exitOK, true
}

// limitValues are the flags of the limits (package limits) that bound
// what one document or record may cost.
type limitValues struct {
	limits.Limits
	names []string // the flags, for the message of check
}

// parseKind parses the value of -type (links, graph): the kind of input
// crawler.ParseKind names, crawler.Unknown when it is empty (sniffed).
func parseKind(s string) (crawler.Kind, error) {
	if s == "" {
		return crawler.Unknown, nil
	}
	return crawler.ParseKind(s)
}

func limitFlags(fs *flag.FlagSet) *limitValues {
	d := limits.Default()
	v := &limitValues{Limits: d}
	intFlag := func(p *int, name, usage string) {
		fs.IntVar(p, name, *p, usage)
		v.names = append(v.names, "-"+name)
	}
	intFlag(&v.Token, "max-token", "largest HTML token (tag with its attributes, comment, text run), in bytes")
	intFlag(&v.HeaderLine, "max-header-line", "longest header line (WARC, HTTP, MIME), in bytes")
	intFlag(&v.HeaderBlock, "max-header-block", "largest header, all its lines together, in bytes")
	fs.Int64Var(&v.Record, "max-record", d.Record, "most bytes one document or archive record may hold, decompressed")
	v.names = append(v.names, "-max-record")
	intFlag(&v.Depth, "max-depth", "deepest nesting of multipart/* and message/* entities")
	intFlag(&v.Noscript, "max-noscript", "levels of <noscript> inside <noscript> read for links; deeper is text")
	intFlag(&v.URL, "max-url", "longest URL, reference or base written out; longer links are counted\nand reported instead")
	return v
}

// check reports a limit that is not positive.
func (v *limitValues) check() error {
	l := v.Limits
	if l.Token <= 0 || l.HeaderLine <= 0 || l.HeaderBlock <= 0 || l.Record <= 0 || l.Depth <= 0 || l.Noscript <= 0 || l.URL <= 0 {
		return fmt.Errorf("%s must be positive", strings.Join(v.names, ", "))
	}
	return nil
}
