//go:build !unix

package main

import "time"

// cpuTime is not available here: benchmarks report wall-clock rates only.
func cpuTime() (time.Duration, bool) { return 0, false }
