package crawl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/rows"
)

// hangingServer answers every request by sending its header and part of
// a page, then hanging until the test ends; started tells that a request
// came.
func hangingServer(t *testing.T) (srv *httptest.Server, started chan struct{}) {
	started = make(chan struct{}, 16)
	release := make(chan struct{})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<a href=a>"))
		w.(http.Flusher).Flush()
		started <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	return srv, started
}

// TestRunContextCancel cancels a run whose fetch hangs on a real HTTP
// server: the fetch returns promptly (well before its timeout), its
// error is reported naming the URL, the inputs after it are not started
// and are listed in NotDone with it, and with -out-dir no file is kept
// for them.
func TestRunContextCancel(t *testing.T) {
	srv, started := hangingServer(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "p.html")
	if err := os.WriteFile(page, []byte("<a href=x>"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, outDir := range []string{"", filepath.Join(dir, "out")} {
		for _, jobs := range []int{1, 2} {
			name := fmt.Sprintf("out-dir %q, jobs %d", outDir, jobs)
			var out, errs bytes.Buffer
			c := &Config{Stdout: &out, Stderr: &errs, OutDir: outDir, Jobs: jobs}
			c.Fetcher.Timeout = time.Minute
			ctx, cancel := context.WithCancel(context.Background())
			inputs := []string{srv.URL + "/hang", page}
			if jobs == 1 {
				inputs = []string{page, srv.URL + "/hang", page + ".missing"}
			}
			go func() {
				<-started
				cancel()
			}()
			t0 := time.Now()
			s, err := c.RunContext(ctx, inputs)
			if d := time.Since(t0); d > 10*time.Second {
				t.Errorf("%s: the run took %v after the cancellation", name, d)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !s.Failed || !strings.Contains(errs.String(), srv.URL+"/hang: ") || !strings.Contains(errs.String(), "context canceled") {
				t.Errorf("%s: stats %+v, stderr %q: want the fetch's cancellation reported", name, s, errs.String())
			}
			hang := false
			for _, in := range s.NotDone {
				hang = hang || in == srv.URL+"/hang"
			}
			if !hang || jobs == 1 && (len(s.NotDone) != 2 || s.NotDone[1] != page+".missing") {
				t.Errorf("%s: NotDone %q", name, s.NotDone)
			}
			if outDir != "" {
				if _, err := os.Stat(filepath.Join(outDir, OutputName(srv.URL+"/hang", rows.TSV, false))); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("%s: the cut input's file is there (%v)", name, err)
				}
			}
			cancel()
		}
	}
}

// TestRunContextDone: a run whose context is done from the start does
// nothing and lists every input.
func TestRunContextDone(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errs bytes.Buffer
	s, err := (&Config{Stdout: &out, Stderr: &errs}).RunContext(ctx, []string{"a", "b"})
	if err != nil || len(s.NotDone) != 2 || out.Len() != 0 || errs.Len() != 0 {
		t.Errorf("stats %+v, %v, out %q, err %q", s, err, out.String(), errs.String())
	}
}
