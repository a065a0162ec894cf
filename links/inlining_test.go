package links

import (
	"runtime"
	"testing"

	"github.com/relurl/relurl/internal/inlining"
)

// TestInlining fails when a test the scanner makes for every text run or
// end tag stops being inlinable: the call it spares is 4% of the
// scanner's time (docs/performance.md).
func TestInlining(t *testing.T) {
	got := inlining.Inlinable(t)
	for _, fn := range []string{"Extractor.text", "Extractor.endTag", "isLetter"} {
		if !got[fn] {
			t.Errorf("%s is not inlinable (%s)", fn, runtime.Version())
		}
	}
}
