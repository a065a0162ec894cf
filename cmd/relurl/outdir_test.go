package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	crawler "github.com/relurl/relurl/internal/crawl"

	"github.com/relurl/relurl/rows"
)

func readOut(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return string(b)
}

func TestLinksOutDir(t *testing.T) {
	dir := t.TempDir()
	paths := corpora(t, dir, 3, 50<<10)
	want := map[string]string{}
	for _, p := range paths {
		out, _, _ := runLinksCmd(t, "", false, "-header", p)
		want[p] = out
	}
	for _, gz := range []bool{false, true} {
		for _, jobs := range []string{"1", "2"} {
			out := t.TempDir()
			args := []string{"-header", "-out-dir", out, "-jobs", jobs}
			if gz {
				args = append(args, "-gzip")
			}
			stdout, errs, code := runLinksCmd(t, "", false, append(args, paths...)...)
			if code != exitOK || stdout != "" {
				t.Fatalf("gzip %v jobs %s: exit %d, stdout %d bytes, stderr %q", gz, jobs, code, len(stdout), errs)
			}
			ents, _ := os.ReadDir(out)
			if len(ents) != len(paths) {
				t.Errorf("gzip %v jobs %s: %d files in -out-dir, want %d", gz, jobs, len(ents), len(paths))
			}
			for _, p := range paths {
				if got := readOut(t, filepath.Join(out, crawler.OutputName(p, rows.TSV, gz))); got != want[p] {
					t.Errorf("gzip %v jobs %s: %s differs from its standard output run", gz, jobs, p)
				}
			}
		}
	}

	// Restart: the first output is complete and must be kept as it is;
	// the second was being written when the run was killed (a stale
	// temporary file); the third was never started. A missing input
	// gets no file.
	out := t.TempDir()
	missing := filepath.Join(dir, "missing.warc.gz")
	first := filepath.Join(out, crawler.OutputName(paths[0], rows.TSV, false))
	os.WriteFile(first, []byte("kept\n"), 0o666)
	stale := filepath.Join(out, "."+crawler.OutputName(paths[1], rows.TSV, false)+".123456.tmp")
	os.WriteFile(stale, []byte("partial row without end"), 0o666)
	_, errs, code := runLinksCmd(t, "", false, append([]string{"-header", "-stats", "-out-dir", out, missing}, paths...)...)
	if code != exitRejected || !strings.Contains(errs, "missing.warc.gz") || !strings.Contains(errs, "4 inputs (1 skipped: output present)") {
		t.Errorf("restart: exit %d, stderr %q", code, errs)
	}
	if got := readOut(t, first); got != "kept\n" {
		t.Errorf("a finished output was rewritten: %q", got)
	}
	for _, p := range paths[1:] {
		if got := readOut(t, filepath.Join(out, crawler.OutputName(p, rows.TSV, false))); got != want[p] {
			t.Errorf("restart: %s differs", p)
		}
	}
	ents, _ := os.ReadDir(out)
	if len(ents) != 3 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("after restart -out-dir holds %q, want the 3 outputs only", names)
	}

	// A missing -out-dir is created, with its parents.
	nodir := filepath.Join(dir, "nodir", "deeper")
	if _, errs, code := runLinksCmd(t, "", false, "-header", "-out-dir", nodir, paths[0]); code != exitOK {
		t.Errorf("-out-dir %s: exit %d, stderr %q", nodir, code, errs)
	} else if got := readOut(t, filepath.Join(nodir, crawler.OutputName(paths[0], rows.TSV, false))); got != want[paths[0]] {
		t.Errorf("-out-dir %s: output differs", nodir)
	}
	for _, args := range [][]string{{"-gzip", paths[0]}, {"-out-dir", out, "-"}} {
		if _, _, code := runLinksCmd(t, "", false, args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
	// A DIR that cannot be created (a regular file, or under one) is a
	// write failure, exit status 1 (docs/command.md#exit-status), not a
	// usage error: the message names -out-dir and the reason, and no
	// input is read.
	for _, bad := range []string{filepath.Join(paths[0], "out"), paths[0]} {
		stdout, errs, code := runLinksCmd(t, "", false, "-out-dir", bad, paths[1])
		if code != exitRejected || stdout != "" || !strings.HasPrefix(errs, "relurl: links: -out-dir: mkdir ") || strings.Count(errs, "\n") != 1 {
			t.Errorf("-out-dir %s: exit %d, stdout %q, stderr %q; want %d and one line", bad, code, stdout, errs, exitRejected)
		}
	}
}

// TestLinksOutDirKilled kills the built command (-jobs 2 -gzip) with
// SIGKILL at random moments while it writes to -out-dir, and after each
// kill checks that every file under its final name is valid gzip and
// complete (the same as from a run never stopped); then runs it to the
// end and checks that the outputs finished before are untouched and no
// temporary file is left.
func TestLinksOutDirKilled(t *testing.T) {
	dir := t.TempDir()
	paths := corpora(t, dir, 6, 1<<20)
	ref := t.TempDir()
	if _, errs, code := runLinksCmd(t, "", false, append([]string{"-gzip", "-out-dir", ref}, paths...)...); code != exitOK {
		t.Fatalf("reference run: exit %d: %s", code, errs)
	}
	want := map[string]string{}
	for _, p := range paths {
		name := crawler.OutputName(p, rows.TSV, true)
		want[name] = readOut(t, filepath.Join(ref, name))
	}
	// checkFinal checks every final file in out and returns their count.
	checkFinal := func(out string) int {
		ents, _ := os.ReadDir(out)
		n := 0
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".") {
				continue // a temporary file: not trusted by a rerun
			}
			n++
			if w, ok := want[e.Name()]; !ok || readOut(t, filepath.Join(out, e.Name())) != w {
				t.Errorf("%s: not the complete output", e.Name())
			}
		}
		return n
	}

	out := filepath.Join(t.TempDir(), "out")
	args := append([]string{"links", "-jobs", "2", "-gzip", "-out-dir", out}, paths...)
	start := time.Now()
	if b, err := exec.Command(relurlBin, args...).CombinedOutput(); err != nil {
		t.Fatalf("timing run: %v\n%s", err, b)
	}
	full := time.Since(start)
	os.RemoveAll(out)

	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 11))
	var finished []string
	for i := 0; i < 12; i++ {
		cmd := exec.Command(relurlBin, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// A random moment within a whole run: before the first output,
		// between outputs, inside a rename.
		delay := time.Duration(rng.Int64N(int64(full) + 1))
		time.Sleep(delay)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		n := checkFinal(out)
		t.Logf("kill %d after %v: %d of %d outputs finished", i, delay, n, len(paths))
		if n == len(paths) {
			os.RemoveAll(out) // start again, to kill in the middle
		} else if n > 0 && finished == nil {
			ents, _ := os.ReadDir(out)
			for _, e := range ents {
				if !strings.HasPrefix(e.Name(), ".") {
					finished = append(finished, e.Name())
				}
			}
		}
	}
	before := map[string]os.FileInfo{}
	for _, n := range finished {
		if fi, err := os.Stat(filepath.Join(out, n)); err == nil {
			before[n] = fi
		}
	}
	if b, err := exec.Command(relurlBin, args...).CombinedOutput(); err != nil {
		t.Fatalf("last run: %v\n%s", err, b)
	}
	for n, fi := range before {
		if after, err := os.Stat(filepath.Join(out, n)); err != nil || !os.SameFile(fi, after) || !after.ModTime().Equal(fi.ModTime()) {
			t.Errorf("the finished output %s was rewritten", n)
		}
	}
	ents, _ := os.ReadDir(out)
	if got := checkFinal(out); got != len(paths) || len(ents) != len(paths) {
		t.Errorf("%d outputs, %d entries in -out-dir after the last run, want %d (no temporary files)", got, len(ents), len(paths))
	}
}

// TestLinksOutDirDuplicates gives two inputs that map to one output name
// (issue 11): refused before any work, naming both, with exit status 2,
// even when they fall into different shards.
func TestLinksOutDirDuplicates(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.html")
	os.WriteFile(doc, []byte("<a href=x>"), 0o666)
	other := filepath.Join(dir, ".", "doc.html")
	for _, extra := range [][]string{nil, {"-jobs", "2", "-gzip"}, {"-shard", "0/2"}} {
		out := filepath.Join(t.TempDir(), "out")
		args := append(append([]string{"-out-dir", out}, extra...), doc, other)
		stdout, errs, code := runLinksCmd(t, "", false, args...)
		if code != exitUsage || stdout != "" || !strings.Contains(errs, fmt.Sprintf("inputs %q and %q would both write", doc, other)) {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%q: -out-dir created before the inputs were checked", args)
		}
	}
}

// TestLinksOutDirShardsAtOnce starts eight shards of one list at once on
// a missing, nested -out-dir, as a fresh worker would: every shard
// creates the directory without failing, and every input gets its file.
func TestLinksOutDirShardsAtOnce(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for i := range 16 {
		p := filepath.Join(dir, fmt.Sprintf("d%02d.html", i))
		os.WriteFile(p, []byte(fmt.Sprintf("<a href=l%d>", i)), 0o666)
		inputs = append(inputs, p)
	}
	list := filepath.Join(dir, "list")
	os.WriteFile(list, []byte(strings.Join(inputs, "\n")+"\n"), 0o666)
	out := filepath.Join(dir, "a", "b", "out")
	const shards = 8
	errs := make(chan error, shards)
	for i := range shards {
		go func() {
			b, err := exec.Command(relurlBin, "links", "-gzip", "-files-from", list, "-shard", fmt.Sprintf("%d/%d", i, shards), "-out-dir", out).CombinedOutput()
			if err != nil {
				err = fmt.Errorf("shard %d: %v: %s", i, err, b)
			}
			errs <- err
		}()
	}
	for range shards {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	for i, p := range inputs {
		if got := readOut(t, filepath.Join(out, crawler.OutputName(p, rows.TSV, true))); !strings.Contains(got, fmt.Sprintf("\tl%d\t", i)) {
			t.Errorf("%s: output %q", p, got)
		}
	}
	if ents, _ := os.ReadDir(out); len(ents) != len(inputs) {
		t.Errorf("%d entries in -out-dir, want %d", len(ents), len(inputs))
	}
}
