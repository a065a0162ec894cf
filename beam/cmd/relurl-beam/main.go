// Command relurl-beam runs the relurlbeam pipeline: it reads a list of
// WARC and WAT paths and writes the links they hold, resolved by RFC 1808,
// as sharded text files.
//
//	relurl-beam -input paths.txt -output out/links -shards 16 [-graph host]
//
// The runner is chosen with Beam's -runner flag: prism (local, the
// default), flink, spark or dataflow; see docs/crawl.md.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	relurlbeam "github.com/relurl/relurl/beam"
	"github.com/relurl/relurl/graph"
)

var (
	input  = flag.String("input", "", "file listing WARC/WAT paths, one per line")
	output = flag.String("output", "", "prefix of the output shards")
	shards = flag.Int("shards", 16, "number of output shards")
	level  = flag.String("graph", "", "also write the link graph at this level (page, host or domain) under PREFIX-graph")
)

func main() {
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" || *shards < 1 {
		log.Fatal("usage: relurl-beam -input LIST -output PREFIX [-shards N] [-runner R]")
	}
	var lv graph.Level
	if *level != "" {
		var err error
		if lv, err = graph.ParseLevel(*level); err != nil {
			log.Fatal(err)
		}
	}
	p, s := beam.NewPipelineWithRoot()
	links := relurlbeam.Build(s, *input, *output, *shards)
	if *level != "" {
		relurlbeam.BuildGraph(s, links, lv, *output+"-graph", *shards)
	}
	if err := beamx.Run(context.Background(), p); err != nil {
		log.Fatalf("pipeline failed: %v", err)
	}
}
