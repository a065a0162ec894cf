//go:build !unix

package links

import "time"

// cpuTime is not available here: BenchmarkRatio reports wall-clock
// figures only.
func cpuTime() (time.Duration, bool) { return 0, false }
