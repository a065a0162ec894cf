package relurlbeam

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/relurl/relurl/graph"
	"github.com/relurl/relurl/rows"
)

func init() {
	register.DoFn4x0[context.Context, string, func(string, int64), func(string)](&edgeFn{})
	register.Emitter2[string, int64]()
	register.Function2x1[string, int64, string](formatEdge)
}

// BuildGraph adds to s the link graph of the links rows in linkRows, at
// the given level (docs/graphs.md): each row becomes the key of its edge,
// Beam's SumPerKey counts them across workers, and the edges are written
// to shards files under outPrefix, one "source TAB target TAB count" line
// each, with the errors (rows that give no edge) under outPrefix-errors.
// The lines are those of "relurl graph" on the same rows, without its
// header and in no particular order. Links without a host give no edge at
// the host and domain levels; the counter relurl/graph-no-host counts
// them. Dates are not kept: the rows of the pipeline have none.
func BuildGraph(s beam.Scope, linkRows beam.PCollection, level graph.Level, outPrefix string, shards int) {
	s = s.Scope("graph")
	keys, errs := beam.ParDo2(s, &edgeFn{Level: int(level)}, linkRows)
	counts := stats.SumPerKey(s, keys)
	WriteSharded(s.Scope("edges"), outPrefix, shards, beam.ParDo(s, formatEdge, counts))
	WriteSharded(s.Scope("errors"), outPrefix+"-errors", shards, errs)
}

// edgeFn turns a links row into the key of its edge: source and target,
// TSV-escaped, joined by a tab.
type edgeFn struct {
	Level int
}

var noHost = beam.NewCounter("relurl", "graph-no-host")

func (fn *edgeFn) ProcessElement(ctx context.Context, line string, emit func(string, int64), emitErr func(string)) {
	row, err := graph.ParseRow(line)
	var s, t string
	if err == nil {
		lv := graph.Level(fn.Level)
		if s, err = lv.Node(row.Source); err == nil {
			t, err = lv.Node(row.URL)
		}
	}
	if errors.Is(err, graph.ErrNoHost) {
		noHost.Inc(ctx, 1)
		return
	}
	if err != nil {
		emitErr(string(rows.AppendTSV(nil, fmt.Sprintf("row %q: %v", line, err))))
		return
	}
	key := rows.AppendTSV(nil, s)
	key = append(key, '\t')
	key = rows.AppendTSV(key, t)
	emit(string(key), 1)
}

func formatEdge(key string, n int64) string { return key + "\t" + strconv.FormatInt(n, 10) }
