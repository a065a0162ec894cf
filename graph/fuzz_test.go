package graph

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/rows"
)

// FuzzReadRows: any input is read without panic, every non-empty line is
// either a row or a reported line, and every level takes every row (an
// edge or an error, never a panic); the graph then writes in every format.
func FuzzReadRows(f *testing.F) {
	for _, s := range []string{
		"document\tbase\tbase_source\telement@attribute\tref\turl\nd\thttp://a/\tretrieval\ta@href\tx\thttp://b/\n",
		`{"page":"http://a/","url":"http://b/","date":"2024"}` + "\n",
		`{"base":"http://a/","url_base64":"aHR0cDovL2Iv","url":"x"}`,
		"d\thttp://a/\\t\tr\ta\tx\thttp://[::1]:80/\r\n\n\n",
		"document\turl\n\thttp://a/\n",
		"{\"url\":null}\n{",
		"d\thttp://xn--nxa.example/\tr\ta\tx\tmailto:a\n",
		"PAR1\x15\x04\t\t\t\t\t\n",                                                  // a Parquet file: refused (rows.ErrNotRows)
		"document\turl\n\thttp://a/\ndocument\tpage\turl\n\thttp://p/\thttp://b/\n", // a header again (cat of files)
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var got []Row
		bad := 0
		err := ReadRows(strings.NewReader(in), "in", func(r Row) error { got = append(got, r); return nil }, func(error) { bad++ })
		if err != nil {
			// Only a header without a url column, or a file that is
			// not lines of rows, stops the reading.
			if !strings.Contains(err.Error(), "no url column") && !errors.Is(err, rows.ErrNotRows) {
				t.Fatalf("ReadRows: %v", err)
			}
			return
		}
		lines := 0
		for i, l := range strings.Split(in, "\n") {
			l = strings.TrimSuffix(l, "\r")
			if l != "" && !(strings.HasPrefix(l, "document\t") && (i == 0 || isHeaderLine(l))) {
				lines++
			}
		}
		if len(got)+bad != lines {
			t.Fatalf("%d rows and %d reported for %d lines", len(got), bad, lines)
		}
		for _, level := range []Level{Page, Host, Domain} {
			g := &Builder{Level: level, Budget: 200, Dir: t.TempDir()}
			for _, r := range got {
				g.Add(r.Source, r.URL, r.Date)
			}
			for _, fm := range []Format{TSV, GraphML, GEXF, Parquet} {
				var sb strings.Builder
				if err := g.Write(&sb, fm); err != nil {
					t.Fatalf("%v %v: %v", level, fm, err)
				}
			}
			g.Close()
		}
	})
}

// isHeaderLine reports whether a line after the first is a header line
// that rows.Read takes as one (files concatenated with their headers):
// each column one a row has, url among them.
func isHeaderLine(l string) bool {
	cols := strings.Split(l, "\t")
	for _, c := range cols {
		if !strings.Contains(" document base base_source element@attribute ref url text rel title page date page_key url_key ", " "+c+" ") {
			return false
		}
	}
	return slices.Contains(cols, "url")
}

// FuzzEdge: the edge Level.Edge gives (the Beam pipeline's) is the one a
// Builder counts for the same link, or both fail; its key reads back as
// the edge (AppendKey, EdgeOfKey), and its TSV line as its parts.
func FuzzEdge(f *testing.F) {
	for _, s := range [][3]string{
		{"http://a.example/", "http://b.example/x", "2026-11-21T00:00:00Z"},
		{"http://a/", "mailto:me@a", ""},                                  // no host: an error but at the page level
		{"http://A.example:80/", "http://b.example:99999/", "d"},          // a port the URL Standard rejects
		{"http://a/\x00", "http://b/", "d\x00"},                           // NUL, which separates the key's parts
		{"http://a/\tb", "http://b/\\n", "2026\n"},                        // escaped in TSV
		{"https://www.example.co.uk/", "http://[::1]/", "x"},              // registrable domain, IPv6
		{"http://xn--nxa.example/", "http://0x7f.1/", "2026-11-23T12:00"}, // IDNA, IPv4 forms
		{"", "mailto:me@a", "d"},                                          // no source (ErrNoSource), whatever the target
		{"http://a/", "", ""},                                             // no URL (ErrNoURL)
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, source, target, date string) {
		for _, lv := range []Level{Page, Host, Domain} {
			e, err := lv.Edge(source, target, date)
			g := &Builder{Level: lv}
			berr := g.Add(source, target, date)
			if (err == nil) != (berr == nil) {
				t.Fatalf("%v: Level.Edge: %v, Builder.Add: %v", lv, err, berr)
			}
			var got []Edge
			if err := g.Edges(func(b Edge) error { got = append(got, b); return nil }); err != nil {
				t.Fatal(err)
			}
			g.Close()
			if err != nil {
				if len(got) != 0 {
					t.Fatalf("%v: %v, but the Builder counted %v", lv, err, got)
				}
				continue
			}
			e.Count = 1
			if len(got) != 1 || got[0] != e {
				t.Fatalf("%v: Level.Edge %+v, Builder %+v", lv, e, got)
			}
			if lv != Page && e.Date != "" {
				t.Fatalf("%v: the edge keeps the date %q", lv, e.Date)
			}
			if k := EdgeOfKey(string(e.AppendKey(nil)), 1); k != e {
				t.Fatalf("%v: key of %+v reads back as %+v", lv, e, k)
			}
			line := string(AppendTSV(nil, e, true))
			cols := strings.Split(line, "\t")
			if len(cols) != 4 || rows.UnescapeTSV(cols[0]) != e.Source || rows.UnescapeTSV(cols[1]) != e.Target ||
				rows.UnescapeTSV(cols[2]) != e.Date || cols[3] != "1" {
				t.Fatalf("%v: TSV line %q of %+v", lv, line, e)
			}
		}
	})
}
