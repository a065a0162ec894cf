package graph

import (
	"errors"
	"strings"

	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

// DefaultBudget is the memory a Builder holds its edges and nodes in
// before it spills them to disk, when Budget is 0.
const DefaultBudget = 256 << 20

// A Builder counts the edges of a graph at one level, within a memory
// budget: past it, the counts spill to sorted runs on disk (in Dir, or
// the system's temporary directory) that are merged at the end, so that
// a graph larger than memory is built on one machine, with the same
// result as in memory (docs/graphs.md#memory).
type Builder struct {
	Level  Level
	Budget int64  // bytes; 0 means DefaultBudget
	Dir    string // where runs spill; "" for os.TempDir

	edges, nodes *counter
	key          []byte
	dated        bool

	// The last source, its node, and the links counted from it since.
	lastSource, sourceNode string
	haveSource             bool
	out                    int64
}

// An Edge is an edge of a graph: from Source to Target, seen Count times;
// Date is the capture date of the source page (page level only, where the
// input gives one).
type Edge struct {
	Source, Target, Date string
	Count                int64
}

// Edge returns the edge of a link from the page source (captured at
// date, "" if unknown) to target at level l, its Count 0: the nodes are
// Node's, the date Date's. An empty source is ErrNoSource and an empty
// target ErrNoURL, at every level and before anything else, as RowOf
// words a link without either. Builder.Add counts by the same rules, and
// the Beam pipeline (beam/) keys its edges by it, so that both give one
// graph.
func (l Level) Edge(source, target, date string) (Edge, error) {
	if err := missingEnd(source, target); err != nil {
		return Edge{}, err
	}
	s, err := l.Node(source)
	if err != nil {
		return Edge{}, err
	}
	t, err := l.Node(target)
	if err != nil {
		return Edge{}, err
	}
	d, err := l.Date(date)
	if err != nil {
		return Edge{}, err
	}
	return Edge{Source: s, Target: t, Date: d}, nil
}

// Date returns the date an edge keeps at level l: the capture date at the
// page level, where each capture is an edge of its own, and none at the
// host and domain levels, where the captures of a page are merged
// (docs/graphs.md#levels). A date holding a NUL byte is an error: NUL
// separates the parts of an edge's key.
func (l Level) Date(date string) (string, error) {
	if l != Page {
		return "", nil
	}
	if strings.IndexByte(date, 0) >= 0 {
		return "", errors.New("a date holds a NUL byte")
	}
	return date, nil
}

// AppendKey appends to dst the key an edge is counted under: its source,
// target and date, separated by NUL, which none of them holds (Level.Node
// and Level.Date reject it), so that keys sort as their parts do.
// EdgeOfKey reads it back.
func (e Edge) AppendKey(dst []byte) []byte {
	return append(append(append(append(append(dst, e.Source...), 0), e.Target...), 0), e.Date...)
}

// EdgeOfKey returns the edge whose key (AppendKey) is key, counted n
// times.
func EdgeOfKey(key string, n int64) Edge {
	s, rest, _ := strings.Cut(key, "\x00")
	t, d, _ := strings.Cut(rest, "\x00")
	return Edge{Source: s, Target: t, Date: d, Count: n}
}

func (b *Builder) init() {
	if b.edges != nil {
		return
	}
	budget := b.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	// Edges take most of the budget: a graph has more edges than nodes.
	b.edges = newCounter(budget-budget/4, b.Dir)
	b.nodes = newCounter(budget/4, b.Dir)
}

// Add counts the link from the page source (captured at date, "" if
// unknown) to target, at the Builder's level, by the rules of
// Level.Edge. A URL that has no node at that level (it has no host, or
// the URL Standard rejects it) is an error naming it, an empty source or
// target ErrNoSource or ErrNoURL, and nothing is counted.
func (b *Builder) Add(source, target, date string) error {
	if err := missingEnd(source, target); err != nil {
		return err
	}
	b.init()
	// The links of one page come together: its node is found once.
	if source != b.lastSource || !b.haveSource {
		if err := b.flushSource(); err != nil {
			return err
		}
		s, err := b.Level.Node(source)
		if err != nil {
			return err
		}
		b.lastSource, b.sourceNode, b.haveSource = source, s, true
	}
	t, err := b.Level.Node(target)
	if err != nil {
		return err
	}
	if date, err = b.Level.Date(date); err != nil {
		return err
	}
	b.dated = b.dated || date != ""
	b.key = Edge{Source: b.sourceNode, Target: t, Date: date}.AppendKey(b.key[:0])
	if err := b.edges.add(b.key, 1); err != nil {
		return err
	}
	b.out++
	return b.nodes.add([]byte(t), 0)
}

// AddLink counts link k of document doc as the row "relurl links -page"
// writes for it would be counted by ReadRows and Add: its source is the
// document's page when known, else the link's base (the one rule of
// both, docs/graphs.md#the-page-of-an-edge), its date the document's. It is the hook of
// the crawl (internal/crawl's Config.Link), which builds a graph in
// process with no rows between: k's strings need only be valid during
// the call.
func (b *Builder) AddLink(doc *rows.Document, k links.Link) error {
	r, err := RowOf(doc, k)
	if err != nil {
		return err
	}
	return b.Add(r.Source, r.URL, r.Date)
}

// flushSource counts the links that left the last source node.
func (b *Builder) flushSource() error {
	if !b.haveSource {
		return nil
	}
	n := b.out
	b.out, b.haveSource = 0, false
	return b.nodes.add([]byte(b.sourceNode), n)
}

// Dated reports whether any edge has a date.
func (b *Builder) Dated() bool { return b.dated }

// Spilled reports how many sorted runs went to disk.
func (b *Builder) Spilled() int {
	if b.edges == nil {
		return 0
	}
	return b.edges.spilled() + b.nodes.spilled()
}

// Edges calls fn with each edge, sorted by source, target and date.
func (b *Builder) Edges(fn func(Edge) error) error {
	b.init()
	if err := b.flushSource(); err != nil {
		return err
	}
	return b.edges.each(func(key string, n int64) error {
		return fn(EdgeOfKey(key, n))
	})
}

// Nodes calls fn with each node, sorted, and the number of edges that
// leave it (their counts added up).
func (b *Builder) Nodes(fn func(node string, out int64) error) error {
	b.init()
	if err := b.flushSource(); err != nil {
		return err
	}
	return b.nodes.each(fn)
}

// Close removes what spilled to disk.
func (b *Builder) Close() error {
	if b.edges == nil {
		return nil
	}
	return errors.Join(b.edges.close(), b.nodes.close())
}
