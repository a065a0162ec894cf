package growth

import (
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that records whether the check failed.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Errorf(format string, a ...any) {
	r.failed = append(r.failed, fmt.Sprintf(format, a...))
}

var sink string

// TestLinear: a function that builds its answer once passes; one that
// rebuilds a string at every step, as dot-segment removal written as
// string rewriting does, fails.
func TestLinear(t *testing.T) {
	linear := func(n int) func() {
		in := strings.Repeat("x/", n/2)
		return func() { sink = strings.ReplaceAll(in, "x/", "y/") }
	}
	quadratic := func(n int) func() {
		in := strings.Repeat("x/", n/2)
		return func() {
			s := in
			for len(s) > 0 && len(s) > len(in)-n/8 { // n/16 steps, each a copy
				s = s[2:] + ""
				s = string([]byte(s))
			}
			sink = s
		}
	}
	r := &recorder{TB: t}
	Linear(r, "linear", 1<<16, linear)
	if len(r.failed) != 0 {
		t.Errorf("a linear function failed: %v", r.failed)
	}
	r = &recorder{TB: t}
	Linear(r, "quadratic", 1<<16, quadratic)
	if len(r.failed) == 0 {
		t.Error("a quadratic function passed")
	}
}
