package inlining

import (
	"os"
	"path/filepath"
	"testing"
)

// A package of three functions: one the compiler inlines, one over its
// budget, and a method on a pointer receiver.
const src = `package p

func small(x int) int { return x + 1 }

func Big(x []int) int {
	s := 0
	for i := range x {
		s += x[i]*x[i] + x[i]/3 + x[i]%7 + x[i]<<2 + x[i]>>1 + x[i]^5 + x[i]&9 + x[i]|4
		s += x[i]*7 + x[i]/5 + x[i]%3 + x[i]<<3 + x[i]>>2 + x[i]^6 + x[i]&3 + x[i]|8
		s += x[i]*9 + x[i]/7 + x[i]%5 + x[i]<<1 + x[i]>>3 + x[i]^7 + x[i]&5 + x[i]|2
		s += x[i]*11 + x[i]/9 + x[i]%9 + x[i]<<4 + x[i]>>4 + x[i]^8 + x[i]&7 + x[i]|1
	}
	return s + small(s)
}

type v struct{ n int }

func (p *v) get() int { return p.n }

var _ = (*v).get
`

func TestInlinable(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module p\n\ngo 1.26\n", "p.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	got := Inlinable(t)
	if !got["small"] || !got["v.get"] || got["Big"] {
		t.Errorf("Inlinable: small %v, v.get %v, Big %v (want true, true, false)", got["small"], got["v.get"], got["Big"])
	}
}
