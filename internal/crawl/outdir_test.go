package crawl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/relurl/relurl/rows"
)

func TestOutputName(t *testing.T) {
	long := strings.Repeat("d/", 150) + "x.warc.gz"
	cases := []struct {
		in   string
		f    rows.Format
		gzip bool
		want string
	}{
		{"crawl/CC-1.warc.gz", rows.TSV, false, "crawl%2FCC-1.warc.gz.tsv"},
		{"./crawl//CC-1.warc.gz", rows.TSV, true, "crawl%2FCC-1.warc.gz.tsv.gz"}, // cleaned
		{"/abs/a b%.wat", rows.NDJSON, false, "%2Fabs%2Fa%20b%25.wat.ndjson"},
		{".hidden", rows.TSV, false, "%2Ehidden.tsv"},
		{"../x~y", rows.TSV, false, "%2E.%2Fx%7Ey.tsv"},
		{"http://h/p?q", rows.TSV, false, "http%3A%2F%2Fh%2Fp%3Fq.tsv"},
	}
	for _, c := range cases {
		if got := OutputName(c.in, c.f, c.gzip); got != c.want {
			t.Errorf("outputName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Long paths: bounded, distinct, stable.
	a, b := OutputName(long, rows.TSV, true), OutputName(long+"x", rows.TSV, true)
	if len(a) > 255 || a == b || a != OutputName(long, rows.TSV, true) || !strings.HasPrefix(a, "~") || !strings.HasSuffix(a, "x.warc.gz.tsv.gz") {
		t.Errorf("long names %q, %q", a, b)
	}
	// Names that differ only where escaping could merge them.
	seen := map[string]string{}
	for _, in := range []string{"a/b", "a%2Fb", "a_b", "a%b", "~a", "%7Ea", "a b", "a+b", ".a", "%2Ea"} {
		n := OutputName(in, rows.TSV, false)
		if prev, dup := seen[n]; dup {
			t.Errorf("%q and %q share %q", prev, in, n)
		}
		seen[n] = in
	}
}

// TestRemoveStaleTmp: a temporary file whose writer is gone is removed; one
// a live writer holds open is not, nor is any file where locks cannot be
// taken (then nothing is provably dead).
func TestRemoveStaleTmp(t *testing.T) {
	dir := t.TempDir()
	live, err := createTmp(dir, "a.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	dead, err := createTmp(dir, "a.tsv")
	if err != nil {
		t.Fatal(err)
	}
	dead.Close()
	locks := !errors.Is(lockTmp(dead), errors.ErrUnsupported)
	// As a killed run of a version before 2026-11 left it.
	old := filepath.Join(dir, ".a.tsv.tmp")
	os.WriteFile(old, nil, 0o666)
	removeStaleTmp(dir, map[string]string{"a.tsv": "a"})
	if _, err := os.Lstat(live.Name()); err != nil {
		t.Errorf("the live writer's file was removed: %v", err)
	}
	for _, p := range []string{dead.Name(), old} {
		if _, err := os.Lstat(p); locks != errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: removed %v, locks %v", filepath.Base(p), err != nil, locks)
		}
	}
	// The live file is still its writer's: it can be written and
	// renamed to its final name.
	if _, err := live.WriteString("row\n"); err != nil {
		t.Error(err)
	}
	if err := os.Rename(live.Name(), filepath.Join(dir, "a.tsv")); err != nil {
		t.Error(err)
	}
}

// countDirReads counts the directory reads of Run and the entries they
// return.
func countDirReads(t *testing.T) (calls, entries *int) {
	calls, entries = new(int), new(int)
	old := readDir
	readDir = func(name string) ([]os.DirEntry, error) {
		ents, err := old(name)
		*calls++
		*entries += len(ents)
		return ents, err
	}
	t.Cleanup(func() { readDir = old })
	return calls, entries
}

// TestOutDirLinear runs -out-dir on n and 2n inputs, each with a stale
// temporary file left by a killed run: the directory is read once per
// run, whatever the number of inputs (it was read once per input: 20k
// inputs took 198 s), so the work on it is linear. Counted, not timed.
func TestOutDirLinear(t *testing.T) {
	per := map[int][2]int{}
	for _, n := range []int{1000, 2000} {
		src, out := t.TempDir(), t.TempDir()
		inputs := make([]string, n)
		for i := range inputs {
			inputs[i] = filepath.Join(src, fmt.Sprintf("p%d.html", i))
			os.WriteFile(inputs[i], []byte(`<a href="x">`), 0o666)
			stale := filepath.Join(out, "."+OutputName(inputs[i], rows.TSV, false)+".4242.tmp")
			os.WriteFile(stale, []byte("partial"), 0o666)
		}
		calls, entries := countDirReads(t)
		var errs strings.Builder
		st, err := (&Config{OutDir: out, Jobs: 2, Stdout: io.Discard, Stderr: &errs, URL: "http://a/"}).Run(inputs)
		if err != nil || st.Failed {
			t.Fatalf("%d inputs: %v, %s", n, err, errs.String())
		}
		per[n] = [2]int{*calls, *entries}
		ents, _ := os.ReadDir(out)
		if len(ents) != n {
			t.Errorf("%d inputs: %d files in -out-dir, want only the %d outputs", n, len(ents), n)
		}
	}
	if per[1000][0] != 1 || per[2000][0] != 1 || per[2000][1] > 2*per[1000][1] {
		t.Errorf("directory reads (calls, entries): %v for 1000 inputs, %v for 2000", per[1000], per[2000])
	}
}

// TestOutDirSameShardTwice runs one shard twice at once, as a speculative
// or retried task does: both runs succeed, and each output is complete.
func TestOutDirSameShardTwice(t *testing.T) {
	src, out := t.TempDir(), t.TempDir()
	inputs := make([]string, 200)
	for i := range inputs {
		inputs[i] = filepath.Join(src, fmt.Sprintf("p%d.html", i))
		os.WriteFile(inputs[i], []byte(strings.Repeat(`<a href="x">`, 500)), 0o666)
	}
	ref := filepath.Join(out, "ref")
	if _, err := (&Config{OutDir: ref, Stdout: io.Discard, Stderr: io.Discard, URL: "http://a/"}).Run(inputs); err != nil {
		t.Fatal(err)
	}
	for round := range 5 {
		out := filepath.Join(out, fmt.Sprint(round))
		var wg sync.WaitGroup
		errs := make([]strings.Builder, 2)
		for k := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st, err := (&Config{OutDir: out, Jobs: 2, Stdout: io.Discard, Stderr: &errs[k], URL: "http://a/"}).Run(inputs)
				if err != nil || st.Failed {
					t.Errorf("round %d, run %d: %v %s", round, k, err, errs[k].String())
				}
			}()
		}
		wg.Wait()
		ents, _ := os.ReadDir(out)
		if len(ents) != len(inputs) {
			t.Errorf("round %d: %d files, want %d", round, len(ents), len(inputs))
		}
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(out, e.Name()))
			w, _ := os.ReadFile(filepath.Join(ref, e.Name()))
			if err != nil || !bytes.Equal(b, w) {
				t.Errorf("round %d: %s has %d bytes, want the %d of one run alone (%v)", round, e.Name(), len(b), len(w), err)
				break
			}
		}
	}
}
