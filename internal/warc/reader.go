package warc

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A Reader reads the records of one WARC file in order. It detects gzip
// compression from the first two bytes (RFC 1952 section 2.3.1). A Reader
// is not safe for concurrent use: run one per file.
type Reader struct {
	name   string
	src    io.Reader
	seeker io.Seeker // src as a seeker, nil when it cannot seek

	fb *bufio.Reader // buffers src
	cr countReader   // counts the bytes of src consumed; the gzip decoder reads it exactly
	zr gzip.Reader   // decodes the current gzip member
	br *bufio.Reader // the record stream: over zr (gzip) or cr (plain)

	scratch []byte
	httpBR  *bufio.Reader // reused by ReadHTTPResponse

	started  bool
	gz       bool
	inMember bool  // gzip: a member is open in zr
	member   int64 // gzip: offset of the current (or last) member
	need     need  // how to find the next record after an error
	cur      *blockReader
	done     bool
}

// need says what the next call to Next must do before reading a record.
type need int

const (
	needNothing need = iota
	needLine         // skip to the next line beginning "WARC/"
	needMember       // skip to the next gzip member
)

// NewReader returns a Reader of the WARC file read from r. name is used only
// in errors. When r is an io.Seeker (an *os.File of a regular file), offsets
// count from its current position as the file's, and a corrupt gzip member
// is searched again for the next member from its own start.
func NewReader(r io.Reader, name string) *Reader {
	wr := &Reader{name: name, src: r}
	if s, ok := r.(io.Seeker); ok {
		if pos, err := s.Seek(0, io.SeekCurrent); err == nil {
			wr.seeker = s
			wr.cr.n = pos
		}
	}
	wr.fb = bufio.NewReaderSize(r, 64<<10)
	wr.cr.br = wr.fb
	wr.br = bufio.NewReaderSize(nil, 32<<10)
	return wr
}

// Next returns the next record. At the end of the file it returns io.EOF.
//
// Any other error is an *Error about one record or gzip member; Next may
// be called again and goes on with the next record found. An I/O error of
// the underlying reader is returned once, after which Next returns io.EOF.
// So a loop reading until io.EOF and reporting every other error reads all
// that can be read.
//
// A record of a type requiring WARC-Target-URI but lacking it is skipped
// with ErrMissingTargetURI.
func (r *Reader) Next() (*Record, error) {
	if r.done {
		return nil, io.EOF
	}
	rec, err := r.next()
	if err == io.EOF {
		r.done = true
	}
	if e, ok := err.(*Error); ok && errors.Is(e.Err, ErrIO) {
		r.done = true
	}
	return rec, err
}

func (r *Reader) next() (*Record, error) {
	if !r.started {
		r.started = true
		b, _ := r.fb.Peek(2)
		r.gz = len(b) == 2 && b[0] == 0x1f && b[1] == 0x8b
		if !r.gz {
			r.br.Reset(&r.cr)
		}
	}
	if err := r.finishRecord(); err != nil {
		return nil, err
	}
	for {
		switch r.need {
		case needMember:
			if err := r.findMember(); err != nil {
				return nil, err
			}
		case needLine:
			if err := r.findLine(); err != nil {
				return nil, err
			}
		}
		r.need = needNothing
		if r.gz && !r.inMember {
			if err := r.startMember(); err != nil {
				return nil, err
			}
		}
		off := r.offset()
		_, more, err := r.skipNewlines()
		if err != nil {
			return nil, r.streamErr(err, off)
		}
		if more {
			return r.readRecord()
		}
		if !r.gz {
			return nil, io.EOF
		}
		r.inMember = false // the member ended cleanly: go on with the next
	}
}

// finishRecord skips what is left of the block of the record last
// returned, and the blank lines after it (WARC/1.1 section 4: a record
// ends with two CRLFs).
func (r *Reader) finishRecord() error {
	b := r.cur
	if b == nil {
		return nil
	}
	r.cur = nil
	if b.err != nil {
		// Already reported by Block.Read, which set r.need.
		b.err = errStale
		return nil
	}
	_, err := io.Copy(io.Discard, b)
	b.err = errStale
	if err != nil {
		return err // an *Error from blockReader.Read
	}
	n, more, err := r.skipNewlines()
	if err != nil {
		return r.streamErr(err, b.off)
	}
	if n == 0 && more {
		r.need = needLine
		return &Error{r.name, b.off, fmt.Errorf("%w (Content-Length %d is probably wrong)", ErrTrailer, b.length)}
	}
	return nil
}

var errStale = errors.New("warc: read of a record block after Next")

// offset returns the offset errors and records name: the current gzip
// member's, or in a plain file the position of the next unread byte.
func (r *Reader) offset() int64 {
	if r.gz {
		return r.member
	}
	return r.cr.n - int64(r.br.Buffered())
}

// skipNewlines consumes CR and LF bytes, returning how many, and whether
// the record stream holds more after them.
func (r *Reader) skipNewlines() (n int, more bool, err error) {
	for {
		b, err := r.br.Peek(1)
		if err == io.EOF {
			return n, false, nil
		}
		if err != nil {
			return n, false, err
		}
		if b[0] != '\r' && b[0] != '\n' {
			return n, true, nil
		}
		r.br.Discard(1)
		n++
	}
}

// readRecord reads a record header (WARC/1.1 section 4) at a point where
// the stream holds more than blank lines.
func (r *Reader) readRecord() (*Record, error) {
	off := r.offset()
	line, _, err := readLine(r.br, r.scratch)
	if err != nil {
		return nil, r.headerErr(err, off)
	}
	if !bytes.HasPrefix(line, []byte("WARC/")) {
		r.need = needLine
		return nil, &Error{r.name, off, fmt.Errorf("%w: found %q", ErrVersion, clip(line))}
	}
	version := string(line)
	h, scratch, err := readHeader(r.br, r.scratch)
	r.scratch = scratch
	if err != nil {
		return nil, r.headerErr(err, off)
	}
	cl, ok := h.Lookup("Content-Length")
	length, perr := strconv.ParseInt(cl, 10, 64)
	if !ok || perr != nil || length < 0 || cl[0] == '+' {
		r.need = needLine
		return nil, &Error{r.name, off, fmt.Errorf("%w: %q", ErrContentLength, cl)}
	}
	rec := &Record{
		Offset:        off,
		Version:       version,
		Header:        h,
		Type:          h.Get("WARC-Type"),
		TargetURI:     trimAngles(h.Get("WARC-Target-URI")),
		ID:            h.Get("WARC-Record-ID"),
		ContentType:   h.Get("Content-Type"),
		ContentLength: length,
		r:             r,
	}
	r.cur = &blockReader{r: r, off: off, left: length, length: length}
	rec.Block = r.cur
	if rec.TargetURI == "" && needsTargetURI(rec.Type) {
		// The block is skipped by the next call to Next.
		return nil, &Error{r.name, off, fmt.Errorf("%w in %s record %s", ErrMissingTargetURI, rec.Type, rec.ID)}
	}
	return rec, nil
}

// headerErr turns an error met while reading a record header into an
// *Error, and says how to go on.
func (r *Reader) headerErr(err error, off int64) error {
	if errors.Is(err, ErrHeader) {
		r.need = needLine
		return &Error{r.name, off, err}
	}
	return r.streamErr(err, off)
}

// streamErr turns an error of the record stream (not a format error) met
// inside the record at off into an *Error, and says how to go on.
func (r *Reader) streamErr(err error, off int64) error {
	if r.cr.err != nil {
		return &Error{r.name, off, fmt.Errorf("%w: %v", ErrIO, r.cr.err)}
	}
	switch {
	case err == io.EOF && r.gz:
		// The member ended cleanly inside the record: the next member is
		// where the next record starts.
		r.inMember = false
		return &Error{r.name, off, fmt.Errorf("%w: gzip member ends inside the record", ErrTruncated)}
	case err == io.EOF:
		return &Error{r.name, off, fmt.Errorf("%w: file ends inside the record", ErrTruncated)}
	case r.gz && errors.Is(err, io.ErrUnexpectedEOF):
		r.inMember, r.need = false, needMember
		return &Error{r.name, off, fmt.Errorf("%w: gzip member truncated", ErrTruncated)}
	case r.gz:
		r.inMember, r.need = false, needMember
		return &Error{r.name, off, fmt.Errorf("%w: %v", ErrGzip, err)}
	}
	return &Error{r.name, off, fmt.Errorf("%w: %v", ErrIO, err)}
}

// findLine skips to the next line of the record stream beginning "WARC/",
// or to its end.
func (r *Reader) findLine() error {
	for {
		b, err := r.br.Peek(5)
		if string(b) == "WARC/" {
			return nil
		}
		if err != nil {
			return r.endOfScan(err)
		}
		for {
			_, err = r.br.ReadSlice('\n')
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if err != nil {
			return r.endOfScan(err)
		}
	}
}

// endOfScan handles the end of the record stream met by findLine.
func (r *Reader) endOfScan(err error) error {
	if err != io.EOF {
		return r.streamErr(err, r.offset())
	}
	r.br.Discard(r.br.Buffered())
	if r.gz {
		r.inMember = false
		return nil
	}
	return io.EOF
}

// startMember opens the gzip member at the current position (RFC 1952:
// each member has its own header and trailer, and a WARC writer starts one
// per record so that a record can be read from its offset).
func (r *Reader) startMember() error {
	if _, err := r.fb.Peek(1); err != nil {
		if err == io.EOF {
			return io.EOF
		}
		r.cr.err = err
		return &Error{r.name, r.cr.n, fmt.Errorf("%w: %v", ErrIO, err)}
	}
	r.member = r.cr.n
	if err := r.zr.Reset(&r.cr); err != nil {
		return r.streamErr(err, r.member)
	}
	r.zr.Multistream(false)
	r.br.Reset(&r.zr)
	r.inMember = true
	return nil
}

var gzipMagic = []byte{0x1f, 0x8b, 8} // ID1, ID2, CM=deflate (RFC 1952 section 2.3.1)

// findMember moves to the next gzip member header after the start of the
// current member: from that start when the source can seek, otherwise from
// where decoding stopped.
func (r *Reader) findMember() error {
	from := r.member + 1
	if r.seeker != nil && from < r.cr.n {
		if _, err := r.seeker.Seek(from, io.SeekStart); err == nil {
			r.fb.Reset(r.src)
			r.cr.n = from
		}
	}
	for {
		buf, err := r.fb.Peek(r.fb.Size())
		if i := bytes.Index(buf, gzipMagic); i >= 0 {
			r.cr.discard(i)
			return nil
		}
		if err != nil {
			r.cr.discard(len(buf))
			if err == io.EOF {
				return io.EOF
			}
			r.cr.err = err
			return &Error{r.name, r.cr.n, fmt.Errorf("%w: %v", ErrIO, err)}
		}
		// Keep the last two bytes: they may begin a header.
		r.cr.discard(len(buf) - len(gzipMagic) + 1)
	}
}

// countReader counts the bytes read from br. It is an io.ByteReader so
// that the gzip decoder reads from it exactly the bytes of one member and
// the count is the offset of the next.
type countReader struct {
	br  *bufio.Reader
	n   int64
	err error // the first error of the source other than io.EOF
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.br.Read(p)
	c.n += int64(n)
	c.note(err)
	return n, err
}

func (c *countReader) ReadByte() (byte, error) {
	b, err := c.br.ReadByte()
	if err == nil {
		c.n++
	}
	c.note(err)
	return b, err
}

func (c *countReader) note(err error) {
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
}

func (c *countReader) discard(n int) {
	d, _ := c.br.Discard(n)
	c.n += int64(d)
}

// blockReader reads a record block, reporting a short block as
// ErrTruncated.
type blockReader struct {
	r      *Reader
	off    int64 // the record's offset
	left   int64
	length int64
	err    error
}

func (b *blockReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.br.Read(p)
	b.left -= int64(n)
	if err != nil && !(err == io.EOF && b.left == 0) {
		b.err = b.r.streamErr(err, b.off)
		return n, b.err
	}
	return n, nil
}

// isType reports whether rec's WARC-Type is typ, without regard to case.
func (rec *Record) isType(typ string) bool { return strings.EqualFold(rec.Type, typ) }
