package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// graphFormats are the output formats of relurl graph.
var graphFormats = []string{"tsv", "graphml", "gexf", "parquet"}

// sameGraphs checks that "relurl graph ARGS INPUT", in process, writes
// byte for byte the graph that "relurl graph" builds from the rows
// "relurl links -page ARGS INPUT" writes, as TSV with its header and as
// NDJSON, at every level and in every output format; and that the
// in-process graph has edges.
func sameGraphs(t *testing.T, input string, args ...string) {
	t.Helper()
	rowsOf := map[string]result{
		"tsv":    relurlRun(t, "", append(append([]string{"links", "-page", "-header"}, args...), input)...),
		"ndjson": relurlRun(t, "", append(append([]string{"links", "-page", "-format", "ndjson"}, args...), input)...),
	}
	for _, level := range []string{"page", "host", "domain"} {
		for _, format := range graphFormats {
			flags := append([]string{"graph", "-level", level, "-format", format}, args...)
			direct := relurlRun(t, "", append(flags, input)...)
			if direct.status != 0 || strings.Count(direct.stdout, "\n") < 3 {
				t.Fatalf("%s %s: exit %d, %d lines; stderr:\n%s", level, format, direct.status, strings.Count(direct.stdout, "\n"), direct.stderr)
			}
			for name, rows := range rowsOf {
				piped := relurlRun(t, rows.stdout, "graph", "-level", level, "-format", format)
				if piped.stdout != direct.stdout || piped.status != direct.status || piped.stderr != direct.stderr {
					t.Errorf("%s %s from %s rows: exit %d, stderr %q, %d bytes; in process: exit %d, stderr %q, %d bytes",
						level, format, name, piped.status, piped.stderr, len(piped.stdout), direct.status, direct.stderr, len(direct.stdout))
				}
			}
		}
	}
}

// TestGraphInProcessArchive: on a generated web archive (pages with links
// of every shape, some with a BASE element, redirects), the graph built
// in process equals the one built from links rows.
func TestGraphInProcessArchive(t *testing.T) {
	file, st, err := warctest.CorpusFile(t.TempDir(), 200<<10, 22)
	if err != nil {
		t.Fatal(err)
	}
	if st.HTML < 20 {
		t.Fatalf("corpus of %d pages", st.HTML)
	}
	sameGraphs(t, file)
}

// TestGraphInProcessTree: on a real documentation tree (the Node.js API
// pages, as if served from nodejs.org), the graph built in process from
// the directory equals the one built from links rows.
func TestGraphInProcessTree(t *testing.T) {
	sameGraphs(t, "../../links/testdata/nodejs-api", "-url", "https://nodejs.org/api/")
}

// TestGraphInputKinds: an input is an archive when it sniffs as one, on
// standard input and under a name that says nothing; the page of an edge
// is the record's WARC-Target-URI, not a BASE (as with links -page), with
// its WARC-Date at the page level; a link whose URL has no host at the
// level is reported with its document (FILE#OFFSET), and the rest
// counted; -type reads standard input as a document.
func TestGraphInputKinds(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	w := warctest.NewWriter(&b, true)
	page := func(uri, body string) {
		if _, err := w.Write(warctest.HTML(uri, body)); err != nil {
			t.Fatal(err)
		}
	}
	page("http://a.example/", `<base href="http://elsewhere.example/"><a href="http://b.example/x">x</a><a href="y">y</a>`)
	page("http://a.example/", `<a href="http://b.example/x">x</a>`)
	page("http://c.example/", `<a href="http://exa%20mple.org/">bad</a><a href="http://b.example/">b</a>`)
	archive := b.String()
	blind := filepath.Join(dir, "capture.bin") // a name that says nothing
	if err := os.WriteFile(blind, []byte(archive), 0o666); err != nil {
		t.Fatal(err)
	}
	bad := `relurl: graph: ` + blind + `#` + strconv.FormatInt(w.Offsets[2], 10) + ": link `http://exa%20mple.org/`: whatwg: "
	for _, in := range []struct{ name, stdin string }{{"-", archive}, {blind, ""}} {
		r := relurlRun(t, in.stdin, "graph", "-level", "host", in.name)
		r.want(t, "source\ttarget\tcount\na.example\tb.example\t2\na.example\telsewhere.example\t1\nc.example\tb.example\t1\n", 1)
		if want := strings.Replace(bad, blind, in.name, 1); !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s: stderr %q, want one line %q...", in.name, r.stderr, want)
		}
	}
	// warctest dates every record 2026-11-21T00:00:00Z.
	r := relurlRun(t, "", "graph", "-level", "page", blind)
	r.want(t, "source\ttarget\tdate\tcount\n"+
		"http://a.example/\thttp://b.example/x\t2026-11-21T00:00:00Z\t2\n"+
		"http://a.example/\thttp://elsewhere.example/y\t2026-11-21T00:00:00Z\t1\n"+
		"http://c.example/\thttp://b.example/\t2026-11-21T00:00:00Z\t1\n"+
		"http://c.example/\thttp://exa%20mple.org/\t2026-11-21T00:00:00Z\t1\n", 0)

	// Standard input as HTML, by -type, retrieved by -url.
	r = relurlRun(t, `<a href="//d.example/">d</a><a href="mailto:x@y">m</a>`, "graph", "-type", "html", "-url", "http://e.example/p")
	r.want(t, "source\ttarget\tcount\ne.example\td.example\t1\n", 0)
	if !strings.Contains(r.stderr, "1 links have no host") {
		t.Errorf("stderr %q", r.stderr)
	}
	// A file that is not there is reported, naming it.
	r = relurlRun(t, "", "graph", filepath.Join(dir, "absent.warc.gz"))
	r.want(t, "source\ttarget\tcount\n", 1)
	if !strings.Contains(r.stderr, "absent.warc.gz") {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestGraphInProcessSpillError: a graph that cannot spill to disk ends the
// run with exit status 1, saying so, and writes no partial graph.
func TestGraphInProcessSpillError(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	r := relurlRun(t, "", "graph", "-level", "page", "-budget", "100", "-tmp", notDir, "../../links/testdata/nodejs-api")
	r.want(t, "", 1)
	if !strings.Contains(r.stderr, "graph: spilling to disk: ") || !strings.Contains(r.stderr, notDir) {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestGraphJobs: with -jobs above 1 the inputs are read at once, and the
// graph is byte for byte that of -jobs 1, at every level and in every
// format, over web archives and the files of a documentation tree listed
// by -files-from after the INPUTs on the command line.
func TestGraphJobs(t *testing.T) {
	dir := t.TempDir()
	var archives []string
	for seed := range 4 {
		file, _, err := warctest.CorpusFile(dir, 64<<10, int64(100+seed))
		if err != nil {
			t.Fatal(err)
		}
		archives = append(archives, file)
	}
	pages, _ := filepath.Glob("../../links/testdata/nodejs-api/*.html")
	if len(pages) < 10 {
		t.Fatalf("%d pages", len(pages))
	}
	list := filepath.Join(dir, "list")
	if err := os.WriteFile(list, []byte(strings.Join(pages, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, level := range []string{"page", "host", "domain"} {
		for _, format := range graphFormats {
			args := append([]string{"graph", "-level", level, "-format", format, "-files-from", list}, archives...)
			one := relurlRun(t, "", append([]string{args[0], "-jobs", "1"}, args[1:]...)...)
			if one.status != 0 || strings.Count(one.stdout, "\n") < 3 {
				t.Fatalf("%s %s -jobs 1: exit %d, %d lines; stderr:\n%s", level, format, one.status, strings.Count(one.stdout, "\n"), one.stderr)
			}
			many := relurlRun(t, "", append([]string{args[0], "-jobs", "4"}, args[1:]...)...)
			if many.stdout != one.stdout || many.status != one.status || many.stderr != one.stderr {
				t.Errorf("%s %s: -jobs 4: exit %d, stderr %q, %d bytes; -jobs 1: exit %d, stderr %q, %d bytes",
					level, format, many.status, many.stderr, len(many.stdout), one.status, one.stderr, len(one.stdout))
			}
		}
	}
	// Without -files-from the pages are not read: fewer edges.
	if a, b := relurlRun(t, "", append([]string{"graph", "-level", "page"}, archives...)...), relurlRun(t, "", append([]string{"graph", "-level", "page", "-files-from", list}, archives...)...); len(a.stdout) >= len(b.stdout) {
		t.Errorf("-files-from adds no edges: %d bytes, %d without", len(b.stdout), len(a.stdout))
	}
}

// TestGraphRunFlags: the flags graph shares with links reach its run:
// -lazy reads the lazy-loading attributes, -deny-private refuses a
// server on 127.0.0.1, -max-redirects 0 follows no redirect, -max-body
// and -timeout bound a fetch, and they are checked as links checks them.
func TestGraphRunFlags(t *testing.T) {
	page := `<img data-src="http://lazy.example/i.png"><a href="http://b.example/">b</a>`
	r := relurlRun(t, page, "graph", "-type", "html", "-url", "http://a.example/")
	r.want(t, "source\ttarget\tcount\na.example\tb.example\t1\n", 0)
	r = relurlRun(t, page, "graph", "-lazy", "-type", "html", "-url", "http://a.example/")
	r.want(t, "source\ttarget\tcount\na.example\tb.example\t1\na.example\tlazy.example\t1\n", 0)

	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/moved" {
			http.Redirect(w, r, "/p", http.StatusFound)
			return
		}
		fmt.Fprint(w, `<a href="http://b.example/">b</a>`)
	}))
	defer s.Close()
	host := strings.TrimPrefix(s.URL, "http://")
	host = host[:strings.LastIndexByte(host, ':')]
	r = relurlRun(t, "", "graph", s.URL+"/moved")
	r.want(t, "source\ttarget\tcount\n"+host+"\tb.example\t1\n", 0)
	r = relurlRun(t, "", "graph", "-deny-private", s.URL+"/p")
	r.want(t, "source\ttarget\tcount\n", 1)
	if !strings.Contains(r.stderr, "address refused (-deny-private)") {
		t.Errorf("-deny-private: stderr %q", r.stderr)
	}
	r = relurlRun(t, "", "graph", "-max-redirects", "0", s.URL+"/moved")
	r.want(t, "source\ttarget\tcount\n", 1)
	if !strings.Contains(r.stderr, "too many redirects (more than 0)") {
		t.Errorf("-max-redirects 0: stderr %q", r.stderr)
	}

	for _, c := range []struct{ flag, value, want string }{
		{"-max-body", "10", "body larger than the limit (10 bytes)"},
		{"-timeout", "1ns", "deadline exceeded"},
	} {
		r = relurlRun(t, "", "graph", c.flag, c.value, s.URL+"/p")
		r.want(t, "source\ttarget\tcount\n", 1)
		if !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s %s: stderr %q", c.flag, c.value, r.stderr)
		}
	}

	for _, args := range [][]string{{"-jobs", "0"}, {"-max-body", "0"}, {"-timeout", "0s"}, {"-url", "http://a/", "-files-from", "x", "y"}} {
		r := relurlRun(t, "", append([]string{"graph"}, args...)...)
		if r.status != exitUsage || !strings.HasPrefix(r.stderr, "relurl: graph: -") {
			t.Errorf("%q: exit %d, stderr %q", args, r.status, r.stderr)
		}
	}
	// A bad name for a flag that takes one is a bad flag value: the flag
	// and the value named, then the hint every usage error of a flag
	// ends with (parseFlags).
	for _, c := range []struct{ flag, value, want string }{
		{"-type", "pdf", `unknown input type "pdf": want html, mime, warc, wat, css, sitemap or robots`},
		{"-level", "street", `graph: unknown level "street": want page, host or domain`},
		{"-format", "dot", `graph: unknown format "dot": want tsv, graphml, gexf or parquet`},
	} {
		r := relurlRun(t, "", "graph", c.flag, c.value)
		want := fmt.Sprintf("relurl graph: invalid value %q for flag %s: %s\nrun \"relurl graph -h\" for the flags and details\n", c.value, c.flag, c.want)
		if r.status != exitUsage || r.stdout != "" || r.stderr != want {
			t.Errorf("%s %s: exit %d, stderr %q; want %d, %q", c.flag, c.value, r.status, r.stderr, exitUsage, want)
		}
	}
	// Standard input cannot be both the list and an input, in either
	// command (runFlags.list), nor an input whose rows go to -out-dir.
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"-\n", []string{"graph", "-files-from", "-"}, "graph: input - (standard input) cannot be used with -files-from -"},
		{"x\n", []string{"graph", "-files-from", "-", "-"}, "graph: input - (standard input) cannot be used with -files-from -"},
		{"-\n", []string{"links", "-files-from", "-"}, "links: input - (standard input) cannot be used with -files-from -"},
		{"", []string{"links", "-out-dir", t.TempDir(), "-"}, "links: input - (standard input) cannot be used with -out-dir"},
		// Nor two inputs: the second read nothing, or with -jobs two
		// readers shared the stream and links were lost.
		{"<a href=x>", []string{"links", "-jobs", "2", "-", "-"}, "links: input - (standard input) given 2 times: it can be read once"},
		{"", []string{"graph", "-", "x", "-"}, "graph: input - (standard input) given 2 times: it can be read once"},
	} {
		r = relurlRun(t, c.stdin, c.args...)
		if r.status != exitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.args, r.status, r.stderr, c.want)
		}
	}
	// A list that cannot be read is a read failure (exit 1), whether it
	// is missing or a directory, in both commands (runFlags.list).
	dir := t.TempDir()
	for _, cmd := range []string{"links", "graph"} {
		for _, list := range []string{filepath.Join(dir, "none"), dir} {
			r := relurlRun(t, "", cmd, "-files-from", list)
			if r.status != exitRejected || !strings.Contains(r.stderr, cmd+": -files-from "+list+": ") {
				t.Errorf("%s -files-from %s: exit %d, stderr %q, want %d", cmd, list, r.status, r.stderr, exitRejected)
			}
		}
	}
	// An input's name is written as it is in messages, unless it holds
	// control bytes or invalid UTF-8: then it is quoted, wherever the
	// message names it (quote.Name). Only -files-from can give a NUL.
	named := filepath.Join(dir, "r\x01.warc")
	if err := os.WriteFile(named, []byte("WARC/1.0\r\nbroken\r\n\r\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	rowsFile := filepath.Join(dir, "rows\x1b.txt")
	if err := os.WriteFile(rowsFile, []byte("no tab here\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	list := filepath.Join(dir, "list")
	if err := os.WriteFile(list, []byte("a\x00b\n"+named+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"links", "-files-from", list}, []string{`relurl: links: "a\x00b": `, `relurl: links: warc: ` + strconv.Quote(named) + `: offset 0`}},
		{[]string{"links", dir}, []string{`relurl: links: warc: ` + strconv.Quote(named) + `: offset 0`}},
		{[]string{"graph", "-files-from", list}, []string{`relurl: graph: "a\x00b": `, `relurl: graph: warc: ` + strconv.Quote(named) + `: offset 0`}},
		{[]string{"graph", rowsFile}, []string{`relurl: graph: ` + strconv.Quote(rowsFile) + `:1: `}},
	} {
		r := relurlRun(t, "", c.args...)
		for _, w := range c.want {
			if r.status != exitRejected || !strings.Contains(r.stderr, w) || strings.ContainsAny(r.stderr, "\x00\x01\x1b") {
				t.Errorf("%q: exit %d, stderr %q, want %q", c.args, r.status, r.stderr, w)
			}
		}
	}
	// -url names one input: the message says why it is refused, for both
	// commands (runFlags.checkURL).
	for _, cmd := range []string{"links", "graph"} {
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"-url", "http://a/", "x", "y"}, cmd + ": -url applies to one INPUT, not 2"},
			{[]string{"-url", "http://a/", "-files-from", "x"}, cmd + ": -url applies to one INPUT, not to the list of -files-from"},
			{[]string{"-url", "http://a/", "-files-from", "x", "y"}, cmd + ": -url applies to one INPUT, not to the list of -files-from"},
		} {
			r := relurlRun(t, "", append([]string{cmd}, c.args...)...)
			if r.status != exitUsage || !strings.Contains(r.stderr, c.want) {
				t.Errorf("%s %q: exit %d, stderr %q, want %q", cmd, c.args, r.status, r.stderr, c.want)
			}
		}
	}
}
