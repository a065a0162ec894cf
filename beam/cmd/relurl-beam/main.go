// Command relurl-beam runs the relurlbeam pipeline: it reads a list of
// WARC and WAT paths and writes the links they hold, resolved by RFC 1808,
// as sharded text files.
//
//	relurl-beam -input paths.txt -output out/links -shards 16 [-graph page,host,domain]
//
// With -graph, the link graph at each level named is written under
// PREFIX-graph-LEVEL, and the number of links without a host it left out
// is said as "relurl graph" says it. The runner is chosen with Beam's
// -runner flag: prism (local, the default), flink, spark or dataflow; see
// docs/crawl.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	relurlbeam "github.com/relurl/relurl/beam"
	"github.com/relurl/relurl/graph"
)

var (
	input  = flag.String("input", "", "file listing WARC/WAT paths, one per line")
	output = flag.String("output", "", "prefix of the output shards")
	shards = flag.Int("shards", 16, "number of output shards")
	levels = flag.String("graph", "", "also write the link graph at these levels (page, host, domain; comma-separated) under PREFIX-graph-LEVEL")
)

func main() {
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" || *shards < 1 {
		log.Fatal("usage: relurl-beam -input LIST -output PREFIX [-shards N] [-graph LEVEL,...] [-runner R]")
	}
	var lvs []graph.Level
	if *levels != "" {
		for _, name := range strings.Split(*levels, ",") {
			lv, err := graph.ParseLevel(strings.TrimSpace(name))
			if err != nil {
				log.Fatalf("-graph: %v", err)
			}
			if slices.Contains(lvs, lv) {
				log.Fatalf("-graph: level %v given twice", lv)
			}
			lvs = append(lvs, lv)
		}
	}
	if err := checkList(context.Background(), *input); err != nil {
		log.Fatalf("-input %s: %v", *input, err)
	}
	// A file system Beam has not registered (s3:// without its import)
	// is a usage error, said as such: building the pipeline would panic.
	if fs, err := filesystem.New(context.Background(), *output); err != nil {
		log.Fatalf("-output %s: %v", *output, err)
	} else {
		fs.Close()
	}
	p, s := beam.NewPipelineWithRoot()
	_, graphRows := relurlbeam.Build(s, *input, *output, *shards, len(lvs) > 0)
	for _, lv := range lvs {
		relurlbeam.BuildGraph(s, graphRows, lv, relurlbeam.GraphPrefix(*output, lv), *shards)
	}
	r, err := beamx.RunWithMetrics(context.Background(), p)
	if err != nil {
		log.Fatalf("pipeline failed: %v", err)
	}
	for _, lv := range lvs {
		// As "relurl graph" says it, on standard error.
		if n := relurlbeam.GraphNoHost(r, lv); n > 0 {
			fmt.Fprintf(os.Stderr, "relurl-beam: graph: %s\n", lv.NoHostSummary(n))
		}
	}
}

// checkList reads the first byte of the list of paths, so that a list
// that cannot be read (missing, a directory) ends the run before it
// starts, as "relurl links -files-from" ends it: textio.Read takes its
// name as a glob, and a glob that matches nothing is a list of no line,
// which ran to empty shards and exit status 0.
func checkList(ctx context.Context, list string) error {
	fs, err := filesystem.New(ctx, list)
	if err != nil {
		return err
	}
	defer fs.Close()
	f, err := fs.OpenRead(ctx, list)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.Read(make([]byte, 1)); err != nil && err != io.EOF {
		return err
	}
	return nil
}
