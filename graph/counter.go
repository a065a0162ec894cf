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
	budget int64  // bytes of keys held before a spill
	dir    string // where runs go; "" for os.TempDir
	m      map[string]int64
	size   int64
	runs   []*os.File
	buf    []byte
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

// sortedKeys returns the map's keys in byte order.
func (c *counter) sortedKeys() []string {
	keys := make([]string, 0, len(c.m))
	for k := range c.m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// maxRuns is how many runs are kept before they are merged into one, so
// that the open files stay few whatever the budget.
const maxRuns = 32

// spill writes the map to a new run, sorted, and empties it. Past maxRuns
// runs, the runs and the map are merged into a single run instead.
func (c *counter) spill() error {
	if len(c.runs) >= maxRuns {
		return c.compact()
	}
	f, w, err := c.newRun()
	if err != nil {
		return err
	}
	for _, k := range c.sortedKeys() {
		if err := c.write(w, k, c.m[k]); err != nil {
			return err
		}
	}
	return c.endRun(f, w, []*os.File{f})
}

// compact merges every run and the map into one run.
func (c *counter) compact() error {
	f, w, err := c.newRun()
	if err != nil {
		return err
	}
	if err := c.each(func(k string, n int64) error { return c.write(w, k, n) }); err != nil {
		f.Close()
		return err
	}
	if err := c.close(); err != nil {
		f.Close()
		return err
	}
	return c.endRun(f, w, []*os.File{f})
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
	if _, err := w.Write(c.buf); err != nil {
		return fmt.Errorf("%w: %w", ErrSpill, err)
	}
	return nil
}

func (c *counter) endRun(f *os.File, w *bufio.Writer, runs []*os.File) error {
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("%w: %w", ErrSpill, err)
	}
	c.runs = append(c.runs, runs...)
	clear(c.m)
	c.size = 0
	return nil
}

// Spilled reports how many runs were written to disk.
func (c *counter) spilled() int { return len(c.runs) }

// each calls fn with every key and its total count, in byte order of the
// keys, merging the runs and the map. It can be called more than once.
func (c *counter) each(fn func(key string, n int64) error) error {
	h := &runHeap{}
	for _, f := range c.runs {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		r := &run{r: bufio.NewReaderSize(f, 1<<16)}
		if err := r.next(); err != nil {
			return err
		}
		if !r.done {
			h.rs = append(h.rs, r)
		}
	}
	mem := &run{keys: c.sortedKeys(), m: c.m}
	if err := mem.next(); err != nil {
		return err
	}
	if !mem.done {
		h.rs = append(h.rs, mem)
	}
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
func (c *counter) close() error {
	var errs []error
	for _, f := range c.runs {
		errs = append(errs, f.Close())
	}
	c.runs = nil
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
