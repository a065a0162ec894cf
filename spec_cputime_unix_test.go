//go:build unix

package relurl

import (
	"syscall"
	"time"
)

// specCPUTime returns the user and system CPU time of the process so far:
// on a busy machine it counts the work done, not the time spent waiting
// for a core. It includes the garbage collector's workers, whose work
// allocations cause.
func specCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
