package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissingList runs relurl-beam on an -input list that is not there:
// it must fail, naming the list, as "relurl links -files-from" does,
// not write empty shards and exit 0 (textio.Read reads a glob, and a
// glob that matches nothing is no lines).
func TestMissingList(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "relurl-beam")
	if b, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building relurl-beam: %v\n%s", err, b)
	}
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
