// Package inlining tells which functions of a package the compiler can
// inline, for the tests that keep hot accessors inlinable (as net/netip's
// TestInlining does): their speed comes from costing nothing at the call
// site.
package inlining

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

var canInline = regexp.MustCompile(`can inline (\S+)`)

// Inlinable builds the package in the current directory (a test's own)
// with -gcflags=-m and returns the names of the functions it can inline,
// a method as "T.M" whether its receiver is T or *T. It skips the test
// under -short, since it runs the compiler.
func Inlinable(t testing.TB) map[string]bool {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	got := map[string]bool{}
	unptr := strings.NewReplacer("(*", "", ")", "")
	for _, m := range canInline.FindAllStringSubmatch(string(out), -1) {
		got[unptr.Replace(m[1])] = true
	}
	return got
}
