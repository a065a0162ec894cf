package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/rfcexamples"
)

// runRelCmd runs "relurl args..." in-process with stdin as standard input.
func runRelCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}
	code = run(e, args)
	return out.String(), errOut.String(), code
}

func TestRelArgs(t *testing.T) {
	var targets []string
	for _, ex := range rfcexamples.Section5 {
		targets = append(targets, ex.Want)
	}
	out, errOut, code := runRelCmd(t, "", append([]string{"rel", rfcexamples.Base}, targets...)...)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(targets) {
		t.Fatalf("%d output lines for %d targets", len(lines), len(targets))
	}
	for i, ex := range rfcexamples.Section5 {
		if got := relurl.Resolve(rfcexamples.Base, lines[i]); got != ex.Want {
			t.Errorf("line %d: %q resolves to %q, want %q", i+1, lines[i], got, ex.Want)
		}
		if len(lines[i]) > len(ex.Ref) {
			t.Errorf("line %d: %q is longer than the RFC's %q", i+1, lines[i], ex.Ref)
		}
	}
}

// TestRelRoundTrip pipes "relurl rel BASE" into "relurl resolve BASE" and
// gets the targets back, line for line.
func TestRelRoundTrip(t *testing.T) {
	base := "http://a/b/c/d;p?q#f"
	targets := []string{
		"http://a/b/c/g", "http://a/b/c/d;p?", "http://a/../g", "http://a/b/c/this:that",
		"http://a/b/c/d;p?q#f", "https://x/y", "http://a/b/c/d;p?q", "http://a//g",
		"http://a/b/c/\x00\xff", "http://a?q/x", "",
	}
	in := strings.Join(targets[:len(targets)-1], "\n") + "\n"
	out, errOut, code := runRelCmd(t, in, "rel", base)
	if code != exitOK || errOut != "" {
		t.Fatalf("rel: exit %d, stderr %q", code, errOut)
	}
	back, errOut, code := runRelCmd(t, out, "resolve", base)
	if code != exitOK || errOut != "" {
		t.Fatalf("resolve: exit %d, stderr %q", code, errOut)
	}
	if back != in {
		t.Errorf("round trip:\n got %q\nwant %q\n(references %q)", back, in, out)
	}
}

func TestRelPairs(t *testing.T) {
	in := "http://a/b/c\thttp://a/b/x\r\n" + // CRLF ends a line too
		"\tg\n" + // no base: the target as it is
		"no tab here\n" + // rejected, the run goes on
		"http://a/b\thttp://a/b\n" + // the empty reference
		"http://a/b\tg\n" + // unreachable: no scheme
		"http://a/b\t\n" + // unreachable: empty target
		"//x/y\t//x/z\n" + // a base without a scheme
		"http://a/b\thttp://a/c" // last line without a newline
	want := "x\ng\n\n\n\n\nz\nc\n"
	out, errOut, code := runRelCmd(t, in, "rel")
	if out != want {
		t.Errorf("output %q, want %q", out, want)
	}
	if code != exitRejected {
		t.Errorf("exit %d, want %d", code, exitRejected)
	}
	for _, w := range []string{
		"line 3: no TAB",
		`line 5: TARGET: no reference resolves to "g" against base "http://a/b"`,
		`line 6: TARGET: no reference resolves to "" against base "http://a/b"`,
	} {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr lacks %q:\n%s", w, errOut)
		}
	}
	if n := strings.Count(errOut, "\n"); n != 3 {
		t.Errorf("%d error lines, want 3:\n%s", n, errOut)
	}
}

func TestRelUnreachableArgs(t *testing.T) {
	out, errOut, code := runRelCmd(t, "", "rel", "http://a/b", "http://a/c", "c", "http://a/d")
	if out != "c\n\nd\n" || code != exitRejected {
		t.Errorf("output %q, exit %d", out, code)
	}
	if !strings.Contains(errOut, `TARGET argument 2: no reference resolves to "c"`) || !strings.Contains(errOut, "has no scheme") {
		t.Errorf("stderr %q", errOut)
	}
}

func TestRelStrict(t *testing.T) {
	out, errOut, code := runRelCmd(t, "http://a/b c\nhttp://a/d\n", "rel", "-strict", "http://a/b")
	if out != "\nd\n" || code != exitRejected {
		t.Errorf("output %q, exit %d", out, code)
	}
	if !strings.Contains(errOut, "line 1: TARGET: relurl.Validate") {
		t.Errorf("stderr %q", errOut)
	}
	// A bad BASE rejects every line, each with its empty line.
	out, _, code = runRelCmd(t, "", "rel", "-strict", "http://a b/", "http://a/x", "http://a/y")
	if out != "\n\n" || code != exitRejected {
		t.Errorf("bad base: output %q, exit %d", out, code)
	}
}

func TestRelUsage(t *testing.T) {
	if _, _, code := runRelCmd(t, "", "rel", "-nope"); code != exitUsage {
		t.Errorf("bad flag: exit %d", code)
	}
	if out, _, code := runRelCmd(t, "", "rel", "-h"); code != exitOK || !strings.Contains(out, "Usage: relurl rel") {
		t.Errorf("-h: exit %d, stdout %q", code, out)
	}
}

// TestRelProperty feeds thousands of generated BASE<TAB>TARGET lines and
// checks that output line N resolves to target N, or is empty with an
// error naming line N exactly when no reference reaches the target.
func TestRelProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 3))
	pieces := []string{"http:", "a:", "//a", "//b?x", "/", "b", "c/", "..", ".", "/", ";p", "?q", "?", "#f", "#", "x:y", "\x00", "\xff"}
	gen := func() string {
		var b strings.Builder
		for n := rng.IntN(7); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	const n = 5000
	var in strings.Builder
	bases, targets := make([]string, n), make([]string, n)
	for i := range n {
		bases[i] = gen()
		targets[i] = gen()
		if rng.IntN(2) == 0 {
			targets[i] = relurl.Resolve(bases[i], targets[i])
		}
		fmt.Fprintf(&in, "%s\t%s\n", bases[i], targets[i])
	}
	out, errOut, _ := runRelCmd(t, in.String(), "rel")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d output lines for %d input lines", len(lines), n)
	}
	failed := 0
	for i, ref := range lines {
		if relurl.Resolve(bases[i], ref) == targets[i] {
			continue
		}
		failed++
		if ref != "" || !strings.Contains(errOut, fmt.Sprintf("line %d: TARGET: no reference", i+1)) {
			t.Fatalf("line %d: %q against %q gives %q, which resolves elsewhere", i+1, targets[i], bases[i], ref)
		}
	}
	if strings.Count(errOut, "\n") != failed {
		t.Errorf("%d error lines for %d unreachable targets", strings.Count(errOut, "\n"), failed)
	}
}

// TestRelInteractive checks that each answer is written before the next
// line of input arrives, as for "relurl resolve".
func TestRelInteractive(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- run(&env{stdin: inR, stdout: outW, stderr: io.Discard}, []string{"rel", "http://a/b/c"})
		outW.Close()
	}()
	answers := bufio.NewReader(outR)
	for _, tc := range []struct{ target, want string }{
		{"http://a/b/g", "g"}, {"http://a/x", "/x"}, {"http://a/b/c#s", "#s"},
	} {
		fmt.Fprintln(inW, tc.target)
		line, err := answers.ReadString('\n')
		if err != nil || line != tc.want+"\n" {
			t.Fatalf("answer to %q: %q, %v", tc.target, line, err)
		}
	}
	inW.Close()
	if code := <-done; code != exitOK {
		t.Errorf("exit %d", code)
	}
}

// TestRelLongLine relativizes a 4 MB target read from standard input.
func TestRelLongLine(t *testing.T) {
	deep := strings.Repeat("x/", 1<<20)
	base := "http://a/" + deep + "y/f"
	target := "http://a/" + deep + "g"
	out, errOut, code := runRelCmd(t, target+"\n", "rel", base)
	if code != exitOK || errOut != "" || out != "../g\n" {
		t.Errorf("exit %d, stderr %q, output %.40q", code, errOut, out)
	}
}

// TestRelBinary builds relurl and runs it as a user would, in a pipeline
// through standard input and output.
func TestRelBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; run without -short")
	}
	bin := filepath.Join(t.TempDir(), "relurl")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	cmd := exec.Command(bin, "rel")
	cmd.Stdin = strings.NewReader("http://a/b/c/d\thttp://a/b/e/f\nhttp://a/b\tg\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitRejected {
		t.Errorf("exit: %v, want status %d", err, exitRejected)
	}
	if string(out) != "../e/f\n\n" || !strings.Contains(stderr.String(), "line 2") {
		t.Errorf("output %q, stderr %q", out, stderr.String())
	}
}

// tsvEscape and tsvUnescape are the escaping of "relurl links" TSV values:
// backslash, tab, newline and carriage return as \\, \t, \n and \r.
var (
	tsvEscape   = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)
	tsvUnescape = strings.NewReplacer(`\\`, `\`, `\t`, "\t", `\n`, "\n", `\r`, "\r")
)

// TestRelEscapedTSV checks what the command guide tells users: "relurl
// rel" may be fed the escaped columns of "relurl links" as they are. The
// escapes hold none of ":/;?#." and break no scheme, so resolution works
// the same on escaped text, and the escaped answer, unescaped, resolves
// to the raw target.
func TestRelEscapedTSV(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	pieces := []string{"http:", "//a", "/", "b", "..", ".", ";p", "?q", "#f", "\t", "\n", "\r", `\`, `\t`, "x:y", "c\t:d"}
	gen := func() string {
		var b strings.Builder
		for n := rng.IntN(8); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	const n = 3000
	var in strings.Builder
	bases, targets := make([]string, n), make([]string, n)
	for i := range n {
		bases[i] = gen()
		targets[i] = relurl.Resolve(bases[i], gen()) // reachable
		fmt.Fprintf(&in, "%s\t%s\n", tsvEscape.Replace(bases[i]), tsvEscape.Replace(targets[i]))
	}
	out, errOut, code := runRelCmd(t, in.String(), "rel")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d output lines for %d input lines", len(lines), n)
	}
	for i, ref := range lines {
		raw := tsvUnescape.Replace(ref)
		if got := relurl.Resolve(bases[i], raw); got != targets[i] {
			t.Fatalf("line %d: %q (unescaped %q) against %q resolves to %q, want %q", i+1, ref, raw, bases[i], got, targets[i])
		}
	}
}
