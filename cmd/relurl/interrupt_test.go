package main

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLinksInterrupt runs the built command on a URL whose server hangs
// and on a second URL, and interrupts it (SIGINT, then SIGTERM in a second
// run) once the first request has come: the command ends promptly (well
// before -timeout), reports the cancelled fetch and the inputs not done,
// and exits with status 130.
func TestLinksInterrupt(t *testing.T) {
	started := make(chan struct{}, 4)
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer func() { close(release); srv.Close() }()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		var stderr bytes.Buffer
		cmd := exec.Command(relurlBin, "links", "-timeout", "5m", srv.URL+"/hang", srv.URL+"/next")
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		select {
		case <-started:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Fatal("no request came")
		}
		t0 := time.Now()
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		if d := time.Since(t0); d > 10*time.Second {
			t.Errorf("%v: ended %v after the signal", sig, d)
		}
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
			t.Errorf("%v: %v, want exit status %d", sig, err, exitInterrupted)
		}
		msg := stderr.String()
		if !strings.Contains(msg, srv.URL+"/hang: ") || !strings.Contains(msg, "signal received") ||
			!strings.Contains(msg, `relurl: links: interrupted: 2 of 2 inputs not done: "`+srv.URL+`/hang", "`+srv.URL+`/next"`) {
			t.Errorf("%v: stderr %q", sig, msg)
		}
	}
}
