package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/rfcexamples"
)

// The tests of this file run the built command, as a user does: TestMain
// builds it once into a temporary directory.

var relurlBin string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "relurl-cmd-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer os.RemoveAll(dir)
	relurlBin = filepath.Join(dir, "relurl")
	out, err := exec.Command("go", "build", "-o", relurlBin, ".").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "building relurl: %v\n%s", err, out)
		return 2
	}
	return m.Run()
}

// result is what a run of the built command gave.
type result struct {
	stdout, stderr string
	status         int
}

// relurlRun runs the built relurl with args and stdin.
func relurlRun(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(relurlBin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{out.String(), errb.String(), 0}
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("relurl %q: %v", args, err)
		}
		r.status = ee.ExitCode()
	}
	return r
}

// want checks the output and status of a run.
func (r result) want(t *testing.T, stdout string, status int) {
	t.Helper()
	if r.stdout != stdout || r.status != status {
		t.Errorf("got status %d, stdout\n%q\nwant status %d, stdout\n%q\nstderr:\n%s", r.status, r.stdout, status, stdout, r.stderr)
	}
}

func lines(s ...string) string {
	if len(s) == 0 {
		return ""
	}
	return strings.Join(s, "\n") + "\n"
}

const base5 = rfcexamples.Base

func TestResolveArgs(t *testing.T) {
	var refs, want []string
	for _, ex := range rfcexamples.Section5 {
		refs = append(refs, ex.Ref)
		want = append(want, ex.Want)
	}
	r := relurlRun(t, "", append([]string{"resolve", base5}, refs...)...)
	r.want(t, lines(want...), 0)
	if r.stderr != "" {
		t.Errorf("stderr: %q", r.stderr)
	}
}

func TestResolveStdinRefs(t *testing.T) {
	// LF and CRLF mixed; a last line without newline; an empty line is the
	// empty reference (section 5.2: the whole base).
	in := "g\r\n../g\n\r\n#s\r\n;x"
	relurlRun(t, in, "resolve", base5).want(t, lines(
		"http://a/b/c/g", "http://a/b/g", base5, "http://a/b/c/d;p?q#s", "http://a/b/c/d;x"), 0)
}

func TestResolveStdinPairs(t *testing.T) {
	in := base5 + "\tg\r\n" +
		"\t../x\n" + // empty base: the reference as it is (section 4 step 1)
		"no tab here\n" + // cannot be handled: empty line, error, exit 1
		"http://a/b\t#f\n" +
		"http://a/b\t\n" // empty reference: the base
	r := relurlRun(t, in, "resolve")
	r.want(t, lines("http://a/b/c/g", "../x", "", "http://a/b#f", "http://a/b"), 1)
	if !strings.Contains(r.stderr, "line 3") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr should name line 3 only:\n%s", r.stderr)
	}
}

func TestResolveEmptyInput(t *testing.T) {
	relurlRun(t, "", "resolve").want(t, "", 0)
	relurlRun(t, "", "resolve", base5).want(t, "", 0)
}

func TestResolveStrict(t *testing.T) {
	in := base5 + "\tg\n" +
		base5 + "\ta b\n" + // REF breaks uchar at byte 1
		"http://a b/\tg\n" + // BASE breaks uchar at byte 8
		"http://a/\t%zz\n" + // REF breaks escape at byte 0
		"http://a/\tg#x#y\n" // REF breaks fragment at byte 3
	r := relurlRun(t, in, "resolve", "-strict")
	r.want(t, lines("http://a/b/c/g", "", "", "", ""), 1)
	for _, w := range []string{
		`line 2: REF: .*byte 1: .*rule uchar`,
		`line 3: BASE: .*byte 8: .*rule uchar`,
		`line 4: REF: .*byte 0: .*rule escape`,
		`line 5: REF: .*byte 3: .*rule fragment`,
	} {
		if !regexp.MustCompile(w).MatchString(r.stderr) {
			t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
		}
	}
	// Lenient by default: the same input resolves.
	relurlRun(t, in, "resolve").want(t, lines("http://a/b/c/g", "http://a/b/c/a b", "http://a b/g", "http://a/%zz", "http://a/g#x#y"), 0)

	// Arguments, and a bad BASE argument with standard input.
	r = relurlRun(t, "", "resolve", "-strict", base5, "g", "a b")
	r.want(t, lines("http://a/b/c/g", ""), 1)
	if !strings.Contains(r.stderr, "REF argument 2") || !strings.Contains(r.stderr, "rule uchar") {
		t.Errorf("stderr: %s", r.stderr)
	}
	r = relurlRun(t, "", "resolve", "-strict", "http://a b/", "g", "h")
	r.want(t, lines("", ""), 1)
	if !strings.Contains(r.stderr, "BASE argument") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("a bad BASE argument should be reported once: %s", r.stderr)
	}
	r = relurlRun(t, "g\nh\n", "resolve", "-strict", "http://a b/")
	r.want(t, lines("", ""), 1)
	if !strings.Contains(r.stderr, "BASE argument") || !strings.Contains(r.stderr, "line 2") {
		t.Errorf("stderr: %s", r.stderr)
	}
}

func TestLongLine(t *testing.T) {
	// A 10 MB reference, and one with a bad byte near its end.
	long := strings.Repeat("abcdefghi/", 1<<20)
	in := "short\n" + long + "\n" + long + " x\r\n" + "g\n"
	r := relurlRun(t, in, "resolve", "http://a/b/c")
	r.want(t, lines("http://a/b/short", "http://a/b/"+long, "http://a/b/"+long+" x", "http://a/b/g"), 0)

	r = relurlRun(t, in, "check")
	outLines := strings.Split(r.stdout, "\n")
	if r.status != 1 || len(outLines) != 5 || !strings.HasPrefix(outLines[2], "invalid ") ||
		!strings.HasSuffix(outLines[2], fmt.Sprintf(`: byte %d, rule uchar: unescaped " " (0x20) is not a uchar or reserved character; escape it as %%20`, len(long))) {
		t.Errorf("check: status %d, %d lines, line 3 ends %q", r.status, len(outLines), outLines[2][max(0, len(outLines[2])-120):])
	}
}

func TestBinaryBytes(t *testing.T) {
	// NUL and invalid UTF-8 pass through resolve byte for byte.
	ref := "a\x00b\xff\xfe/c"
	relurlRun(t, ref+"\n", "resolve", "http://h/x/y").want(t, "http://h/x/"+ref+"\n", 0)
	relurlRun(t, "http://h/\xc0\x00/y\t"+ref+"\n", "resolve").want(t, "http://h/\xc0\x00/"+ref+"\n", 0)

	// check names the offset of the NUL.
	r := relurlRun(t, ref+"\n", "check", "-json")
	var v map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
		t.Fatalf("check -json: %v: %q", err, r.stdout)
	}
	if v["valid"] != false || v["offset"] != 1.0 || v["rule"] != "uchar" || v["url_base64"] != "YQBi//4vYw==" {
		t.Errorf("check -json: %v", v)
	}
	if r.status != 1 {
		t.Errorf("status %d", r.status)
	}

	// parse -json keeps every byte, through the _base64 members.
	r = relurlRun(t, "http://h\x00/p\xff;q\x00?r#\xfe\n", "parse", "-json")
	var p struct {
		URL, URLBase64, Path, PathBase64, Params, Fragment, FragmentBase64 string
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &raw); err != nil {
		t.Fatalf("parse -json: %v: %q", err, r.stdout)
	}
	for k, dst := range map[string]*string{"url": &p.URL, "url_base64": &p.URLBase64, "path": &p.Path,
		"path_base64": &p.PathBase64, "params": &p.Params, "fragment_base64": &p.FragmentBase64} {
		s, _ := raw[k].(string)
		*dst = s
	}
	if p.URLBase64 != b64("http://h\x00/p\xff;q\x00?r#\xfe") || p.PathBase64 != b64("/p\xff") ||
		p.Params != "q\x00" || p.FragmentBase64 != b64("\xfe") || p.Path != "/p\ufffd" {
		t.Errorf("parse -json: %q", r.stdout)
	}
	if _, ok := raw["params_base64"]; ok {
		t.Errorf("params_base64 for a valid UTF-8 value: %q", r.stdout)
	}
}

func TestParse(t *testing.T) {
	relurlRun(t, "", "parse", "http://a/b/c/d;p?q#f", "g?", "//", "").want(t, lines(
		`scheme="http" net_loc="a" path="/b/c/d" params="p" query="q" fragment="f"`,
		`scheme=absent net_loc=absent path="g" params=absent query="" fragment=absent`,
		`scheme=absent net_loc="" path="" params=absent query=absent fragment=absent`,
		`scheme=absent net_loc=absent path="" params=absent query=absent fragment=absent`,
	), 0)
	relurlRun(t, "http://a/b;\r\n\n#\n", "parse", "-json").want(t, lines(
		`{"url":"http://a/b;","scheme":"http","net_loc":"a","path":"/b","params":"","query":null,"fragment":null,"valid":true}`,
		`{"url":"","scheme":null,"net_loc":null,"path":"","params":null,"query":null,"fragment":null,"valid":true}`,
		`{"url":"#","scheme":null,"net_loc":null,"path":"","params":null,"query":null,"fragment":"","valid":true}`,
	), 0)
}

func TestCheck(t *testing.T) {
	relurlRun(t, "", "check", "http://a/b/c", "g;x?y#s").want(t, lines(`ok "http://a/b/c"`, `ok "g;x?y#s"`), 0)
	r := relurlRun(t, "http://a/b\r\nhttp://a b\n//a//b\n", "check")
	r.want(t, lines(
		`ok "http://a/b"`,
		`invalid "http://a b": byte 8, rule uchar: unescaped " " (0x20) is not a uchar or reserved character; escape it as %20`,
		`invalid "//a//b": byte 4, rule fsegment: empty first path segment after the net_loc: abs_path = "/" rel_path, and a path starts with fsegment = 1*pchar`,
	), 1)
	if r.stderr != "" {
		t.Errorf("check: verdicts belong on stdout; stderr: %q", r.stderr)
	}
	relurlRun(t, "", "check", "-json", "a%2", "x").want(t, lines(
		`{"url":"a%2","valid":false,"offset":1,"rule":"escape","reason":"\"%\" is not followed by two hex digits"}`,
		`{"url":"x","valid":true}`,
	), 1)
}

func TestExamples(t *testing.T) {
	r := relurlRun(t, "", "examples")
	if r.status != 0 || strings.Count(r.stdout, " ok\n") != len(rfcexamples.Section5) ||
		!strings.Contains(r.stdout, fmt.Sprintf("%d of %d examples", len(rfcexamples.Section5), len(rfcexamples.Section5))) {
		t.Errorf("examples: status %d\n%s%s", r.status, r.stdout, r.stderr)
	}
	if !regexp.MustCompile(`(?m)^5\.2 +<> +http://a/b/c/d;p\?q#f +http://a/b/c/d;p\?q#f +ok$`).MatchString(r.stdout) {
		t.Errorf("examples: no row for <>:\n%s", r.stdout)
	}
	r = relurlRun(t, "", "examples", "-json")
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	for i, ex := range rfcexamples.Section5 {
		var v struct {
			Section, Base, Ref, RFC, Relurl string
			Match                           bool
		}
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("examples -json, object %d: %v", i, err)
		}
		if v.Section != ex.Section || v.Ref != ex.Ref || v.RFC != ex.Want || v.Base != base5 ||
			v.Relurl != relurl.Resolve(base5, ex.Ref) || v.Match != (v.Relurl == v.RFC) || !v.Match {
			t.Errorf("examples -json, object %d: %+v", i, v)
		}
	}
	relurlRun(t, "", "examples", "extra").want(t, "", 2)
}

// The conventions of usage, help and exit status are tested by the
// scripts of testdata/script (module e2e), as users meet them.

func TestReadError(t *testing.T) {
	// Standard input that cannot be read (a directory): an error naming
	// it, exit 1.
	cmd := exec.Command(relurlBin, "resolve", "http://a/")
	d, err := os.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	cmd.Stdin = d
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "reading standard input") {
		t.Errorf("err %v, output %q", err, out)
	}
}

// TestPauseFlush checks that output is flushed when standard input pauses:
// each answer arrives while the command still waits for more input, as an
// interactive user or a slow producer needs.
func TestPauseFlush(t *testing.T) {
	for _, args := range [][]string{{"resolve", "http://a/b/c"}, {"parse"}, {"check", "-json"}} {
		cmd := exec.Command(relurlBin, args...)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		rd := bufio.NewReader(stdout)
		for _, ref := range []string{"g", "../x?y"} {
			if _, err := io.WriteString(stdin, ref+"\n"); err != nil {
				t.Fatal(err)
			}
			got := make(chan string, 1)
			go func() {
				line, _ := rd.ReadString('\n')
				got <- line
			}()
			select {
			case line := <-got:
				if !strings.HasSuffix(line, "\n") {
					t.Errorf("%v: got %q", args, line)
				}
			case <-time.After(20 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("%v: no answer to %q while standard input stays open: output not flushed", args, ref)
			}
		}
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// TestVersion checks what -version prints for a stamped build (go install,
// or go build in a clone) and for one without a stamp (go run, go test,
// -buildvcs=false), which says how to get one.
func TestVersion(t *testing.T) {
	stamped := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := formatVersion(stamped), "relurl v1.2.0 abc123+dirty go1.26.0\n"; got != want {
		t.Errorf("stamped: %q, want %q", got, want)
	}
	bare := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}}
	if got := formatVersion(bare); !strings.HasPrefix(got, "relurl (devel) go1.26.0\n") || !strings.Contains(got, "go install github.com/relurl/relurl/cmd/relurl@latest") || !strings.Contains(got, "-buildvcs") {
		t.Errorf("unstamped: %q", got)
	}
}

// TestResolveWHATWG checks -spec whatwg: an empty BASE is no base, and a
// reference the URL Standard rejects gives an empty line, the line and
// the reason on standard error, and status 1, the run going on.
func TestResolveWHATWG(t *testing.T) {
	r := relurlRun(t, "", "resolve", "-spec", "WHATWG", "", "HTTP://EX.org:80/a", "g")
	r.want(t, lines("http://ex.org/a", ""), 1)
	if r.stderr != "relurl: resolve: REF argument 2: whatwg: parse \"g\": missing-scheme-non-relative-URL at offset 0\n" {
		t.Errorf("stderr %q", r.stderr)
	}
	r = relurlRun(t, "http://a/b/c\thttp:g\nhttp://a/\thttp://a:99999/\nhttp://\tg\nhttp://a/b\t..\\x\n", "resolve", "-spec", "whatwg")
	r.want(t, lines("http://a/b/g", "", "", "http://a/x"), 1)
	for _, w := range []string{"line 2: REF: whatwg: parse \"http://a:99999/\": port-out-of-range", "line 3: REF: whatwg: parse base \"http://\": host-missing"} {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr %q lacks %q", r.stderr, w)
		}
	}
}
