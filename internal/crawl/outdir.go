package crawl

// OutDir: one output file per input, restartable.

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/relurl/relurl/rows"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/internal/percent"
)

// maxEscapedName bounds the escaped input path in an output file name,
// keeping the whole name under the usual 255-byte limit of file systems.
const maxEscapedName = 200

// OutputName returns the name of the file in OutDir for an input: the
// input path, cleaned, with every byte other than ASCII letters, digits
// and "-_.+,=@" written %XX (so "/" is %2F and "%" is %25), and the
// format's extension (then ".gz" with gz) appended. The escaping is
// one-to-one, so two inputs never share a file unless their cleaned
// paths are equal, and a leading "." is escaped too, so that no output
// name starts with "." like the temporary names. A path whose escaped
// form is longer than maxEscapedName becomes "~" + 16 hex digits of its
// SHA-256 + "~" + the last bytes of the escaped form: "~" is escaped in
// the short form, so the two forms cannot meet, and two long paths share
// a name only if their hashes' first 64 bits do.
func OutputName(input string, f rows.Format, gz bool) string {
	p := input
	if !isHTTPURL(input) {
		p = filepath.Clean(input)
	}
	esc := escapeName(p)
	if len(esc) > maxEscapedName {
		sum := sha256.Sum256([]byte(p))
		tail := esc[len(esc)-(maxEscapedName-18):]
		esc = "~" + hex.EncodeToString(sum[:8]) + "~" + tail
	}
	esc += f.Ext()
	if gz {
		esc += ".gz"
	}
	return esc
}

// nameSet is what an output name escapes: all but letters, digits and
// "-_+,=@." (a leading "." is escaped apart).
var nameSet = percent.NotAlnum.Remove("-_+,=@.")

func escapeName(p string) string {
	if strings.HasPrefix(p, ".") {
		return "%2E" + percent.String(p[1:], &nameSet)
	}
	return percent.String(p, &nameSet)
}

// CheckOutputNames reports inputs that would share a file in an output
// directory (the same path written two ways, such as "doc.html" and
// "./doc.html"): an *OutputNameError naming the first such pair, or nil.
// Run refuses such a list before any work, so that two jobs never write
// one file; a list to be sharded should be checked whole, since its
// shards may run at once.
func CheckOutputNames(inputs []string, f rows.Format, gz bool) error {
	_, err := outputNames(inputs, f, gz)
	return err
}

// outputNames maps the output name of each input to the input, or
// reports two inputs that share one.
func outputNames(inputs []string, f rows.Format, gz bool) (map[string]string, error) {
	seen := make(map[string]string, len(inputs))
	for _, in := range inputs {
		n := OutputName(in, f, gz)
		if prev, dup := seen[n]; dup {
			return nil, &OutputNameError{Inputs: [2]string{prev, in}, Name: n}
		}
		seen[n] = in
	}
	return seen, nil
}

// OutputNameError reports two inputs that map to one output file.
type OutputNameError struct {
	Inputs [2]string
	Name   string
}

func (e *OutputNameError) Error() string {
	return fmt.Sprintf("inputs %q and %q would both write %s: give each input once", e.Inputs[0], e.Inputs[1], e.Name)
}

// tmpPattern is the os.CreateTemp pattern of the temporary files of an
// output NAME: ".NAME.DIGITS.tmp". The leading "." keeps it apart from
// every output name (OutputName escapes a leading "."), the random digits
// from the temporary file of any other job or run.
func tmpPattern(name string) string { return "." + name + ".*.tmp" }

// tmpOutput returns the output name whose temporary file is file: NAME of
// ".NAME.DIGITS.tmp" (os.CreateTemp's digits), or of ".NAME.tmp" as
// versions before 2026-11 named it. An output name ends in a format's
// extension, never in ".DIGITS", so the two forms cannot be confused.
func tmpOutput(file string) (string, bool) {
	mid, ok := strings.CutPrefix(file, ".")
	if !ok {
		return "", false
	}
	if mid, ok = strings.CutSuffix(mid, ".tmp"); !ok || mid == "" {
		return "", false
	}
	i := strings.LastIndexByte(mid, '.')
	if i < 0 {
		return mid, true
	}
	for _, c := range []byte(mid[i+1:]) {
		if c < '0' || c > '9' {
			return mid, true
		}
	}
	if i+1 == len(mid) {
		return mid, true
	}
	return mid[:i], true
}

// readDir is os.ReadDir; a variable so that a test can count the
// directory reads of a run.
var readDir = os.ReadDir

// removeStaleTmp removes, in one read of dir, the temporary files of the
// outputs named in names that no live job writes: each writer holds a
// lock on its temporary file as long as it is open (createTmp), which the
// kernel releases when the writer dies, so a file whose lock this takes
// is provably dead. A file that cannot be locked (held, or a file system
// or system without flock) is left: a live job's file is never removed,
// and a run at the same time as another of the same shard (a speculative
// or retried task) does not break it. Files left that way stay hidden
// (".NAME.DIGITS.tmp") and cost space only; docs/crawl.md says so.
func removeStaleTmp(dir string, names map[string]string) {
	ents, err := readDir(dir)
	if err != nil {
		return // the run reports an unwritable directory on its first input
	}
	for _, e := range ents {
		name, ok := tmpOutput(e.Name())
		if _, ours := names[name]; !ok || !ours || !e.Type().IsRegular() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		if lockTmp(f) == nil && sameFile(f, p) {
			os.Remove(p)
		}
		f.Close()
	}
}

// createTmp creates a temporary file for output name in dir, locked for
// as long as it is open (see removeStaleTmp). A run cleaning up may lock
// and remove a file between its creation and its lock: then another is
// made.
func createTmp(dir, name string) (*os.File, error) {
	for range 10 {
		f, err := os.CreateTemp(dir, tmpPattern(name))
		if err != nil {
			return nil, err
		}
		switch err := lockTmp(f); {
		case err == nil && sameFile(f, f.Name()):
			return f, nil
		case err != nil && !errors.Is(err, errTmpLocked):
			// No locks here: nothing removes a file it cannot lock
			// either, so this one is safe too.
			return f, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("temporary file for %s in %s removed as it was made, 10 times", name, dir)
}

// sameFile reports whether path still names the open file f.
func sameFile(f *os.File, path string) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	pi, err := os.Lstat(path)
	return err == nil && os.SameFile(fi, pi)
}

// toDir extracts the links of one input into its file in OutDir. The
// rows go to a temporary file of a name unique to this job (tmpPattern)
// in the same directory, which is synced and renamed to NAME once the
// input has been read to its end, so NAME exists only complete, whatever
// other jobs do and whenever the process is killed: rename is atomic
// (POSIX rename(2)). An input whose NAME exists is skipped; temporary
// files left by a run that was killed are removed when Run starts
// (removeStaleTmp). An input that cannot be read at all (missing, unreadable, fetch
// failed) gets no file, so that a later run tries it again; errors inside
// an input are reported and its file is written.
func (j *job) toDir(in string) {
	name := OutputName(in, j.Format, j.Gzip)
	final := filepath.Join(j.OutDir, name)
	if _, err := os.Lstat(final); err == nil {
		j.stats.present.Add(1)
		return
	}
	f, err := createTmp(j.OutDir, name)
	if err != nil {
		j.fail(in, fmt.Errorf("output: %w", err))
		return
	}
	tmp := f.Name()
	bw := bufio.NewWriterSize(f, bufSize)
	var w io.Writer = bw
	var zw *gzip.Writer
	if j.Gzip {
		// BestSpeed: at crawl scale the output is large and compressing
		// it at the default level costs more than extracting it.
		zw, _ = gzip.NewWriterLevel(bw, gzip.BestSpeed)
		w = zw
	}
	var pq *rows.ParquetWriter
	if j.Format == rows.Parquet {
		pq = rows.NewParquetWriter(w)
		w = pq
	}
	j.sink = rowSink{buf: j.sink.buf[:0], w: w}
	if j.Header && j.Format == rows.TSV {
		j.sink.buf = append(j.sink.buf, j.header()...)
	}
	// An input cut by the end of the run's context is not complete: its
	// file is not kept.
	read := j.input(in) && j.ctx.Err() == nil
	err = j.sink.flush()
	if pq != nil && err == nil {
		err = pq.Close()
	}
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && read {
		err = f.Sync() // complete on disk before it has its name
	}
	// Where files are locked, renamed while still open, so still locked:
	// closed first, the file would be unlocked under its temporary name,
	// and another run of the same shard could take it for a dead run's
	// and remove it before the rename (removeStaleTmp). Elsewhere nothing
	// removes it, and an open file may not be renamed (Windows).
	if !renameOpen {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err == nil && read {
		err = os.Rename(tmp, final)
	}
	if err != nil || !read {
		os.Remove(tmp)
	}
	if renameOpen {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		j.fail(in, fmt.Errorf("output %s: %w", final, err))
		return
	}
	if read {
		syncDir(j.OutDir) // the new name survives a crash too
	}
}

// syncDir flushes a directory's entries to disk, best effort: not every
// system can sync a directory, and the file itself is complete already.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
