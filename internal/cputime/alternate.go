package cputime

import (
	"runtime"
	"testing"
	"time"
)

// A Contender is one side of a comparison that Alternate runs: exactly one
// of Run and Child is set, and Alternate fills in the times.
type Contender struct {
	Name string
	// Run does the work in this process: its CPU time is what the process
	// used meanwhile, garbage collection included.
	Run func()
	// Child has a child process do the work and returns the child's CPU
	// time (its ProcessState's UserTime plus SystemTime): this process's
	// own would count only the waiting for it.
	Child func() time.Duration

	CPU      time.Duration // summed over the rounds
	Wall     time.Duration // summed over the rounds
	BestWall time.Duration // the fastest round's, the least disturbed by other load
}

// Garbage is what Alternate does, between two contenders, with the garbage
// the first one left.
type Garbage bool

const (
	// Leave leaves it to the collector, whose cycles fall in the CPU time
	// of whichever contender runs when they come: over the rounds each
	// pays about for what it allocates, as in a program, even where one
	// run allocates too little to start a cycle of its own.
	Leave Garbage = false
	// Collect collects it, outside the timer and before the next
	// contender's CPU time is read, so that none pays for another's
	// garbage, nor for the collection. What a run leaves at its end then
	// goes uncounted: little beside the cycles of a run that allocates
	// many times the live heap.
	Collect Garbage = true
)

// Alternate runs every contender once per b.Loop iteration, the order
// rotating from one iteration to the next so that a change in the load of
// the machine falls on all of them alike, adds up the times of each, and
// returns the number of rounds. Ratios of the CPU times hold on a shared
// machine, where the time spent waiting for a core counts for none.
func Alternate(b *testing.B, g Garbage, cs ...*Contender) (rounds int) {
	for b.Loop() {
		for i := range cs {
			c := cs[(rounds+i)%len(cs)]
			if g == Collect {
				b.StopTimer()
				runtime.GC()
				b.StartTimer()
			}
			t0 := time.Now()
			cpu := c.run()
			wall := time.Since(t0)
			c.CPU += cpu
			c.Wall += wall
			if rounds == 0 || wall < c.BestWall {
				c.BestWall = wall
			}
		}
		rounds++
	}
	return rounds
}

// run does c's work once and returns its CPU time.
func (c *Contender) run() time.Duration {
	if c.Child != nil {
		return c.Child()
	}
	c0, _ := Process()
	c.Run()
	c1, _ := Process()
	return c1 - c0
}
