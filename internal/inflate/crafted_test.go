package inflate

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"

	kflate "github.com/klauspost/compress/flate"
)

// bitWriter builds DEFLATE streams by hand: fields are packed least
// significant bit first, Huffman codes most significant bit first (RFC
// 1951 section 3.1.1).
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= (v & (1<<n - 1)) << w.n
	w.n += n
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// huffCode is a Huffman code: n bits, most significant first; n 0 is none.
type huffCode struct {
	c uint32
	n uint
}

func (w *bitWriter) code(c huffCode) {
	if c.n == 0 {
		panic("test: a symbol without a code")
	}
	w.bits(uint64(bits.Reverse32(c.c)>>(32-c.n)), c.n)
}

func (w *bitWriter) block(final bool, typ uint64) {
	f := uint64(0)
	if final {
		f = 1
	}
	w.bits(f, 1)
	w.bits(typ, 2)
}

func (w *bitWriter) align() {
	if w.n > 0 {
		w.bits(0, 8-w.n)
	}
}

// stored writes a stored block of p.
func (w *bitWriter) stored(final bool, p []byte) {
	w.block(final, 0)
	w.align()
	w.bits(uint64(len(p)), 16)
	w.bits(uint64(^uint16(len(p))), 16)
	w.out = append(w.out, p...)
}

func (w *bitWriter) bytes() []byte {
	w.align()
	return w.out
}

// canonicalCodes assigns the codes of RFC 1951 section 3.2.2 to lengths.
func canonicalCodes(lengths []int) []huffCode {
	var count [16]uint32
	for _, l := range lengths {
		if l > 0 {
			count[l]++
		}
	}
	var next [16]uint32
	code := uint32(0)
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	codes := make([]huffCode, len(lengths))
	for i, l := range lengths {
		if l > 0 {
			codes[i] = huffCode{next[l], uint(l)}
			next[l]++
		}
	}
	return codes
}

// completeLengths returns size code lengths giving syms a complete code (a
// single symbol: one code of length 1).
func completeLengths(size int, syms ...int) []int {
	lens := make([]int, size)
	k := len(syms)
	if k == 1 {
		lens[syms[0]] = 1
		return lens
	}
	l := bits.Len(uint(k - 1))
	short := 1<<l - k
	for i, s := range syms {
		lens[s] = l
		if i < short {
			lens[s] = l - 1
		}
	}
	return lens
}

// codeTables are the codes of a block's literal/length and distance symbols.
type codeTables struct{ lit, dist []huffCode }

// fixedCodes are the codes of RFC 1951 section 3.2.6, with symbols 286, 287
// and distance symbols 30, 31, which may not occur.
var fixedCodes = func() codeTables {
	lit := make([]int, 288)
	for i := range lit {
		switch {
		case i < 144:
			lit[i] = 8
		case i < 256:
			lit[i] = 9
		case i < 280:
			lit[i] = 7
		default:
			lit[i] = 8
		}
	}
	dist := make([]int, 32)
	for i := range dist {
		dist[i] = 5
	}
	return codeTables{canonicalCodes(lit), canonicalCodes(dist)}
}()

var (
	rfcLengthBase  = [29]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	rfcLengthExtra = [29]uint{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	rfcDistBase    = [30]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	rfcDistExtra   = [30]uint{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

func (w *bitWriter) lits(t codeTables, s string) {
	for i := 0; i < len(s); i++ {
		w.code(t.lit[s[i]])
	}
}

func (w *bitWriter) eob(t codeTables) { w.code(t.lit[256]) }

// match writes a length (3..258) and a distance (1..32768).
func (w *bitWriter) match(t codeTables, length, dist int) {
	i := len(rfcLengthBase) - 1
	for rfcLengthBase[i] > length {
		i--
	}
	w.code(t.lit[257+i])
	w.bits(uint64(length-rfcLengthBase[i]), rfcLengthExtra[i])
	j := len(rfcDistBase) - 1
	for rfcDistBase[j] > dist {
		j--
	}
	w.code(t.dist[j])
	w.bits(uint64(dist-rfcDistBase[j]), rfcDistExtra[j])
}

// clSym is a symbol of the code lengths' code, with its extra bits for
// the repeat codes 16, 17 and 18.
type clSym struct{ sym, extra int }

var rfcCodeOrder = [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// clAll is a complete code for all 19 code length symbols.
var clAll = func() (l [19]int) {
	for i := range l {
		l[i] = 4
		if i >= 13 {
			l[i] = 5
		}
	}
	return l
}()

// dynamicHeader writes the header of a dynamic block: nlit and ndist
// code lengths sent as seq, coded with the code of lengths clLens of which
// the first nclen in RFC order are sent (the rest must be 0).
func (w *bitWriter) dynamicHeader(final bool, nlit, ndist int, clLens [19]int, nclen int, seq []clSym) {
	w.block(final, 2)
	w.bits(uint64(nlit-257), 5)
	w.bits(uint64(ndist-1), 5)
	w.bits(uint64(nclen-4), 4)
	for _, s := range rfcCodeOrder[:nclen] {
		w.bits(uint64(clLens[s]), 3)
	}
	codes := canonicalCodes(clLens[:])
	for _, s := range seq {
		w.code(codes[s.sym])
		switch s.sym {
		case 16:
			w.bits(uint64(s.extra), 2)
		case 17:
			w.bits(uint64(s.extra), 3)
		case 18:
			w.bits(uint64(s.extra), 7)
		}
	}
}

// dynamic writes a dynamic block header sending each length as itself,
// and returns the codes of the block.
func (w *bitWriter) dynamic(final bool, litLens, distLens []int) codeTables {
	var seq []clSym
	for _, l := range append(append([]int(nil), litLens...), distLens...) {
		seq = append(seq, clSym{l, 0})
	}
	w.dynamicHeader(final, len(litLens), len(distLens), clAll, 19, seq)
	return codeTables{canonicalCodes(litLens), canonicalCodes(distLens)}
}

// plainGzipHeader is a member header with no flags.
var plainGzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}

// wrapDeflate makes a gzip member of a raw DEFLATE stream, with the
// trailer of what klauspost's flate decodes of it (all of it if valid).
func wrapDeflate(d []byte) []byte {
	out, _ := readAll(kflate.NewReader(bytes.NewReader(d)), 0)
	return append(append(append([]byte(nil), plainGzipHeader...), d...), gzTrailer(out)...)
}

// craftedStream is a DEFLATE stream built by hand; want is its output when
// valid by RFC 1951 and known, else klauspost alone judges.
type craftedStream struct {
	name    string
	deflate func() []byte
	want    *string
}

func strp(s string) *string { return &s }

// lz77Expand is the LZ77 expansion of out by a match, as RFC 1951 says it.
func lz77Expand(out []byte, length, dist int) []byte {
	for range length {
		out = append(out, out[len(out)-dist])
	}
	return out
}

func craftedCases() []craftedStream {
	rng := rand.New(rand.NewPCG(5, 6))
	random := make([]byte, 65535)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	// Short matches of every distance under 9, whose copies overlap.
	var short []byte
	shortStream := func() []byte {
		var w bitWriter
		w.block(true, 1)
		w.lits(fixedCodes, "abcdefgh")
		short = []byte("abcdefgh")
		for d := 1; d <= 8; d++ {
			for l := 3; l <= 20; l++ {
				w.match(fixedCodes, l, d)
				short = lz77Expand(short, l, d)
			}
		}
		w.eob(fixedCodes)
		return w.bytes()
	}
	shortStream()
	// The longest codes, 15 bits: literals 'a'..'m' of lengths 1..13, and
	// 'n', 'o', the end of block and length 3 of 15 (four of 2^-15 fill
	// the 2^-13 left); distance codes 0..13 of lengths 1..14, and 14, 15
	// (129..256 back) of 15.
	var deepWant []byte
	deepStream := func() []byte {
		var w bitWriter
		lit := make([]int, 286)
		for i, c := range "abcdefghijklm" {
			lit[c] = i + 1
		}
		lit['n'], lit['o'], lit[256], lit[257] = 15, 15, 15, 15
		dist := make([]int, 30)
		for i := range 14 {
			dist[i] = i + 1
		}
		dist[14], dist[15] = 15, 15
		t := w.dynamic(true, lit, dist)
		deepWant = nil
		for i := range 300 {
			c := "abcdefghijklmno"[i%15]
			w.lits(t, string(c))
			deepWant = append(deepWant, c)
		}
		for _, d := range []int{1, 2, 3, 4, 7, 16, 100, 129, 200, 256, 193, 150} {
			w.match(t, 3, d)
			deepWant = lz77Expand(deepWant, 3, d)
		}
		w.lits(t, "no")
		deepWant = append(deepWant, "no"...)
		w.eob(t)
		return w.bytes()
	}
	deepStream()

	cases := []craftedStream{
		{"stored block", func() []byte {
			var w bitWriter
			w.stored(true, []byte("hello"))
			return w.bytes()
		}, strp("hello")},
		{"empty stored block then a final one", func() []byte {
			var w bitWriter
			w.stored(false, nil)
			w.stored(true, []byte("x"))
			return w.bytes()
		}, strp("x")},
		{"final empty stored block", func() []byte {
			var w bitWriter
			w.stored(true, nil)
			return w.bytes()
		}, strp("")},
		{"stored block of 65535 bytes", func() []byte {
			var w bitWriter
			w.stored(true, random)
			return w.bytes()
		}, strp(string(random))},
		{"stored NLEN not the complement of LEN", func() []byte {
			var w bitWriter
			w.block(true, 0)
			w.align()
			w.bits(5, 16)
			w.bits(uint64(^uint16(5)^1), 16)
			w.out = append(w.out, "hello"...)
			return w.bytes()
		}, nil},
		{"stored LEN 0 NLEN 0", func() []byte {
			var w bitWriter
			w.block(true, 0)
			w.align()
			w.bits(0, 32)
			return w.bytes()
		}, nil},
		{"stored block cut short", func() []byte {
			var w bitWriter
			w.block(true, 0)
			w.align()
			w.bits(100, 16)
			w.bits(uint64(^uint16(100)), 16)
			w.out = append(w.out, "only a few"...)
			return w.bytes()
		}, nil},
		{"stored block between fixedCodes blocks, not byte aligned", func() []byte {
			var w bitWriter
			w.block(false, 1)
			w.lits(fixedCodes, "abc")
			w.eob(fixedCodes)
			w.stored(false, []byte("def"))
			w.block(true, 1)
			w.lits(fixedCodes, "ghi")
			w.match(fixedCodes, 9, 9)
			w.eob(fixedCodes)
			return w.bytes()
		}, strp("abcdefghiabcdefghi")},
		{"match into a stored block", func() []byte {
			var w bitWriter
			w.stored(false, []byte("abc"))
			w.block(true, 1)
			w.match(fixedCodes, 6, 3)
			w.eob(fixedCodes)
			return w.bytes()
		}, strp("abcabcabc")},
		{"block type 3", func() []byte {
			var w bitWriter
			w.block(true, 3)
			w.bits(0, 20)
			return w.bytes()
		}, nil},
		{"block type 3 after a block", func() []byte {
			var w bitWriter
			w.block(false, 1)
			w.lits(fixedCodes, "ab")
			w.eob(fixedCodes)
			w.block(true, 3)
			w.bits(0, 20)
			return w.bytes()
		}, nil},
		{"fixedCodes literal/length symbol 286", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, "a")
			w.code(fixedCodes.lit[286])
			w.bits(0, 20)
			return w.bytes()
		}, nil},
		{"fixedCodes literal/length symbol 287", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, "a")
			w.code(fixedCodes.lit[287])
			w.bits(0, 20)
			return w.bytes()
		}, nil},
		{"fixedCodes distance symbol 30", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, "abc")
			w.code(fixedCodes.lit[257])
			w.code(fixedCodes.dist[30])
			w.bits(0, 20)
			return w.bytes()
		}, nil},
		{"fixedCodes distance symbol 31", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, "abc")
			w.code(fixedCodes.lit[257])
			w.code(fixedCodes.dist[31])
			w.bits(0, 20)
			return w.bytes()
		}, nil},
		{"distance beyond the output", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, "ab")
			w.match(fixedCodes, 3, 3)
			w.eob(fixedCodes)
			return w.bytes()
		}, nil},
		{"distance of all the output", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, "abc")
			w.match(fixedCodes, 6, 3)
			w.eob(fixedCodes)
			return w.bytes()
		}, strp("abcabcabc")},
		{"match before any output", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.match(fixedCodes, 3, 1)
			w.eob(fixedCodes)
			return w.bytes()
		}, nil},
		{"runs of distance 1 and length 258", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, "z")
			w.match(fixedCodes, 258, 1)
			w.match(fixedCodes, 258, 1)
			w.eob(fixedCodes)
			return w.bytes()
		}, strp(string(bytes.Repeat([]byte{'z'}, 517)))},
		{"short distances, overlapping", shortStream, strp(string(short))},
		{"length symbol 284 with extra bits 31", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, "q")
			w.code(fixedCodes.lit[284])
			w.bits(31, 5)
			w.code(fixedCodes.dist[0])
			w.eob(fixedCodes)
			return w.bytes()
		}, nil},
		{"distance 32768", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, string(random[:32768]))
			w.match(fixedCodes, 258, 32768)
			w.match(fixedCodes, 3, 32768)
			w.eob(fixedCodes)
			return w.bytes()
		}, strp(string(lz77Expand(lz77Expand(append([]byte(nil), random[:32768]...), 258, 32768), 3, 32768)))},
		{"distance 32768 into stored blocks", func() []byte {
			var w bitWriter
			w.stored(false, random[:20000])
			w.stored(false, random[20000:40000])
			w.block(true, 1)
			w.match(fixedCodes, 100, 32768)
			w.eob(fixedCodes)
			return w.bytes()
		}, strp(string(lz77Expand(append([]byte(nil), random[:40000]...), 100, 32768)))},
		{"non-final fixedCodes block then a final dynamic one", func() []byte {
			var w bitWriter
			w.block(false, 1)
			w.lits(fixedCodes, "ab")
			w.eob(fixedCodes)
			t := w.dynamic(true, completeLengths(257, 'c', 'd', 256), completeLengths(1, 0))
			w.lits(t, "cd")
			w.eob(t)
			return w.bytes()
		}, strp("abcd")},
		{"a thousand empty blocks", func() []byte {
			var w bitWriter
			for range 1000 {
				w.block(false, 1)
				w.eob(fixedCodes)
			}
			w.stored(true, []byte("end"))
			return w.bytes()
		}, strp("end")},
		{"dynamic, 286 literal/length codes", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(286, 'a', 'b', 256, 285), completeLengths(30, 0, 29))
			w.lits(t, "ab")
			w.match(t, 258, 1)
			w.eob(t)
			return w.bytes()
		}, strp("ab" + string(bytes.Repeat([]byte{'b'}, 258)))},
		{"dynamic, 287 literal/length codes", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(287, 'a', 256, 286), completeLengths(1, 0))
			w.lits(t, "a")
			w.eob(t)
			return w.bytes()
		}, nil},
		{"dynamic, 288 literal/length codes", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(288, 'a', 256, 287), completeLengths(1, 0))
			w.lits(t, "a")
			w.eob(t)
			return w.bytes()
		}, nil},
		{"dynamic, 30 distance codes", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(286, 'a', 256, 257), completeLengths(30, 0, 29))
			w.lits(t, "a")
			w.match(t, 3, 1)
			w.eob(t)
			return w.bytes()
		}, strp("aaaa")},
		{"dynamic, 31 distance codes", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(286, 'a', 256, 257), completeLengths(31, 0, 30))
			w.lits(t, "a")
			w.match(t, 3, 1)
			w.eob(t)
			return w.bytes()
		}, nil},
		{"dynamic, 32 distance codes", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(286, 'a', 256, 257), completeLengths(32, 0, 31))
			w.lits(t, "a")
			w.match(t, 3, 1)
			w.eob(t)
			return w.bytes()
		}, nil},
		{"code length repeat 16 first", func() []byte {
			var w bitWriter
			seq := []clSym{{16, 0}}
			for range 258 - 3 {
				seq = append(seq, clSym{1, 0})
			}
			w.dynamicHeader(true, 257, 1, clAll, 19, seq)
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"code length repeat 18 past HLIT+HDIST", func() []byte {
			var w bitWriter
			w.dynamicHeader(true, 257, 1, clAll, 19, []clSym{{1, 0}, {18, 127}, {18, 127}})
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"code length repeat 16 past HLIT+HDIST", func() []byte {
			var w bitWriter
			w.dynamicHeader(true, 257, 1, clAll, 19, []clSym{{1, 0}, {18, 127}, {18, 106}, {1, 0}, {16, 3}})
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"code length repeat 17 past HLIT+HDIST", func() []byte {
			var w bitWriter
			w.dynamicHeader(true, 257, 1, clAll, 19, []clSym{{1, 0}, {18, 127}, {18, 106}, {1, 0}, {17, 7}})
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"code length repeats crossing into the distance lengths", func() []byte {
			var w bitWriter
			// Literals 0 and 1 of length 2, 2..255 none, 256 of length 1,
			// 257..259 none, distance 0 none, 1 and 2 of length 1.
			w.dynamicHeader(true, 260, 3, clAll, 19, []clSym{{2, 0}, {2, 0}, {18, 127}, {18, 105}, {1, 0}, {17, 1}, {1, 0}, {1, 0}})
			lit := make([]int, 260)
			lit[0], lit[1], lit[256] = 2, 2, 1
			t := codeTables{canonicalCodes(lit), nil}
			w.lits(t, "\x00\x01\x00")
			w.eob(t)
			return w.bytes()
		}, strp("\x00\x01\x00")},
		{"code length repeat 16 of the last literal length into the distances", func() []byte {
			var w bitWriter
			// 'a' of length 2, 256 of 1, 257 of 2, then 16 repeats that 2
			// as distances 0..2, and distance 3 is 2 as well.
			seq := []clSym{{18, 86}, {2, 0}, {18, 127}, {18, 9}, {1, 0}, {2, 0}, {16, 0}, {2, 0}}
			w.dynamicHeader(true, 258, 4, clAll, 19, seq)
			lit := make([]int, 258)
			lit['a'], lit[256], lit[257] = 2, 1, 2
			t := codeTables{canonicalCodes(lit), canonicalCodes([]int{2, 2, 2, 2})}
			w.lits(t, "a")
			w.match(t, 3, 1)
			w.eob(t)
			return w.bytes()
		}, strp("aaaa")},
		{"over-subscribed literal/length code", func() []byte {
			var w bitWriter
			lit := make([]int, 257)
			lit['a'], lit['b'], lit[256] = 1, 1, 1
			w.dynamic(true, lit, completeLengths(1, 0))
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"over-subscribed code length code", func() []byte {
			var w bitWriter
			var cl [19]int
			cl[0], cl[1], cl[8] = 1, 1, 1
			w.dynamicHeader(true, 257, 1, cl, 19, []clSym{{1, 0}, {1, 0}})
			w.bits(0, 60)
			return w.bytes()
		}, nil},
		{"incomplete code length code", func() []byte {
			var w bitWriter
			var cl [19]int
			cl[0], cl[1] = 2, 2
			seq := []clSym{}
			for range 258 {
				seq = append(seq, clSym{0, 0})
			}
			w.dynamicHeader(true, 257, 1, cl, 19, seq)
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"code length code of one symbol", func() []byte {
			var w bitWriter
			var cl [19]int
			cl[9] = 1
			seq := []clSym{}
			for range 258 {
				seq = append(seq, clSym{9, 0})
			}
			w.dynamicHeader(true, 257, 1, cl, 19, seq)
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"empty literal/length code", func() []byte {
			var w bitWriter
			w.dynamic(true, make([]int, 257), []int{1})
			w.bits(0x123456789, 40)
			return w.bytes()
		}, nil},
		{"empty distance code after a block with one, a match", func() []byte {
			var w bitWriter
			t := w.dynamic(false, completeLengths(258, 'a', 256, 257), completeLengths(30, 0, 1))
			w.lits(t, "ab"[:1])
			w.match(t, 3, 1)
			w.eob(t)
			t = w.dynamic(true, completeLengths(258, 'b', 256, 257), []int{0})
			w.lits(t, "b")
			w.code(t.lit[257])
			w.code(canonicalCodes(completeLengths(30, 0, 1))[0]) // distance 1 in the code before
			w.eob(t)
			return w.bytes()
		}, nil},
		{"empty code length code after a dynamic block", func() []byte {
			var w bitWriter
			t := w.dynamic(false, completeLengths(257, 'a', 'b', 256), []int{0})
			w.lits(t, "ab")
			w.eob(t)
			w.dynamicHeader(true, 257, 1, [19]int{}, 19, nil)
			w.lits(t, "abbaabba")
			w.bits(0, 60)
			return w.bytes()
		}, nil},
		{"code length code sent short (HCLEN 4)", func() []byte {
			var w bitWriter
			// Only 16, 17, 18, 0 are sent (lengths 2, a complete code): all
			// lengths are 0, the literal/length code is empty.
			var cl [19]int
			cl[16], cl[17], cl[18], cl[0] = 2, 2, 2, 2
			w.dynamicHeader(true, 257, 1, cl, 4, []clSym{{18, 127}, {18, 107}, {0, 0}, {0, 0}})
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"incomplete literal/length code", func() []byte {
			var w bitWriter
			lit := make([]int, 257)
			lit['a'], lit[256] = 1, 2
			t := w.dynamic(true, lit, completeLengths(1, 0))
			w.lits(t, "a")
			w.eob(t)
			return w.bytes()
		}, nil},
		{"incomplete distance code", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(258, 'a', 256, 257), []int{1, 2})
			w.lits(t, "a")
			w.match(t, 3, 1)
			w.eob(t)
			return w.bytes()
		}, nil},
		{"single distance code of length 1", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(258, 'a', 256, 257), []int{1})
			w.lits(t, "a")
			w.match(t, 3, 1)
			w.eob(t)
			return w.bytes()
		}, strp("aaaa")},
		{"single distance code of length 1, other bit sent", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(258, 'a', 256, 257), []int{1})
			w.lits(t, "a")
			w.code(t.lit[257])
			w.bits(1, 1)
			w.eob(t)
			return w.bytes()
		}, nil},
		{"single distance code of length 1 among 30", func() []byte {
			var w bitWriter
			dist := make([]int, 30)
			dist[3] = 1
			t := w.dynamic(true, completeLengths(258, 'a', 'b', 'c', 'd', 256, 257), dist)
			w.lits(t, "abcd")
			w.match(t, 3, 4)
			w.eob(t)
			return w.bytes()
		}, strp("abcdabc")},
		{"no distance codes, literals only", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(257, 'a', 256), []int{0})
			w.lits(t, "aa")
			w.eob(t)
			return w.bytes()
		}, strp("aa")},
		{"no distance codes, a match", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(258, 'a', 256, 257), []int{0})
			w.lits(t, "a")
			w.code(t.lit[257])
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"single literal/length code, the end of block", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(257, 256), []int{0})
			w.eob(t)
			return w.bytes()
		}, nil},
		{"single literal/length code, the other bit sent", func() []byte {
			var w bitWriter
			w.dynamic(true, completeLengths(257, 256), []int{0})
			w.bits(1, 1)
			w.bits(0, 30)
			return w.bytes()
		}, nil},
		{"single literal/length code, not the final block", func() []byte {
			var w bitWriter
			t := w.dynamic(false, completeLengths(257, 256), []int{0})
			w.eob(t)
			w.stored(true, []byte("after"))
			return w.bytes()
		}, nil},
		{"end of block without a code", func() []byte {
			var w bitWriter
			t := w.dynamic(true, completeLengths(257, 'a', 'b'), []int{1})
			w.lits(t, "ab")
			w.bits(0x5555, 16)
			return w.bytes()
		}, nil},
		{"codes of 15 bits", deepStream, strp(string(deepWant))},
		{"final block then garbage", func() []byte {
			var w bitWriter
			w.block(true, 1)
			w.lits(fixedCodes, "end")
			w.eob(fixedCodes)
			return append(w.bytes(), "garbage after the final block"...)
		}, nil},
	}
	return cases
}

func TestCraftedDeflateMatchesKlauspost(t *testing.T) {
	for _, c := range craftedCases() {
		t.Run(c.name, func(t *testing.T) {
			m := wrapDeflate(c.deflate())
			for _, ms := range []bool{true, false} {
				if c.want != nil {
					compareValid(t, m, []byte(*c.want), ms)
				} else {
					compare(t, m, ms)
				}
				// And followed by a valid member.
				compare(t, append(m, wrapDeflate(fixedLiterals(true, "next"))...), ms)
			}
		})
	}
}

// fixedLiterals is a fixed Huffman block of the literals s.
func fixedLiterals(final bool, s string) []byte {
	var w bitWriter
	w.block(final, 1)
	w.lits(fixedCodes, s)
	w.eob(fixedCodes)
	return w.bytes()
}

// After a valid final block, bytes that are not a member: with
// Multistream(true) they are a bad header, with false not read.
func TestGarbageAfterMemberMatchesKlauspost(t *testing.T) {
	m := wrapDeflate(fixedLiterals(true, "a member"))
	for _, g := range []string{"", "x", "123456789", "0123456789", "garbage after the member", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"} {
		data := append(append([]byte(nil), m...), g...)
		compare(t, data, true)
		compareValid(t, data, []byte("a member"), false)
	}
}

// A member whose distance code is empty has no matches, even after a
// member with distance codes.
func TestEmptyDistanceCodeAfterMemberMatchesKlauspost(t *testing.T) {
	var w bitWriter
	t1 := w.dynamic(true, completeLengths(258, 'a', 256, 257), completeLengths(30, 0, 1))
	w.lits(t1, "a")
	w.match(t1, 3, 1)
	w.eob(t1)
	first := wrapDeflate(w.bytes())
	w = bitWriter{}
	t2 := w.dynamic(true, completeLengths(258, 'b', 256, 257), []int{0})
	w.lits(t2, "b")
	w.code(t2.lit[257])
	w.code(t1.dist[0])
	w.eob(t2)
	second := append(append([]byte(nil), plainGzipHeader...), w.bytes()...)
	second = append(second, gzTrailer([]byte("bbbb"))...)
	data := append(append([]byte(nil), first...), second...)
	compare(t, data, true)
	compare(t, second, true)
}

// A member's matches reach only into its own output, not the member
// before it, whether read on (Multistream) or after a Reset.
func TestMatchIntoPreviousMemberIsCorrupt(t *testing.T) {
	first := wrapDeflate(fixedLiterals(true, "abcdef"))
	var w bitWriter
	w.block(true, 1)
	w.match(fixedCodes, 3, 3)
	w.eob(fixedCodes)
	second := append(append([]byte(nil), plainGzipHeader...), w.bytes()...)
	second = append(second, gzTrailer([]byte("defd"))...)
	data := append(append([]byte(nil), first...), second...)
	if want := compare(t, data, true); errClass(want.err) != "CorruptInputError" {
		t.Errorf("klauspost: %v, want a CorruptInputError", want.err)
	}
	var res [2]readResult
	for i, d := range decoders {
		z := d.new()
		br := bufioReader(data)
		if r := decodeAll(z, br, false, 0); r.err != nil || string(r.out) != "abcdef" {
			t.Fatalf("%s: first member: %q, %v", d.name, r.out, r.err)
		}
		res[i] = decodeAll(z, br, false, 0)
	}
	checkSame(t, "the second member after Reset", res[0], res[1])
}

func TestCraftedHelpersMatchRFC(t *testing.T) {
	// RFC 1951 section 3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4)
	// give codes 010 011 100 101 110 00 1110 1111.
	want := []huffCode{{2, 3}, {3, 3}, {4, 3}, {5, 3}, {6, 3}, {0, 2}, {14, 4}, {15, 4}}
	got := canonicalCodes([]int{3, 3, 3, 3, 3, 2, 4, 4})
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("canonical: symbol %d: %v, want %v", i, got[i], want[i])
		}
	}
	// The fixed code of 'a' (0x61) is 0x30+0x61, 8 bits; of 256 seven 0s.
	if fixedCodes.lit['a'] != (huffCode{0x91, 8}) || fixedCodes.lit[256] != (huffCode{0, 7}) || fixedCodes.lit[144] != (huffCode{0x190, 9}) || fixedCodes.lit[280] != (huffCode{0xc0, 8}) {
		t.Errorf("fixedCodes codes: %v %v %v %v", fixedCodes.lit['a'], fixedCodes.lit[256], fixedCodes.lit[144], fixedCodes.lit[280])
	}
	// A final fixed block with only the end of block: 1, 01 (LSB first),
	// then seven 0s: 0x03, 0x00.
	if got := fixedLiterals(true, ""); !bytes.Equal(got, []byte{0x03, 0x00}) {
		t.Errorf("an empty fixedCodes block: %x", got)
	}
	if got := binary.LittleEndian.Uint16(wrapDeflate([]byte{1, 0, 0, 0xff, 0xff})[10+5+4:]); got != 0 {
		t.Errorf("the size of an empty stored member: %d", got)
	}
}
