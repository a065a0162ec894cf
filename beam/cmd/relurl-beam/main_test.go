package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestMissingList runs relurl-beam on an -input list that is not there:
// it must fail, naming the list, as "relurl links -files-from" does,
// not write empty shards and exit 0 (textio.Read reads a glob, and a
// glob that matches nothing is no lines).
func TestMissingList(t *testing.T) {
	dir := t.TempDir()
	bin := build(t)
	list := filepath.Join(dir, "missing-list.txt")
	out := filepath.Join(dir, "out", "links")
	b, err := exec.Command(bin, "-input", list, "-output", out, "-shards", "2").CombinedOutput()
	if err == nil || !strings.Contains(string(b), "-input "+list+": ") {
		t.Errorf("relurl-beam -input %s (missing): %v, want an error naming it; output:\n%s", list, err, b)
	}
	if m, _ := filepath.Glob(out + "*"); len(m) > 0 {
		t.Errorf("relurl-beam -input %s (missing) wrote %v", list, m)
	}
}

// TestOutputScheme runs relurl-beam with an -output on a file system it
// does not have (s3:// needs an import, docs/crawl.md): it must say so
// and exit 1, not panic (filesystem.ValidateScheme).
func TestOutputScheme(t *testing.T) {
	dir := t.TempDir()
	bin := build(t)
	list := filepath.Join(dir, "list.txt")
	if err := os.WriteFile(list, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	const out = "s3://bucket/out/links"
	cmd := exec.Command(bin, "-input", list, "-output", out)
	b, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(b), "-output "+out+": ") || strings.Contains(string(b), "panic") {
		t.Errorf("relurl-beam -output %s: %v, want exit status 1 and an error naming it; output:\n%s", out, err, b)
	}
}

// build builds relurl-beam once for the tests and returns its path.
func build(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "relurl-beam-test")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "relurl-beam")
		if b, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("building relurl-beam: %v\n%s", err, b)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}
