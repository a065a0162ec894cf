package cputime

import (
	"flag"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// alternate runs Alternate in a benchmark of exactly rounds iterations
// (-test.benchtime=Nx for the while) and returns what it returned.
func alternate(t *testing.T, rounds int, g Garbage, cs ...*Contender) int {
	t.Helper()
	old := flag.Lookup("test.benchtime").Value.String()
	if err := flag.Set("test.benchtime", fmt.Sprintf("%dx", rounds)); err != nil {
		t.Fatal(err)
	}
	defer flag.Set("test.benchtime", old)
	n := -1
	testing.Benchmark(func(b *testing.B) { n = Alternate(b, g, cs...) })
	return n
}

func TestAlternateRotates(t *testing.T) {
	var order strings.Builder
	var cs []*Contender
	for _, name := range []string{"a", "b", "c"} {
		cs = append(cs, &Contender{Name: name, Run: func() { order.WriteString(name) }})
	}
	if n := alternate(t, 4, Leave, cs...); n != 4 {
		t.Errorf("Alternate returned %d rounds, want 4", n)
	}
	if got, want := order.String(), "abc"+"bca"+"cab"+"abc"; got != want {
		t.Errorf("ran %q, want %q: each once a round, the order rotating", got, want)
	}
}

func TestAlternateTimes(t *testing.T) {
	// spin runs until the process's CPU time has advanced: its own can
	// only be above zero.
	spin := &Contender{Run: func() {
		c0, _ := Process()
		for c, _ := Process(); c == c0; c, _ = Process() {
		}
	}}
	sleep := &Contender{Run: func() { time.Sleep(time.Millisecond) }}
	child := &Contender{Child: func() time.Duration { return 7 * time.Millisecond }}
	alternate(t, 3, Collect, spin, sleep, child)
	if spin.CPU <= 0 {
		t.Errorf("spin.CPU = %v, want above 0", spin.CPU)
	}
	if sleep.BestWall < time.Millisecond || sleep.Wall < 3*sleep.BestWall {
		t.Errorf("sleeping 1 ms a round for 3 rounds: Wall %v, BestWall %v", sleep.Wall, sleep.BestWall)
	}
	if child.CPU != 21*time.Millisecond {
		t.Errorf("child.CPU = %v, want the 3 rounds' 7 ms the child reported", child.CPU)
	}
}

func TestAlternateCollects(t *testing.T) {
	// Each contender notes the number of collections when it starts: with
	// Collect there is one more each time.
	var gcs []uint32
	numGC := func() {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		gcs = append(gcs, m.NumGC)
	}
	alternate(t, 3, Collect, &Contender{Run: numGC}, &Contender{Run: numGC})
	if len(gcs) != 6 {
		t.Fatalf("%d runs, want 6", len(gcs))
	}
	for i := 1; i < len(gcs); i++ {
		if gcs[i] <= gcs[i-1] {
			t.Errorf("no collection between two contenders: NumGC %v", gcs)
			break
		}
	}
}
