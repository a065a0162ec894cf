package graph_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/graph"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

// A Builder counts each link of a page into an edge of the host graph; a
// link without a host gives no edge and is summed up in one line.
func ExampleBuilder() {
	b := &graph.Builder{Level: graph.Host}
	defer b.Close()
	page := "http://a.example/x"
	var noHost int64
	for _, url := range []string{"http://a.example/y", "http://b.example/", "http://B.EXAMPLE:8080/z", "mailto:me@a.example"} {
		err := b.Add(page, url, "")
		if errors.Is(err, graph.ErrNoHost) {
			noHost++
		} else if err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(b.Level.NoHostSummary(noHost))
	if err := b.Write(os.Stdout, graph.TSV); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 links have no host (mailto:, data:, file: and the like): no edge at level host
	// source	target	count
	// a.example	a.example	1
	// a.example	b.example	2
}

// Nodes gives each node of the graph with the links that leave it.
func ExampleBuilder_Nodes() {
	b := &graph.Builder{Level: graph.Host}
	defer b.Close()
	b.Add("http://a.example/x", "http://a.example/y", "")
	b.Add("http://a.example/x", "http://b.example/", "")
	b.Add("http://a.example/z", "http://b.example/y", "")
	b.Nodes(func(node string, out int64) error {
		fmt.Println(node, out)
		return nil
	})
	// Output:
	// a.example 3
	// b.example 0
}

// AddLink counts the links of documents read in process; the page graph
// has an edge for each capture date of a page.
func ExampleBuilder_AddLink() {
	b := &graph.Builder{Level: graph.Page}
	defer b.Close()
	from := base.Retrieved("http://a.example/x")
	y := links.Link{Element: "a", Attr: "href", Ref: "/y", URL: "http://a.example/y", Base: from}
	other := links.Link{Element: "a", Attr: "href", Ref: "http://b.example/", URL: "http://b.example/", Base: from}
	first := &rows.Document{Name: "crawl.warc#0", Page: "http://a.example/x", Date: "2026-11-21T00:00:00Z"}
	second := &rows.Document{Name: "crawl.warc#700", Page: "http://a.example/x", Date: "2026-11-22T00:00:00Z"}
	for _, add := range []struct {
		doc *rows.Document
		k   links.Link
	}{{first, y}, {first, other}, {first, y}, {second, y}} {
		if err := b.AddLink(add.doc, add.k); err != nil {
			fmt.Println(err)
		}
	}
	b.Write(os.Stdout, graph.TSV)
	// Output:
	// source	target	date	count
	// http://a.example/x	http://a.example/y	2026-11-21T00:00:00Z	2
	// http://a.example/x	http://a.example/y	2026-11-22T00:00:00Z	1
	// http://a.example/x	http://b.example/	2026-11-21T00:00:00Z	1
}

// ReadRows reads the rows of "relurl links -page -header": an edge leaves
// the page column, not the base a <BASE> element moved; a line that gives
// no edge is reported and reading goes on.
func ExampleReadRows() {
	in := "document\tbase\tbase_source\telement@attribute\tref\turl\tpage\tdate\n" +
		"crawl.warc#0\thttp://cdn.example/\thtml\ta@href\ty\thttp://cdn.example/y\thttp://a.example/x\t2026-11-21T00:00:00Z\n" +
		"crawl.warc#0\thttp://cdn.example/\thtml\ta@href\thttp://b.example/\thttp://b.example/\thttp://a.example/x\t2026-11-21T00:00:00Z\n" +
		"crawl.warc#0\thttp://cdn.example/\thtml\timg@src\t/y\thttp://cdn.example/y\thttp://a.example/x\t2026-11-21T00:00:00Z\n" +
		"-\t\tnone\ta@href\tz\tz\t\t\n" +
		"only\ttwo\n"
	b := &graph.Builder{Level: graph.Page}
	defer b.Close()
	err := graph.ReadRows(strings.NewReader(in), "rows.tsv", func(r graph.Row) error {
		return b.Add(r.Source, r.URL, r.Date)
	}, func(err error) { fmt.Println("bad:", err) })
	if err != nil {
		fmt.Println(err)
	}
	b.Write(os.Stdout, graph.TSV)
	// Output:
	// bad: rows.tsv:5: no source page: the row has no page and no base
	// bad: rows.tsv:6: 2 columns, want 8
	// source	target	date	count
	// http://a.example/x	http://b.example/	2026-11-21T00:00:00Z	1
	// http://a.example/x	http://cdn.example/y	2026-11-21T00:00:00Z	2
}

// The same links make a host graph and a domain graph: the hosts of
// example.com are one node at the domain level.
func ExampleParseLevel() {
	page := "https://www.example.com/"
	targets := []string{"https://www.example.com/about", "https://blog.example.com/", "http://other.org/x"}
	for _, name := range []string{"host", "domain"} {
		level, err := graph.ParseLevel(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		b := &graph.Builder{Level: level}
		for _, t := range targets {
			b.Add(page, t, "")
		}
		fmt.Println("level", level)
		b.Write(os.Stdout, graph.TSV)
		b.Close()
	}
	_, err := graph.ParseLevel("site")
	fmt.Println(err)
	// Output:
	// level host
	// source	target	count
	// www.example.com	blog.example.com	1
	// www.example.com	other.org	1
	// www.example.com	www.example.com	1
	// level domain
	// source	target	count
	// example.com	example.com	2
	// example.com	other.org	1
	// graph: unknown level "site": want page, host or domain
}

// RowOf takes the source of a link's edge from its document's page, else
// from the link's base, as ReadRows does from a row.
func ExampleRowOf() {
	k := links.Link{Element: "img", Attr: "src", Ref: "i.png", URL: "http://cdn.example/i.png",
		Base: base.Base{URL: "http://cdn.example/", Source: base.HTML}}
	page := &rows.Document{Name: "crawl.warc#0", Page: "http://a.example/x", Date: "2026-11-21T00:00:00Z"}
	r, err := graph.RowOf(page, k)
	fmt.Println(r.Doc, r.Source, r.URL, r.Date, err)
	stdin := &rows.Document{Name: "-"} // no page known
	r, err = graph.RowOf(stdin, k)
	fmt.Printf("%s %s %s %q %v\n", r.Doc, r.Source, r.URL, r.Date, err)
	k.URL = "" // the URL Standard rejected the reference
	_, err = graph.RowOf(page, k)
	fmt.Println(errors.Is(err, graph.ErrNoURL))
	// Output:
	// crawl.warc#0 http://a.example/x http://cdn.example/i.png 2026-11-21T00:00:00Z <nil>
	// - http://cdn.example/ http://cdn.example/i.png "" <nil>
	// true
}

// Level.Edge, Edge.AppendKey and EdgeOfKey count edges outside a Builder
// (as a distributed job keys them); AppendTSV writes an edge's line.
func ExampleLevel_Edge() {
	counts := map[string]int64{}
	for _, l := range [][2]string{
		{"http://a.example/x", "http://b.example/1"},
		{"http://a.example/y", "http://b.example/2"},
		{"http://a.example/x", "https://a.example/"},
	} {
		e, err := graph.Host.Edge(l[0], l[1], "")
		if err != nil {
			fmt.Println(err)
			continue
		}
		counts[string(e.AppendKey(nil))]++
	}
	var line []byte
	for _, key := range slices.Sorted(maps.Keys(counts)) {
		line = graph.AppendTSV(line[:0], graph.EdgeOfKey(key, counts[key]), false)
		fmt.Printf("%s\n", line)
	}
	// Output:
	// a.example	a.example	1
	// a.example	b.example	2
}

// NodeID is a node's id in GraphML and GEXF: here a GEXF graph read back.
func ExampleNodeID() {
	b := &graph.Builder{Level: graph.Host}
	defer b.Close()
	b.Add("http://a.example/x", "http://b.example/", "")
	b.Add("http://a.example/x", "http://b.example/y", "")
	var out bytes.Buffer
	if err := b.Write(&out, graph.GEXF); err != nil {
		fmt.Println(err)
	}
	var gexf struct {
		Nodes []struct {
			ID    string `xml:"id,attr"`
			Label string `xml:"label,attr"`
		} `xml:"graph>nodes>node"`
		Edges []struct {
			Source string `xml:"source,attr"`
			Target string `xml:"target,attr"`
			Weight int64  `xml:"weight,attr"`
		} `xml:"graph>edges>edge"`
	}
	if err := xml.Unmarshal(out.Bytes(), &gexf); err != nil {
		fmt.Println(err)
	}
	for _, n := range gexf.Nodes {
		fmt.Println(n.ID, n.Label, n.ID == graph.NodeID(n.Label))
	}
	for _, e := range gexf.Edges {
		fmt.Println(e.Source, "->", e.Target, e.Weight)
	}
	// Output:
	// neb905b88ea0619d00d36195ff958abd8 a.example true
	// n98eab297bb062e8659f52514820ee1bd b.example true
	// neb905b88ea0619d00d36195ff958abd8 -> n98eab297bb062e8659f52514820ee1bd 2
}
