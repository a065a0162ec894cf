package cputime

import (
	"testing"
	"time"
)

func TestProcessAdvances(t *testing.T) {
	t0, ok := Process()
	x := 0
	for deadline := time.Now().Add(50 * time.Millisecond); time.Now().Before(deadline); {
		x++
	}
	t1, _ := Process()
	if t1 <= t0 {
		t.Errorf("CPU time did not advance over 50 ms of work (ok=%v): %v then %v", ok, t0, t1)
	}
	_ = x
}
