package relurl

import (
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestInlining fails when a hot accessor stops being inlinable, as
// net/netip's test of the same name does: their speed comes from costing
// nothing at the call site.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	got := map[string]bool{}
	re := regexp.MustCompile(`can inline (\S+)`)
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		got[strings.TrimPrefix(m[1], "URL.")] = true
		got[m[1]] = true
	}
	want := []string{
		"URL.String", "URL.Scheme", "URL.HasScheme", "URL.NetLoc", "URL.HasNetLoc", "URL.Path",
		"URL.Params", "URL.HasParams", "URL.Query", "URL.HasQuery", "URL.Fragment", "URL.HasFragment",
		"URL.IsAbsolute", "URL.IsZero", "URL.AppendResolve", "zeroBytes", "pick", "topIsDotDot", "isHex", "isSchemeChar",
	}
	for _, fn := range want {
		if !got[fn] && !got["(*"+fn+")"] {
			t.Errorf("%s is not inlinable (%s)", fn, runtime.Version())
		}
	}
}
