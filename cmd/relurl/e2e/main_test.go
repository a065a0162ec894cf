// Package e2e tests the relurl command from outside, as its users meet it:
// the built binary run by txtar scripts (testscript), and the page of
// "relurl serve" driven in a real browser (chromedp).
//
// It is a module of its own so that its test-only dependencies (chromedp,
// go-internal) stay out of the module graph of everyone who imports the
// relurl library. Run it from this directory: go test ./...
package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// binDir holds the relurl binary that the tests run.
var binDir string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "relurl-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer os.RemoveAll(dir)
	binDir = dir
	// Built as a user builds it from a clone: with the VCS stamp that
	// "relurl -version" shows, when there is a repository (-buildvcs=auto
	// overrides a GOFLAGS=-buildvcs=false).
	cmd := exec.Command("go", "build", "-buildvcs=auto", "-o", filepath.Join(dir, "relurl"), ".")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building relurl: %v\n%s", err, out)
		return 2
	}
	return m.Run()
}

// relurlPath is the built binary.
func relurlPath() string { return filepath.Join(binDir, "relurl") }
