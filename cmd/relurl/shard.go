package main

// Runs over many inputs: -files-from, -shard, -jobs (issue 7).

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
)

// crawlFlags are the flags of "relurl links" for runs over many inputs.
type crawlFlags struct {
	filesFrom string
	shard     shardSpec
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

// shardSpec is the value of -shard: this run takes the inputs whose
// position modulo N is I.
type shardSpec struct{ I, N int }

func (s *shardSpec) String() string {
	if s.N == 0 {
		return ""
	}
	return strconv.Itoa(s.I) + "/" + strconv.Itoa(s.N)
}

func (s *shardSpec) Set(v string) error {
	is, ns, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return fmt.Errorf("want I/N with 0 <= I < N, such as 0/4")
	}
	s.I, s.N = i, n
	return nil
}

// takes reports whether the input at position pos belongs to the shard.
// By position rather than by a hash of the name, so that N shards of a
// list get equal numbers of inputs (to within one), and a list of files
// of similar size equal work.
func (s shardSpec) takes(pos int) bool { return s.N == 0 || pos%s.N == s.I }

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
		list, err := readList(r)
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
		if c.shard.takes(pos) {
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

// readList reads a list of inputs, one per line (CRLF or LF), ignoring
// blank lines. A line is taken as it is, spaces included: a file name may
// hold them.
func readList(r io.Reader) ([]string, error) {
	var list []string
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if line != "" {
			list = append(list, line)
		}
		if err == io.EOF {
			return list, nil
		}
		if err != nil {
			return list, err
		}
	}
}

// runAll works on the inputs with jobs goroutines and returns the exit
// status.
func (r *linkRun) runAll(inputs []string, jobs int, stats bool) int {
	e := r.e
	if jobs > len(inputs) {
		jobs = max(len(inputs), 1)
	}
	if jobs > 1 {
		// Jobs share standard error (whole lines) and standard output
		// (whole chunks of rows, under stdoutMu).
		shared := *e
		shared.stderr = &lockedWriter{w: e.stderr}
		r.e = &shared
	}
	if r.header && r.outDir == "" {
		io.WriteString(e.stdout, tsvHeader)
	}
	var mu *sync.Mutex
	if jobs > 1 {
		mu = &r.stdoutMu
	}
	work := func(l *linker, in string) {
		if r.outDir != "" {
			l.toDir(in)
			return
		}
		l.input(in)
		if err := l.sink.flush(); err != nil {
			if !r.aborted.Swap(true) {
				l.report(fmt.Sprintf("links: writing output: %v", err))
			}
		}
	}
	if jobs == 1 {
		l := r.newLinker(e.stdout, nil)
		for _, in := range inputs {
			if r.aborted.Load() {
				break
			}
			work(l, in)
		}
		l.flushCounts()
	} else {
		ch := make(chan string)
		var wg sync.WaitGroup
		for range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				l := r.newLinker(e.stdout, mu)
				for in := range ch {
					if !r.aborted.Load() {
						work(l, in)
					}
				}
				l.flushCounts()
			}()
		}
		for _, in := range inputs {
			ch <- in
		}
		close(ch)
		wg.Wait()
	}
	r.showProgress(true)
	if stats {
		s := &r.stats
		r.e.errorf("links: %d inputs (%d skipped: output present), %d records: %d HTML pages, %d redirects, %d other; %d links; %d errors",
			len(inputs), s.present.Load(), s.records.Load(), s.pages.Load(), s.redirects.Load(), s.other.Load(), s.links.Load(), s.errors.Load())
	}
	if r.failed.Load() {
		return exitRejected
	}
	return exitOK
}

const tsvHeader = "document\tbase\tbase_source\telement@attribute\tref\turl\n"

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
