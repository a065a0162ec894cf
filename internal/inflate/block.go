package inflate

import "encoding/binary"

// codeOrder is the order of the code length code's lengths (RFC 1951
// section 3.2.7).
var codeOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// block reads a block header (RFC 1951 section 3.2.3).
func (z *Reader) block() error {
	if err := z.need(3); err != nil {
		return err
	}
	z.final = z.bits&1 != 0
	typ := z.bits >> 1 & 3
	z.drop(3)
	switch typ {
	case 0:
		return z.storedHeader()
	case 1:
		z.lit, z.dist, z.litMin, z.distMin = &fixedLit, &fixedDist, 7, 5
		z.st = inCoded
		return nil
	case 2:
		return z.dynamic()
	}
	return z.corrupt()
}

// endBlock goes on after a block's end.
func (z *Reader) endBlock() {
	z.st = atBlock
	if z.final {
		z.st = atEnd
	}
}

// storedHeader reads LEN and NLEN of a stored block (RFC 1951 section
// 3.2.4), then leaves the input at its first byte.
func (z *Reader) storedHeader() error {
	z.drop(z.nb & 7)
	if err := z.need(32); err != nil {
		return err
	}
	n, nn := uint16(z.bits), uint16(z.bits>>16)
	z.drop(32)
	if nn != ^n {
		return z.corrupt()
	}
	// The whole bytes the bit buffer holds are the block's first: read
	// them from the input again.
	z.ip -= int(z.nb / 8)
	z.bits, z.nb = 0, 0
	z.stored = int(n)
	z.st = inStored
	if n == 0 {
		z.endBlock()
	}
	return nil
}

// copyStored copies a stored block's bytes, as many as the output buffer
// holds.
func (z *Reader) copyStored() error {
	for z.stored > 0 {
		room := len(z.win) - z.wp
		if room == 0 {
			return nil
		}
		if !z.avail() {
			return noEOF(z.eof)
		}
		n := copy(z.win[z.wp:z.wp+min(room, z.stored)], z.in[z.ip:])
		z.wp += n
		z.ip += n
		z.stored -= n
	}
	z.endBlock()
	return nil
}

// dynamic reads the code lengths of a block of dynamic Huffman codes and
// builds its tables (RFC 1951 section 3.2.7), refusing what klauspost's
// decoder refuses.
func (z *Reader) dynamic() error {
	if err := z.need(14); err != nil {
		return err
	}
	nlit := int(z.bits&0x1f) + 257
	if nlit > 286 {
		return z.corrupt()
	}
	ndist := int(z.bits>>5&0x1f) + 1
	if ndist > 30 {
		return z.corrupt()
	}
	nclen := int(z.bits>>10&0xf) + 4
	z.drop(14)
	var clens [19]uint8
	for _, c := range codeOrder[:nclen] {
		if err := z.need(3); err != nil {
			return err
		}
		clens[c] = uint8(z.bits & 7)
		z.drop(3)
	}
	preMin, ok := build(z.pre[:], preBits, clens[:], preSyms[:])
	if !ok {
		return z.corrupt()
	}
	lens := z.lens[:nlit+ndist]
	for i := 0; i < len(lens); {
		var e uint32
		if z.ip+8 <= len(z.in) {
			// The input holds what the code and its extra bits take
			// (7+7) after a refill.
			z.ip, z.bits, z.nb = refill(z.in, z.ip, z.bits, z.nb)
			e = z.pre[z.bits&(1<<preBits-1)]
			z.drop(uint(e & lenMask))
		} else {
			var err error
			if e, err = z.symbol(z.pre[:], preBits, preMin); err != nil {
				return err
			}
		}
		if e&kindLiteral == 0 {
			return z.corrupt()
		}
		x := uint8(e >> 16)
		if x < 16 {
			lens[i] = x
			i++
			continue
		}
		var rep int
		var extra uint
		var v uint8
		switch x {
		case 16:
			if i == 0 {
				return z.corrupt()
			}
			rep, extra, v = 3, 2, lens[i-1]
		case 17:
			rep, extra = 3, 3
		default:
			rep, extra = 11, 7
		}
		if err := z.need(extra); err != nil {
			return err
		}
		rep += int(z.bits & (1<<extra - 1))
		z.drop(extra)
		if i+rep > len(lens) {
			return z.corrupt()
		}
		for range rep {
			lens[i] = v
			i++
		}
	}
	litMin, ok := build(z.dynLit[:], litBits, lens[:nlit], litSyms[:])
	if !ok {
		return z.corrupt()
	}
	distMin, ok := build(z.dynDist[:], distBits, lens[nlit:], distSyms[:])
	if !ok {
		return z.corrupt()
	}
	// klauspost's decoder reads at least the end-of-block code's bits
	// before a literal/length code, and 10 more in a block that is not the
	// last (the shortest block after it takes 10): at the end of the input
	// a shortage of them is io.ErrUnexpectedEOF, whatever the bits hold.
	litMin = max(litMin, uint(lens[256]))
	if !z.final {
		litMin += 10
	}
	z.lit, z.dist, z.litMin, z.distMin = &z.dynLit, &z.dynDist, litMin, distMin
	z.st = inCoded
	return nil
}

// symbol decodes one symbol of the code of table t a byte at a time,
// where the input may end: it first reads minRead bits, as klauspost's
// decoder does.
func (z *Reader) symbol(t []uint32, root uint, minRead uint) (uint32, error) {
	z.need(57) // as many bits as there are; a shortage is found below
	if z.nb < minRead {
		return 0, noEOF(z.eof)
	}
	e := t[z.bits&(1<<root-1)]
	n := uint(e & lenMask)
	if e&kindLink != 0 {
		e = t[linkIndex(e, z.bits>>root)]
		n = root + uint(e&lenMask)
	}
	if n == 0 {
		return 0, z.corrupt()
	}
	if n > z.nb {
		return 0, noEOF(z.eof)
	}
	z.drop(n)
	return e, nil
}

// linkIndex returns where in its table the entry of a code lies that
// link e points to, bits holding the code's bits after the first level's.
func linkIndex(e uint32, bits uint64) uint32 {
	return e>>16 + uint32(bits)&(1<<(e>>extraShift&63)-1)
}

// extra reads the extra bits of a length or distance entry e and returns
// the length or distance.
func (z *Reader) extra(e uint32) (int, error) {
	x := uint(e >> extraShift & 63)
	if err := z.need(x); err != nil {
		return 0, err
	}
	v := int(e>>16) + int(z.bits&(1<<x-1))
	z.drop(x)
	return v, nil
}

// coded decodes a block of Huffman codes until its end or until the output
// buffer is full: fast while the input holds eight bytes more, then, at
// its end, a symbol at a time.
func (z *Reader) coded() error {
	for z.st == inCoded {
		if z.wp > outMax {
			return nil
		}
		if z.ip+8 <= len(z.in) {
			if err := z.fast(); err != nil {
				return err
			}
			continue
		}
		if z.eof == nil {
			z.more()
			continue
		}
		if err := z.slow(); err != nil {
			return err
		}
	}
	return nil
}

// slow decodes one symbol where the input may end.
func (z *Reader) slow() error {
	e, err := z.symbol(z.lit[:], litBits, z.litMin)
	if err != nil {
		return err
	}
	switch {
	case e&kindLiteral != 0:
		z.win[z.wp] = byte(e >> 16)
		z.wp++
		return nil
	case e&kindEnd != 0:
		z.endBlock()
		return nil
	case e&kindMatch == 0:
		return z.corrupt()
	}
	length, err := z.extra(e)
	if err != nil {
		return err
	}
	if e, err = z.symbol(z.dist[:], distBits, z.distMin); err != nil {
		return err
	}
	if e&kindMatch == 0 {
		return z.corrupt()
	}
	dist, err := z.extra(e)
	if err != nil {
		return err
	}
	src := z.wp - dist
	if src < z.start {
		return z.corrupt()
	}
	for i := range length {
		z.win[z.wp+i] = z.win[src+i]
	}
	z.wp += length
	return nil
}

// refill fills the bit buffer from in at ip, which holds eight bytes
// more, without a branch (libdeflate's way): it ors in the eight, counts
// the whole bytes that fit below 64 bits (nb becomes 56 to 63), and
// moves ip past them; the bits above nb are the stream's next ones, so
// that the next refill ors in the same bits again. Only nb's low six bits
// are read, as fast keeps it.
func refill(in []byte, ip int, bits uint64, nb uint) (int, uint64, uint) {
	bits |= binary.LittleEndian.Uint64(in[ip:]) << (nb & 63)
	return ip + 7 - int(nb>>3&7), bits, nb | 56
}

// fast decodes symbols while the input holds eight bytes more and the
// output buffer has room for a match, until the block's end or an error.
// After a refill the bit buffer holds at least 56 bits: three literal
// codes (3*15), or one literal/length code, its extra bits, a distance code
// and its extra bits (15+5+15+13). In the loop only the low six bits of
// nb count: an entry is taken from it whole, kind and value included, as
// libdeflate does, so that no mask lies between a lookup and the next.
func (z *Reader) fast() error {
	in, ip := z.in, z.ip
	bits, nb := z.bits, z.nb
	// The output buffer as an array, its positions unsigned: with op at
	// most outMax (a constant) the compiler proves the literals' stores in
	// bounds, and a match's bytes are an array of their own (below).
	// With the literals unrolled: BenchmarkDecode's ratio 1.78-1.84 to
	// 2.10-2.12.
	win, op := (*[winLen]byte)(z.win), uint(z.wp)
	lit, dist := z.lit, z.dist
	start := uint(z.start)
	inMax := len(in) - 8
	var err error
	for ip <= inMax && op <= outMax {
		ip, bits, nb = refill(in, ip, bits, nb)
		e := lit[bits&(1<<litBits-1)]
		if e&kindLiteral != 0 {
			// Up to three literals on the refill, unrolled: each store
			// at op plus a constant.
			bits >>= e & 63
			nb -= uint(e)
			win[op] = byte(e >> 16)
			if e = lit[bits&(1<<litBits-1)]; e&kindLiteral == 0 {
				op++
				goto code
			}
			bits >>= e & 63
			nb -= uint(e)
			win[op+1] = byte(e >> 16)
			if e = lit[bits&(1<<litBits-1)]; e&kindLiteral == 0 {
				op += 2
				goto code
			}
			bits >>= e & 63
			nb -= uint(e)
			win[op+2] = byte(e >> 16)
			op += 3
			continue
		code:
			// A length (or the end, a longer code...) whose first bits
			// the buffer holds: fill it for the rest.
			if ip > inMax {
				break
			}
			ip, bits, nb = refill(in, ip, bits, nb)
		}
		if e&kindLink != 0 {
			bits >>= litBits
			nb -= litBits
			e = lit[linkIndex(e, bits)]
		}
		bits >>= e & 63
		nb -= uint(e)
		if e&kindMatch == 0 {
			switch {
			case e&kindLiteral != 0:
				win[op] = byte(e >> 16)
				op++
				continue
			case e&kindEnd != 0:
				z.endBlock()
			default:
				z.ip, z.bits, z.nb = ip, bits, nb&63
				err = z.corrupt()
			}
			break
		}
		x := e >> extraShift & 63
		length := uint(e>>16) + uint(bits&(1<<x-1))
		bits >>= x
		nb -= uint(x)
		e = dist[bits&(1<<distBits-1)]
		if e&kindLink != 0 {
			bits >>= distBits
			nb -= distBits
			e = dist[linkIndex(e, bits)]
		}
		bits >>= e & 63
		nb -= uint(e)
		if e&kindMatch == 0 {
			z.ip, z.bits, z.nb = ip, bits, nb&63
			err = z.corrupt()
			break
		}
		x = e >> extraShift & 63
		d := uint(e>>16) + uint(bits&(1<<x-1))
		bits >>= x
		nb -= uint(x)
		// No length is over maxMatch (the length table's largest):
		// saying so lets the compiler prove the copies below in bounds.
		if d > op-start || length > maxMatch {
			z.ip, z.bits, z.nb = ip, bits, nb&63
			err = z.corrupt()
			break
		}
		// The match and its source as arrays of the longest match and
		// a word (the buffer's slack): one bounds check each, none in
		// the copy.
		to, from := (*[maxMatch + 8]byte)(win[op:]), (*[maxMatch + 8]byte)(win[op-d:])
		switch {
		case d >= 8:
			// Eight bytes at a time, each reading bytes written before;
			// the first sixteen whatever the length (the buffer has room
			// past the end: what is written there is written again).
			binary.LittleEndian.PutUint64(to[0:], binary.LittleEndian.Uint64(from[0:]))
			binary.LittleEndian.PutUint64(to[8:], binary.LittleEndian.Uint64(from[8:]))
			for i := uint(16); i < length; i += 8 {
				binary.LittleEndian.PutUint64(to[i:], binary.LittleEndian.Uint64(from[i:]))
			}
		case d == 1:
			v := uint64(from[0]) * 0x0101010101010101
			for i := uint(0); i < length; i += 8 {
				binary.LittleEndian.PutUint64(to[i:], v)
			}
		default:
			for i := range length {
				to[i] = from[i]
			}
		}
		op += length
	}
	z.ip, z.bits, z.nb, z.wp = ip, bits, nb&63, int(op)
	return err
}
