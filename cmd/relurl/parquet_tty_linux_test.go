//go:build linux

package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// TestLinksParquetTerminal: the built command refuses to write Parquet to
// a real terminal (exit status 2, saying what to do), before any work.
func TestLinksParquetTerminal(t *testing.T) {
	master, slave := openPTY(t)
	defer master.Close()
	defer slave.Close()
	cmd := exec.Command(relurlBin, "links", "-format", "parquet", roytest(1))
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = slave, &errb
	err := cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != exitUsage || !strings.Contains(errb.String(), "redirect standard output to a file or a pipe") {
		t.Errorf("Parquet to a terminal: %v, stderr %q, want exit status 2 and the reason", err, errb.String())
	}
}
