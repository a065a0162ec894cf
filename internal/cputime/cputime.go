// Package cputime reads the CPU time the process has used, for benchmarks
// that compare two implementations on a shared machine: time spent waiting
// for a core counts for neither side, so their ratio holds under load.
// Alternate is the loop of such a comparison.
package cputime

import "time"

// Process returns the user and system CPU time of the process so far,
// garbage collection workers included, and whether the platform reports
// it. Where it does not, it returns the wall time since the program
// started and false.
func Process() (time.Duration, bool) { return process() }

var start = time.Now()
