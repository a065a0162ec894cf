package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/difftable"
	"github.com/relurl/relurl/internal/specexamples"
)

// compareTestRun runs "relurl compare" in-process.
func compareTestRun(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}
	status = run(e, append([]string{"compare"}, args...))
	return out.String(), errb.String(), status
}

// compareWant is the plain line the three implementations give.
func compareWant(base, ref string) string {
	r := difftable.Compare(base, ref)
	return r.Mark() + "\t" + strings.Join(r.Answers, "\t")
}

func TestCompareArgs(t *testing.T) {
	base := specexamples.Base
	out, errs, st := compareTestRun(t, "", base, ";x", "../../../g", "?y", "g", "")
	if st != exitOK || errs != "" {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
	// The RFCs' own answers, as printed.
	want := []string{
		"differs:rfc1808\thttp://a/b/c/d;x\thttp://a/b/c/;x\thttp://a/b/c/;x\thttp://a/b/c/;x",
		"differs:rfc3986,whatwg\thttp://a/../g\thttp://a/../g\thttp://a/g\thttp://a/g",
		"differs:rfc2396\thttp://a/b/c/d;p?y\thttp://a/b/c/?y\thttp://a/b/c/d;p?y\thttp://a/b/c/d;p?y",
		"same\thttp://a/b/c/g\thttp://a/b/c/g\thttp://a/b/c/g\thttp://a/b/c/g",
		"same\thttp://a/b/c/d;p?q\thttp://a/b/c/d;p?q\thttp://a/b/c/d;p?q\thttp://a/b/c/d;p?q",
	}
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", out, strings.Join(want, "\n"))
	}
}

// TestCompareLineForLine feeds references on standard input, with an
// empty line, CRLF endings, a line of 1 MB and a last line without a
// newline: output line N answers input line N.
func TestCompareLineForLine(t *testing.T) {
	base := "http://a/b/c/d;p?q"
	long := strings.Repeat("x/../", 200000) + "g"
	refs := []string{"g", "", "../../../g", long, ";x"}
	in := "g\n\n../../../g\r\n" + long + "\n;x"
	out, errs, st := compareTestRun(t, in, base)
	if st != exitOK || errs != "" {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(refs) {
		t.Fatalf("%d output lines for %d input lines", len(lines), len(refs))
	}
	for i, ref := range refs {
		if want := compareWant(base, ref); lines[i] != want {
			t.Errorf("line %d: got %.80q, want %.80q", i+1, lines[i], want)
		}
	}
}

func TestComparePairs(t *testing.T) {
	in := "http://a/b/c/d;p?q\t;x\nno tab here\n\t../g\nhttp://a\t?y\n"
	out, errs, st := compareTestRun(t, in)
	if st != exitRejected {
		t.Errorf("status %d, want %d", st, exitRejected)
	}
	if !strings.Contains(errs, "line 2: no TAB") || strings.Count(errs, "\n") != 1 {
		t.Errorf("stderr %q should name line 2 only", errs)
	}
	want := strings.Join([]string{
		compareWant("http://a/b/c/d;p?q", ";x"),
		"",
		"differs:whatwg\t../g\t../g\t../g\t", // empty BASE: no base; the URL Standard rejects a relative URL then
		compareWant("http://a", "?y"),
	}, "\n") + "\n"
	if out != want {
		t.Errorf("got\n%q\nwant\n%q", out, want)
	}
}

func TestCompareTabInPlainOutput(t *testing.T) {
	out, errs, st := compareTestRun(t, "a\tb\ng\n", "http://x/y")
	if st != exitRejected || !strings.Contains(errs, "line 1") || !strings.Contains(errs, "-json") {
		t.Errorf("status %d, stderr %q", st, errs)
	}
	if want := "\n" + compareWant("http://x/y", "g") + "\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	// -json holds it.
	out, errs, st = compareTestRun(t, "a\tb\n", "-json", "http://x/y")
	var obj map[string]any
	if st != exitOK || errs != "" || json.Unmarshal([]byte(out), &obj) != nil || obj["ref"] != "a\tb" {
		t.Errorf("-json: status %d, stderr %q, out %q", st, errs, out)
	}
}

func TestCompareJSON(t *testing.T) {
	in := "http://a/b/c/d;p?q\t?\nbad\nhttp://a/b\t\xff\nhttp://a/b\tg<&>\n"
	out, errs, st := compareTestRun(t, in, "-json")
	if st != exitRejected || !strings.Contains(errs, "line 2") || strings.Contains(errs, "line 3") {
		t.Errorf("status %d, stderr %q", st, errs)
	}
	lines := strings.Split(out, "\n")
	if len(lines) != 5 || lines[1] != "" || lines[4] != "" {
		t.Fatalf("output %q", out)
	}
	// Invalid UTF-8 survives, as in "relurl parse -json".
	if !strings.Contains(lines[2], `"ref":"\ufffd","ref_base64":"/w=="`) {
		t.Errorf("line 3 %q: want the ref's bytes in ref_base64", lines[2])
	}
	var got jsonCompare
	if err := json.Unmarshal([]byte(lines[0]), &got); err != nil {
		t.Fatal(err)
	}
	want := jsonCompare{"http://a/b/c/d;p?q", "?",
		relurl.RFC1808.Resolve("http://a/b/c/d;p?q", "?"),
		relurl.RFC2396.Resolve("http://a/b/c/d;p?q", "?"),
		relurl.RFC3986.Resolve("http://a/b/c/d;p?q", "?"),
		relurl.WHATWG.Resolve("http://a/b/c/d;p?q", "?"),
		"",
		[]string{"rfc1808", "rfc2396"}}
	if strings.Join(got.Differs, ",") != strings.Join(want.Differs, ",") || got.RFC1808 != want.RFC1808 || got.RFC2396 != want.RFC2396 || got.RFC3986 != want.RFC3986 || got.WHATWG != want.WHATWG || got.Base != want.Base || got.Ref != want.Ref {
		t.Errorf("got %+v, want %+v", got, want)
	}
	// The URL Standard percent-encodes "<" and ">" in a path.
	if !strings.Contains(lines[3], `"ref":"g<&>"`) || !strings.Contains(lines[3], `"whatwg":"http://a/g%3C&%3E","differs":["whatwg"]`) {
		t.Errorf("line 4 %q: HTML characters should stay, differs should be [whatwg]", lines[3])
	}
	// A failure gives an empty answer and the reason.
	out, _, _ = compareTestRun(t, "http://a/\thttp://a:99999/\n", "-json")
	if json.Unmarshal([]byte(out), &got) != nil || got.WHATWG != "" || !strings.Contains(got.WHATWGError, "port-out-of-range") {
		t.Errorf("a WHATWG failure: %q", out)
	}
}

func TestCompareMarkdown(t *testing.T) {
	out, errs, st := compareTestRun(t, "g\nx\n", "-markdown", "foo:a/b")
	if st != exitOK || errs != "" {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
	want := difftable.Header() + difftable.MarkdownRow(difftable.Compare("foo:a/b", "g")) + difftable.MarkdownRow(difftable.Compare("foo:a/b", "x"))
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// A bad line keeps its row, empty.
	out, _, st = compareTestRun(t, "x\tg\nbad\n", "-markdown")
	if lines := strings.Split(out, "\n"); st != exitRejected || len(lines) != 5 || lines[3] != "| | | | | | |" {
		t.Errorf("status %d, output %q", st, out)
	}
}

func TestCompareTable(t *testing.T) {
	out, errs, st := compareTestRun(t, "", "-table")
	if st != exitOK || errs != "" || out != difftable.Markdown() {
		t.Errorf("status %d, stderr %q, output differs from difftable.Markdown", st, errs)
	}
}

func TestCompareUsage(t *testing.T) {
	for _, args := range [][]string{{"-json", "-markdown", "x"}, {"-table", "x"}, {"-table", "-json"}, {"-nosuchflag"}} {
		if _, errs, st := compareTestRun(t, "", args...); st != exitUsage || errs == "" {
			t.Errorf("compare %q: status %d, stderr %q", args, st, errs)
		}
	}
	if out, _, st := compareTestRun(t, "", "-h"); st != exitOK || !strings.Contains(out, "differs:rfc1808") {
		t.Errorf("-h: status %d, stdout %q", st, out)
	}
	if len(relurl.Specs()) != 4 {
		t.Errorf("appendCompareJSON's test has a field for each of 4 specs; relurl.Specs has %d", len(relurl.Specs()))
	}
}

// TestCompareInteractive checks that each answer is written out before
// the next line of input arrives, as in an interactive session.
func TestCompareInteractive(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	e := &env{stdin: inR, stdout: outW, stderr: io.Discard}
	done := make(chan int)
	go func() {
		done <- run(e, []string{"compare", "http://a/b/c/d;p?q"})
		outW.Close()
	}()
	lines := bufio.NewReader(outR)
	for _, ref := range []string{";x", "../../../g"} {
		io.WriteString(inW, ref+"\n")
		got := make(chan string, 1)
		go func() { l, _ := lines.ReadString('\n'); got <- l }()
		select {
		case l := <-got:
			if want := compareWant("http://a/b/c/d;p?q", ref) + "\n"; l != want {
				t.Errorf("got %q, want %q", l, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %q while input stays open", ref)
		}
	}
	inW.Close()
	if st := <-done; st != exitOK {
		t.Errorf("status %d", st)
	}
}

// TestCompareDiffer checks -differ: only the references where the two
// specifications disagree, each with its base and reference.
func TestCompareDiffer(t *testing.T) {
	in := "http://a/b/c/d;p?q\thttp:g\nhttp://a/b/c/d;p?q\tg\nhttp://a/\thttp://a:99999/\nhttp://a/b/c/d;p?q\t;x\n"
	out, errs, st := compareTestRun(t, in, "-differ", "rfc1808,WHATWG")
	if st != exitOK || errs != "" {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
	want := "http://a/b/c/d;p?q\thttp:g\t" + compareWant("http://a/b/c/d;p?q", "http:g") + "\n" +
		"http://a/\thttp://a:99999/\t" + compareWant("http://a/", "http://a:99999/") + "\n" +
		"http://a/b/c/d;p?q\t;x\t" + compareWant("http://a/b/c/d;p?q", ";x") + "\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// A bad -differ is a bad flag value: the flag and the value named,
	// then the hint every usage error of a flag ends with (parseFlags).
	for _, c := range []struct{ bad, want string }{
		{"rfc1808", "want two specifications, A,B (such as rfc1808,whatwg)"},
		{"rfc1808,RFC1808", "one specification named twice"},
		{"rfc1808,nosuch", `relurl: unknown specification "nosuch": want one of rfc1808, rfc2396, rfc3986, whatwg`},
	} {
		_, errs, st := compareTestRun(t, "", "-differ", c.bad, "x", "y")
		want := fmt.Sprintf("relurl compare: invalid value %q for flag -differ: %s\nrun \"relurl compare -h\" for the flags and details\n", c.bad, c.want)
		if st != exitUsage || errs != want {
			t.Errorf("-differ %q: status %d, stderr %q; want %d, %q", c.bad, st, errs, exitUsage, want)
		}
	}
}
