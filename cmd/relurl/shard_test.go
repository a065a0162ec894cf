package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/rows"
)

// corpora writes n small synthetic crawls into dir and returns their
// paths.
func corpora(t *testing.T, dir string, n int, size int64) []string {
	t.Helper()
	var paths []string
	for i := range n {
		p, _, err := warctest.CorpusFile(dir, size, int64(100+i))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// byFile splits output rows by the file of their document column
// (FILE#OFFSET), keeping each file's rows in order.
func byFile(t *testing.T, out string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, r := range strings.SplitAfter(out, "\n") {
		if r == "" {
			continue
		}
		doc, _, _ := strings.Cut(r, "\t")
		i := strings.LastIndexByte(doc, '#')
		if i < 0 || strings.Count(r, "\t") != 5 {
			t.Fatalf("row %q is not a whole archive row", r)
		}
		m[doc[:i]] += r
	}
	return m
}

func TestLinksFilesFromShard(t *testing.T) {
	dir := t.TempDir()
	paths := corpora(t, dir, 5, 20<<10)
	list := filepath.Join(dir, "list.txt")
	// CRLF, a blank line: neither counts.
	os.WriteFile(list, []byte(strings.Join(paths[:3], "\r\n")+"\n\n"+strings.Join(paths[3:], "\n")), 0o666)

	all, errs, code := runLinksCmd(t, "", false, "-files-from", list)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	whole := byFile(t, all)
	if len(whole) != 5 {
		t.Fatalf("%d files in output, want 5", len(whole))
	}
	// The same list on standard input, after an INPUT argument: that
	// input comes first and counts as position 0.
	out, _, _ := runLinksCmd(t, strings.Join(paths[1:], "\n"), false, "-files-from", "-", paths[0])
	if out != all {
		t.Errorf("-files-from - after an argument differs from -files-from FILE")
	}
	// Shards: 1/2 takes positions 1 and 3; the shards together are the whole.
	union := map[string]string{}
	for i := range 2 {
		out, _, code := runLinksCmd(t, "", false, "-files-from", list, "-shard", fmt.Sprintf("%d/2", i))
		if code != exitOK {
			t.Errorf("shard %d/2: exit %d", i, code)
		}
		got := byFile(t, out)
		var names []string
		for f, rows := range got {
			names = append(names, f)
			union[f] = rows
		}
		sort.Strings(names)
		var want []string
		for j := i; j < len(paths); j += 2 {
			want = append(want, paths[j])
		}
		if strings.Join(names, " ") != strings.Join(want, " ") {
			t.Errorf("shard %d/2 took %v, want %v", i, names, want)
		}
	}
	if fmt.Sprint(union) != fmt.Sprint(whole) {
		t.Errorf("the shards' rows are not the whole run's")
	}
	for _, bad := range []string{"2/2", "-1/2", "0/0", "1", "a/b"} {
		if _, _, code := runLinksCmd(t, "", false, "-shard", bad, paths[0]); code != exitUsage {
			t.Errorf("-shard %s: exit %d, want %d", bad, code, exitUsage)
		}
	}
	if _, errs, code := runLinksCmd(t, "", false, "-files-from", filepath.Join(dir, "none")); code != exitRejected || !strings.Contains(errs, "-files-from") {
		t.Errorf("missing list: exit %d, %q", code, errs)
	}
}

func TestLinksJobs(t *testing.T) {
	dir := t.TempDir()
	paths := corpora(t, dir, 4, 200<<10)
	args := append([]string{"-header", "-stats"}, paths...)
	one, errs1, code := runLinksCmd(t, "", false, append([]string{"-jobs", "1"}, args...)...)
	if code != exitOK {
		t.Fatalf("-jobs 1: exit %d: %s", code, errs1)
	}
	two, errs2, code := runLinksCmd(t, "", false, append([]string{"-jobs", "2"}, args...)...)
	if code != exitOK {
		t.Fatalf("-jobs 2: exit %d: %s", code, errs2)
	}
	// One header line, first; then the rows of each file in the same
	// order (the files' rows may interleave, by whole rows).
	h1, rest1, _ := strings.Cut(one, "\n")
	h2, rest2, _ := strings.Cut(two, "\n")
	if h1+"\n" != rows.TSVHeader || h2 != h1 {
		t.Errorf("headers %q, %q", h1, h2)
	}
	f1, f2 := byFile(t, rest1), byFile(t, rest2)
	if len(f1) != 4 || fmt.Sprint(f1) != fmt.Sprint(f2) {
		t.Errorf("-jobs 2 rows per file differ from -jobs 1 (%d files)", len(f1))
	}
	if errs1 != errs2 {
		t.Errorf("counts differ:\n%s%s", errs1, errs2)
	}
	if _, _, code := runLinksCmd(t, "", false, "-jobs", "0", paths[0]); code != exitUsage {
		t.Errorf("-jobs 0: exit %d", code)
	}
}

func TestLinksJobsErrorsAndProgress(t *testing.T) {
	// Two jobs sharing standard error: whole lines, each error once, the
	// progress line ended.
	dir := t.TempDir()
	paths := corpora(t, dir, 3, 100<<10)
	args := []string{"-jobs", "2", filepath.Join(dir, "a-missing.warc"), filepath.Join(dir, "b-missing.warc")}
	_, errs, code := runLinksCmd(t, "", true, append(args, paths...)...)
	if code != exitRejected || !strings.HasSuffix(errs, "\n") || !strings.Contains(errs, "links, ") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	for _, m := range []string{"relurl: links: " + args[2] + ": ", "relurl: links: " + args[3] + ": "} {
		if strings.Count(errs, m) != 1 {
			t.Errorf("stderr names %q %d times:\n%q", m, strings.Count(errs, m), errs)
		}
	}
}
