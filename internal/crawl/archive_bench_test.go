package crawl

// The archive path against decompression (issue 14): "relurl links" on a
// .warc.gz of real, link-dense documentation pages should cost at most 2
// times the CPU time of decompressing the file alone, and -jobs 2 should
// give about twice the throughput of -jobs 1 on two idle cores. Both are
// measured as ratios in one run, the sides alternating, by CPU time.
//
//	go test -run '^$' -bench '^BenchmarkArchiveVsGunzip$' -benchtime=5x -count=3 ./internal/crawl
//	go test -run '^$' -bench '^BenchmarkJobs$' -benchtime=3x -count=3 ./internal/crawl

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	kpgzip "github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"golang.org/x/net/html"

	"github.com/relurl/relurl/archive"
	"github.com/relurl/relurl/internal/cputime"
	"github.com/relurl/relurl/internal/inflate"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/links"
)

// benchHTMLBytes is the least amount of HTML the archive holds: the pages
// found are repeated (under other URLs) until there is this much.
const benchHTMLBytes = 32 << 20

// benchPage is one HTML page and the URL it is recorded under.
type benchPage struct {
	url  string
	body []byte
}

// benchPages returns the real documentation pages at hand: the Node.js
// API sample of links/testdata (always there), the whole Node.js API
// reference where Debian's nodejs package installed it, and the HTML of
// $GOROOT/doc.
func benchPages(b *testing.B) []benchPage {
	var pages []benchPage
	add := func(glob, prefix string) {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			body, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			pages = append(pages, benchPage{prefix + filepath.Base(f), body})
		}
	}
	add(filepath.Join("..", "..", "links", "testdata", "nodejs-api", "*.html"), "https://nodejs.org/api/sample/")
	if len(pages) == 0 {
		b.Fatal("no links/testdata/nodejs-api/*.html")
	}
	add("/usr/share/doc/nodejs/api/*.html", "https://nodejs.org/api/")
	if root, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		add(filepath.Join(strings.TrimSpace(string(root)), "doc", "*.html"), "https://go.dev/doc/")
	}
	return pages
}

// benchArchives writes the pages, repeated to benchHTMLBytes, as WARC
// response records, one gzip member per record as crawlers write them:
// all of them to one file, and the same records dealt to parts files for
// the -jobs benchmark, each record to the part with the least HTML so far,
// so that the parts are of one size as a crawl's files are (dealt
// round-robin, one part held 23 of the 39 MB, and -jobs 2 waited on it).
// It returns the paths and the bytes of HTML.
func benchArchives(b *testing.B, parts int) (whole string, split []string, html int64) {
	return benchArchivesIn(b, parts, false)
}

// benchArchivesIn is benchArchives, writing .warc.zst files (a zstd frame
// a record, the IIPC format) when zst is set.
func benchArchivesIn(b *testing.B, parts int, zst bool) (whole string, split []string, html int64) {
	pages := benchPages(b)
	ext := ".warc.gz"
	if zst {
		ext = ".warc.zst"
	}
	dir := b.TempDir()
	open := func(name string) (*os.File, *bufio.Writer, *warctest.Writer) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		bw := bufio.NewWriter(f)
		w := warctest.NewWriter(bw, true)
		if zst {
			if w, err = warctest.NewZstdWriter(bw, nil, false); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := w.Write(warctest.Warcinfo()); err != nil {
			b.Fatal(err)
		}
		return f, bw, w
	}
	type out struct {
		f  *os.File
		bw *bufio.Writer
		w  *warctest.Writer
	}
	var outs []out
	for i := range parts + 1 {
		name := "all" + ext
		if i > 0 {
			name = fmt.Sprintf("part-%d%s", i, ext)
		}
		f, bw, w := open(name)
		outs = append(outs, out{f, bw, w})
	}
	var nrec int
	partHTML := make([]int, parts)
	for rep := 0; html < benchHTMLBytes; rep++ {
		for _, p := range pages {
			u := p.url
			if rep > 0 {
				u = strings.Replace(u, "://", fmt.Sprintf("://copy%d.", rep), 1)
			}
			rec := warctest.HTML(u, string(p.body))
			least := 0
			for i, n := range partHTML {
				if n < partHTML[least] {
					least = i
				}
			}
			partHTML[least] += len(p.body)
			for _, o := range []out{outs[0], outs[1+least]} {
				if _, err := o.w.Write(rec); err != nil {
					b.Fatal(err)
				}
			}
			nrec++
			html += int64(len(p.body))
		}
	}
	for _, o := range outs {
		if err := o.bw.Flush(); err != nil {
			b.Fatal(err)
		}
		if err := o.f.Close(); err != nil {
			b.Fatal(err)
		}
		split = append(split, o.f.Name())
	}
	fi, _ := os.Stat(split[0])
	b.Logf("%d pages (%d distinct), %.1f MB of HTML; %s: %.1f MB", nrec, len(pages), float64(html)/1e6, filepath.Base(split[0]), float64(fi.Size())/1e6)
	return split[0], split[1:], html
}

// gunzipFile decompresses every gzip member of path to io.Discard with zr
// (github.com/klauspost/compress/gzip, issue 21's floor, or
// internal/inflate, the decoder internal/warc uses), reading a
// bufio.Reader as internal/warc does.
func gunzipFile(b *testing.B, path string, zr inflate.Decoder, buf []byte) {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := zr.Reset(bufio.NewReaderSize(f, 64<<10)); err != nil {
		b.Fatal(err)
	}
	zr.Multistream(true)
	if _, err := io.CopyBuffer(io.Discard, zr, buf); err != nil {
		b.Fatal(err)
	}
}

// unzstdFile decompresses every zstd frame of path to io.Discard with
// github.com/klauspost/compress/zstd, the decoder internal/warc uses,
// decoding in the caller's goroutine as internal/warc does: the floor of
// any reading of a .warc.zst.
func unzstdFile(b *testing.B, path string, buf []byte) {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	zr, err := zstd.NewReader(bufio.NewReaderSize(f, 64<<10), zstd.WithDecoderConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	defer zr.Close()
	if _, err := io.CopyBuffer(io.Discard, zr, buf); err != nil {
		b.Fatal(err)
	}
}

// runLinks is "relurl links -jobs J INPUTS > /dev/null" through
// Config.Run, as the command calls it; it returns the links written.
func runLinks(b *testing.B, jobs int, inputs ...string) int64 {
	var errb bytes.Buffer
	c := Config{Jobs: jobs, Stdout: io.Discard, Stderr: &errb, Prefix: "relurl: links: "}
	st, err := c.Run(inputs)
	if err != nil || st.Failed || errb.Len() > 0 {
		b.Fatalf("links: %v %s", err, errb.Bytes())
	}
	return st.Links
}

// loadavg returns the first three fields of /proc/loadavg, or "?".
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// BenchmarkArchiveVsGunzip runs over one .warc.gz of real pages, in turn:
// decompression alone ("gunzip", klauspost to io.Discard; and
// "inflate", internal/inflate, the decoder the WARC reader uses); the WARC
// reader reading every record, HTTP header and body ("warc"); the same
// with every link extracted and resolved by archive, as the
// links command does, with nothing written ("extract"); the whole links
// command writing rows.TSV rows to io.Discard ("links"); and, when there is
// one, the system's "gzip -dc" (its own CPU time, as a child process).
// It reports each one's CPU time as a multiple of gunzip's ("x-gunzip"
// for the links command: the goal is at most 2), links per CPU second and
// MB of HTML per CPU second of the links command. Wall time is not
// reported: on a shared machine it measures the other sessions.
func BenchmarkArchiveVsGunzip(b *testing.B) {
	path, _, html := benchArchives(b, 1)
	zr := new(kpgzip.Reader)
	buf := make([]byte, 64<<10)
	floor := &cputime.Contender{Name: "gunzip", Run: func() { gunzipFile(b, path, zr, buf) }}
	ir := new(inflate.Reader)
	cs := []*cputime.Contender{{Name: "inflate", Run: func() { gunzipFile(b, path, ir, buf) }}}
	if gz, err := exec.LookPath("gzip"); err == nil {
		// "gzip -dc FILE > /dev/null", as a user compares it.
		cs = append(cs, &cputime.Contender{Name: "gzip-dc", Child: processCPU(b, gz, "-dc", path)})
	}
	archiveVs(b, path, html, floor, cs...)
}

// BenchmarkArchiveVsUnzstd is BenchmarkArchiveVsGunzip on the same
// records as a .warc.zst (a frame a record, the IIPC format), against
// klauspost's zstd decompression alone ("unzstd"): "x-unzstd" is the
// links command's CPU time as a multiple of it (the goal of issue 21 is
// at most 2).
//
//	go test -run '^$' -bench '^BenchmarkArchiveVsUnzstd$' -benchtime=5x -count=3 ./internal/crawl
func BenchmarkArchiveVsUnzstd(b *testing.B) {
	path, _, html := benchArchivesIn(b, 1, true)
	buf := make([]byte, 64<<10)
	archiveVs(b, path, html, &cputime.Contender{Name: "unzstd", Run: func() { unzstdFile(b, path, buf) }})
}

// archiveVs runs the comparison of BenchmarkArchiveVsGunzip over the
// archive path, floor being the decompression alone and more further
// contenders, and reports each one's CPU time as a multiple of floor's.
func archiveVs(b *testing.B, path string, html int64, floor *cputime.Contender, more ...*cputime.Contender) {
	b.Logf("load average before: %s", loadavg())
	buf := make([]byte, 64<<10)
	var x links.Extractor
	var nlinks, extracted int64
	warcOnly := &cputime.Contender{Name: "warc", Run: func() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		r := warc.NewReader(f, path)
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if rec.IsHTTPResponse() {
				resp, err := rec.ReadHTTPResponse()
				if err != nil {
					b.Fatal(err)
				}
				io.CopyBuffer(io.Discard, resp.Body, buf)
			}
		}
	}}
	extract := &cputime.Contender{Name: "extract", Run: func() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		extracted = 0
		a := archive.Reader{File: path, Extractor: &x,
			Link:  func(*archive.Document, *links.LinkBytes) error { extracted++; return nil },
			Error: func(err error) { b.Fatal(err) },
		}
		a.Read(f)
	}}
	linksCmd := &cputime.Contender{Name: "links", Run: func() { nlinks = runLinks(b, 1, path) }}
	cs := append([]*cputime.Contender{floor, warcOnly, extract, linksCmd}, more...)
	rounds := cputime.Alternate(b, cputime.Collect, cs...)
	b.Logf("load average after: %s", loadavg())
	if extracted != nlinks || nlinks == 0 {
		b.Fatalf("the links command wrote %d links, the archive reader extracted %d", nlinks, extracted)
	}
	if floor.CPU <= 0 || linksCmd.CPU <= 0 {
		b.Skip("no CPU time measured on this platform")
	}
	for _, c := range cs[1:] {
		name := "x-" + floor.Name
		if c != linksCmd {
			name = c.Name + "-x-" + floor.Name
		}
		b.ReportMetric(c.CPU.Seconds()/floor.CPU.Seconds(), name)
	}
	b.ReportMetric(float64(nlinks)*float64(rounds)/linksCmd.CPU.Seconds(), "links/cpu-s")
	b.ReportMetric(float64(html)*float64(rounds)/1e6/linksCmd.CPU.Seconds(), "html-MB/cpu-s")
}

// BenchmarkJobs runs the links command over 4 .warc.gz files of real
// pages (the same records dealt round-robin) with -jobs 1 and with -jobs
// 2, alternately, and reports "speedup" (wall time of -jobs 1 over -jobs
// 2: the goal is at least 1.8 on an idle 2-core machine), "cpu-speedup"
// (the same by CPU time: below 1 when two jobs spend more CPU per link),
// and the cores each used on average (CPU time over wall time): on a
// shared machine the speedup cannot exceed cores-jobs2 over cores-jobs1.
// The load average before and after is logged.
func BenchmarkJobs(b *testing.B) {
	_, parts, _ := benchArchives(b, 16)
	b.Logf("load average before: %s", loadavg())
	var n1, n2 int64
	j1 := &cputime.Contender{Name: "jobs1", Run: func() { n1 = runLinks(b, 1, parts...) }}
	j2 := &cputime.Contender{Name: "jobs2", Run: func() { n2 = runLinks(b, 2, parts...) }}
	cputime.Alternate(b, cputime.Collect, j1, j2)
	b.Logf("load average after: %s", loadavg())
	if n1 != n2 || n1 == 0 {
		b.Fatalf("-jobs 1 wrote %d links, -jobs 2 %d", n1, n2)
	}
	b.ReportMetric(j1.Wall.Seconds()/j2.Wall.Seconds(), "speedup")
	if j1.CPU > 0 && j2.CPU > 0 {
		b.ReportMetric(j1.CPU.Seconds()/j2.CPU.Seconds(), "cpu-speedup")
		b.ReportMetric(j1.CPU.Seconds()/j1.Wall.Seconds(), "cores-jobs1")
		b.ReportMetric(j2.CPU.Seconds()/j2.Wall.Seconds(), "cores-jobs2")
	}
}

// BenchmarkArchiveLinks is the links command alone on the archive of
// BenchmarkArchiveVsGunzip, to profile where its time goes:
//
//	go test -run '^$' -bench '^BenchmarkArchiveLinks$' -benchtime=10x -cpuprofile cpu.out ./internal/crawl
//	go tool pprof -top crawl.test cpu.out
func BenchmarkArchiveLinks(b *testing.B) {
	path, _, html := benchArchives(b, 1)
	b.SetBytes(html)
	for b.Loop() {
		runLinks(b, 1, path)
	}
}

// BenchmarkArchiveLinksZstd is BenchmarkArchiveLinks on the same records
// as a .warc.zst, where the scanner and the rows are most of the time:
//
//	go test -pgo=cmd/relurl/default.pgo -run '^$' -bench '^BenchmarkArchiveLinksZstd$' -benchtime=40x -cpuprofile cpu.out ./internal/crawl
func BenchmarkArchiveLinksZstd(b *testing.B) {
	path, _, html := benchArchivesIn(b, 1, true)
	b.SetBytes(html)
	for b.Loop() {
		runLinks(b, 1, path)
	}
}

// BenchmarkHTMLVsTokenizer runs the links command over the real pages of
// benchPages as HTML files (a directory, as "relurl links DIR" reads it,
// rows to io.Discard) and, alternately, golang.org/x/net/html's Tokenizer
// tokenizing the same files read from disk, nothing extracted. It reports
// "x-tokenizer", the command's throughput as a multiple of the
// Tokenizer's (CPU time; issue 14's goal is at least 2.5 on link-dense
// real HTML), and the HTML MB per CPU second of each.
//
//	go test -run '^$' -bench '^BenchmarkHTMLVsTokenizer$' -benchtime=5x -count=3 ./internal/crawl
func BenchmarkHTMLVsTokenizer(b *testing.B) {
	pages := benchPages(b)
	dir := b.TempDir()
	var files []string
	var size int64
	for i, p := range pages {
		name := filepath.Join(dir, fmt.Sprintf("%03d-%s", i, filepath.Base(p.url)))
		if err := os.WriteFile(name, p.body, 0o644); err != nil {
			b.Fatal(err)
		}
		files = append(files, name)
		size += int64(len(p.body))
	}
	b.Logf("%d pages, %.1f MB of HTML; load average before: %s", len(files), float64(size)/1e6, loadavg())
	tok := &cputime.Contender{Name: "tokenizer", Run: func() {
		for _, f := range files {
			fh, err := os.Open(f)
			if err != nil {
				b.Fatal(err)
			}
			z := html.NewTokenizer(bufio.NewReaderSize(fh, bufSize))
			for z.Next() != html.ErrorToken {
			}
			fh.Close()
		}
	}}
	var n int64
	cmd := &cputime.Contender{Name: "links", Run: func() { n = runLinks(b, 1, dir) }}
	cputime.Alternate(b, cputime.Collect, tok, cmd)
	b.Logf("load average after: %s", loadavg())
	if n == 0 {
		b.Fatal("no links")
	}
	if tok.CPU <= 0 || cmd.CPU <= 0 {
		b.Skip("no CPU time measured on this platform")
	}
	b.ReportMetric(tok.CPU.Seconds()/cmd.CPU.Seconds(), "x-tokenizer")
	rounds := float64(b.N)
	b.ReportMetric(float64(size)*rounds/1e6/cmd.CPU.Seconds(), "links-MB/cpu-s")
	b.ReportMetric(float64(size)*rounds/1e6/tok.CPU.Seconds(), "tokenizer-MB/cpu-s")
}
