package links

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestQuotedEnd(t *testing.T) {
	// quotedEnd against the obvious loop, on random values made of the
	// bytes it looks for and others, at every length and alignment.
	rng := rand.New(rand.NewPCG(7, 8))
	alphabet := []byte("\"'&\x00\rab\x01\x81\xff")
	for range 200000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
			if rng.IntN(3) != 0 {
				b[i] = 'x'
			}
		}
		q := byte('"')
		if rng.IntN(2) == 0 {
			q = '\''
		}
		wantEnd := bytes.IndexByte(b, q)
		scan := b
		if wantEnd >= 0 {
			scan = b[:wantEnd]
		}
		wantSpecial := bytes.ContainsAny(scan, "&\x00\r")
		end, special := quotedEnd(b, q)
		if end != wantEnd || special != wantSpecial {
			t.Fatalf("quotedEnd(%q, %q) = %d, %v; want %d, %v", b, q, end, special, wantEnd, wantSpecial)
		}
	}
}
