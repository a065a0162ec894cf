package whatwg

import (
	"runtime"
	"strings"
	"testing"
)

// TestEncodedLen holds the size appendEncoded reserves for a long input to
// what it writes (so it allocates once), for every set, on inputs of each kind of byte.
func TestEncodedLen(t *testing.T) {
	// The process's first garbage collection starts the collector's
	// worker goroutines, whose allocations AllocsPerRun would count if
	// that collection fell in a measured run.
	runtime.GC()
	parts := []string{"a", " ", "%", "\x7f", "é", "\x80", "\xe2\x82", "€", "😀", "\xff\xfe", "#?{}"}
	for _, set := range []uint8{setC0, setFragment, setQuery, setSpecialQuery, setPath, setUserinfo} {
		for i, p := range parts {
			s := strings.Repeat(p+parts[(i+3)%len(parts)], growAt)
			got := appendEncoded(nil, s, set)
			if n := encodedLen(s, set); n != len(got) {
				t.Errorf("set %b, %q...: encodedLen %d, appendEncoded wrote %d", set, s[:8], n, len(got))
			}
			if a := testing.AllocsPerRun(2, func() { appendEncoded(nil, s, set) }); a != 1 {
				t.Errorf("set %b, %q...: %v allocations, want 1", set, s[:8], a)
			}
		}
	}
}
