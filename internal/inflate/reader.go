package inflate

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"io"
)

// The errors of a Reader, as compress/gzip's and klauspost's say them.
// Damaged DEFLATE data is a flate.CorruptInputError, a member cut short
// io.ErrUnexpectedEOF.
var (
	ErrHeader   = gzip.ErrHeader
	ErrChecksum = gzip.ErrChecksum
)

const (
	window   = 32 << 10      // the farthest a match reaches back (RFC 1951 section 2)
	chunk    = 96 << 10      // decoded between two copies of the window to its start
	maxMatch = 258           // the longest match
	slack    = maxMatch + 32 // a match begun past the buffer's end by two literals, its last eight bytes written whole
	inSize   = 32 << 10      // the buffer of a reader that is not a *bufio.Reader

	// outMax is where the output buffer is full: decoding stops once the
	// output passes it (the decoder's loops test it), and what one more
	// step writes from it lands in the slack.
	outMax = window + chunk
	winLen = outMax + slack // the output buffer's length
)

// state is where the decoder is in a member.
type state uint8

const (
	atBlock  state = iota // a block header is next
	inCoded               // inside a block of Huffman codes
	inStored              // inside a stored block
	atEnd                 // the final block ended: the trailer is next
)

// A Reader reads the decompressed bytes of gzip members, as
// github.com/klauspost/compress/gzip's Reader does. Read from a
// *bufio.Reader, it takes exactly the bytes of each member from it (so
// that, with Multistream(false), the next member begins where the
// bufio.Reader stands); another reader is read through a bufio.Reader of
// its own.
//
// It reads ahead in the bufio.Reader's buffer, where klauspost's reads a
// byte at a time: so an error of the reader below that a later read does
// not repeat (iotest.TimeoutReader's), met reading ahead of a member's
// end, is reported at the next header with Multistream on, and lost with
// it off, the next Reset starting afresh. An error that stays (the end
// of a file, a closed connection: internal/warc's input keeps its first)
// is reported where klauspost's reports it.
type Reader struct {
	br          *bufio.Reader
	own         *bufio.Reader
	multistream bool
	err         error // returned once the bytes decoded before it are read

	// The input: in is what br holds (read in place, consumed up to
	// ip-nb/8), eof br's error once in holds all it will give. bits holds
	// nb bits of the stream, least significant first; its bits above nb
	// are the stream's next bits or zero.
	in   []byte
	ip   int
	used int64 // bytes of the member taken from br before in
	eof  error
	bits uint64
	nb   uint

	// The output: win[rp:wp] is decoded and not read yet; before it, at
	// least the window (or from start, where the member's output begins).
	win    []byte
	rp, wp int
	start  int
	crc    uint32
	size   uint32

	st      state
	final   bool
	stored  int // bytes left in a stored block
	lit     *[litEnough]uint32
	dist    *[distEnough]uint32
	litMin  uint // bits klauspost's decoder reads before it decodes a symbol:
	distMin uint // at the end of the input, a shortage is io.ErrUnexpectedEOF

	dynLit  [litEnough]uint32
	dynDist [distEnough]uint32
	pre     [preEnough]uint32
	lens    [286 + 30]uint8
	hbuf    [512]byte // a header's name or comment, at most 511 bytes as klauspost's
}

// NewReader returns a Reader of the gzip members r holds, its first
// header read.
func NewReader(r io.Reader) (*Reader, error) {
	z := new(Reader)
	if err := z.Reset(r); err != nil {
		return nil, err
	}
	return z, nil
}

// Reset makes z read the gzip members of r, reading the first header: it
// returns io.EOF if r holds no byte, io.ErrUnexpectedEOF if the header is
// cut, ErrHeader if it is not one. Multistream is on again.
func (z *Reader) Reset(r io.Reader) error {
	br, ok := r.(*bufio.Reader)
	if !ok {
		if z.own == nil {
			z.own = bufio.NewReaderSize(r, inSize)
		} else {
			z.own.Reset(r)
		}
		br = z.own
	}
	z.br, z.multistream = br, true
	z.rp, z.wp, z.eof = 0, 0, nil
	z.err = z.member()
	return z.err
}

// Multistream says whether Read goes on with the next member at the end of
// one (the default), or returns io.EOF there, as klauspost's and
// compress/gzip's Readers do.
func (z *Reader) Multistream(ok bool) { z.multistream = ok }

// Read reads decompressed bytes. It returns io.EOF at the end of the last
// member (of the member, with Multistream off), once every byte decoded is
// read; an error (ErrHeader, ErrChecksum, a flate.CorruptInputError,
// io.ErrUnexpectedEOF, or the reader's own) also comes after the bytes
// decoded before it, and again at every call.
func (z *Reader) Read(p []byte) (int, error) {
	for {
		if z.rp < z.wp {
			n := copy(p, z.win[z.rp:z.wp])
			z.rp += n
			return n, nil
		}
		if z.err != nil || len(p) == 0 {
			return 0, z.err
		}
		z.step()
	}
}

// member starts a member: its header (RFC 1952 section 2.3) is read from
// br, as klauspost's reads it.
func (z *Reader) member() error {
	if z.eof != nil && z.eof != io.EOF {
		// br's error, met reading ahead in the member before, is where
		// klauspost's decoder meets it: reading this header.
		return z.eof
	}
	z.in, z.ip, z.used, z.eof, z.bits, z.nb = nil, 0, 0, nil, 0, 0
	z.start, z.crc, z.size = z.wp, 0, 0
	z.st, z.final, z.stored = atBlock, false, 0
	h := z.hbuf[:10]
	if _, err := io.ReadFull(z.br, h); err != nil {
		return err
	}
	if h[0] != 0x1f || h[1] != 0x8b || h[2] != 8 {
		return ErrHeader
	}
	flg := h[3]
	digest := crc32.ChecksumIEEE(h)
	if flg&4 != 0 { // FEXTRA
		x := z.hbuf[:2]
		if _, err := io.ReadFull(z.br, x); err != nil {
			return noEOF(err)
		}
		digest = crc32.Update(digest, crc32.IEEETable, x)
		for n := int(binary.LittleEndian.Uint16(x)); n > 0; {
			b, err := z.br.Peek(min(n, z.br.Size()))
			if len(b) == 0 {
				return noEOF(err)
			}
			digest = crc32.Update(digest, crc32.IEEETable, b)
			z.br.Discard(len(b))
			n -= len(b)
		}
	}
	for _, f := range []byte{8, 16} { // FNAME, FCOMMENT: zero-terminated
		if flg&f == 0 {
			continue
		}
		var err error
		if digest, err = z.skipString(digest); err != nil {
			return err
		}
	}
	if flg&2 != 0 { // FHCRC
		x := z.hbuf[:2]
		if _, err := io.ReadFull(z.br, x); err != nil {
			return noEOF(err)
		}
		if binary.LittleEndian.Uint16(x) != uint16(digest) {
			return ErrHeader
		}
	}
	if flg>>5 != 0 { // reserved
		return ErrHeader
	}
	return nil
}

// skipString passes a zero-terminated header field, of at most 511 bytes
// as klauspost's reader allows, adding it to the header's digest.
func (z *Reader) skipString(digest uint32) (uint32, error) {
	for i := range z.hbuf {
		c, err := z.br.ReadByte()
		if err != nil {
			return digest, err
		}
		z.hbuf[i] = c
		if c == 0 {
			return crc32.Update(digest, crc32.IEEETable, z.hbuf[:i+1]), nil
		}
	}
	return digest, ErrHeader
}

// step decodes what fits in the output buffer, once all decoded before
// was read; it sets z.err at an error or, with multistream off, at the end
// of the member.
func (z *Reader) step() {
	if z.win == nil {
		z.win = make([]byte, winLen)
	}
	if z.wp > window {
		// Keep the window: the next matches may reach back into it.
		n := z.wp - window
		copy(z.win, z.win[n:z.wp])
		z.wp -= n
		z.rp -= n
		z.start -= n
	}
	wp := z.wp
	err := z.decode()
	z.crc = crc32.Update(z.crc, crc32.IEEETable, z.win[wp:z.wp])
	z.size += uint32(z.wp - wp)
	if err == nil && z.st == atEnd {
		if err = z.trailer(); err == nil {
			if !z.multistream {
				err = io.EOF
			} else {
				err = z.member()
			}
		}
	}
	if err != nil {
		z.sync()
		z.err = err
	}
}

// decode decodes blocks until the output buffer is full, the final block
// ends, or an error.
func (z *Reader) decode() error {
	for {
		var err error
		switch z.st {
		case atBlock:
			if z.final {
				z.st = atEnd
				return nil
			}
			err = z.block()
		case inCoded:
			err = z.coded()
		case inStored:
			err = z.copyStored()
		default:
			return nil
		}
		if err != nil {
			return err
		}
		if z.wp > outMax {
			return nil
		}
	}
}

// trailer checks the member's CRC-32 and size (RFC 1952 section 2.3.1),
// and leaves br just after them.
func (z *Reader) trailer() error {
	z.drop(z.nb & 7)
	if err := z.need(32); err != nil {
		return err
	}
	crc := uint32(z.bits)
	z.drop(32)
	if err := z.need(32); err != nil {
		return err
	}
	size := uint32(z.bits)
	z.drop(32)
	z.sync()
	z.in, z.ip, z.bits, z.nb = nil, 0, 0, 0
	if crc != z.crc || size != z.size {
		return ErrChecksum
	}
	return nil
}

// sync takes from br the bytes whose bits were all used.
func (z *Reader) sync() {
	if k := z.ip - int(z.nb/8); k > 0 {
		z.br.Discard(k)
		z.used += int64(k)
		z.in = z.in[k:]
		z.ip -= k
	}
}

// more reads more input into z.in, if br has more.
func (z *Reader) more() {
	if z.eof != nil {
		return
	}
	z.sync()
	in, err := z.br.Peek(z.br.Size())
	z.in = in
	if err != nil {
		z.eof = err
	}
}

// avail reports whether the input holds a byte at ip, reading more into
// it if it has to.
func (z *Reader) avail() bool {
	if z.ip == len(z.in) {
		z.more()
	}
	return z.ip < len(z.in)
}

// need makes z hold at least n bits (at most 57), reading a byte at a
// time; at the end of the input it returns what klauspost's would.
func (z *Reader) need(n uint) error {
	for z.nb < n {
		if !z.avail() {
			return noEOF(z.eof)
		}
		z.bits |= uint64(z.in[z.ip]) << z.nb
		z.ip++
		z.nb += 8
	}
	return nil
}

// drop takes n bits.
func (z *Reader) drop(n uint) {
	z.bits >>= n
	z.nb -= n
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// corrupt is the error of damaged data at the bits read so far: its
// offset is that of the byte they end in, from the start of the DEFLATE
// data (klauspost's counts from the member's start, as read ahead).
func (z *Reader) corrupt() error {
	return flate.CorruptInputError(z.used + int64(z.ip) - int64(z.nb/8))
}
