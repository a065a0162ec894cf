package links

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestMaySpecial(t *testing.T) {
	// maySpecial against the obvious loop, on random values made of the
	// bytes it looks for and others, at every length and alignment.
	rng := rand.New(rand.NewPCG(7, 8))
	alphabet := []byte("&\x00\rab\x01\x81\xff\x0c\x26\x0d\x0e")
	for range 200000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = 'x'
			if rng.IntN(8) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		if got, want := maySpecial(b), bytes.ContainsAny(b, "&\x00\r"); got != want {
			t.Fatalf("maySpecial(%q) = %v, want %v", b, got, want)
		}
	}
}
