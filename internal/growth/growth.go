// Package growth checks, in tests, that the cost of a function grows
// linearly with its input (docs/design.md#how-speed-is-measured): the
// readers and resolvers promise time and memory linear in the input, and
// the rules as written are often quadratic.
//
// The default check counts: the bytes a run allocates, for an input of n
// and of 2n, which a linear function doubles and a quadratic one (a string
// rebuilt at every step) quadruples. It cannot fail because the machine is
// busy. The CPU-time check, which also catches quadratic work that
// allocates nothing, runs only when asked, with RELURL_TIMING=1 in the
// environment: on a shared or loaded machine a timing can fail for reasons
// that are not the code's.
package growth

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/cputime"
)

// Timing reports whether CPU-time checks were asked for: RELURL_TIMING=1.
func Timing() bool { return os.Getenv("RELURL_TIMING") == "1" }

// maxAllocGrowth is how much more 2n may allocate than n: room for buffers
// rounded up to a power of two, well below the 4 of a quadratic function.
const maxAllocGrowth = 2.6

// maxTimeGrowth is how much longer 2n may take than n: generous for noise,
// well below the 4 of a quadratic function.
const maxTimeGrowth = 3.2

// Linear runs make(n) and make(2n), which build their inputs and return the
// work to measure, and fails t when the work's cost grows by more than
// linearly: always by the bytes allocated, and by CPU time when Timing.
func Linear(t testing.TB, name string, n int, make func(n int) func()) {
	t.Helper()
	small, large := make(n), make(2*n)
	a1, a2 := Allocated(small), Allocated(large)
	// A few KiB either way are the runtime's, not the input's.
	if float64(a2) > maxAllocGrowth*float64(a1)+64<<10 {
		t.Errorf("%s: allocates %d bytes for n=%d and %d for 2n: grows %.1f times, not linearly",
			name, a1, n, a2, float64(a2)/float64(max(a1, 1)))
	}
	if !Timing() {
		return
	}
	for try := 0; ; try++ {
		t1, t2 := bestCPU(small), bestCPU(large)
		g := float64(t2) / float64(t1)
		t.Logf("%s: %v for n, %v for 2n (%.2f)", name, t1, t2, g)
		if g <= maxTimeGrowth {
			return
		}
		if try == 1 { // twice, in case the machine was busy
			t.Errorf("%s: %v of CPU for n=%d, %v for 2n: grows %.1f times, not linearly", name, t1, n, t2, g)
			return
		}
	}
}

// Allocated returns the bytes one run of f allocates on the heap.
func Allocated(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// bestCPU is the least CPU time, of three measurements, that f takes per
// run, each measurement repeating f for at least 5 ms with the garbage
// collector off, so that neither the clock's grain nor the collection of
// other garbage weighs in it.
func bestCPU(f func()) time.Duration {
	measure := func(reps int) time.Duration {
		runtime.GC()
		defer debug.SetGCPercent(debug.SetGCPercent(-1))
		c0, _ := cputime.Process()
		for range reps {
			f()
		}
		c1, _ := cputime.Process()
		return max(c1-c0, time.Microsecond) / time.Duration(reps)
	}
	reps := 1
	for reps < 1<<12 && measure(reps)*time.Duration(reps) < 5*time.Millisecond {
		reps *= 2
	}
	best := measure(reps)
	for range 2 {
		best = min(best, measure(reps))
	}
	return best
}
