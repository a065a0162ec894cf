package graph

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

// genRows makes n links rows in the TSV form of "relurl links", over a
// few hosts of a few registrable domains, with some rows that give no
// edge: each such row is counted in bad.
func genRows(seed uint64, n int) (rows string, bad int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	hosts := []string{"www.example.com", "EXAMPLE.com", "a.b.example.co.uk", "x.example.co.uk", "site.github.io",
		"other.github.io", "127.0.0.1", "[::1]", "localhost", "news.example.org:8080"}
	var b strings.Builder
	b.WriteString("document\tbase\tbase_source\telement@attribute\tref\turl\n")
	for i := range n {
		src := fmt.Sprintf("http://%s/p%d.html", hosts[rng.IntN(len(hosts))], rng.IntN(20))
		dst := fmt.Sprintf("https://%s/q%d?x=%d", hosts[rng.IntN(len(hosts))], rng.IntN(30), rng.IntN(3))
		switch rng.IntN(40) {
		case 0:
			dst = "mailto:someone@example.com" // no host
			bad++
		case 1:
			b.WriteString("not\ta row\n") // too few columns
			bad++
			continue
		case 2:
			src = "" // no base
			bad++
		}
		fmt.Fprintf(&b, "doc%d.html\t%s\tretrieval\ta@href\tref\t%s\n", i, src, dst)
	}
	return b.String(), bad
}

// hostOf is the test's own reading of a host: net/url's, lower-cased,
// which agrees with the URL Standard's on the hosts genRows writes.
func hostOf(t *testing.T, s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	h := strings.ToLower(u.Hostname())
	if strings.Contains(h, ":") {
		h = "[" + h + "]"
	}
	return h, h != ""
}

func domainOf(h string) string {
	if strings.HasPrefix(h, "[") || h == "127.0.0.1" {
		return h
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(h)
	if err != nil {
		return h
	}
	return d
}

// independent computes the TSV of the host or domain graph with a map
// over the rows, as the issue asks: no Builder, no spill, no sort merge.
func independent(t *testing.T, rows string, level Level) string {
	counts := map[[2]string]int64{}
	for i, line := range strings.Split(strings.TrimSuffix(rows, "\n"), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 || len(f) != 6 || f[1] == "" {
			continue
		}
		s, ok1 := hostOf(t, f[1])
		d, ok2 := hostOf(t, f[5])
		if !ok1 || !ok2 {
			continue
		}
		if level == Domain {
			s, d = domainOf(s), domainOf(d)
		}
		counts[[2]string{s, d}]++
	}
	keys := make([][2]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
	var b strings.Builder
	b.WriteString("source\ttarget\tcount\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "%s\t%s\t%d\n", k[0], k[1], counts[k])
	}
	return b.String()
}

// build reads rows into a Builder of the level and budget, and returns it
// with the number of lines reported.
func build(t *testing.T, rows string, level Level, budget int64) (*Builder, int) {
	t.Helper()
	g := &Builder{Level: level, Budget: budget, Dir: t.TempDir()}
	t.Cleanup(func() { g.Close() })
	bad := 0
	err := ReadRows(strings.NewReader(rows), "rows", func(r Row) error {
		if err := g.Add(r.Source, r.URL, r.Date); err != nil {
			bad++
		}
		return nil
	}, func(err error) {
		var le *LineError
		if !errors.As(err, &le) || le.Line < 2 {
			t.Errorf("bad line reported as %v", err)
		}
		bad++
	})
	if err != nil {
		t.Fatal(err)
	}
	return g, bad
}

func write(t *testing.T, g *Builder, f Format) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := g.Write(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestHostAndDomainGraphs: the host and domain graphs equal the
// independent computation; every row that gives no edge is reported.
func TestHostAndDomainGraphs(t *testing.T) {
	rows, wantBad := genRows(1, 5000)
	for _, level := range []Level{Host, Domain} {
		g, bad := build(t, rows, level, 0)
		if bad != wantBad {
			t.Errorf("%v: %d rows reported, want %d", level, bad, wantBad)
		}
		if got, want := string(write(t, g, TSV)), independent(t, rows, level); got != want {
			t.Errorf("%v graph:\n%s\nwant\n%s", level, got, want)
		}
	}
}

// TestSpill: with a budget of a few hundred bytes the counts spill to
// many runs, merged fanIn at a time, and every format comes out byte for
// byte as in memory.
func TestSpill(t *testing.T) {
	rows, _ := genRows(2, 3000)
	for _, level := range []Level{Page, Host, Domain} {
		mem, _ := build(t, rows, level, 0)
		disk, _ := build(t, rows, level, 600)
		if mem.Spilled() != 0 || disk.Spilled() < 2 {
			t.Fatalf("%v: %d and %d runs spilled", level, mem.Spilled(), disk.Spilled())
		}
		for _, f := range []Format{TSV, GraphML, GEXF, Parquet} {
			if a, b := write(t, mem, f), write(t, disk, f); !bytes.Equal(a, b) {
				t.Errorf("%v %v: %d bytes in memory, %d after spilling, not the same", level, f, len(a), len(b))
			}
		}
	}
}

// TestPageGraphDates: at the page level a date column makes each capture
// an edge of its own; rows of NDJSON and TSV give the same graph.
func TestPageGraphDates(t *testing.T) {
	tsv := "document\tpage\tbase\tbase_source\telement@attribute\tref\turl\tdate\n" +
		"a.warc#0\thttp://a/\thttp://a/\tretrieval\ta@href\tx\thttp://a/x\t2024-01-01T00:00:00Z\n" +
		"a.warc#9\thttp://a/\thttp://a/\tretrieval\ta@href\tx\thttp://a/x\t2025-01-01T00:00:00Z\n" +
		"a.warc#9\thttp://a/\thttp://a/base/\thtml\ta@href\tx\thttp://a/x\t2025-01-01T00:00:00Z\n"
	ndjson := `{"document":"a.warc#0","page":"http://a/","base":"http://a/","url":"http://a/x","date":"2024-01-01T00:00:00Z"}
{"document":"a.warc#9","page":"http://a/","base":"http://a/","url":"http://a/x","date":"2025-01-01T00:00:00Z"}
{"document":"a.warc#9","page":"http://a/","base":"http://a/base/","url_base64":"aHR0cDovL2EveA==","url":"x","date":"2025-01-01T00:00:00Z"}
`
	want := "source\ttarget\tdate\tcount\nhttp://a/\thttp://a/x\t2024-01-01T00:00:00Z\t1\nhttp://a/\thttp://a/x\t2025-01-01T00:00:00Z\t2\n"
	for name, in := range map[string]string{"tsv": tsv, "ndjson": ndjson} {
		g, bad := build(t, in, Page, 0)
		if got := string(write(t, g, TSV)); got != want || bad != 0 {
			t.Errorf("%s: %d bad, graph\n%s", name, bad, got)
		}
	}
}

// graphML is the structure of a GraphML file, as a reader sees it.
type graphMLDoc struct {
	XMLName xml.Name `xml:"http://graphml.graphdrawing.org/xmlns graphml"`
	Keys    []struct {
		ID   string `xml:"id,attr"`
		For  string `xml:"for,attr"`
		Name string `xml:"attr.name,attr"`
		Type string `xml:"attr.type,attr"`
	} `xml:"key"`
	Graph struct {
		EdgeDefault string `xml:"edgedefault,attr"`
		Nodes       []struct {
			ID   string `xml:"id,attr"`
			Data []struct {
				Key   string `xml:"key,attr"`
				Value string `xml:",chardata"`
			} `xml:"data"`
		} `xml:"node"`
		Edges []struct {
			Source string `xml:"source,attr"`
			Target string `xml:"target,attr"`
			Data   []struct {
				Key   string `xml:"key,attr"`
				Value string `xml:",chardata"`
			} `xml:"data"`
		} `xml:"edge"`
	} `xml:"graph"`
}

type gexfDoc struct {
	XMLName xml.Name `xml:"http://gexf.net/1.3 gexf"`
	Version string   `xml:"version,attr"`
	Graph   struct {
		Type  string `xml:"defaultedgetype,attr"`
		Nodes []struct {
			ID    string `xml:"id,attr"`
			Label string `xml:"label,attr"`
		} `xml:"nodes>node"`
		Edges []struct {
			Source string `xml:"source,attr"`
			Target string `xml:"target,attr"`
			Weight int64  `xml:"weight,attr"`
		} `xml:"edges>edge"`
	} `xml:"graph"`
}

// TestXMLStructure: GraphML and GEXF parse as XML in their namespaces,
// node ids are unique name tokens, every edge joins declared nodes, node
// labels are the nodes, and the weights add up to the links counted —
// the checks of their schemas that a reader such as Gephi relies on.
func TestXMLStructure(t *testing.T) {
	rows, _ := genRows(3, 2000)
	rows += "d\thttp://a/<&>\"'\tretrieval\ta@href\tr\thttp://b/\x01\n"
	g, _ := build(t, rows, Page, 0)
	var links int64
	nodes := map[string]bool{}
	g.Edges(func(e Edge) error { links += e.Count; return nil })
	g.Nodes(func(n string, _ int64) error { nodes[n] = true; return nil })

	var gm graphMLDoc
	if err := xml.Unmarshal(write(t, g, GraphML), &gm); err != nil {
		t.Fatalf("GraphML: %v", err)
	}
	var gx gexfDoc
	if err := xml.Unmarshal(write(t, g, GEXF), &gx); err != nil {
		t.Fatalf("GEXF: %v", err)
	}
	ids := map[string]bool{}
	for _, n := range gm.Graph.Nodes {
		if ids[n.ID] || !isNMToken(n.ID) {
			t.Errorf("GraphML node id %q repeated or not a name token", n.ID)
		}
		ids[n.ID] = true
		if len(n.Data) == 0 || n.Data[0].Key != "label" {
			t.Fatalf("GraphML node %s without a label", n.ID)
		}
		label := n.Data[0].Value
		if !nodes[strings.ReplaceAll(label, "\uFFFD", "\x01")] || NodeID(strings.ReplaceAll(label, "\uFFFD", "\x01")) != n.ID {
			t.Errorf("GraphML node %s has label %q, not one of the nodes", n.ID, label)
		}
	}
	if len(ids) != len(nodes) || len(gx.Graph.Nodes) != len(nodes) {
		t.Errorf("%d GraphML nodes, %d GEXF nodes, want %d", len(ids), len(gx.Graph.Nodes), len(nodes))
	}
	var sum int64
	for _, e := range gm.Graph.Edges {
		if !ids[e.Source] || !ids[e.Target] {
			t.Errorf("GraphML edge %s -> %s to an undeclared node", e.Source, e.Target)
		}
		var w int64
		fmt.Sscan(e.Data[0].Value, &w)
		sum += w
	}
	if sum != links || gm.Graph.EdgeDefault != "directed" {
		t.Errorf("GraphML weights add up to %d, want %d", sum, links)
	}
	sum = 0
	for _, e := range gx.Graph.Edges {
		if !ids[e.Source] || !ids[e.Target] {
			t.Errorf("GEXF edge %s -> %s to an undeclared node", e.Source, e.Target)
		}
		sum += e.Weight
	}
	if sum != links || gx.Version != "1.3" || gx.Graph.Type != "directed" {
		t.Errorf("GEXF weights add up to %d, want %d", sum, links)
	}
}

func isNMToken(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune(".-_:", c)) {
			return false
		}
	}
	return s != ""
}

func TestReadRowsErrors(t *testing.T) {
	in := "document\tbase\tbase_source\telement@attribute\tref\turl\n" +
		"d\thttp://a/\tretrieval\ta@href\tx\n" + // 5 columns
		"d\t\tnone\ta@href\tx\thttp://b/\n" + // no source
		"d\thttp://a/\tretrieval\ta@href\tx\t\n" + // no URL
		"{not json\n" +
		strings.Repeat("y", MaxLine+10) + "\n" +
		"d\thttp://a/\\tx\tretrieval\ta@href\tx\thttp://b/\\\\c\n"
	var lines []int
	var got []Row
	err := ReadRows(strings.NewReader(in), "in", func(r Row) error { got = append(got, r); return nil }, func(err error) {
		lines = append(lines, err.(*LineError).Line)
	})
	if err != nil || !slices.Equal(lines, []int{2, 3, 4, 5, 6}) {
		t.Errorf("reported lines %v, %v", lines, err)
	}
	if len(got) != 1 || got[0].Source != "http://a/\tx" || got[0].URL != `http://b/\c` || got[0].Line != 7 {
		t.Errorf("rows %+v", got)
	}
}

// TestPageGraphFromWriter: the rows a rows.Writer writes with Page (in
// its column order, after url and the context) give a page graph whose
// source is the page, not the base a BASE element set, and whose date
// is the capture's.
func TestPageGraphFromWriter(t *testing.T) {
	for _, f := range []rows.Format{rows.TSV, rows.NDJSON} {
		w := rows.Writer{Format: f, Context: true, Page: true}
		in := []byte(w.Header())
		if f == rows.NDJSON {
			in = nil
		}
		d := &rows.Document{Name: "a.warc#0", Page: "http://a/p", Date: "2024-01-01T00:00:00Z"}
		in = w.Append(in, d, links.Link{Element: "a", Attr: "href", Ref: "x", URL: "http://b/x", Base: base.Base{URL: "http://b/", Source: base.HTML}})
		g, bad := build(t, string(in), Page, 0)
		want := "source\ttarget\tdate\tcount\nhttp://a/p\thttp://b/x\t2024-01-01T00:00:00Z\t1\n"
		if got := string(write(t, g, TSV)); got != want || bad != 0 {
			t.Errorf("format %d: %d bad, graph\n%s", f, bad, got)
		}
	}
}

// TestNoSourceOrURL: a link with no source page (no page and no base)
// or no URL gives RowOf's Row all the same, its Source empty, with the
// error ErrNoSource (first) or ErrNoURL; Level.Edge, Builder.Add and
// Builder.AddLink give that very error for it at every level, before
// looking at the nodes (at the page level "" would be a node, at the host
// level a mailto: URL has none), and count nothing; ReadRows reports the
// row "relurl links -page" writes for it with the same error. A link with
// a source and a URL gives one edge by all of them.
func TestNoSourceOrURL(t *testing.T) {
	const doc, date = "f.warc#7", "2026-01-02T03:04:05Z"
	for _, c := range []struct {
		name, page, base, url string
		source                string // of the Row
		err                   error
	}{
		{"page", "http://a/p", "http://b/", "http://c/x", "http://a/p", nil},
		{"base", "", "http://b/", "http://c/x", "http://b/", nil},
		{"no source", "", "", "http://c/x", "", ErrNoSource},
		{"no source, URL without a host", "", "", "mailto:m@c.example", "", ErrNoSource},
		{"no URL", "http://a/p", "", "", "http://a/p", ErrNoURL},
		{"no source, no URL", "", "", "", "", ErrNoSource},
	} {
		d := &rows.Document{Name: doc, Page: c.page, Date: date}
		k := links.Link{Element: "a", Attr: "href", Ref: "x", URL: c.url}
		if c.base != "" {
			k.Base = base.Base{URL: c.base, Source: base.HTML}
		}
		r, err := RowOf(d, k)
		if want := (Row{Doc: doc, Source: c.source, URL: c.url, Date: date}); r != want || err != c.err {
			t.Errorf("%s: RowOf = %+v, %v; want %+v, %v", c.name, r, err, want, c.err)
		}
		for _, lv := range []Level{Page, Host, Domain} {
			if _, err := lv.Edge(r.Source, r.URL, r.Date); err != c.err {
				t.Errorf("%s: %v: Level.Edge: %v, want %v", c.name, lv, err, c.err)
			}
			g := &Builder{Level: lv}
			// A link of another page first: the source Add holds from
			// one call to the next must not stand in for a missing one.
			if err := g.Add("http://o/p", "http://c/y", ""); err != nil {
				t.Fatal(err)
			}
			if err := g.Add(r.Source, r.URL, r.Date); err != c.err {
				t.Errorf("%s: %v: Builder.Add: %v, want %v", c.name, lv, err, c.err)
			}
			if err := g.AddLink(d, k); err != c.err {
				t.Errorf("%s: %v: Builder.AddLink: %v, want %v", c.name, lv, err, c.err)
			}
			var n int64
			if err := g.Edges(func(e Edge) error { n += e.Count; return nil }); err != nil {
				t.Fatal(err)
			}
			g.Close()
			want := int64(1) // the other page's link
			if c.err == nil {
				want = 3 // and this one, by Add and by AddLink
			}
			if n != want {
				t.Errorf("%s: %v: %d links counted, want %d", c.name, lv, n, want)
			}
		}
		w := rows.Writer{Page: true}
		var got []Row
		var bad []error
		err = ReadRows(strings.NewReader(string(w.Append([]byte(w.Header()), d, k))), "in",
			func(r Row) error { got = append(got, r); return nil }, func(err error) { bad = append(bad, err) })
		switch {
		case err != nil:
			t.Errorf("%s: ReadRows: %v", c.name, err)
		case c.err == nil && (len(bad) != 0 || len(got) != 1 || got[0] != Row{Line: 2, Doc: doc, Source: c.source, URL: c.url, Date: date}):
			t.Errorf("%s: ReadRows gave %+v, reported %v", c.name, got, bad)
		case c.err != nil && (len(got) != 0 || len(bad) != 1 || !errors.Is(bad[0], c.err) || bad[0].(*LineError).Line != 2):
			t.Errorf("%s: ReadRows gave %+v, reported %v; want %v on line 2", c.name, got, bad, c.err)
		}
	}
}
