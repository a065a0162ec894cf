package graph

import (
	"bufio"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"strings"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/rows"
)

// A Format is how a graph is written.
type Format uint8

const (
	// TSV: a header line, then one edge a line: source, target, (date,
	// at the page level when the input had dates,) count; values escaped
	// as the links rows escape them.
	TSV Format = iota
	// GraphML (graphml.graphdrawing.org), as Gephi, NetworkX and igraph
	// read it: nodes with a label and their out-weight, directed edges
	// with a weight (and a date).
	GraphML
	// GEXF 1.3 (gexf.net), Gephi's own format, the same content.
	GEXF
	// Parquet: one row an edge, columns source, target, date, count,
	// then source_bytes, target_bytes and date_bytes, a value's exact
	// bytes when it is not UTF-8 (docs/graphs.md#parquet).
	Parquet
)

var formatNames = [...]string{TSV: "tsv", GraphML: "graphml", GEXF: "gexf", Parquet: "parquet"}

// String returns "tsv", "graphml", "gexf" or "parquet" (Format(N) for
// another value, as rows.Format.String does).
func (f Format) String() string {
	if int(f) >= len(formatNames) {
		return "Format(" + strconv.Itoa(int(f)) + ")"
	}
	return formatNames[f]
}

// ParseFormat returns the Format named s.
func ParseFormat(s string) (Format, error) {
	for i, n := range formatNames {
		if ascii.EqualFold(s, n) {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("graph: unknown format %q: want tsv, graphml, gexf or parquet", s)
}

// Write writes the graph in format f; a Format that names none of the
// formats is an error, nothing written.
func (b *Builder) Write(w io.Writer, f Format) error {
	switch f {
	case TSV:
		return b.writeTSV(w)
	case GraphML:
		return b.writeXML(w, graphML)
	case GEXF:
		return b.writeXML(w, gexf)
	case Parquet:
		return b.writeParquet(w)
	}
	return fmt.Errorf("graph: unknown format %v", f)
}

func (b *Builder) writeTSV(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	dated := b.Level == Page && b.Dated()
	if dated {
		bw.WriteString("source\ttarget\tdate\tcount\n")
	} else {
		bw.WriteString("source\ttarget\tcount\n")
	}
	var line []byte
	err := b.Edges(func(e Edge) error {
		line = append(AppendTSV(line[:0], e, dated), '\n')
		_, err := bw.Write(line)
		return err
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// AppendTSV appends to dst the TSV line of edge e, without its newline:
// source, target, the date when dated, and the count, escaped as the
// links rows escape them (rows.AppendTSV). A graph is dated when it is a
// page graph and one of its edges has a date (Builder.Dated): then every
// line has the date column, empty where the edge has none. The Beam
// pipeline (beam/) writes its lines by it.
func AppendTSV(dst []byte, e Edge, dated bool) []byte {
	dst = rows.AppendTSV(dst, e.Source)
	dst = append(dst, '\t')
	dst = rows.AppendTSV(dst, e.Target)
	if dated {
		dst = append(dst, '\t')
		dst = rows.AppendTSV(dst, e.Date)
	}
	dst = append(dst, '\t')
	return strconv.AppendInt(dst, e.Count, 10)
}

// NodeID is the id of a node in GraphML and GEXF: "n" and 32 hex digits
// of the node's 128-bit FNV-1a hash. GraphML wants ids that are XML name
// tokens, which URLs are not, and a hash needs no table of the nodes, so
// that a graph larger than memory is written in one pass; two of a
// billion nodes share an id with a probability under 10^-20.
func NodeID(node string) string {
	h := fnv.New128a()
	io.WriteString(h, node)
	var sum [16]byte
	return "n" + hex.EncodeToString(h.Sum(sum[:0]))
}

// xmlDialect is what differs between GraphML and GEXF.
type xmlDialect struct {
	head     func(dated bool) string
	node     string // format of a node: id, label, out-weight
	nodesEnd string
	edge     string // format of an edge: source, target, weight
	dateEdge string // the same with a date
	tail     string
}

var graphML = xmlDialect{
	head: func(dated bool) string {
		s := `<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">
  <key id="label" for="node" attr.name="label" attr.type="string"/>
  <key id="out" for="node" attr.name="out" attr.type="long"/>
  <key id="weight" for="edge" attr.name="weight" attr.type="long"/>
`
		if dated {
			s += `  <key id="date" for="edge" attr.name="date" attr.type="string"/>
`
		}
		return s + `  <graph id="G" edgedefault="directed">
`
	},
	node:     `    <node id="%s"><data key="label">%s</data><data key="out">%d</data></node>` + "\n",
	edge:     `    <edge source="%s" target="%s"><data key="weight">%d</data></edge>` + "\n",
	dateEdge: `    <edge source="%s" target="%s"><data key="weight">%d</data><data key="date">%s</data></edge>` + "\n",
	tail:     "  </graph>\n</graphml>\n",
}

var gexf = xmlDialect{
	head: func(dated bool) string {
		s := `<?xml version="1.0" encoding="UTF-8"?>
<gexf xmlns="http://gexf.net/1.3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://gexf.net/1.3 http://gexf.net/1.3/gexf.xsd" version="1.3">
  <graph defaultedgetype="directed" mode="static">
    <attributes class="node">
      <attribute id="out" title="out" type="long"/>
    </attributes>
`
		if dated {
			s += `    <attributes class="edge">
      <attribute id="date" title="date" type="string"/>
    </attributes>
`
		}
		return s + "    <nodes>\n"
	},
	node:     `      <node id="%s" label="%s"><attvalues><attvalue for="out" value="%d"/></attvalues></node>` + "\n",
	nodesEnd: "    </nodes>\n    <edges>\n",
	edge:     `      <edge source="%s" target="%s" weight="%d"/>` + "\n",
	dateEdge: `      <edge source="%s" target="%s" weight="%d"><attvalues><attvalue for="date" value="%s"/></attvalues></edge>` + "\n",
	tail:     "    </edges>\n  </graph>\n</gexf>\n",
}

func (b *Builder) writeXML(w io.Writer, d xmlDialect) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	dated := b.Level == Page && b.Dated()
	bw.WriteString(d.head(dated))
	err := b.Nodes(func(node string, out int64) error {
		_, err := fmt.Fprintf(bw, d.node, NodeID(node), escapeXML(node), out)
		return err
	})
	if err != nil {
		return err
	}
	bw.WriteString(d.nodesEnd)
	err = b.Edges(func(e Edge) error {
		if dated && e.Date != "" {
			_, err := fmt.Fprintf(bw, d.dateEdge, NodeID(e.Source), NodeID(e.Target), e.Count, escapeXML(e.Date))
			return err
		}
		_, err := fmt.Fprintf(bw, d.edge, NodeID(e.Source), NodeID(e.Target), e.Count)
		return err
	})
	if err != nil {
		return err
	}
	bw.WriteString(d.tail)
	return bw.Flush()
}

// escapeXML escapes s for XML text and attribute values. Characters XML
// 1.0 cannot hold (most C0 controls, invalid UTF-8) become U+FFFD, as
// encoding/xml writes them.
func escapeXML(s string) string {
	var sb strings.Builder
	xml.EscapeText(&sb, []byte(s))
	return sb.String()
}
