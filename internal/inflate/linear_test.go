package inflate

import (
	"bytes"
	"io"
	"testing"

	"github.com/relurl/relurl/internal/growth"
)

// Time and memory stay linear in the input whatever its blocks (issue
// 20: a crawl must survive any file): many small blocks of dynamic codes,
// each building its tables; empty stored blocks; and a member whose
// matches inflate it a thousandfold. The Reader allocates its buffers
// once, so only the output grows.
func TestLinear(t *testing.T) {
	shapes := []struct {
		name string
		make func(n int) []byte
	}{
		{"dynamic blocks", func(n int) []byte {
			w := new(bitWriter)
			lit := completeLengths(288, 'a', 'b', 'c', 256)
			dist := completeLengths(30, 0, 1)
			for range n {
				c := w.dynamic(false, lit[:286], dist)
				w.lits(c, "abc")
				w.eob(c)
			}
			w.stored(true, nil)
			return wrapDeflate(w.bytes())
		}},
		{"empty stored blocks", func(n int) []byte {
			w := new(bitWriter)
			for range n {
				w.stored(false, nil)
			}
			w.stored(true, nil)
			return wrapDeflate(w.bytes())
		}},
		{"a thousandfold", func(n int) []byte {
			w := new(bitWriter)
			w.block(true, 1)
			w.lits(fixedCodes, "a")
			for range n {
				w.match(fixedCodes, 258, 1)
			}
			w.eob(fixedCodes)
			return wrapDeflate(w.bytes())
		}},
	}
	for _, s := range shapes {
		growth.Linear(t, s.name, 2000, func(n int) func() {
			data := s.make(n)
			z := new(Reader)
			buf := make([]byte, 32<<10)
			return func() {
				if err := z.Reset(bytes.NewReader(data)); err != nil {
					t.Fatal(err)
				}
				if _, err := io.CopyBuffer(io.Discard, z, buf); err != nil {
					t.Fatalf("%s: %v", s.name, err)
				}
			}
		})
	}
}
