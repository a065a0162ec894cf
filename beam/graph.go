package relurlbeam

import (
	"context"
	"errors"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/relurl/relurl/graph"
	"github.com/relurl/relurl/rows"
)

func init() {
	register.DoFn4x0[context.Context, graph.Row, func(string, int64), func(string)](&edgeFn{})
	register.Emitter2[string, int64]()
	register.Function3x1[string, int64, bool, string](formatEdge)
	register.Function2x1[string, int64, bool](isDated)
	register.Function2x1[bool, bool, bool](either)
}

// BuildGraph adds to s the link graph at the given level
// (docs/graphs.md#levels) of the links whose graph rows Build returned,
// and writes it to shards files under outPrefix, one "source TAB target
// TAB count" line an edge ("source TAB target TAB date TAB count" in a
// page graph with dates, graph.AppendTSV), with the errors (links that
// give no edge) under outPrefix-errors.
//
// The graph is that of "relurl graph" on the same archives, by package
// graph's rules: an edge leaves the page its link is on, the URL the
// document was retrieved by, not the link's base (graph.RowOf,
// docs/graphs.md#the-page-of-an-edge); its nodes and date are
// graph.Level.Edge's. Beam groups and counts the edges across workers
// (SumPerKey), not one worker; the lines are those of "relurl graph"
// without its header, in no particular order, and an error is worded as
// it words it, at every level: a link with no source page
// (graph.ErrNoSource) among them. A link to a URL without a host gives
// no edge at the host and domain levels: the counter
// relurl/graph-LEVEL-no-host counts them (GraphNoHost), as "relurl
// graph" says their number.
func BuildGraph(s beam.Scope, linkRows beam.PCollection, level graph.Level, outPrefix string, shards int) {
	s = s.Scope("graph-" + level.String())
	keys, errs := beam.ParDo2(s, &edgeFn{Level: int(level)}, linkRows)
	counts := stats.SumPerKey(s, keys)
	// Whether the graph is dated (graph.AppendTSV) is known once every
	// edge is: a combine over the edges, false for none, read by every
	// line's formatting as a side input.
	dated := beam.Combine(s, either, beam.Flatten(s, beam.Create(s, false), beam.ParDo(s, isDated, counts)))
	lines := beam.ParDo(s, formatEdge, counts, beam.SideInput{Input: dated})
	WriteSharded(s.Scope("edges"), outPrefix, shards, lines)
	WriteSharded(s.Scope("errors"), outPrefix+"-errors", shards, errs)
}

// GraphNoHost returns the number of links the graph at level l built in
// the pipeline that gave r left out for having no host (mailto:, data:),
// the number "relurl graph" says; 0 when the runner gives no metrics.
func GraphNoHost(r beam.PipelineResult, l graph.Level) int64 {
	if r == nil {
		return 0
	}
	name := noHostName(l)
	var n int64
	for _, c := range r.Metrics().Query(func(m metrics.SingleResult) bool {
		return m.Namespace() == "relurl" && m.Name() == name
	}).Counters() {
		n += c.Result()
	}
	return n
}

func noHostName(l graph.Level) string { return "graph-" + l.String() + "-no-host" }

// edgeFn turns a graph row into the key of its edge (graph.Edge.AppendKey).
type edgeFn struct {
	Level int

	noHost beam.Counter
}

func (fn *edgeFn) Setup() {
	fn.noHost = beam.NewCounter("relurl", noHostName(graph.Level(fn.Level)))
}

func (fn *edgeFn) ProcessElement(ctx context.Context, row graph.Row, emit func(string, int64), emitErr func(string)) {
	e, err := graph.Level(fn.Level).Edge(row.Source, row.URL, row.Date)
	if errors.Is(err, graph.ErrNoHost) {
		fn.noHost.Inc(ctx, 1)
		return
	}
	if err != nil {
		// In the words of "relurl graph".
		emitErr(string(rows.AppendTSV(nil, (&graph.LinkError{Doc: row.Doc, URL: row.URL, Err: err}).Error())))
		return
	}
	emit(string(e.AppendKey(nil)), 1)
}

func isDated(key string, _ int64) bool { return graph.EdgeOfKey(key, 0).Date != "" }

func either(a, b bool) bool { return a || b }

func formatEdge(key string, n int64, dated bool) string {
	return string(graph.AppendTSV(nil, graph.EdgeOfKey(key, n), dated))
}

// GraphPrefix is where relurl-beam writes the graph at level l of the
// links under outPrefix: outPrefix-graph-LEVEL.
func GraphPrefix(outPrefix string, l graph.Level) string { return outPrefix + "-graph-" + l.String() }
