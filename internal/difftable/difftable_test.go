package difftable

import (
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl"
)

const (
	beginMarker = "<!-- BEGIN SPEC DIFF TABLE -->\n"
	endMarker   = "<!-- END SPEC DIFF TABLE -->"
)

// TestREADMETable fails when the table of differences in README.md is not
// the one the four implementations give. Regenerate it with:
//
//	go run ./cmd/relurl compare -table
//
// and paste the output between the markers.
func TestREADMETable(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	_, rest, ok := strings.Cut(readme, beginMarker)
	if !ok {
		t.Fatalf("README.md has no line %q", strings.TrimSpace(beginMarker))
	}
	table, _, ok := strings.Cut(rest, endMarker)
	if !ok {
		t.Fatalf("README.md has no %q after the begin marker", endMarker)
	}
	if want := Markdown(); table != want {
		t.Errorf("README.md's table of differences is not what the code gives; run\n\tgo run ./cmd/relurl compare -table\nand paste its output between the markers. The code gives:\n%s", want)
	}
}

func TestDiffers(t *testing.T) {
	for _, tc := range []struct {
		answers []string
		mark    string
	}{
		{[]string{"a", "a", "a", "a"}, "same"},
		{[]string{"a", "a", "b", "a"}, "differs:rfc3986"},
		{[]string{"a", "b", "a", "a"}, "differs:rfc2396"},
		{[]string{"b", "a", "a", "a"}, "differs:rfc1808"},
		{[]string{"a", "a", "a", "b"}, "differs:whatwg"},
		{[]string{"a", "a", "b", "b"}, "differs:rfc3986,whatwg"}, // a tie: RFC 1808's group is the majority
		{[]string{"a", "b", "b", "c"}, "differs:rfc1808,whatwg"},
		{[]string{"a", "b", "c", "d"}, "differs:all"},
	} {
		r := Row{Answers: tc.answers, Errs: make([]error, 4)}
		if got := r.Mark(); got != tc.mark {
			t.Errorf("Mark(%q) = %q, want %q", tc.answers, got, tc.mark)
		}
		if r.Same() != (tc.mark == "same") {
			t.Errorf("Same(%q) = %v", tc.answers, r.Same())
		}
	}
}

func TestCompare(t *testing.T) {
	r := Compare(Base, ";x")
	for i, s := range relurl.Specs() {
		if r.Answers[i] != s.Resolve(Base, ";x") {
			t.Errorf("Compare answer %d = %q, %v gives %q", i, r.Answers[i], s, s.Resolve(Base, ";x"))
		}
	}
	if r.Mark() != "differs:rfc1808" {
		t.Errorf(";x: mark %q", r.Mark())
	}
}

// TestTableShowsEachKindOfDifference checks that the list of cases still
// shows each specification as the odd one out, and one case where all
// four differ: a table that lost them would hide what the README is for.
func TestTableShowsEachKindOfDifference(t *testing.T) {
	marks := map[string]int{}
	for _, c := range Cases {
		marks[Compare(c.Base, c.Ref).Mark()]++
	}
	for _, m := range []string{"same", "differs:rfc1808", "differs:rfc2396", "differs:rfc3986", "differs:whatwg", "differs:all"} {
		if marks[m] == 0 {
			t.Errorf("no case of the table is %s", m)
		}
	}
	if len(Cases) < 60 {
		t.Errorf("only %d cases", len(Cases))
	}
}

func TestCode(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "*(empty)*"},
		{"g", "`g`"},
		{"a|b", "`a\\|b`"},
		{"a`b", "`` a`b ``"},
		{"`", "`` ` ``"},
		{"a``b`", "``` a``b` ```"},
		{" x ", "`  x  `"},
	} {
		if got := Code(tc.in); got != tc.want {
			t.Errorf("Code(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCompareWHATWG(t *testing.T) {
	r := Compare("http://a/b/c/d;p?q", "http:g")
	if !r.Disagree(relurl.RFC1808, relurl.WHATWG) || r.Disagree(relurl.RFC3986, relurl.RFC1808) {
		t.Errorf("Compare(http:g) = %q", r.Answers)
	}
	r = Compare("http://a/", "http://a:99999/")
	if r.Errs[3] == nil || r.Answers[3] != "" || !r.Disagree(relurl.RFC1808, relurl.WHATWG) {
		t.Errorf("a WHATWG failure: %q, %v", r.Answers, r.Errs)
	}
	if row := MarkdownRow(r); !strings.Contains(row, "*(fails: port-out-of-range)*") {
		t.Errorf("MarkdownRow of a failure: %s", row)
	}
}
