package percent

import (
	"runtime"
	"testing"

	"github.com/relurl/relurl/internal/inlining"
)

// TestInlining fails when a test the parsers call for every byte stops
// being inlinable.
func TestInlining(t *testing.T) {
	got := inlining.Inlinable(t)
	for _, fn := range []string{"IsHex", "Unhex", "AppendByte", "Set.Contains"} {
		if !got[fn] {
			t.Errorf("%s is not inlinable (%s)", fn, runtime.Version())
		}
	}
}
