package main

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// TestGraphRealTree: the host and domain graphs of the links of a real
// documentation tree (the Node.js API pages, as if served from
// nodejs.org) equal an independent computation, a map over the links
// rows written in the test.
func TestGraphRealTree(t *testing.T) {
	rows := relurlRun(t, "", "links", "-header", "-url", "https://nodejs.org/api/", "../../links/testdata/nodejs-api")
	if rows.status != 0 || strings.Count(rows.stdout, "\n") < 1000 {
		t.Fatalf("links: exit %d, %d rows: %s", rows.status, strings.Count(rows.stdout, "\n"), rows.stderr)
	}
	for _, level := range []string{"host", "domain"} {
		got := relurlRun(t, rows.stdout, "graph", "-level", level)
		want, noHost := independentGraph(t, rows.stdout, level == "domain")
		if got.stdout != want {
			t.Errorf("%s graph:\n%s\nwant\n%s", level, got.stdout, want)
		}
		if got.status != 0 || (noHost > 0) != strings.Contains(got.stderr, fmt.Sprintf("%d links have no host", noHost)) {
			t.Errorf("%s: exit %d, stderr %q, %d links without a host", level, got.status, got.stderr, noHost)
		}
	}
}

func independentGraph(t *testing.T, rows string, domains bool) (string, int) {
	counts := map[string]int{}
	noHost := 0
	for _, line := range strings.Split(strings.TrimSuffix(rows, "\n"), "\n")[1:] {
		f := strings.Split(line, "\t")
		src, err1 := url.Parse(f[1])
		dst, err2 := url.Parse(f[5])
		if err1 != nil || err2 != nil {
			t.Fatalf("row %q: %v %v", line, err1, err2)
		}
		s, d := strings.ToLower(src.Hostname()), strings.ToLower(dst.Hostname())
		if s == "" || d == "" {
			noHost++
			continue
		}
		if domains {
			s, _ = publicsuffix.EffectiveTLDPlusOne(s)
			d, _ = publicsuffix.EffectiveTLDPlusOne(d)
		}
		counts[s+"\t"+d]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString("source\ttarget\tcount\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "%s\t%d\n", k, counts[k])
	}
	return b.String(), noHost
}

// TestGraphBadLines: a line that is no links row is reported with its
// input and line number, the rest is counted, the exit status is 1.
func TestGraphBadLines(t *testing.T) {
	in := "d\thttp://a.example/\tretrieval\ta@href\tx\thttp://b.example/\n" +
		"not a row\n" +
		"d\thttp://a.example/\tretrieval\ta@href\tx\thttp://b.example/\n"
	r := relurlRun(t, in, "graph")
	r.want(t, "source\ttarget\tcount\na.example\tb.example\t2\n", 1)
	if !strings.Contains(r.stderr, "standard input:2: 1 columns, want 6") {
		t.Errorf("stderr %q", r.stderr)
	}
	r = relurlRun(t, "", "graph", "-level", "street")
	if r.status != 2 {
		t.Errorf("-level street: exit %d", r.status)
	}
}
