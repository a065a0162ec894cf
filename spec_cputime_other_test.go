//go:build !unix

package relurl

import "time"

var specStart = time.Now()

// specCPUTime falls back to wall time where getrusage is missing.
func specCPUTime() time.Duration { return time.Since(specStart) }
