package relurlbeam

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs" // a file system whose errors do not name the file
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	crawler "github.com/relurl/relurl/internal/crawl"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/rows"
)

// localLinks returns the rows "relurl links -files-from LIST" writes
// (internal/crawl, as the command runs it) and its error lines,
// TSV-escaped as the pipeline writes them, each sorted.
func localLinks(t *testing.T, list string) (links, errs []string) {
	t.Helper()
	f, err := os.Open(list)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	paths, err := crawler.ReadList(f)
	if err != nil {
		t.Fatal(err)
	}
	var out, stderr bytes.Buffer
	cfg := &crawler.Config{Stdout: &out, Stderr: &stderr}
	if _, err := cfg.Run(paths); err != nil {
		t.Fatal(err)
	}
	lines := func(s string) []string {
		if s == "" {
			return nil
		}
		l := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
		sort.Strings(l)
		return l
	}
	links = lines(out.String())
	for _, e := range lines(stderr.String()) {
		errs = append(errs, string(rows.AppendTSV(nil, e)))
	}
	sort.Strings(errs)
	return links, errs
}

// runPipeline runs Build and BuildGraph at every level on the archives
// listed in list and returns the links and error lines it wrote, sorted,
// having checked its graphs against those of "relurl graph" (localGraph).
func runPipeline(t *testing.T, list string) (links, errs []string) {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "links")
	const shards = 2
	p, s := beam.NewPipelineWithRoot()
	_, graphRows := Build(s, list, out, shards, true)
	for _, lv := range levels {
		BuildGraph(s, graphRows, lv, GraphPrefix(out, lv), shards)
	}
	r, err := prism.Execute(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, lv := range levels {
		want, wantErrs, wantNoHost := localGraph(t, list, lv)
		got, gotErrs := readShards(t, GraphPrefix(out, lv), shards), readShards(t, GraphPrefix(out, lv)+"-errors", shards)
		if len(want) < 3 || strings.Join(got, "\n") != strings.Join(want, "\n") || strings.Join(gotErrs, "\n") != strings.Join(wantErrs, "\n") {
			t.Errorf("%v graph by Beam:\n%s\n%s\nby relurl graph:\n%s\n%s", lv, strings.Join(got, "\n"), strings.Join(gotErrs, "\n"), strings.Join(want, "\n"), strings.Join(wantErrs, "\n"))
		}
		if n := GraphNoHost(r, lv); n != wantNoHost {
			t.Errorf("%v graph: %d links without a host by Beam, %d by relurl graph", lv, n, wantNoHost)
		}
	}
	return readShards(t, out, shards), readShards(t, out+"-errors", shards)
}

// TestPipelineHostile runs the pipeline on damaged archives, empty files,
// files that are not archives and records past the limits, and checks
// that its rows and its errors are those of "relurl links" on them, and
// its graphs those of "relurl graph" (runPipeline): the
// run goes on past each, and each error names the file and the offset.
func TestPipelineHostile(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	w := warctest.NewWriter(&gz, true)
	// Links and a base past limits.DefaultURL: reported, the others kept.
	long := "http://a/" + strings.Repeat("l", 9<<10)
	w.Write(warctest.HTML("http://a/long", `<a href="`+long+`">`+`<a href="kept">`))
	w.Write(warctest.HTML("http://a/longbase", `<base href="`+long+`"><a href="kept">`))
	w.Write(warctest.HTML("http://a/b/c/d;p?q", plainPage))
	w.Write(warctest.HTML("http://a/x", `<a href="y">`)) // cut below
	whole := gz.Bytes()
	var plain bytes.Buffer
	p := warctest.NewWriter(&plain, false)
	p.Write(warctest.HTML("http://a/b/c/d;p?q", plainPage))
	// A header line past limits.DefaultHeaderLine, then a good record.
	p.WriteRaw([]byte("WARC/1.1\r\nWARC-Type: response\r\nX-Long: " + strings.Repeat("x", 70<<10) + "\r\nContent-Length: 0\r\n\r\n\r\n\r\n"))
	p.Write(warctest.HTML("http://a/z", `<a href="after-long">`))
	// WAT records whose JSON is damaged, between good ones.
	var wat bytes.Buffer
	ww := warctest.NewWriter(&wat, true)
	ww.Write(warctest.WAT(warctest.HTML("http://w/1", ""), `{"Links":[{"path":"A@/href","url":"a"}]}`))
	ww.Write(warctest.Record{Type: "metadata", TargetURI: "http://w/2", ContentType: "application/json", Block: []byte(`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response"`)})
	ww.Write(warctest.Record{Type: "metadata", TargetURI: "http://w/3", ContentType: "application/json", Block: []byte("\xff\x00not json")})
	ww.Write(warctest.WAT(warctest.HTML("http://w/4", ""), `{"Links":[{"path":"A@/href","url":"b"}]}`))
	files := map[string][]byte{
		"damaged.wat.gz":      wat.Bytes(),
		"empty.warc":          nil,
		"empty.warc.gz":       nil,
		"truncated.warc.gz":   whole[:len(whole)-20],
		"notgzip.warc.gz":     []byte("\x1f\x8b\x08\x00garbage that is not deflate"),
		"html.warc":           []byte(`<html><a href="x">x</a></html>`),
		"long.warc":           plain.Bytes(),
		"sp ace\tτ%20#1.warc": plain.Bytes()[:len(plain.Bytes())/2],
	}
	var paths []string
	for name, b := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	var zst bytes.Buffer
	dict, _ := warctest.Dict(7, plain.Bytes())
	zw, err := warctest.NewZstdWriter(&zst, dict, true)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(warctest.HTML("http://a/q", `<a href="zst">`))
	os.WriteFile(filepath.Join(dir, "z.warc.zst"), zst.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "trailing.warc "), plain.Bytes(), 0o644)
	// A name that ends in a space is a name: the list's line, but for a
	// CR ending it, is the path, as "relurl links -files-from" reads it.
	paths = append(paths, filepath.Join(dir, "z.warc.zst"), filepath.Join(dir, "trailing.warc "))
	sort.Strings(paths)
	list := filepath.Join(t.TempDir(), "list.txt")
	if err := os.WriteFile(list, []byte(strings.Join(paths, "\r\n")+"\r\n\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want, wantErrs := localLinks(t, list)
	// "relurl links" quotes a name with a control byte in its messages
	// (quote.Name), the pipeline writes it TSV-escaped as in its rows.
	for i, e := range wantErrs {
		for _, p := range paths {
			e = strings.ReplaceAll(e, string(rows.AppendTSV(nil, quote.Name(p))), string(rows.AppendTSV(nil, p)))
		}
		wantErrs[i] = e
	}
	sort.Strings(wantErrs)
	got, gotErrs := runPipeline(t, list)
	if len(want) < 8 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links by Beam:\n%s\nby relurl links:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// What the inputs were made to exercise: the WAT file's good records
	// read around its damaged ones, each of those reported.
	if n, m := strings.Count(strings.Join(got, "\n"), "damaged.wat.gz#"), strings.Count(strings.Join(gotErrs, "\n"), "damaged.wat.gz"); n != 2 || m < 2 {
		t.Errorf("damaged.wat.gz: %d links, %d errors; want 2 links, 2 errors or more", n, m)
	}
	if strings.Join(gotErrs, "\n") != strings.Join(wantErrs, "\n") {
		t.Errorf("errors by Beam:\n%s\nby relurl links:\n%s", strings.Join(gotErrs, "\n"), strings.Join(wantErrs, "\n"))
	}
}

// TestPipelineErrorNamesFile checks that the error of an archive that
// cannot be opened names it whatever its file system: memfs, like gcs
// ("storage: object doesn't exist"), does not put the name in its error.
func TestPipelineErrorNamesFile(t *testing.T) {
	const missing = "memfs://crawl/missing.warc.gz"
	list := filepath.Join(t.TempDir(), "list.txt")
	if err := os.WriteFile(list, []byte(missing+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "links")
	p, s := beam.NewPipelineWithRoot()
	Build(s, list, out, 1, false)
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	errs := readShards(t, out+"-errors", 1)
	if len(errs) != 1 || !strings.HasPrefix(errs[0], missing+": ") {
		t.Errorf("errors: %q, want one naming %s", errs, missing)
	}
}
