package graph

import (
	"strings"
	"testing"
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
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var rows []Row
		bad := 0
		err := ReadRows(strings.NewReader(in), "in", func(r Row) error { rows = append(rows, r); return nil }, func(error) { bad++ })
		if err != nil {
			// Only a header without a url column stops the reading.
			if !strings.Contains(err.Error(), "no url column") {
				t.Fatalf("ReadRows: %v", err)
			}
			return
		}
		lines := 0
		for i, l := range strings.Split(in, "\n") {
			l = strings.TrimSuffix(l, "\r")
			if l != "" && !(i == 0 && strings.HasPrefix(l, "document\t")) {
				lines++
			}
		}
		if len(rows)+bad != lines {
			t.Fatalf("%d rows and %d reported for %d lines", len(rows), bad, lines)
		}
		for _, level := range []Level{Page, Host, Domain} {
			g := &Builder{Level: level, Budget: 200, Dir: t.TempDir()}
			for _, r := range rows {
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
