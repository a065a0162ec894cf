package relurlbeam

import (
	"context"
	"testing"

	"github.com/relurl/relurl/graph"
	"github.com/relurl/relurl/internal/benchmix"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// BenchmarkGraphRows measures what the graph rows (Build's withGraph)
// cost the extraction of a 1 MiB WARC file, in CPU time, as a ratio in
// one run (benchmix.Ratio): x-withgraphrows is how many times the
// extraction without them is faster than with them (1.10 to 1.11 in three
// runs at load 2 to 5 on 2 cores).
//
//	GOMAXPROCS=1 go test -run '^$' -bench BenchmarkGraphRows -benchtime 20x .
func BenchmarkGraphRows(b *testing.B) {
	path, _, err := warctest.CorpusFile(b.TempDir(), 1<<20, 1)
	if err != nil {
		b.Fatal(err)
	}
	run := func(fn *extractFn) func() {
		return func() {
			fn.ProcessElement(context.Background(), path, func(string) {}, func(string) {}, func(graph.Row) {})
		}
	}
	benchmix.Ratio(b, 1, run(&extractFn{}), run(&extractFn{Graph: true}), "withgraphrows")
}
