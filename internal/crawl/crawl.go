// Package crawl is the link crawler of "relurl links" and of the Beam
// pipeline (beam/): it reads HTML documents, MIME messages, WARC and WAT
// archives from files, directories, standard input and http(s) URLs,
// extracts their links with package links, resolves them (RFC 1808
// section 4, with the base established by section 3) and writes one row
// per link (AppendRow, the one row writer), to one output or to one
// restartable file per input in an output directory, with several inputs
// worked on at once.
//
// The command cmd/relurl holds the flags and the messages; everything the
// run does is here, so that other programs can do the same.
package crawl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/archive"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/body"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

// bufSize is the size of the input and output buffers, and of the chunks
// of rows written at once.
const bufSize = 64 << 10

// Config is one run over a list of inputs. Its zero value (with the
// writers set) reads every input in turn and writes TSV rows to Stdout.
type Config struct {
	Format rows.Format
	// Header writes TSVHeader first (TSV only; at the top of each file
	// with OutDir).
	Header bool
	// URL is the URL the one INPUT was retrieved by (section 3.3),
	// instead of its file:// URL; for a directory, the directory's URL.
	URL string
	// Type forces the kind of standard input and of the files given as
	// inputs (not those found in a directory, nor URLs); Unknown sniffs
	// it (see Sniff and isArchive) or takes it from the file name.
	Type    Kind
	Fetcher base.Fetcher
	// Limits bound what one document or record may cost (package
	// limits); the zero value is the defaults.
	Limits limits.Limits
	Spec   relurl.Spec
	// Context adds the columns text, rel and title (links.Link's, under
	// links.Extractor.Context); Lazy reads the lazy-loading attributes
	// too (links.Extractor.Lazy).
	Context, Lazy bool
	// Page adds the columns page and date (rows.Writer.Page); Key, when
	// not nil, the columns page_key and url_key (rows.Writer.Key), a URL
	// it fails on reported as an error of its document.
	Page bool
	Key  func(dst []byte, url string) ([]byte, error)
	// Differ, when not nil, writes only the links whose resolution
	// differs between Differ[0] and Differ[1], with both answers (see
	// Rows.Differ and DifferHeader); the base is then established by
	// Differ[0] (Spec is not used).
	Differ *[2]relurl.Spec
	// Link, when not nil, receives each link that would give a row with
	// a URL, with its document, instead of the row (Format, Header, the
	// column options, Differ, OutDir and Stdout are then not used): the
	// link graph is built in process from it (package graph, issue 22),
	// nothing formatted or parsed again. The link's strings are valid
	// during the call only; calls come one at a time, also with Jobs
	// above 1. An error it returns ends the link's document, reported.
	Link func(doc *rows.Document, k links.Link) error
	// OutDir, when not empty, receives one file per input (see
	// OutputName), written under a temporary name and renamed when done;
	// an input whose file is there is skipped.
	OutDir string
	Gzip   bool // gzip the files written to OutDir
	Jobs   int  // inputs worked on at once; 0 is 1

	Stdin  io.Reader // the input "-"
	Stdout io.Writer // rows, without OutDir
	// Stderr receives one line per error, Prefix first, and the progress
	// line when Progress is set (for a terminal).
	Stderr   io.Writer
	Prefix   string
	Progress bool
}

// Stats counts what a run did.
type Stats struct {
	Inputs    int   // inputs given to Run
	Files     int64 // documents and archives read
	Links     int64
	Bytes     int64 // bytes read
	Records   int64 // archive records read
	Pages     int64 // of which HTML pages
	Redirects int64 // of which redirects
	Other     int64 // of which other records (skipped)
	Errors    int64 // errors reported
	Present   int64 // inputs skipped: their file was in OutDir
	// Failed is set when an error was reported: the exit status of the
	// command is then 1.
	Failed bool
	// NotDone lists, in the order given, the inputs that the end of
	// RunContext's context left undone: not started, or cut while they
	// were read (an input that ended as the context did is counted
	// with them). With OutDir, their files are not written, so that a
	// run over the same inputs does them.
	NotDone []string
}

// run is the state of one Run shared by its jobs.
type run struct {
	*Config
	ctx    context.Context
	lim    limits.Limits // Limits, resolved
	stderr io.Writer     // Stderr, locked with several jobs

	stdoutMu sync.Mutex // orders the chunks of rows written to standard output
	stats    counters
	failed   atomic.Bool
	aborted  atomic.Bool // standard output failed: stop

	// Progress, shown only when standard error is a terminal.
	progressMu    sync.Mutex
	start, shown  time.Time
	progressShown bool // the line is on screen
	everShown     bool
}

// counters count what a run did, over all its jobs.
type counters struct {
	files, links, bytes                      atomic.Int64
	records, pages, redirects, other, errors atomic.Int64
	present                                  atomic.Int64
}

// job is one worker of a run: it extracts the links of one input at a
// time, with its own extractor and buffers.
type job struct {
	*run
	fetcher base.Fetcher
	walker  base.Walker
	x       links.Extractor
	body    body.Decoder   // decodes the body of each HTML document
	inBody  body.Decoder   // decodes a file or standard input before it is sniffed
	arch    archive.Reader // reads the job's archives, one after another
	br      *bufio.Reader  // reads the job's other inputs, one after another
	cr      countingReader // under br
	head    [sniffLen]byte // the first bytes of a file, to sniff
	sink    rowSink
	doc     rows.Document // the document being extracted
	// name is the input, or the file of a directory, being read: report
	// quotes it where its messages hold it (quote.NameIn).
	name string
	page string // the retrieval URL of the documents being read
	rows rows.Writer

	// Counts not yet added to stats.
	nlinks, nfiles int64
	nbytes         int64
}

func (r *run) newJob(w io.Writer, mu *sync.Mutex) *job {
	j := &job{run: r, fetcher: r.Fetcher, sink: rowSink{w: w, mu: mu}, rows: r.writer()}
	j.rows.KeyError = func(_ string, err error) {
		j.report(j.doc.Name + ": no key: " + err.Error()) // a *canon.Error names the URL
	}
	j.setLimits(r.lim)
	return j
}

// setLimits gives the limits and the specification to the job's readers:
// the one place where they are passed on, so that every base of a
// document (fetch, redirects, message headers, BASE, WAT) and every link
// is read by one specification.
func (j *job) setLimits(lim limits.Limits) {
	spec := j.Spec
	if j.Differ != nil {
		spec = j.Differ[0]
	}
	j.walker = base.Walker{Limits: lim, Spec: spec}
	j.fetcher.Spec, j.fetcher.Limits = spec, lim
	j.x = links.Extractor{Spec: spec, Limits: lim, Context: j.Context, Lazy: j.Lazy}
}

// ErrDifferParquet is the error of a run asked for differ rows in
// Parquet, which has no form for them (rows.Writer.Differ).
var ErrDifferParquet = errors.New("crawl: differ rows have no Parquet form")

// Run is RunContext with a context that is never done.
func (c *Config) Run(inputs []string) (Stats, error) {
	return c.RunContext(context.Background(), inputs)
}

// RunContext works on the inputs with c.Jobs goroutines and returns what
// it did. When ctx is done (an interrupt), the fetches in flight and the
// inputs being read stop, with an error each, no further input is
// started, and the inputs not done are listed in Stats.NotDone.
// An error about one input is reported on Stderr and the run goes on. The
// error returned is about the run as a whole, found before any work: with
// OutDir, two inputs that would write one file (an *OutputNameError), or
// an output directory that cannot be created (with its parents; creating
// one that another shard creates at the same moment is not an error),
// or Differ with Format Parquet (a differ row has no Parquet form:
// ErrDifferParquet).
func (c *Config) RunContext(ctx context.Context, inputs []string) (Stats, error) {
	if c.Differ != nil && c.Format == rows.Parquet {
		return Stats{}, ErrDifferParquet
	}
	if c.OutDir != "" {
		names, err := outputNames(inputs, c.Format, c.Gzip)
		if err != nil {
			return Stats{}, err
		}
		if err := os.MkdirAll(c.OutDir, 0o777); err != nil {
			return Stats{}, err
		}
		// Once for the run, not for each input: linear in the inputs.
		removeStaleTmp(c.OutDir, names)
	}
	r := &run{Config: c, ctx: ctx, lim: c.Limits.Resolve(), stderr: c.Stderr, start: time.Now()}
	done := make([]bool, len(inputs))
	jobs := max(c.Jobs, 1)
	if jobs > len(inputs) {
		jobs = max(len(inputs), 1)
	}
	var mu *sync.Mutex
	if jobs > 1 {
		// Jobs share standard error (whole lines) and standard output
		// (whole chunks of rows, under stdoutMu).
		r.stderr = &lockedWriter{w: c.Stderr}
		mu = &r.stdoutMu
	}
	if c.Header && c.Format == rows.TSV && c.OutDir == "" {
		io.WriteString(c.Stdout, c.header())
	}
	out := c.Stdout
	var pq *rows.ParquetWriter
	if c.Format == rows.Parquet && c.OutDir == "" {
		pq = rows.NewParquetWriter(c.Stdout)
		out = pq
	}
	work := func(j *job, i int) {
		if ctx.Err() != nil {
			return
		}
		in := inputs[i]
		j.name = in
		if c.OutDir != "" {
			j.toDir(in)
		} else {
			j.input(in)
			if err := j.sink.flush(); err != nil {
				if !r.aborted.Swap(true) {
					j.report(fmt.Sprintf("writing output: %v", err))
				}
			}
		}
		// Each index is written by one job, read after they end.
		done[i] = ctx.Err() == nil
	}
	if jobs == 1 {
		j := r.newJob(out, nil)
		for i := range inputs {
			if r.aborted.Load() {
				break
			}
			work(j, i)
		}
		j.flushCounts()
	} else {
		ch := make(chan int)
		var wg sync.WaitGroup
		for range jobs {
			wg.Go(func() {
				j := r.newJob(out, mu)
				for i := range ch {
					if !r.aborted.Load() {
						work(j, i)
					}
				}
				j.flushCounts()
			})
		}
		for i := range inputs {
			ch <- i
		}
		close(ch)
		wg.Wait()
	}
	if pq != nil {
		// The file is whole only with its footer, written at the end.
		if err := pq.Close(); err != nil && !r.aborted.Swap(true) {
			(&job{run: r}).report(fmt.Sprintf("writing output: %v", err))
		}
	}
	var notDone []string
	if ctx.Err() != nil {
		for i, d := range done {
			if !d {
				notDone = append(notDone, inputs[i])
			}
		}
	}
	r.showProgress(true)
	s := &r.stats
	return Stats{
		Inputs: len(inputs), Files: s.files.Load(), Links: s.links.Load(), Bytes: s.bytes.Load(),
		Records: s.records.Load(), Pages: s.pages.Load(), Redirects: s.redirects.Load(), Other: s.other.Load(),
		Errors: s.errors.Load(), Present: s.present.Load(), Failed: r.failed.Load(), NotDone: notDone,
	}, nil
}

// lockedWriter makes each Write whole with respect to the others.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

// rowSink collects whole output rows and writes them in chunks, so that
// with several jobs on one output a row is never split: each chunk is
// written under mu.
type rowSink struct {
	buf []byte
	w   io.Writer
	mu  *sync.Mutex // nil when w is the job's own
	err error       // the first write error; later writes are dropped
}

func (s *rowSink) flush() error {
	if len(s.buf) == 0 || s.err != nil {
		s.buf = s.buf[:0]
		return s.err
	}
	if s.mu != nil {
		s.mu.Lock()
	}
	_, s.err = s.w.Write(s.buf)
	if s.mu != nil {
		s.mu.Unlock()
	}
	s.buf = s.buf[:0]
	return s.err
}

// writeBytes writes the row of a link whose reference and URL are bytes
// valid during the call only: they are viewed as strings, not copied.
func (j *job) writeBytes(k *links.LinkBytes) error {
	return j.write(rows.LinkOf(k))
}

// write writes one output row. Under WHATWG, a link the URL Standard
// rejects is written with an empty url and reported with the failure the
// extractor gives it (Link.Err); with Differ, the row's failure column
// says it instead.
func (j *job) write(k links.Link) error {
	if k.Err != nil && j.Differ == nil {
		j.report(j.doc.Name + ": " + string(rows.AppendAttribute(nil, k)) + " link: " + k.Err.Error())
	}
	if j.Link != nil {
		return j.link(k)
	}
	n := len(j.sink.buf)
	j.sink.buf = j.rows.Append(j.sink.buf, &j.doc, k)
	if len(j.sink.buf) == n {
		return nil // with Differ, resolved alike
	}
	j.nlinks++
	if j.nlinks&4095 == 0 {
		j.showProgress(false)
	}
	if len(j.sink.buf) >= bufSize {
		return j.sink.flush()
	}
	return nil
}

// link hands a link to Config.Link: a link without a URL (reported by
// write) gives no row, so it is not handed on either.
func (j *job) link(k links.Link) error {
	if k.Err != nil {
		return nil
	}
	j.nlinks++
	if j.nlinks&4095 == 0 {
		j.showProgress(false)
	}
	if j.sink.mu != nil {
		j.sink.mu.Lock()
		defer j.sink.mu.Unlock()
	}
	return j.Link(&j.doc, k)
}

// fail reports an error about one document and marks the run failed.
func (j *job) fail(doc string, err error) {
	// errors.Join writes its errors on lines of their own, the later
	// ones without the document's name: each is a line of its own here.
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			j.fail(doc, e)
		}
		return
	}
	j.report(doc + ": " + err.Error())
}

// report writes one error line, erasing the progress line first. It is
// the one place the crawler's messages go out: the name of the input
// being read, wherever they hold it (the line's start, a *fs.PathError,
// an archive's error, a document's NAME#OFFSET), is quoted there when it
// needs to be (quote.Name: control bytes, invalid UTF-8).
func (j *job) report(msg string) {
	msg = quote.NameIn(msg, j.name)
	j.progressMu.Lock()
	j.clearProgress()
	io.WriteString(j.stderr, capLine(j.Prefix+msg)+"\n")
	j.progressMu.Unlock()
	j.failed.Store(true)
	j.stats.errors.Add(1)
}

// writer returns the rows writer of the run's options. Its Parquet rows
// go to a rows.ParquetWriter.
func (c *Config) writer() rows.Writer {
	return rows.Writer{Format: c.Format, Differ: c.Differ, Context: c.Context, Page: c.Page, Key: c.Key}
}

// header is the TSV header line (rows.Writer.Header).
func (c *Config) header() string {
	w := c.writer()
	return w.Header()
}
