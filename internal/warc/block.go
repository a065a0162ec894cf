package warc

import (
	"bytes"
	"fmt"
	"io"

	"github.com/relurl/relurl/limits"
)

// Where a record ends.
//
// A record is its header, Content-Length bytes of content, and two CRLFs
// (WARC/1.1 section 4). A wrong Content-Length must not make one record's
// content take in the records after it (docs/design.md#per-reader), whatever
// the form of the file (plain, gzipped whole, one gzip member per record,
// a stream). So, while a record's content is read, it is scanned for a
// record boundary: a blank line (two line ends, CRLF or LF) followed by a
// version line "WARC/" 1*4DIGIT "." 1*4DIGIT and a line end, or the line
// ends before the end of the stream. Content before the first boundary is
// given out as it comes; at the boundary, the Reader looks ahead to the
// declared end of the content: if the bytes there end a record (one to
// eight CR or LF bytes, then the end of the stream or a version line), the
// boundary was content and reading goes on; if not, or if the declared end
// lies further past the boundary than the look-ahead bound (Limits.Record,
// at most 16 MiB), the record ends at the boundary (ErrOverrun) and the
// next record is read from there. A member
// or file that ends inside the content ends it too (ErrTruncated), the
// line ends before that end being the trailer, not content.
//
// Memory: the look-ahead holds at most that bound, and only when a
// boundary appears inside content; its buffer is at most twice the bound. Time: each byte is scanned once as
// content of one record and read once into the look-ahead, so reading is
// linear in the input.
const (
	maxLookahead   = 16 << 20 // the look-ahead bound when Limits.Record is larger
	maxVersionLine = 16       // "WARC/" 1*4DIGIT "." 1*4DIGIT CRLF
	maxTrailer     = 8        // CR and LF bytes accepted after the declared end
	// holdBack is how many bytes at the end of what is buffered are not
	// given out before more is known: a boundary's line ends and its
	// version line, whole.
	holdBack = 4 + maxVersionLine + 4
)

// blockReader reads a record's content (see "Where a record ends").
type blockReader struct {
	r        *Reader
	off      int64 // the record's offset
	length   int64 // Content-Length
	end      int64 // where the content ends: length, or less once cut
	max      int64 // Limits.Record: the most bytes Read gives
	pos      int64 // content bytes consumed
	clean    int64 // bytes from pos known to be content, not to scan again
	cand     int64 // content offset where a boundary cuts, or -1
	endErr   error // returned at end instead of io.EOF (a truncation)
	verified bool  // the bytes after length end a record
	overrun  bool  // the content was cut at a boundary before length
	limited  bool  // Read stopped at max
	stale    bool  // Next was called again
	err      error // sticky error returned by Read (reported once)
}

func (b *blockReader) Read(p []byte) (int, error) {
	if b.stale {
		return 0, errStale
	}
	if b.err != nil {
		return 0, b.err
	}
	buf, err := b.chunk()
	if err != nil {
		if err != io.EOF {
			b.err = err
		}
		return 0, err
	}
	if b.pos >= b.max {
		b.limited = true
		b.err = &Error{b.r.name, b.off, fmt.Errorf("%w: content cut after %d bytes: %w", ErrTooLarge, b.max, &limits.Error{Limit: "Record", Max: b.max})}
		return 0, b.err
	}
	if rest := b.max - b.pos; int64(len(buf)) > rest {
		buf = buf[:rest]
	}
	n := copy(p, buf)
	b.consume(n)
	return n, nil
}

// consume marks n bytes of the last chunk as read.
func (b *blockReader) consume(n int) {
	b.r.s.discard(n)
	b.pos += int64(n)
	b.clean -= int64(n)
}

// chunk returns the next content bytes, buffered in the stream, without
// consuming them; at the end of the content io.EOF (or endErr), or an
// *Error of the stream.
func (b *blockReader) chunk() ([]byte, error) {
	s := &b.r.s
	for b.clean == 0 {
		switch {
		case b.pos == b.end:
			if b.endErr != nil {
				return nil, b.endErr
			}
			return nil, io.EOF
		case b.verified:
			b.clean = b.end - b.pos
		case b.cand == b.pos:
			b.cand = -1
			if b.verify() {
				b.verified = true
				continue
			}
			b.end, b.overrun = b.pos, true
		default:
			b.scan()
		}
	}
	buf := s.buffered()
	if len(buf) == 0 && !s.more() {
		// Only in verified content: the look-ahead saw the bytes, so
		// this is a failure of the source.
		err := s.err
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, b.r.streamErr(err, b.off)
	}
	if int64(len(buf)) > b.clean {
		buf = buf[:b.clean]
	}
	return buf, nil
}

// scan looks for a record boundary in the buffered content after pos and
// sets clean (and cand) accordingly.
func (b *blockReader) scan() {
	s := &b.r.s
	rem := b.end - b.pos
	win := s.fill(int(min(rem, holdBack+1)))
	if int64(len(win)) > rem {
		win = win[:rem]
	}
	final := int64(len(win)) == rem
	ended := !final && s.err != nil // the stream ends inside the content
	if c := findBoundary(win, b.pos == 0); c >= 0 {
		b.cand, b.clean = b.pos+int64(c), int64(c)
		return
	}
	switch {
	case final:
		b.clean = int64(len(win))
	case ended:
		// The line ends before the end of the stream are the trailer.
		t := len(win)
		if s.err == io.EOF {
			t = trimLineEnds(win, len(win))
		}
		b.end, b.clean = b.pos+int64(t), int64(t)
		b.endErr = b.r.streamErr(s.err, b.off)
	default:
		b.clean = int64(len(win) - holdBack)
	}
}

// verify looks ahead from a boundary found at pos to the declared end of
// the content, and reports whether the bytes there end a record.
func (b *blockReader) verify() bool {
	s := &b.r.s
	rest := b.end - b.pos
	if rest > b.r.lookahead-maxTrailer-maxVersionLine {
		return false
	}
	win := s.fill(int(rest) + maxTrailer + maxVersionLine)
	if int64(len(win)) <= rest {
		return false // the stream ends first
	}
	t := win[rest:]
	i := 0
	for i < len(t) && i < maxTrailer && (t[i] == '\r' || t[i] == '\n') {
		i++
	}
	switch {
	case i == 0:
		return false
	case i == len(t):
		return s.err == io.EOF
	}
	return isVersionLine(t[i:])
}

// findBoundary returns where the content in win is cut by the first record
// boundary in it (the start of the line ends before the version line), or
// -1. start says win begins the content; otherwise its first bytes were
// seen whole by the previous scan.
func findBoundary(win []byte, start bool) int {
	from := 0
	if !start {
		from = holdBack - maxVersionLine
	}
	for i := from; i < len(win); {
		j := bytes.Index(win[i:], []byte("WARC/"))
		if j < 0 {
			return -1
		}
		v := i + j
		if v >= from && blankBefore(win, v, start) && isVersionLine(win[v:]) {
			return trimLineEnds(win, v)
		}
		i = v + 1
	}
	return -1
}

// blankBefore reports whether the line before the one starting at v is
// empty; the start of the content counts as following the header's blank
// line.
func blankBefore(win []byte, v int, start bool) bool {
	if v == 0 {
		return start
	}
	if win[v-1] != '\n' {
		return false
	}
	k := v - 1 // the line before runs from after the previous '\n' to k
	if k > 0 && win[k-1] == '\r' {
		k--
	}
	if k == 0 {
		return start
	}
	return win[k-1] == '\n'
}

// trimLineEnds returns i less up to two line ends (CRLF or LF) before it.
func trimLineEnds(win []byte, i int) int {
	for k := 0; k < 2 && i > 0 && win[i-1] == '\n'; k++ {
		i--
		if i > 0 && win[i-1] == '\r' {
			i--
		}
	}
	return i
}

// isVersionLine reports whether b begins with a whole version line:
// "WARC/" 1*4DIGIT "." 1*4DIGIT, then CRLF or LF (WARC/1.1 section 4).
func isVersionLine(b []byte) bool {
	if !bytes.HasPrefix(b, []byte("WARC/")) {
		return false
	}
	b = b[5:]
	digits := func() bool {
		n := 0
		for n < len(b) && n < 5 && b[n] >= '0' && b[n] <= '9' {
			n++
		}
		b = b[n:]
		return n >= 1 && n <= 4
	}
	if !digits() || len(b) == 0 || b[0] != '.' {
		return false
	}
	b = b[1:]
	if !digits() {
		return false
	}
	return bytes.HasPrefix(b, []byte("\n")) || bytes.HasPrefix(b, []byte("\r\n"))
}
