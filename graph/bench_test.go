package graph

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/cputime"
	"github.com/relurl/relurl/internal/crawl"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// BenchmarkHostGraphVsLinks: the CPU time of building the host graph of a
// .warc.gz as a multiple of "relurl links FILE > /dev/null" alone:
// in process ("relurl graph -level host FILE": the crawl hands each link
// to the Builder, Config.Link), "x-links", the goal being at most 1.5
// (issue 22); and through a pipe ("relurl links FILE | relurl graph
// -level host", both in this process), "x-links-pipe". The three are
// measured in turn, in a rotating order, in one run. The archive holds
// the Node.js API pages of links/testdata, each as a response record
// from a host of its own, 20 times over.
func BenchmarkHostGraphVsLinks(b *testing.B) {
	dir := b.TempDir()
	file := filepath.Join(dir, "pages.warc.gz")
	f, err := os.Create(file)
	if err != nil {
		b.Fatal(err)
	}
	w := warctest.NewWriter(f, true)
	pages, _ := filepath.Glob("../links/testdata/nodejs-api/*.html")
	if len(pages) == 0 {
		b.Fatal("no pages")
	}
	for i := range 20 {
		for j, p := range pages {
			body, err := os.ReadFile(p)
			if err != nil {
				b.Fatal(err)
			}
			uri := "https://h" + string(rune('a'+i)) + string(rune('a'+j)) + ".example.org/api/" + filepath.Base(p)
			w.Write(warctest.HTML(uri, string(body)))
		}
	}
	f.Close()

	links := func() {
		c := crawl.Config{Stdout: io.Discard, Stderr: io.Discard}
		if _, err := c.Run([]string{file}); err != nil {
			b.Fatal(err)
		}
	}
	hostGraph := func() {
		pr, pw := io.Pipe()
		done := make(chan error)
		go func() {
			c := crawl.Config{Stdout: pw, Stderr: io.Discard}
			_, err := c.Run([]string{file})
			pw.CloseWithError(err)
			done <- err
		}()
		g := &Builder{Level: Host}
		err := ReadRows(pr, "rows", func(r Row) error {
			g.Add(r.Source, r.URL, r.Date)
			return nil
		}, func(error) {})
		if err != nil {
			b.Fatal(err)
		}
		if err := <-done; err != nil {
			b.Fatal(err)
		}
		var sb strings.Builder
		g.Write(&sb, TSV)
		g.Close()
	}
	inProcess := func() {
		g := &Builder{Level: Host}
		c := crawl.Config{Stderr: io.Discard, Link: g.AddLink}
		if _, err := c.Run([]string{file}); err != nil {
			b.Fatal(err)
		}
		var sb strings.Builder
		g.Write(&sb, TSV)
		g.Close()
	}
	alone, in, piped := &cputime.Contender{Run: links}, &cputime.Contender{Run: inProcess}, &cputime.Contender{Run: hostGraph}
	cputime.Alternate(b, cputime.Collect, alone, in, piped)
	b.ReportMetric(float64(in.CPU)/float64(alone.CPU), "x-links")
	b.ReportMetric(float64(piped.CPU)/float64(alone.CPU), "x-links-pipe")
}
