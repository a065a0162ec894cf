package main

import (
	"strings"
	"testing"
)

// TestCompletionValues: every value the completion offers for a flag is
// one the command takes (a bogus one, as a control, is refused), for
// every command and flag the help lists.
func TestCompletionValues(t *testing.T) {
	var offered int
	for _, c := range commandHelps() {
		for _, f := range c.flags {
			v := flagValues(c.name, f.name)
			if v == "" {
				continue
			}
			for _, value := range append(strings.Fields(v), "bogus-value") {
				offered++
				want := exitOK // the value is taken, then -h prints the help
				if value == "bogus-value" {
					want = exitUsage
				}
				if r := relurlRun(t, "", c.name, "-"+f.name, value, "-h"); r.status != want {
					t.Errorf("relurl %s -%s %s -h: exit %d, want %d; stderr %q", c.name, f.name, value, r.status, want, r.stderr)
				}
			}
		}
	}
	if offered < 10 {
		t.Errorf("%d values offered in all: the completion offers too few", offered)
	}
}
