package inflate

import "math/bits"

// A decoding table entry (uint32) says what the code read from the low
// bits of the bit buffer is: bits 0-5 are how many bits the lookup takes
// (at most 15: a shift by the entry masked to 6 bits takes them, which
// amd64 does without the mask), bits 6-9 the kind, bits 10-15 the extra
// bits that follow the code (or, for a link, the index bits of its
// subtable), bits 16-31 the value (a literal, a length or distance base,
// a subtable's offset). An entry of no kind is a symbol the format does
// not allow (RFC 1951 section 3.2.6: literal/length 286 and 287,
// distances 30 and 31) or, in the one incomplete code allowed, no symbol
// at all.
const (
	kindLiteral = 1 << 6 // a literal byte; for the code-length code, any symbol
	kindMatch   = 1 << 7 // a length (literal/length code) or a distance
	kindEnd     = 1 << 8 // the end of the block
	kindLink    = 1 << 9 // the code is longer: look on in the subtable

	lenMask    = 63
	extraShift = 10
)

// The first-level index bits of each table, and the table sizes: the
// worst case of a complete code (zlib's "enough" program: 288 symbols of
// at most 15 bits indexed by 11, 32 by 8, 19 of at most 7 by 7).
const (
	litBits    = 11
	distBits   = 8
	preBits    = 7
	litEnough  = 2342
	distEnough = 402
	preEnough  = 1 << preBits
)

// Length and distance bases and extra bits, RFC 1951 section 3.2.5.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// The entries, without their bit counts, of every symbol of each code.
var litSyms, distSyms, preSyms = func() (lit [288]uint32, dist [32]uint32, pre [19]uint32) {
	for s := range 256 {
		lit[s] = kindLiteral | uint32(s)<<16
	}
	lit[256] = kindEnd
	for i := range lengthBase {
		lit[257+i] = kindMatch | uint32(lengthExtra[i])<<extraShift | uint32(lengthBase[i])<<16
	}
	for i := range distBase {
		dist[i] = kindMatch | uint32(distExtra[i])<<extraShift | uint32(distBase[i])<<16
	}
	for s := range pre {
		pre[s] = kindLiteral | uint32(s)<<16
	}
	return
}()

// fixedLit and fixedDist are the tables of the fixed Huffman codes
// (RFC 1951 section 3.2.6).
var fixedLit, fixedDist = func() (lit [litEnough]uint32, dist [distEnough]uint32) {
	var lens [288]uint8
	for i := range lens {
		switch {
		case i < 144:
			lens[i] = 8
		case i < 256:
			lens[i] = 9
		case i < 280:
			lens[i] = 7
		default:
			lens[i] = 8
		}
	}
	if _, ok := build(lit[:], litBits, lens[:], litSyms[:]); !ok {
		panic("inflate: fixed literal/length code")
	}
	for i := range lens[:32] {
		lens[i] = 5
	}
	if _, ok := build(dist[:], distBits, lens[:32], distSyms[:]); !ok {
		panic("inflate: fixed distance code")
	}
	return
}()

// build makes in table the decoding table of the canonical Huffman code
// whose code lengths (at most 15) are lens (RFC 1951 section 3.2.2): 1<<root
// entries indexed by the code's first root bits as the bit buffer holds
// them (least significant first), then the subtables of longer codes.
// syms holds each symbol's entry without its bit count. It returns the
// length of the shortest code, and false for a code that is
// over-subscribed or incomplete, except one code of one bit, which zlib
// and compress/flate accept (then the lookups of the other bit find no
// symbol).
func build(table []uint32, root uint, lens []uint8, syms []uint32) (shortest uint, ok bool) {
	var count [16]int
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	maxLen := 15
	for maxLen > 0 && count[maxLen] == 0 {
		maxLen--
	}
	if maxLen == 0 {
		// No code at all: allowed (a distance code of a block with no
		// match); any lookup fails.
		clear(table[:1<<root])
		return 0, true
	}
	left := 1
	for l := 1; l <= 15; l++ {
		left = left<<1 - count[l]
		if left < 0 {
			return 0, false // over-subscribed
		}
	}
	if left > 0 {
		if maxLen != 1 || count[1] != 1 {
			return 0, false // incomplete
		}
		clear(table[:1<<root])
	}
	shortest = 1
	for count[shortest] == 0 {
		shortest++
	}

	// The symbols in code order (by length, then value), and the first
	// code of each length.
	var offs [16]int
	var next [16]uint32
	code := uint32(0)
	for l := 1; l <= 15; l++ {
		offs[l] = offs[l-1] + count[l-1]
		code = (code + uint32(count[l-1])) << 1
		next[l] = code
	}
	var sorted [288]uint16
	for s, l := range lens {
		if l != 0 {
			sorted[offs[l]] = uint16(s)
			offs[l]++
		}
	}
	n := offs[15]

	// The codes of at most root bits, a length at a time (libdeflate's
	// way): the first 1<<l entries hold the codes of l bits and, repeated,
	// the shorter ones; doubled, they are the first 1<<(l+1) entries but
	// for the codes of l+1 bits, written over them. The entries of longer
	// codes' first bits are written after.
	i := 0
	top := min(uint(maxLen), root)
	for l := shortest; l <= top; l++ {
		if l > shortest {
			copy(table[1<<(l-1):1<<l], table[:1<<(l-1)])
		}
		for ; i < n && uint(lens[sorted[i]]) == l; i++ {
			s := sorted[i]
			rev := bits.Reverse16(uint16(next[l])) >> (16 - l)
			next[l]++
			table[rev] = syms[s] | uint32(l)
		}
	}
	for size := 1 << top; size < 1<<root; size <<= 1 {
		copy(table[size:2*size], table[:size])
	}

	mask := uint32(1)<<root - 1
	end := uint32(1) << root // where the next subtable goes
	prefix := ^uint32(0)     // the first root bits of the current subtable's codes
	var sub, subBits uint32
	remain := count
	for _, s := range sorted[i:n] {
		l := uint(lens[s])
		c := next[l]
		next[l]++
		rev := uint32(bits.Reverse16(uint16(c))) >> (16 - l)
		if p := rev & mask; p != prefix {
			// A new subtable: as many index bits as it takes for the
			// codes sharing these first root bits to fill it (zlib's
			// inflate_table).
			prefix = p
			cur := int(l - root)
			room := 1 << cur
			for cur+int(root) < maxLen {
				room -= remain[cur+int(root)]
				if room <= 0 {
					break
				}
				cur++
				room <<= 1
			}
			sub, subBits = end, uint32(cur)
			end += 1 << subBits
			if int(end) > len(table) {
				return 0, false
			}
			table[p] = kindLink | subBits<<extraShift | sub<<16 | uint32(root)
		}
		e := syms[s] | uint32(l-root)
		for i := rev >> root; i < 1<<subBits; i += 1 << (l - root) {
			table[sub+i] = e
		}
		remain[l]-- // after the subtable's size, which counts this code
	}
	return shortest, true
}
