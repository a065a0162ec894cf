package relurlbeam

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/relurl/relurl/graph"
	crawler "github.com/relurl/relurl/internal/crawl"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

func TestMain(m *testing.M) { ptest.Main(m) }

// The pages of the test archives. The base and references are those of
// RFC 1808 section 5, and the expected resolutions are the RFC's.
const (
	rfcBase  = "http://a/b/c/d;p?q#f"
	basePage = `<html><head><BASE href="http://a/b/c/d;p?q#f"></head><body>
<a href="g">1</a><A HREF=";x">2</A><a href="../../../g">3</a><a name=nohref>4</a>
<a href="g?y#s">5</a><img src="src&#9;tab"></body></html>`
	plainPage = `<p><a href="//g">x</a> <a href="./g/"></a></p>`
	// A page whose BASE names another host: its edges leave the page's
	// host, not the base's (docs/graphs.md#the-page-of-an-edge). It links
	// to a URL without a host (no edge at the host and domain levels,
	// counted) and to one the URL Standard rejects (an error there).
	elsewherePage = `<base href="http://elsewhere.example/"><a href="http://b.example/x">b</a>
<a href="mailto:me@a.example">mail</a><a href="http://b.example:99999/">port</a><a href="y">y</a>`
	// The second capture's date: the page graph keeps each capture's edges
	// apart, the host graph adds them up.
	laterDate = "2026-11-23T12:00:00Z"
	// The Locations of the redirects without a target URI in the WAT
	// file: links with no source page.
	noSourceURL  = "http://moved.example/"
	noSourceMail = "mailto:moved@a.example"
)

// rawRecord returns the bytes of a WARC response record of an HTML page
// captured at date (warctest dates every record it writes alike).
func rawRecord(uri, date, body string) []byte {
	block := warctest.HTTPResponse(200, [][2]string{{"Content-Type", "text/html"}}, body)
	return []byte(fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\n"+
		"WARC-Date: %s\r\nWARC-Target-URI: %s\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
		len(body), date, uri, len(block), block))
}

// writeArchives writes a gzip WARC, a plain WARC with an error, and a WAT
// file into dir, and the list of their paths; it returns the list's path.
func writeArchives(t *testing.T, dir string) (string, map[string][]int64) {
	var gz bytes.Buffer
	w := warctest.NewWriter(&gz, true)
	w.Write(warctest.Warcinfo())
	w.Write(warctest.HTML("http://example.com/page.html", basePage))
	w.Write(warctest.Response("http://a/b/c/d;p?q", 301, [][2]string{{"Location", "g"}, {"Content-Type", "text/html"}}, `<a href="redirect-body">`))
	w.Write(warctest.Response("http://a/logo.png", 200, [][2]string{{"Content-Type", "image/png"}}, `<a href="not-html">`))
	w.Write(warctest.HTML("", `<a href="no-uri">`))
	w.Write(warctest.Response("http://a/page", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Base", "http://hdr/x/"}}, `<a href="../y">`))
	w.Write(warctest.HTML("http://www.a.example/", elsewherePage))

	var plain bytes.Buffer
	p := warctest.NewWriter(&plain, false)
	p.Write(warctest.HTML("http://a/b/c/d;p?q", plainPage))
	p.WriteRaw(rawRecord("http://www.a.example/", laterDate, elsewherePage))
	p.WriteRaw([]byte("garbage\r\n"))

	var watFile bytes.Buffer
	ww := warctest.NewWriter(&watFile, true)
	ww.Write(warctest.Warcinfo())
	ww.Write(warctest.Record{Type: "metadata", TargetURI: "http://w/x/y", ContentType: "application/json", Block: []byte(
		`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://w/x/y"},"Payload-Metadata":{"HTTP-Response-Metadata":{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Head":{"Base":"http://a/b/c/d;p?q"},"Links":[{"path":"A@/href","url":"..","text":"up"},{"path":"IMG@/src","url":"i.png"}]}}}}}`)})
	// A WAT record as webarchive-commons writes it, with the capture's
	// WARC-Date.
	ww.Write(warctest.WAT(warctest.HTML("http://www.a.example/w", ""),
		`{"Head":{"Base":"http://elsewhere.example/"},"Links":[{"path":"A@/href","url":"http://b.example/x"},{"path":"A@/href","url":"mailto:w@a.example"}]}`))
	// WAT records of redirects whose capture has no WARC-Target-URI: each
	// gives its Location's link (a redirect needs no base when its
	// Location is absolute), on a document with no page and no base, so
	// with no source for the graph (graph.ErrNoSource). The second link's
	// URL has no host: a link without a source is an error at every level,
	// not counted as one without a host.
	ww.Write(warctest.WAT(warctest.Response("", 301, [][2]string{{"Location", noSourceURL}}, ""), ""))
	ww.Write(warctest.WAT(warctest.Response("", 302, [][2]string{{"Location", noSourceMail}}, ""), ""))

	files := map[string][]byte{"one.warc.gz": gz.Bytes(), "two.warc": plain.Bytes(), "three.wat.gz": watFile.Bytes()}
	var list []string
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		list = append(list, path)
	}
	list = append(list, filepath.Join(dir, "missing.warc.gz"), "") // a file that is not there, an empty line
	sort.Strings(list)
	listPath := filepath.Join(dir, "list.txt")
	os.WriteFile(listPath, []byte(strings.Join(list, "\n")+"\n"), 0o644)
	return listPath, map[string][]int64{"one": w.Offsets, "two": p.Offsets, "three": ww.Offsets}
}

// noSourceDocs returns the documents (FILE#OFFSET) of the two redirects
// without a target URI that writeArchives wrote into dir, whose links have
// no source page.
func noSourceDocs(dir string, offs map[string][]int64) (string, string) {
	doc := func(i int) string { return fmt.Sprintf("%s#%d", filepath.Join(dir, "three.wat.gz"), offs["three"][i]) }
	return doc(3), doc(4)
}

// readShards returns the sorted lines of the n shards under prefix,
// failing if one is missing.
func readShards(t *testing.T, prefix string, n int) []string {
	var lines []string
	for i := 0; i < n; i++ {
		b, err := os.ReadFile(ShardName(prefix, i, n))
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 0 {
			lines = append(lines, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
		}
	}
	sort.Strings(lines)
	return lines
}

// levels are the levels of the graphs the tests build.
var levels = []graph.Level{graph.Page, graph.Host, graph.Domain}

func testPipeline(t *testing.T, run func(context.Context, *beam.Pipeline) (beam.PipelineResult, error)) {
	dir := t.TempDir()
	list, offs := writeArchives(t, dir)
	out := filepath.Join(dir, "out", "links")
	os.MkdirAll(filepath.Dir(out), 0o755)
	const shards = 3

	pl, s := beam.NewPipelineWithRoot()
	_, graphRows := Build(s, list, out, shards, true)
	for _, lv := range levels {
		BuildGraph(s, graphRows, lv, GraphPrefix(out, lv), shards)
	}
	r, err := run(context.Background(), pl)
	if err != nil {
		t.Fatal(err)
	}
	checkOutput(t, dir, list, out, shards, offs)
	for _, lv := range levels {
		checkGraph(t, list, out, shards, offs, lv, GraphNoHost(r, lv))
	}
}

// localGraph returns the graph at level lv of the archives listed in
// list as "relurl graph -level LEVEL FILE..." builds it: a graph.Builder
// fed by the crawl (internal/crawl's Config.Link, Builder.AddLink), in one
// process. It returns the TSV lines of its edges without the header,
// sorted, the errors of the links that give no edge, as the command
// words them and TSV-escaped as the pipeline writes them, sorted, and
// the number of links without a host.
func localGraph(t *testing.T, list string, lv graph.Level) (edges, errs []string, noHost int64) {
	t.Helper()
	f, err := os.Open(list)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	paths, err := crawler.ReadList(f) // as "relurl graph -files-from"
	if err != nil {
		t.Fatal(err)
	}
	g := &graph.Builder{Level: lv}
	defer g.Close()
	cfg := &crawler.Config{
		Stderr: io.Discard, // the errors of the archives: checkOutput's
		Link: func(doc *rows.Document, k links.Link) error {
			err := g.AddLink(doc, k)
			switch {
			case err == nil:
			case errors.Is(err, graph.ErrNoHost):
				noHost++
			default:
				// As cmd/relurl's runGraph reports it.
				errs = append(errs, string(rows.AppendTSV(nil, (&graph.LinkError{Doc: doc.Name, URL: k.URL, Err: err}).Error())))
			}
			return nil
		},
	}
	if _, err := cfg.Run(paths); err != nil {
		t.Fatal(err)
	}
	var tsv strings.Builder
	if err := g.Write(&tsv, graph.TSV); err != nil {
		t.Fatal(err)
	}
	edges = strings.Split(strings.TrimSuffix(tsv.String(), "\n"), "\n")[1:] // without the header
	sort.Strings(edges)
	sort.Strings(errs)
	return edges, errs, noHost
}

// checkGraph checks that the graph at level lv the pipeline wrote under
// GraphPrefix(out, lv), grouped and counted by Beam, its errors and its
// count of links without a host (noHost) are those of "relurl graph" on
// the archives listed in list (localGraph), which writeArchives wrote at
// offsets offs.
func checkGraph(t *testing.T, list, out string, shards int, offs map[string][]int64, lv graph.Level, noHost int64) {
	t.Helper()
	want, wantErrs, wantNoHost := localGraph(t, list, lv)
	got := readShards(t, GraphPrefix(out, lv), shards)
	if len(want) < 4 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%v graph by Beam:\n%s\nby relurl graph:\n%s", lv, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	gotErrs := readShards(t, GraphPrefix(out, lv)+"-errors", shards)
	if strings.Join(gotErrs, "\n") != strings.Join(wantErrs, "\n") {
		t.Errorf("%v graph errors by Beam:\n%s\nby relurl graph:\n%s", lv, strings.Join(gotErrs, "\n"), strings.Join(wantErrs, "\n"))
	}
	if noHost != wantNoHost {
		t.Errorf("%v graph: %d links without a host by Beam, %d by relurl graph", lv, noHost, wantNoHost)
	}
	// What the inputs were made to exercise, so that the comparison
	// above cannot pass on a graph that lacks it.
	all := strings.Join(got, "\n")
	switch lv {
	case graph.Page:
		for _, e := range []string{
			"http://www.a.example/\thttp://b.example/x\t" + warctest.Date + "\t1",
			"http://www.a.example/\thttp://b.example/x\t" + laterDate + "\t1",
			"http://www.a.example/w\thttp://b.example/x\t" + warctest.Date + "\t1",
		} {
			if !slices.Contains(got, e) {
				t.Errorf("page graph: no edge %q", e)
			}
		}
	case graph.Host:
		if !slices.Contains(got, "www.a.example\tb.example\t3") || strings.Contains(all, "\nelsewhere") {
			t.Errorf("host graph: want www.a.example to b.example 3 times (the page, not its base), no edge from elsewhere.example")
		}
	case graph.Domain:
		if !slices.Contains(got, "a.example\tb.example\t3") {
			t.Errorf("domain graph: want a.example to b.example 3 times")
		}
	}
	// The links without a source page are errors at every level, worded
	// as "relurl graph" words them (graph.LinkError: the document, the
	// URL in backquotes, graph.ErrNoSource), not links without a host,
	// even the one whose URL has none.
	d3, d4 := noSourceDocs(filepath.Dir(list), offs)
	for _, e := range []string{
		d3 + ": link `" + noSourceURL + "`: no source page: the row has no page and no base",
		d4 + ": link `" + noSourceMail + "`: no source page: the row has no page and no base",
	} {
		if !slices.Contains(gotErrs, e) {
			t.Errorf("%v graph errors: no %q", lv, e)
		}
	}
	// Besides, at the host and domain levels: the three mailto: links
	// of pages are without a host, and the port the URL Standard rejects,
	// in two captures, is an error.
	nNoHost, nErrs := int64(0), 2
	if lv != graph.Page {
		nNoHost, nErrs = 3, 4
	}
	if noHost != nNoHost || len(gotErrs) != nErrs {
		t.Errorf("%v graph: %d links without a host, %d errors; want %d and %d", lv, noHost, len(gotErrs), nNoHost, nErrs)
	}
}

// checkOutput checks the link and error shards a pipeline wrote under out
// for the archives writeArchives wrote into dir.
func checkOutput(t *testing.T, dir, list, out string, shards int, offs map[string][]int64) {
	t.Helper()
	got := readShards(t, out, shards)
	one := func(i int) string { return fmt.Sprintf("%s#%d", filepath.Join(dir, "one.warc.gz"), offs["one"][i]) }
	two := filepath.Join(dir, "two.warc") + "#0"
	two1 := fmt.Sprintf("%s#%d", filepath.Join(dir, "two.warc"), offs["two"][1])
	three := fmt.Sprintf("%s#%d", filepath.Join(dir, "three.wat.gz"), offs["three"][1])
	three2 := fmt.Sprintf("%s#%d", filepath.Join(dir, "three.wat.gz"), offs["three"][2])
	three3, three4 := noSourceDocs(dir, offs)
	// The links of elsewherePage, captured in one and two: their base is
	// the BASE element's.
	elsewhere := func(doc string) []string {
		return []string{
			doc + "\thttp://elsewhere.example/\thtml\ta@href\thttp://b.example/x\thttp://b.example/x",
			doc + "\thttp://elsewhere.example/\thtml\ta@href\tmailto:me@a.example\tmailto:me@a.example",
			doc + "\thttp://elsewhere.example/\thtml\ta@href\thttp://b.example:99999/\thttp://b.example:99999/",
			doc + "\thttp://elsewhere.example/\thtml\ta@href\ty\thttp://elsewhere.example/y",
		}
	}
	want := []string{
		one(1) + "\thttp://a/b/c/d;p?q#f\thtml\ta@href\t../../../g\thttp://a/../g",
		one(1) + "\thttp://a/b/c/d;p?q#f\thtml\ta@href\t;x\thttp://a/b/c/d;x",
		one(1) + "\thttp://a/b/c/d;p?q#f\thtml\ta@href\tg\thttp://a/b/c/g",
		one(1) + "\thttp://a/b/c/d;p?q#f\thtml\ta@href\tg?y#s\thttp://a/b/c/g?y#s",
		one(1) + "\thttp://a/b/c/d;p?q#f\thtml\timg@src\tsrc\\ttab\thttp://a/b/c/src\\ttab",
		one(2) + "\thttp://a/b/c/d;p?q\tretrieval\thttp@location\tg\thttp://a/b/c/g",
		one(5) + "\thttp://hdr/x/\theader\ta@href\t../y\thttp://hdr/y",
		three + "\thttp://a/b/c/d;p?q\thtml\ta@href\t..\thttp://a/b/",
		three + "\thttp://a/b/c/d;p?q\thtml\timg@src\ti.png\thttp://a/b/c/i.png",
		two + "\thttp://a/b/c/d;p?q\tretrieval\ta@href\t./g/\thttp://a/b/c/g/",
		two + "\thttp://a/b/c/d;p?q\tretrieval\ta@href\t//g\thttp://g",
		three2 + "\thttp://elsewhere.example/\thtml\ta@href\thttp://b.example/x\thttp://b.example/x",
		three2 + "\thttp://elsewhere.example/\thtml\ta@href\tmailto:w@a.example\tmailto:w@a.example",
		// The redirects without a target URI: no base (RFC 1808 section
		// 3.4, "none"), their rows written and no error reported, as
		// "relurl links" does (the graph reports them, checkGraph).
		three3 + "\t\tnone\thttp@location\t" + noSourceURL + "\t" + noSourceURL,
		three4 + "\t\tnone\thttp@location\t" + noSourceMail + "\t" + noSourceMail,
	}
	want = append(append(want, elsewhere(one(6))...), elsewhere(two1)...)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// And those of "relurl links" on the same list, as docs/crawl.md says.
	if local, _ := localLinks(t, list); strings.Join(got, "\n") != strings.Join(local, "\n") {
		t.Errorf("links:\n%s\nby relurl links:\n%s", strings.Join(got, "\n"), strings.Join(local, "\n"))
	}

	errs := readShards(t, out+"-errors", shards)
	if len(errs) != 3 ||
		!strings.Contains(errs[0], "missing.warc.gz") ||
		!strings.Contains(errs[1], "one.warc.gz: offset ") || !strings.Contains(errs[1], "missing WARC-Target-URI") ||
		!strings.Contains(errs[2], "two.warc: offset ") || !strings.Contains(errs[2], "does not begin with a WARC/ version line") {
		t.Errorf("errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestPipelinePrism runs the pipeline on prism, Beam's local runner,
// in process. Its rows are those of "relurl links": both use
// rows.Writer and archive. (Beam's older direct runner is
// deprecated for prism: it is not tested.)
func TestPipelinePrism(t *testing.T) { testPipeline(t, prism.Execute) }

// TestShardWriteAtomic checks that while a shard file is written, its
// name holds the previous run's complete file, never a partial one: a
// failed attempt, or two attempts of one shard at once (a retry beside a
// worker thought lost, Spark's speculative tasks) on a shared local file
// system, must not leave a truncated or interleaved shard under its
// final name. The temporary file is gone after.
func TestShardWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	prefix := filepath.Join(dir, "links")
	name := ShardName(prefix, 0, 1)
	if err := os.WriteFile(name, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := []string{"a", noLine, "b"}
	i := 0
	next := func(s *string) bool {
		if i > 0 {
			if b, _ := os.ReadFile(name); string(b) != "old\n" {
				t.Errorf("while shard %s was written, it held %q", name, b)
			}
		}
		if i == len(lines) {
			return false
		}
		*s = lines[i]
		i++
		return true
	}
	if err := (&writeShardFn{Prefix: prefix, N: 1}).ProcessElement(context.Background(), 0, next); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); string(b) != "a\nb\n" {
		t.Errorf("shard %s holds %q, want %q", name, b, "a\nb\n")
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*")); len(m) != 1 {
		t.Errorf("files left: %v", m)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*")); len(m) != 0 {
		t.Errorf("files left: %v", m)
	}
}
