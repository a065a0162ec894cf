package relurlbeam

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/relurl/relurl/graph"
	"github.com/relurl/relurl/internal/warc/warctest"
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
)

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

	var plain bytes.Buffer
	p := warctest.NewWriter(&plain, false)
	p.Write(warctest.HTML("http://a/b/c/d;p?q", plainPage))
	p.WriteRaw([]byte("garbage\r\n"))

	var watFile bytes.Buffer
	ww := warctest.NewWriter(&watFile, true)
	ww.Write(warctest.Warcinfo())
	ww.Write(warctest.Record{Type: "metadata", TargetURI: "http://w/x/y", ContentType: "application/json", Block: []byte(
		`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://w/x/y"},"Payload-Metadata":{"HTTP-Response-Metadata":{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Head":{"Base":"http://a/b/c/d;p?q"},"Links":[{"path":"A@/href","url":"..","text":"up"},{"path":"IMG@/src","url":"i.png"}]}}}}}`)})

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
	return listPath, map[string][]int64{"one": w.Offsets, "three": ww.Offsets}
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

func testPipeline(t *testing.T, run func(context.Context, *beam.Pipeline) (beam.PipelineResult, error)) {
	dir := t.TempDir()
	list, offs := writeArchives(t, dir)
	out := filepath.Join(dir, "out", "links")
	os.MkdirAll(filepath.Dir(out), 0o755)
	const shards = 3

	pl, s := beam.NewPipelineWithRoot()
	links := Build(s, list, out, shards)
	BuildGraph(s, links, graph.Host, out+"-graph", shards)
	if _, err := run(context.Background(), pl); err != nil {
		t.Fatal(err)
	}
	checkOutput(t, dir, list, out, shards, offs)
	checkGraph(t, out, shards)
}

// checkGraph checks that the graph the pipeline wrote under out-graph,
// grouped and counted by Beam, is the one package graph (and so "relurl
// graph -level host") builds from the same links rows in one process.
func checkGraph(t *testing.T, out string, shards int) {
	t.Helper()
	rows := strings.Join(readShards(t, out, shards), "\n") + "\n"
	g := &graph.Builder{Level: graph.Host}
	defer g.Close()
	err := graph.ReadRows(strings.NewReader(rows), "links", func(r graph.Row) error {
		if err := g.Add(r.Source, r.URL, r.Date); err != nil {
			t.Errorf("local graph: %v", err)
		}
		return nil
	}, func(err error) { t.Errorf("local graph: %v", err) })
	if err != nil {
		t.Fatal(err)
	}
	var local strings.Builder
	if err := g.Write(&local, graph.TSV); err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(local.String(), "\n"), "\n")[1:] // without the header
	sort.Strings(want)
	got := readShards(t, out+"-graph", shards)
	if len(want) < 3 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("graph by Beam:\n%s\nby package graph:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if errs := readShards(t, out+"-graph-errors", shards); len(errs) != 0 {
		t.Errorf("graph errors: %q", errs)
	}
}

// checkOutput checks the link and error shards a pipeline wrote under out
// for the archives writeArchives wrote into dir.
func checkOutput(t *testing.T, dir, list, out string, shards int, offs map[string][]int64) {
	t.Helper()
	got := readShards(t, out, shards)
	one := func(i int) string { return fmt.Sprintf("%s#%d", filepath.Join(dir, "one.warc.gz"), offs["one"][i]) }
	two := filepath.Join(dir, "two.warc") + "#0"
	three := fmt.Sprintf("%s#%d", filepath.Join(dir, "three.wat.gz"), offs["three"][1])
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
	}
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
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
