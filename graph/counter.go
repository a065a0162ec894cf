package graph

import (
	"bufio"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// ErrSpill is wrapped by the errors of spilling to disk and reading back:
// the graph cannot be completed.
var ErrSpill = errors.New("graph: spilling to disk")

// entryOverhead is what one distinct key costs in memory besides its
// bytes: the map's entry, the string header and the count, rounded up. It
// turns the budget into a number of keys held before a spill.
const entryOverhead = 64

// counter counts keys within a memory budget: past it, the keys counted so
// far are written, sorted, to a run file and the map starts again; at the
// end the runs and the map are merged, so that the sorted counts are the
// same whether or not anything spilled (docs/graphs.md#memory).
type counter struct {
	budget  int64  // bytes of keys held before a spill
	dir     string // where runs go; "" for os.TempDir
	m       map[string]int64
	size    int64
	runs    []*os.File
	levels  []int // of each run: how many merges its keys went through
	spills  int   // runs written from the map
	written int64 // bytes written to runs, merges included
	buf     []byte
}

func newCounter(budget int64, dir string) *counter {
	return &counter{budget: budget, dir: dir, m: make(map[string]int64)}
}

// add counts key n times. The key is copied only when it is new.
func (c *counter) add(key []byte, n int64) error {
	if old, ok := c.m[string(key)]; ok {
		c.m[string(key)] = old + n
		return nil
	}
	c.m[string(key)] = n
	c.size += int64(len(key)) + entryOverhead
	if c.size > c.budget {
		return c.spill()
	}
	return nil
}

// sortedKeys returns the keys of m in byte order.
func sortedKeys(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// fanIn is how many runs of one level are merged into one of the next,
// as an external sort merges: each key is written once a level, so that
// spilling costs time in proportion to the keys times the levels (the
// logarithm of the spills, base fanIn), not to the keys times the spills
// as merging everything so far every few spills would; and at most
// fanIn-1 runs a level stay open.
const fanIn = 16

// spill writes the map to a new run of level 0, sorted, and empties it;
// then merges the last fanIn runs while they are of one level.
func (c *counter) spill() error {
	f, w, err := c.newRun()
	if err != nil {
		return err
	}
	for _, k := range sortedKeys(c.m) {
		if err := c.write(w, k, c.m[k]); err != nil {
			f.Close()
			return err
		}
	}
	if err := c.endRun(f, w, 0); err != nil {
		return err
	}
	clear(c.m)
	c.size = 0
	c.spills++
	// Levels fall along c.runs (each merge takes the last runs, of the
	// lowest level), so runs of one level are together at its end.
	for n := len(c.runs); n >= fanIn && c.levels[n-fanIn] == c.levels[n-1]; n = len(c.runs) {
		if err := c.merge(n - fanIn); err != nil {
			return err
		}
	}
	return nil
}

// merge merges the runs from c.runs[from] on into one run of the next
// level.
func (c *counter) merge(from int) error {
	f, w, err := c.newRun()
	if err != nil {
		return err
	}
	if err := mergeRuns(c.runs[from:], nil, func(k string, n int64) error { return c.write(w, k, n) }); err != nil {
		f.Close()
		return err
	}
	level := c.levels[from] + 1
	if err := c.closeFrom(from); err != nil {
		f.Close()
		return fmt.Errorf("%w: %w", ErrSpill, err)
	}
	return c.endRun(f, w, level)
}

func (c *counter) newRun() (*os.File, *bufio.Writer, error) {
	f, err := os.CreateTemp(c.dir, "relurl-graph-*.run")
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrSpill, err)
	}
	// The file is removed at once: the open descriptor keeps it for the
	// merge, and nothing is left behind if the process dies.
	os.Remove(f.Name())
	return f, bufio.NewWriterSize(f, 1<<16), nil
}

// write writes one entry of a run: the key's length and the count as
// uvarints, then the key.
func (c *counter) write(w *bufio.Writer, k string, n int64) error {
	c.buf = binary.AppendUvarint(c.buf[:0], uint64(len(k)))
	c.buf = binary.AppendUvarint(c.buf, uint64(n))
	c.buf = append(c.buf, k...)
	c.written += int64(len(c.buf))
	if _, err := w.Write(c.buf); err != nil {
		return fmt.Errorf("%w: %w", ErrSpill, err)
	}
	return nil
}

func (c *counter) endRun(f *os.File, w *bufio.Writer, level int) error {
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("%w: %w", ErrSpill, err)
	}
	c.runs, c.levels = append(c.runs, f), append(c.levels, level)
	return nil
}

// spilled reports how many runs were written to disk from the map.
func (c *counter) spilled() int { return c.spills }

// each calls fn with every key and its total count, in byte order of the
// keys, merging the runs and the map. It can be called more than once.
func (c *counter) each(fn func(key string, n int64) error) error {
	return mergeRuns(c.runs, c.m, fn)
}

// mergeRuns calls fn with every key of the runs and of m and its total
// count, in byte order of the keys.
func mergeRuns(runs []*os.File, m map[string]int64, fn func(key string, n int64) error) error {
	h := &runHeap{}
	for _, f := range runs {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("%w: %w", ErrSpill, err)
		}
		h.rs = append(h.rs, &run{r: bufio.NewReaderSize(f, 1<<16)})
	}
	if len(m) > 0 {
		h.rs = append(h.rs, &run{keys: sortedKeys(m), m: m})
	}
	live := h.rs[:0]
	for _, r := range h.rs {
		if err := r.next(); err != nil {
			return err
		}
		if !r.done {
			live = append(live, r)
		}
	}
	h.rs = live
	heap.Init(h)
	for h.Len() > 0 {
		key, n := h.rs[0].key, int64(0)
		for h.Len() > 0 && h.rs[0].key == key {
			r := h.rs[0]
			n += r.n
			if err := r.next(); err != nil {
				return err
			}
			if r.done {
				heap.Pop(h)
			} else {
				heap.Fix(h, 0)
			}
		}
		if err := fn(key, n); err != nil {
			return err
		}
	}
	return nil
}

// close releases the runs.
func (c *counter) close() error { return c.closeFrom(0) }

// closeFrom releases the runs from c.runs[from] on.
func (c *counter) closeFrom(from int) error {
	var errs []error
	for _, f := range c.runs[from:] {
		errs = append(errs, f.Close())
	}
	c.runs, c.levels = c.runs[:from], c.levels[:from]
	return errors.Join(errs...)
}

// A run is a sorted source of keys: a run file, or the map's sorted keys.
type run struct {
	r    *bufio.Reader
	keys []string
	m    map[string]int64
	key  string
	n    int64
	done bool
}

func (r *run) next() error {
	if r.r == nil {
		if len(r.keys) == 0 {
			r.done = true
			return nil
		}
		r.key, r.n, r.keys = r.keys[0], r.m[r.keys[0]], r.keys[1:]
		return nil
	}
	size, err := binary.ReadUvarint(r.r)
	if err == io.EOF {
		r.done = true
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: reading a run: %w", ErrSpill, err)
	}
	n, err := binary.ReadUvarint(r.r)
	if err != nil {
		return fmt.Errorf("%w: reading a run: %w", ErrSpill, err)
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(r.r, b); err != nil {
		return fmt.Errorf("%w: reading a run: %w", ErrSpill, err)
	}
	r.key, r.n = string(b), int64(n)
	return nil
}

type runHeap struct{ rs []*run }

func (h *runHeap) Len() int           { return len(h.rs) }
func (h *runHeap) Less(i, j int) bool { return h.rs[i].key < h.rs[j].key }
func (h *runHeap) Swap(i, j int)      { h.rs[i], h.rs[j] = h.rs[j], h.rs[i] }
func (h *runHeap) Push(x any)         { h.rs = append(h.rs, x.(*run)) }
func (h *runHeap) Pop() any {
	r := h.rs[len(h.rs)-1]
	h.rs = h.rs[:len(h.rs)-1]
	return r
}
