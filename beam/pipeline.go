// Package relurlbeam is an Apache Beam pipeline that extracts the links of
// web archives (WARC and WAT files) and resolves them with relurl (RFC
// 1808), for crawls too large for one machine (docs/crawl.md).
//
// It lives in a module of its own so that the relurl library and command
// never depend on the Beam SDK. The same pipeline runs on Beam's local
// runner (prism, used by the tests), Flink, Spark or Dataflow: see
// cmd/relurl-beam.
//
// Input: a text file listing WARC (".warc", ".warc.gz", ".warc.zst")
// and WAT (".wat", ".wat.gz", ".wat.zst") paths, one per line (the line
// as written, less a CR ending it), on any file system Beam knows (local
// here; gs://, s3:// with the matching import); each is read as an
// archive, whatever its name, as package archive reads it. Output: sharded
// text files PREFIX-SSSSS-of-NNNNN, one line per link, with the columns
// of "relurl links" (TSV):
//
//	document TAB base TAB base_source TAB element@attribute TAB ref TAB url
//
// where document is FILE#OFFSET (the record's offset, or its gzip
// member's), and PREFIX-errors-SSSSS-of-NNNNN, one line per error, naming
// the file and byte offset. Backslashes, tabs, newlines and carriage
// returns inside fields are written \\, \t, \n and \r, so that a line is
// always one link: the rows are those of "relurl links", by the same
// writer (rows.Writer); the links over the URL limit (package
// limits) are left out and reported by the extractor archive
// uses, as for "relurl links". Which records count, and
// how their base is established (RFC 1808 section 3), is as for "relurl
// links": both use archive of the relurl module.
//
// BuildGraph adds the link graph of the same archives, that of "relurl
// graph" at a level (page, host or domain), grouped and counted by Beam
// (docs/graphs.md#on-a-cluster-beam).
package relurlbeam

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/relurl/relurl/archive"
	"github.com/relurl/relurl/graph"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

func init() {
	beam.RegisterType(reflect.TypeFor[graph.Row]())
	register.DoFn5x1[context.Context, string, func(string), func(string), func(graph.Row), error](&extractFn{})
	register.Emitter1[string]()
	register.Emitter1[graph.Row]()
	register.DoFn2x0[string, func(int, string)](&shardFn{})
	register.Emitter2[int, string]()
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Iter1[string]()
}

// Build adds to s the pipeline reading the paths listed in listFile and
// writing links and errors to shards files each under outPrefix. It
// returns the links rows and, when withGraph is set, what the link graph
// takes of each link, for BuildGraph: a graph.Row (graph.RowOf), whose
// source is the link's page, the URL its document was retrieved by,
// which the rows do not carry (docs/graphs.md#the-page-of-an-edge), and
// whose date is the capture's. A link with no source (no page and no
// base, graph.ErrNoSource) has its row too: BuildGraph reports it among
// each level's errors, as "relurl graph" does, and the links' errors do
// not hold it, as "relurl links" reports nothing. Without withGraph,
// graphRows is empty: making the rows costs the extraction about a
// tenth more CPU time.
func Build(s beam.Scope, listFile, outPrefix string, shards int, withGraph bool) (links, graphRows beam.PCollection) {
	paths := textio.Read(s, listFile)
	// Reshuffle so that the files, not the lines of the list, are spread
	// over workers.
	paths = beam.Reshuffle(s, paths)
	links, errs, graphRows := beam.ParDo3(s, &extractFn{Graph: withGraph}, paths)
	WriteSharded(s.Scope("links"), outPrefix, shards, links)
	WriteSharded(s.Scope("errors"), outPrefix+"-errors", shards, errs)
	return links, graphRows
}

// extractFn reads one archive and emits a line per link and per error,
// and, when Graph is set, the graph row of each link.
type extractFn struct{ Graph bool }

var (
	filesRead = beam.NewCounter("relurl", "files")
	linksOut  = beam.NewCounter("relurl", "links")
	errorsOut = beam.NewCounter("relurl", "errors")
)

func (fn *extractFn) ProcessElement(ctx context.Context, path string, emit, emitErr func(string), emitGraph func(graph.Row)) error {
	// The line is the path, but for the CR of a list with CRLF line
	// ends: a name may begin or end with a space, as "relurl links
	// -files-from" reads it (crawl.ReadList).
	path = strings.TrimSuffix(path, "\r")
	if path == "" {
		return nil
	}
	fail := func(err error) {
		errorsOut.Inc(ctx, 1)
		emitErr(string(rows.AppendTSV(nil, err.Error())))
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		fail(fmt.Errorf("%s: %v", path, err))
		return nil
	}
	defer fs.Close()
	f, err := fs.OpenRead(ctx, path)
	if err != nil {
		// The local file system's error names the file (a *PathError),
		// gcs's does not ("storage: object doesn't exist").
		if !strings.Contains(err.Error(), path) {
			err = fmt.Errorf("%s: %w", path, err)
		}
		fail(err)
		return nil
	}
	defer f.Close()
	filesRead.Inc(ctx, 1)
	// The row writer of "relurl links". A link over the URL limit is
	// not given to Link: the archive's extractor reports it to Error.
	var w rows.Writer
	var row []byte
	a := archive.Reader{
		File: path,
		Link: func(d *archive.Document, k *links.LinkBytes) error {
			if k.Err != nil {
				fail(&archive.DocError{Doc: d.Name, Err: k.Err})
			}
			doc := rows.Document{Name: d.Name}
			row = w.AppendBytes(row[:0], &doc, k)
			linksOut.Inc(ctx, 1)
			emit(string(row[:len(row)-1])) // without its newline
			if k.Err != nil || !fn.Graph {
				// A link without a URL, reported above, gives no graph
				// row, as the crawl hands none to "relurl graph"
				// (Config.Link).
				return nil
			}
			// The document as internal/crawl makes it of a record, for
			// the graph, and the link's own copy of its strings: Beam
			// may hold the row past this call. A row without a source
			// (a document with no page and no base) goes to the graph
			// too: RowOf's error is the one each level's Level.Edge
			// gives it, reported among that graph's errors (edgeFn) as
			// "relurl graph" reports it, where "relurl links" reports
			// nothing.
			doc.Page, doc.Date = d.URI, d.Date
			g, _ := graph.RowOf(&doc, k.Link())
			emitGraph(g)
			return nil
		},
		Error: fail,
	}
	a.Read(f)
	return nil
}

// WriteSharded writes the lines of col to n files PREFIX-SSSSS-of-NNNNN,
// each line to the shard its hash picks. Every shard file is written,
// empty or not; on a local file system, under a temporary name renamed
// once complete, so that a shard's name never holds a partial file.
func WriteSharded(s beam.Scope, prefix string, n int, col beam.PCollection) {
	filesystem.ValidateScheme(prefix)
	keyed := beam.ParDo(s, &shardFn{N: n}, col)
	// One (possibly empty) element per shard, so that every file exists.
	empty := beam.CreateList(s, shardIndexes(n))
	grouped := beam.GroupByKey(s, beam.Flatten(s, keyed, beam.ParDo(s, emptyLine, empty)))
	beam.ParDo0(s, &writeShardFn{Prefix: prefix, N: n}, grouped)
}

// noLine marks the placeholder element that makes a shard exist.
const noLine = "\x00"

func shardIndexes(n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return idx
}

func emptyLine(i int) (int, string) { return i, noLine }

func init() { register.Function1x2[int, int, string](emptyLine) }

type shardFn struct{ N int }

func (fn *shardFn) ProcessElement(line string, emit func(int, string)) {
	h := fnv.New32a()
	h.Write([]byte(line))
	emit(int(h.Sum32()%uint32(fn.N)), line)
}

type writeShardFn struct {
	Prefix string
	N      int
}

// ShardName returns the name of shard i of n under prefix.
func ShardName(prefix string, i, n int) string {
	return fmt.Sprintf("%s-%05d-of-%05d", prefix, i, n)
}

func (fn *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	name := ShardName(fn.Prefix, shard, fn.N)
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	// On a local (or shared) file system, the shard is written under a
	// temporary name and renamed when complete: a failed attempt, or two
	// attempts of one shard at once (a retry beside a worker thought
	// lost, speculative tasks), would otherwise leave a truncated or
	// interleaved file under the final name. An object store (gs://,
	// s3://) shows an object only once its writer is closed.
	tmp := name
	rn, canRename := fs.(filesystem.Renamer)
	if canRename && !strings.Contains(name, "://") {
		tmp = tempName(name)
	}
	w, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return err
	}
	fail := func(err error) error {
		if tmp != name {
			if rm, ok := fs.(filesystem.Remover); ok {
				rm.Remove(ctx, tmp)
			}
		}
		return err
	}
	var line string
	for lines(&line) {
		if line == noLine {
			continue
		}
		if _, err := io.WriteString(w, line+"\n"); err != nil {
			w.Close()
			return fail(err)
		}
	}
	if err := w.Close(); err != nil {
		return fail(err)
	}
	if tmp != name {
		if err := rn.Rename(ctx, tmp, name); err != nil {
			return fail(err)
		}
	}
	return nil
}

// tempName returns a name beside name, hidden (a leading dot: a glob of
// the shards does not match it) and unique to this attempt, whatever the
// machine (workers in containers may share a process id); name is a
// local path.
func tempName(name string) string {
	return filepath.Join(filepath.Dir(name), fmt.Sprintf(".%s.tmp-%016x", filepath.Base(name), rand.Uint64()))
}
