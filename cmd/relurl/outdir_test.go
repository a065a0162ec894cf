package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	crawler "github.com/relurl/relurl/internal/crawl"
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
				if got := readOut(t, filepath.Join(out, crawler.OutputName(p, crawler.TSV, gz))); got != want[p] {
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
	first := filepath.Join(out, crawler.OutputName(paths[0], crawler.TSV, false))
	os.WriteFile(first, []byte("kept\n"), 0o666)
	stale := filepath.Join(out, "."+crawler.OutputName(paths[1], crawler.TSV, false)+".123456.tmp")
	os.WriteFile(stale, []byte("partial row without end"), 0o666)
	_, errs, code := runLinksCmd(t, "", false, append([]string{"-header", "-stats", "-out-dir", out, missing}, paths...)...)
	if code != exitRejected || !strings.Contains(errs, "missing.warc.gz") || !strings.Contains(errs, "4 inputs (1 skipped: output present)") {
		t.Errorf("restart: exit %d, stderr %q", code, errs)
	}
	if got := readOut(t, first); got != "kept\n" {
		t.Errorf("a finished output was rewritten: %q", got)
	}
	for _, p := range paths[1:] {
		if got := readOut(t, filepath.Join(out, crawler.OutputName(p, crawler.TSV, false))); got != want[p] {
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
	} else if got := readOut(t, filepath.Join(nodir, crawler.OutputName(paths[0], crawler.TSV, false))); got != want[paths[0]] {
		t.Errorf("-out-dir %s: output differs", nodir)
	}
	for _, args := range [][]string{{"-gzip", paths[0]}, {"-out-dir", paths[0], paths[1]}, {"-out-dir", out, "-"}} {
		if _, _, code := runLinksCmd(t, "", false, args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestLinksOutDirKilled kills the built command while it writes to
// -out-dir, runs it again, and checks that the outputs are those of a run
// that was never stopped, the finished ones untouched.
func TestLinksOutDirKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command; not in -short")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "relurl")
	if b, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	paths := corpora(t, dir, 4, 3<<20)
	ref := t.TempDir()
	if _, errs, code := runLinksCmd(t, "", false, append([]string{"-gzip", "-out-dir", ref}, paths...)...); code != exitOK {
		t.Fatalf("reference run: exit %d: %s", code, errs)
	}

	out := t.TempDir()
	args := append([]string{"links", "-gzip", "-out-dir", out}, paths...)
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	firstName := filepath.Join(out, crawler.OutputName(paths[0], crawler.TSV, true))
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if _, err := os.Stat(firstName); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no output after 2 minutes")
		}
		time.Sleep(2 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	before, err := os.Stat(firstName)
	if err != nil {
		t.Fatal(err)
	}
	var done int
	for _, p := range paths {
		if _, err := os.Stat(filepath.Join(out, crawler.OutputName(p, crawler.TSV, true))); err == nil {
			done++
		}
	}
	t.Logf("killed with %d of %d outputs finished", done, len(paths))

	if b, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("second run: %v\n%s", err, b)
	}
	after, err := os.Stat(firstName)
	if err != nil || !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the finished output was rewritten")
	}
	ents, _ := os.ReadDir(out)
	if len(ents) != len(paths) {
		t.Errorf("%d entries in -out-dir after the second run, want %d (no temporary files)", len(ents), len(paths))
	}
	for _, p := range paths {
		name := crawler.OutputName(p, crawler.TSV, true)
		if readOut(t, filepath.Join(out, name)) != readOut(t, filepath.Join(ref, name)) {
			t.Errorf("%s differs from the run that was not stopped", name)
		}
	}
}
