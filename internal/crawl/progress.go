package crawl

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"
)

// countingReader counts the bytes read, for the progress line, and stops
// reading once the run's context is done.
type countingReader struct {
	r   io.Reader
	n   *int64
	ctx context.Context
}

func (c *countingReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, fmt.Errorf("reading stopped: %w", err)
	}
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}

// flushCounts adds the job's counts to the run's.
func (j *job) flushCounts() {
	j.stats.links.Add(j.nlinks)
	j.stats.files.Add(j.nfiles)
	j.stats.bytes.Add(j.nbytes)
	j.nlinks, j.nfiles, j.nbytes = 0, 0, 0
}

// showProgress adds the job's counts to the run's and rewrites the
// progress line on a terminal, at most four times a second.
func (j *job) showProgress(last bool) {
	j.flushCounts()
	j.run.showProgress(last)
}

// showProgress rewrites the progress line on a terminal, at most four
// times a second, and for the last time at the end.
func (r *run) showProgress(last bool) {
	if !r.Progress {
		return
	}
	r.progressMu.Lock()
	defer r.progressMu.Unlock()
	now := time.Now()
	if !last && now.Sub(r.shown) < 250*time.Millisecond {
		return
	}
	if last && !r.everShown {
		return
	}
	r.shown = now
	secs := now.Sub(r.start).Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(r.stats.bytes.Load()) / 1e6 / secs
	}
	line := "\r" + r.Prefix + strconv.FormatInt(r.stats.files.Load(), 10) + " files, " + strconv.FormatInt(r.stats.links.Load(), 10) + " links, " +
		strconv.FormatFloat(rate, 'f', 1, 64) + " MB/s\x1b[K"
	if last {
		line += "\n"
	}
	io.WriteString(r.stderr, line)
	r.progressShown = !last
	r.everShown = true
}

// clearProgress erases the progress line so that an error message starts
// at the left margin. The caller holds progressMu.
func (r *run) clearProgress() {
	if r.Progress && r.progressShown {
		io.WriteString(r.stderr, "\r\x1b[K")
		r.progressShown = false
	}
}
