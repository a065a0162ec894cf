package whatwg

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/relurl/relurl/internal/inlining"
)

// TestInlining fails when a getter stops being inlinable, as in the root
// package: a getter is a substring and should cost nothing at the call site.
func TestInlining(t *testing.T) {
	got := inlining.Inlinable(t)
	for _, fn := range []string{
		"Href", "Protocol", "Scheme", "Special", "Username", "Password", "HasHost", "Hostname", "Port", "Host",
		"HasOpaquePath", "Pathname", "Search", "Query", "Hash", "Fragment",
	} {
		if !got["URL."+fn] {
			t.Errorf("URL.%s is not inlinable (%s)", fn, runtime.Version())
		}
	}
	for _, fn := range []string{"isAlpha", "isSchemeChar", "isSingleDot"} {
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
