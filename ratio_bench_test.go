package relurl

import (
	"testing"
	"time"

	"github.com/relurl/relurl/internal/cputime"
)

// ratioRounds is how many times benchRatio runs each side in a row: enough
// for some milliseconds, well above the granularity of CPU time accounting.
const ratioRounds = 20

// benchRatio measures a goal stated as a ratio in a way that stands up on a
// busy machine: each iteration runs ours ratioRounds times, then theirs as
// many times, alternately, and sums the process CPU time of each apart, so
// that time spent waiting for a core counts for neither and a load that
// slows one slows the other alike. perRun is how many operations one call
// of ours or theirs does. It reports the CPU time per operation of each side
// and "x-NAME", how many times faster ours is.
func benchRatio(b *testing.B, perRun int, ours, theirs func(), name string) {
	var tOurs, tTheirs time.Duration
	for b.Loop() {
		c0, _ := cputime.Process()
		for range ratioRounds {
			ours()
		}
		c1, _ := cputime.Process()
		for range ratioRounds {
			theirs()
		}
		c2, _ := cputime.Process()
		tOurs, tTheirs = tOurs+c1-c0, tTheirs+c2-c1
	}
	n := float64(b.N * ratioRounds * perRun)
	b.ReportMetric(float64(tOurs.Nanoseconds())/n, "cpu-ns/op")
	b.ReportMetric(float64(tTheirs.Nanoseconds())/n, name+"-cpu-ns/op")
	if tOurs > 0 {
		b.ReportMetric(float64(tTheirs)/float64(tOurs), "x-"+name)
	}
}
