package inflate

import (
	"bytes"
	"compress/flate"
	"testing"

	kflate "github.com/klauspost/compress/flate"
)

// fuzzSeeds are small members of each kind: written by each writer,
// craftedStream by hand, with header flags, two members, and cut.
func fuzzSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	texts := []string{"", "x", "hello, hello, hello world", "<a href=\"/x\">x</a><a href=\"/y\">y</a><a href=\"/x\">x</a>"}
	for _, s := range texts {
		for _, w := range gzWriters {
			seeds = append(seeds, w.gz(t, []byte(s)))
		}
	}
	text := corpusText(t)
	for _, w := range gzWriters {
		seeds = append(seeds, w.gz(t, text[:3000]))
	}
	for _, c := range craftedCases() {
		if d := c.deflate(); len(d) < 4096 {
			seeds = append(seeds, wrapDeflate(d))
		}
	}
	plain := []byte("flags")
	body := append(rawDeflate(t, plain, 6), gzTrailer(plain)...)
	for _, flg := range []byte{0x02, 0x04, 0x08, 0x10, 0x1e, 0x20} {
		seeds = append(seeds, append(gzHeader(flg, []byte("ex"), "name", "comment", false), body...))
	}
	for _, in := range damageInputs(t) {
		seeds = append(seeds, in.data, in.data[:len(in.data)/2], in.data[:len(in.data)-5])
	}
	return seeds
}

// FuzzReader holds the Reader to klauspost's on any bytes.
func FuzzReader(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, data []byte, multistream bool) {
		compare(t, data, multistream)
	})
}

// FuzzDeflate wraps any bytes as the DEFLATE data of a member, so that
// the fuzzer explores the decoder rather than the header: with no
// trailer; and, with the trailer of what klauspost's flate decodes put
// right after the bytes it takes (the rest following, as another
// member), a member valid whenever klauspost's flate accepts the data.
func FuzzDeflate(f *testing.F) {
	for _, c := range craftedCases() {
		if d := c.deflate(); len(d) < 4096 {
			f.Add(d)
		}
	}
	text := corpusText(f)
	for _, level := range []int{flate.NoCompression, flate.HuffmanOnly, 1, 6, 9} {
		f.Add(rawDeflate(f, []byte("hello, hello, hello world"), level))
		f.Add(rawDeflate(f, text[:2000], level))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			return
		}
		bare := append(append([]byte(nil), plainGzipHeader...), data...)
		compare(t, bare, false)
		r := bytes.NewReader(data)
		out, _ := readAll(kflate.NewReader(r), 0)
		used := len(data) - r.Len()
		m := append(append([]byte(nil), plainGzipHeader...), data[:used]...)
		m = append(append(m, gzTrailer(out)...), data[used:]...)
		compare(t, m, false)
		compare(t, m, true)
	})
}
