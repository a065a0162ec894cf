package warc

import (
	"bytes"
	"errors"
	"io"

	"github.com/relurl/relurl/internal/header"
)

// rewindWindow is how far back, in compressed bytes, the search for the
// next gzip member starts after a damaged one: from the damaged member's
// start, but no further back than this before the point where the damage
// was found. The same bytes are kept for a file and for a stream, so both
// recover the same records (docs/design.md#per-reader).
const rewindWindow = 1 << 20

// input buffers the file's bytes and counts them. The gzip decoder reads it
// byte by byte (it is an io.ByteReader), so it takes exactly the bytes of
// one member and pos is then the offset of the next. For a gzip file it
// keeps the last rewindWindow bytes consumed (and the decoder's buffer), to search them again for a
// member header after a damaged member, without seeking.
type input struct {
	src   io.Reader
	buf   []byte
	r, w  int
	off   int64 // file offset of buf[0]
	keep  int   // bytes kept behind r
	err   error // sticky error of src, io.EOF included
	ioErr error // the first error of src other than io.EOF
}

// init starts the input of a file, keeping the buffer of the last one.
func (in *input) init(src io.Reader, off int64) {
	in.src, in.off = src, off
	if in.buf == nil {
		in.buf = make([]byte, 64<<10)
	}
}

// retain makes the input keep n bytes behind its read position. The
// buffer grows to twice that as bytes come, not at once: most gzip files
// of a test or a small crawl are smaller.
func (in *input) retain(n int) { in.keep = n }

// pos returns the file offset of the next unread byte.
func (in *input) pos() int64 { return in.off + int64(in.r) }

// fill reads more bytes from src; it reports whether any were added.
func (in *input) fill() bool {
	if in.err != nil {
		return false
	}
	if in.w == len(in.buf) {
		// Slide: keep in.keep bytes behind r. Sliding only when the buffer
		// is full copies each byte about once (the buffer is at least twice
		// keep).
		from := in.r - in.keep
		if from <= 0 {
			nb := make([]byte, 2*len(in.buf))
			copy(nb, in.buf[:in.w])
			in.buf = nb
		} else {
			copy(in.buf, in.buf[from:in.w])
			in.off += int64(from)
			in.r -= from
			in.w -= from
		}
	}
	for i := 0; i < 100; i++ {
		n, err := in.src.Read(in.buf[in.w:])
		in.w += n
		if err != nil {
			in.err = err
			if err != io.EOF && in.ioErr == nil {
				in.ioErr = err
			}
		}
		if n > 0 {
			return true
		}
		if err != nil {
			return false
		}
	}
	in.err, in.ioErr = io.ErrNoProgress, io.ErrNoProgress
	return false
}

func (in *input) Read(p []byte) (int, error) {
	if in.r == in.w && !in.fill() {
		return 0, in.err
	}
	n := copy(p, in.buf[in.r:in.w])
	in.r += n
	return n, nil
}

func (in *input) ReadByte() (byte, error) {
	if in.r == in.w && !in.fill() {
		return 0, in.err
	}
	b := in.buf[in.r]
	in.r++
	return b, nil
}

// peek returns at least n buffered bytes if the source has them (fewer at
// its end), n being at most half the buffer.
func (in *input) peek(n int) []byte {
	for in.w-in.r < n && in.fill() {
	}
	return in.buf[in.r:in.w]
}

// rewind moves the read position back to off, or as near to it as the
// kept bytes allow.
func (in *input) rewind(off int64) {
	if off < in.off {
		off = in.off
	}
	if off < in.pos() {
		in.r = int(off - in.off)
	}
}

// discard skips n buffered bytes.
func (in *input) discard(n int) { in.r += n }

// errFull would be a bug: a caller looked further ahead than the stream's
// bound.
var errFull = errors.New("warc: look-ahead beyond its bound")

// streamBuf is the default size of the record stream's buffer; it grows
// only to look ahead for the end of a record (see blockReader).
const streamBuf = 64 << 10

// stream buffers the record stream: the decompressed bytes of the current
// gzip member, or the plain file. Unlike a bufio.Reader it can hold more
// than its default size when a record's end must be looked for ahead.
type stream struct {
	src  io.Reader
	buf  []byte
	r, w int
	err  error     // sticky error of src: io.EOF at the end of the member or file
	max  int       // the most the buffer grows to, at least twice any n asked of fill (0: no bound)
	head [120]byte // the first bytes of a line too long to hold, to quote
}

func (s *stream) reset(src io.Reader) {
	s.src, s.r, s.w, s.err = src, 0, 0, nil
	if cap(s.buf) > 4*streamBuf || s.buf == nil {
		s.buf = make([]byte, streamBuf) // give back a grown look-ahead buffer
	}
}

// buffered returns the unread bytes in the buffer.
func (s *stream) buffered() []byte { return s.buf[s.r:s.w] }

// more reads more bytes into the buffer; it reports whether bytes were
// added. The buffer grows (by doubling, to at most max) only when it is
// full and more than half of it is unread, so it holds what callers look
// ahead at, not what a record claims.
func (s *stream) more() bool {
	if s.err != nil {
		return false
	}
	if s.w == len(s.buf) {
		unread := s.w - s.r
		if s.r >= unread && s.r > 0 {
			// Slide: it copies no more bytes than were read since the
			// last slide, so copying is linear overall.
			copy(s.buf, s.buf[s.r:s.w])
		} else {
			size := 2 * len(s.buf)
			if s.max > 0 && size > s.max {
				size = s.max
			}
			if size <= len(s.buf) {
				s.err = errFull
				return false
			}
			nb := make([]byte, size)
			copy(nb, s.buf[s.r:s.w])
			s.buf = nb
		}
		s.r, s.w = 0, unread
	}
	for i := 0; i < 100; i++ {
		m, err := s.src.Read(s.buf[s.w:])
		s.w += m
		if err != nil {
			s.err = err
		}
		if m > 0 {
			return true
		}
		if err != nil {
			return false
		}
	}
	s.err = io.ErrNoProgress
	return false
}

// fill makes at least n bytes unread in the buffer, if the source has
// them; n must be at most half of max.
func (s *stream) fill(n int) []byte {
	for s.w-s.r < n && s.more() {
	}
	return s.buf[s.r:s.w]
}

func (s *stream) discard(n int) { s.r += n }

// ReadLine implements header.Lines: it returns the next line without its
// "\n" or "\r\n", as a slice of the buffer valid until the next read,
// and the bytes consumed. A line longer than max (without its line end)
// is read through without being held, and returned as a *header.LongLine
// with its first bytes. At the end of the stream it returns s.err with
// the partial line.
func (s *stream) ReadLine(max int) (line []byte, n int, err error) {
	scanned := 0
	for {
		b := s.buffered()
		if i := bytes.IndexByte(b[scanned:], '\n'); i >= 0 {
			i += scanned
			s.discard(i + 1)
			line = bytes.TrimSuffix(b[:i], []byte("\r"))
			if len(line) > max {
				return line[:min(len(line), len(s.head))], i + 1, &header.LongLine{Len: len(line)}
			}
			return line, i + 1, nil
		}
		scanned = len(b)
		if len(b) > max+1 { // max, and a CR
			// Too long: skip to the end of the line without holding it,
			// keeping its first bytes to quote.
			head := s.head[:copy(s.head[:], b)]
			n = len(b)
			last := b[len(b)-1]
			s.discard(len(b))
			for s.more() {
				b = s.buffered()
				if i := bytes.IndexByte(b, '\n'); i >= 0 {
					s.discard(i + 1)
					size := n + i
					if i > 0 && b[i-1] == '\r' || i == 0 && last == '\r' {
						size--
					}
					return head, n + i + 1, &header.LongLine{Len: size}
				}
				n += len(b)
				last = b[len(b)-1]
				s.discard(len(b))
			}
			return head, n, &header.LongLine{Len: n}
		}
		if !s.more() {
			s.discard(len(b))
			return b, len(b), s.err
		}
	}
}
