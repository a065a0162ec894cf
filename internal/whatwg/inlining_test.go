package whatwg

import (
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"testing"
)

// TestInlining fails when a getter stops being inlinable, as in the root
// package: a getter is a substring and should cost nothing at the call site.
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
		got[m[1]] = true
	}
	for _, fn := range []string{
		"Href", "Protocol", "Scheme", "Special", "Username", "Password", "HasHost", "Hostname", "Port", "Host",
		"HasOpaquePath", "Pathname", "Search", "Query", "Hash", "Fragment",
	} {
		if !got["(*URL)."+fn] {
			t.Errorf("URL.%s is not inlinable (%s)", fn, runtime.Version())
		}
	}
	for _, fn := range []string{"isHex", "isAlpha", "isSchemeChar", "isSingleDot"} {
		if !got[fn] {
			t.Errorf("%s is not inlinable (%s)", fn, runtime.Version())
		}
	}
}

// debug shows a URL's offsets, for failure messages.
func (u *URL) debug() string {
	return strconv.Quote(u.href) + " " + strconv.Itoa(u.schemeEnd) + "," + strconv.Itoa(u.userEnd) + "," +
		strconv.Itoa(u.passEnd) + "," + strconv.Itoa(u.hostStart) + "," + strconv.Itoa(u.hostEnd) + "," +
		strconv.Itoa(u.pathStart) + "," + strconv.Itoa(u.queryStart) + "," + strconv.Itoa(u.fragStart)
}
