package graph

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCounterMerge: a counter spilling thousands of runs gives every key
// its total, in byte order, and writes each key once a level of merging,
// not once every few spills: the bytes written to runs stay within the
// bytes of one pass times the levels (docs/graphs.md#memory), and few
// runs stay open.
func TestCounterMerge(t *testing.T) {
	c := newCounter(2000, t.TempDir())
	defer c.close()
	want := map[string]int64{}
	var pass int64 // the bytes of every key written once
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 120_000 {
		k := fmt.Sprintf("key-%07d", i)
		if i%10 == 9 { // a key counted again, in a later run
			k = fmt.Sprintf("key-%07d", rng.IntN(i))
		} else {
			pass += int64(binary.PutUvarint(make([]byte, 10), uint64(len(k))) + 1 + len(k))
		}
		want[k]++
		if err := c.add([]byte(k), 1); err != nil {
			t.Fatal(err)
		}
	}
	spills := c.spilled()
	levels := 0
	for n := 1; n*fanIn <= spills; n *= fanIn {
		levels++
	}
	if spills < fanIn*fanIn {
		t.Fatalf("%d spills, want at least %d for two levels of merging", spills, fanIn*fanIn)
	}
	// Counts of repeated keys may take a byte more when merged.
	if limit := pass * int64(levels+1) * 11 / 10; c.written > limit {
		t.Errorf("%d spills wrote %d bytes to runs, want at most %d (%d levels of %d bytes)", spills, c.written, limit, levels, pass)
	}
	if open := len(c.runs); open > (fanIn-1)*(levels+1) {
		t.Errorf("%d runs open after %d spills", open, spills)
	}
	var last string
	got := 0
	err := c.each(func(k string, n int64) error {
		if k <= last && got > 0 {
			t.Fatalf("key %q after %q", k, last)
		}
		if want[k] != n {
			t.Fatalf("key %q counted %d, want %d", k, n, want[k])
		}
		last = k
		got++
		return nil
	})
	if err != nil || got != len(want) {
		t.Errorf("%d keys merged (%v), want %d", got, err, len(want))
	}
	t.Logf("%d spills, %d levels, %d runs open, %d bytes written (%.2f passes)", spills, levels, len(c.runs), c.written, float64(c.written)/float64(pass))
}
