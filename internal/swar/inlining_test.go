package swar

import (
	"runtime"
	"testing"

	"github.com/relurl/relurl/internal/inlining"
)

// TestInlining fails when a mask stops being inlinable: the scanners that
// use them call them for every eight bytes. Load64, being generic, is
// checked where it is instantiated (the root package's TestInlining).
func TestInlining(t *testing.T) {
	got := inlining.Inlinable(t)
	for _, fn := range []string{"ZeroBytes", "ZeroBytesExact", "LessBytes", "LoadShort"} {
		if !got[fn] {
			t.Errorf("%s is not inlinable (%s)", fn, runtime.Version())
		}
	}
}
