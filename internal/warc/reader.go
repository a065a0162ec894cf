package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/coding"
	"github.com/relurl/relurl/internal/header"
	"github.com/relurl/relurl/internal/inflate"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/limits"
)

// A Reader reads the records of one WARC file in order. It detects gzip
// compression from the first two bytes (RFC 1952 section 2.3.1), zstd
// (the IIPC zstd WARC format, zstd.go) from the first four; a file in
// another compression format it knows is reported with ErrFormat, not
// read as garbage. A Reader is not safe for concurrent use: run one per
// file.
type Reader struct {
	// Limits bounds what one record may cost (zero fields: the defaults
	// of package limits). The Reader reads Record (content, and HTTP
	// payload once decoded), HeaderLine and HeaderBlock (the record
	// header and the HTTP header inside a record). Set it before the
	// first call to Next.
	Limits limits.Limits

	name string
	lim  limits.Limits
	// lookahead is the most bytes held to check where a record ends (see
	// blockReader.verify).
	lookahead int64

	in  input           // the file's bytes, counted
	zb  *bufio.Reader   // gzip: buffers in for zr (decoders read a bufio.Reader fastest)
	zr  inflate.Decoder // decodes the current gzip member (or zstd frame)
	gzr inflate.Decoder // the gzip decoder, kept across files
	s   stream          // the record stream: over zr (gzip) or in (plain)

	httpBR *header.BufLines // reused by ReadHTTPResponse
	codecs coding.Decoder   // reused content decoders
	hr     header.Reader    // reads record and HTTP headers

	started  bool
	gz       bool    // compressed: gzip members or zstd frames, read by zr
	unit     string  // "gzip member" or "zstd frame", in errors
	magic    []byte  // begins a member or frame: findMember looks for it
	corrupt  error   // ErrGzip or ErrZstd
	inMember bool    // gzip: a member is open in zr
	members  members // gzip: the record stream over zr
	member   int64   // gzip: offset of the current (or last) member
	need     need    // how to find the next record after an error
	cur      *blockReader
	done     bool

	// Segmented records (segment.go).
	stash    *Record // the record a Block read instead of a segment, for Next
	stashErr error
	stashed  bool
	firstID  string // the WARC-Record-ID of the first segment last returned
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
// count from its current position as the file's.
func NewReader(r io.Reader, name string) *Reader {
	wr := new(Reader)
	wr.Reset(r, name)
	return wr
}

// Reset makes wr read the WARC file r as NewReader(r, name) would,
// keeping its Limits and its buffers: a program reading many files with
// one Reader allocates them once. Records of the file read before become
// invalid.
//
// The gzip decoder is kept too: a file must give the same records and
// errors whatever was read before it (FuzzReader checks it; the seed in
// testdata/fuzz found klauspost's decoder, used before, reporting a
// damaged member otherwise once Reset after other data), and
// internal/inflate's Reset keeps nothing of a member before
// (TestReuseAfterErrorsMatchesNewReader).
func (wr *Reader) Reset(r io.Reader, name string) {
	var off int64
	if s, ok := r.(io.Seeker); ok {
		if pos, err := s.Seek(0, io.SeekCurrent); err == nil {
			off = pos
		}
	}
	*wr = Reader{Limits: wr.Limits, name: name, in: input{buf: wr.in.buf}, zb: wr.zb, gzr: wr.gzr, s: stream{buf: wr.s.buf}, httpBR: wr.httpBR, hr: wr.hr, codecs: wr.codecs}
	wr.in.init(r, off)
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
//
// The Block of the first segment of a segmented record reads on into its
// continuation records; a continuation record that is not read so is
// skipped, and reported with ErrSegment unless it continues the record
// last returned (whose Block was then not read to its end): see
// segment.go.
func (r *Reader) Next() (*Record, error) {
	if r.done {
		return nil, io.EOF
	}
	var rec *Record
	var err error
	for {
		if r.stashed {
			// The record a segmented record's Block met instead of its
			// next segment (segment.go).
			rec, err, r.stashed = r.stash, r.stashErr, false
			r.stash, r.stashErr = nil, nil
		} else {
			rec, err = r.next()
		}
		if err != nil {
			break
		}
		skip, serr := r.segment(rec)
		if serr != nil {
			rec, err = nil, serr
			break
		}
		if !skip {
			break
		}
	}
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
		r.lim = r.Limits.Resolve()
		r.hr.MaxLine, r.hr.MaxBlock = r.lim.HeaderLine, r.lim.HeaderBlock
		r.lookahead = min(r.lim.Record, maxLookahead) + maxTrailer + maxVersionLine
		r.s.max = 2*max(int(r.lookahead), r.lim.HeaderLine+1) + 2*streamBuf
		damaged, err := r.start()
		if err != nil {
			r.done = true
			return nil, err
		}
		if damaged != nil {
			return nil, damaged
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

// start looks at the first bytes of the file to tell how it is
// compressed, and sets the Reader up to read it. A file that begins as
// no form read does but holds a gzip member or zstd frame of records
// further on (damagedStart) is read from there: damaged reports the
// bytes passed over, and reading goes on. err ends the reading.
func (r *Reader) start() (damaged, err error) {
	b := r.in.peek(8)
	var dict []byte
	switch {
	case len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b:
		r.gz, r.unit, r.magic, r.corrupt = true, "gzip member", gzipMagic, ErrGzip
		if r.gzr == nil {
			r.gzr = newGzipReader()
		}
		r.zr = r.gzr
	case bytes.HasPrefix(b, dictMagic):
		var err error
		if dict, err = readDict(&r.in); err != nil {
			return nil, &Error{r.name, 0, fmt.Errorf("%w: %v", ErrZstd, err)}
		}
		fallthrough
	case bytes.HasPrefix(b, zstdMagic):
		zr, err := newZstdFrames(dict)
		if err != nil {
			return nil, &Error{r.name, 0, fmt.Errorf("%w: dictionary: %v", ErrZstd, err)}
		}
		r.gz, r.unit, r.magic, r.corrupt, r.zr = true, "zstd frame", zstdMagic, ErrZstd, zr
	default:
		if name := otherFormat(b); name != "" {
			return nil, &Error{r.name, 0, fmt.Errorf("%w: the file is compressed with %s", ErrFormat, name)}
		}
		if !bytes.HasPrefix(b, []byte("WARC/")) {
			if n := damagedStart(r.in.peek(rewindWindow)); n > 0 {
				// The file now begins with a member or frame: one of
				// the cases above, which sets unit and corrupt.
				r.in.discard(n)
				if _, err := r.start(); err != nil {
					return nil, err
				}
				return &Error{r.name, 0, fmt.Errorf("%w: the file begins with %d bytes that are not one; read from the %s at offset %d", r.corrupt, n, r.unit, n)}, nil
			}
		}
		r.s.reset(&r.in)
		return nil, nil
	}
	r.in.retain(rewindWindow + zbSize)
	if r.zb == nil {
		r.zb = bufio.NewReaderSize(&r.in, zbSize)
	} else {
		r.zb.Reset(&r.in)
	}
	return nil, nil
}

// maxStartTries bounds the members and frames damagedStart tries to
// decode, so that a file full of magic numbers costs no more than any
// other.
const maxStartTries = 64

// damagedStart returns the offset in head (the first bytes of a file
// that begins as no form the Reader reads) of the first gzip member or
// zstd frame that begins a WARC record (Sniff), or 0. A line beginning
// "WARC" before it (a version line, or a field every record header has:
// WARC-Record-ID, WARC-Type, WARC-Date) makes the file a plain one
// damaged at its start, read from its next version line as before
// (findLine): a compressed file's bytes hold no such line but by
// chance, and a plain file's first record may hold a gzipped WARC. So a
// compressed archive whose first bytes are damaged (the first member's
// magic, a few bytes written over) is not lost whole
// (docs/design.md#per-reader).
func damagedStart(head []byte) int {
	plain := bytes.Index(head, []byte("\nWARC"))
	if plain < 0 {
		plain = len(head)
	}
	for i, tries := 1, 0; i < plain && tries < maxStartTries; i++ {
		j := bytes.IndexAny(head[i:plain], "\x1f\x28")
		if j < 0 {
			break
		}
		i += j
		rest := head[i:]
		if bytes.HasPrefix(rest, gzipMagic) || bytes.HasPrefix(rest, zstdMagic) {
			tries++
			if Sniff(rest) {
				return i
			}
		}
	}
	return 0
}

// finishRecord skips what is left of the content of the record last
// returned, and checks that it ends as a record ends (WARC/1.1 section 4:
// the block, then two CRLFs).
func (r *Reader) finishRecord() error {
	b := r.cur
	if b == nil {
		return nil
	}
	r.cur = nil
	defer func() { b.stale = true }()
	if b.err != nil && !b.limited {
		return nil // already reported by Block.Read, which set r.need
	}
	for {
		buf, err := b.chunk()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err // an *Error from the stream
		}
		b.consume(len(buf))
	}
	switch {
	case b.overrun:
		return &Error{r.name, b.off, fmt.Errorf("%w: Content-Length %d, but a record boundary follows %d bytes of content; the record is cut there", ErrOverrun, b.length, b.end)}
	case b.verified:
		return nil
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
	return r.in.pos() - int64(len(r.s.buffered()))
}

// skipNewlines consumes CR and LF bytes, returning how many, and whether
// the record stream holds more after them.
func (r *Reader) skipNewlines() (n int, more bool, err error) {
	for {
		b := r.s.buffered()
		i := 0
		for i < len(b) && (b[i] == '\r' || b[i] == '\n') {
			i++
		}
		r.s.discard(i)
		n += i
		if i < len(b) {
			return n, true, nil
		}
		if !r.s.more() {
			if r.s.err == io.EOF {
				return n, false, nil
			}
			return n, false, r.s.err
		}
	}
}

// readRecord reads a record header (WARC/1.1 section 4) at a point where
// the stream holds more than blank lines.
func (r *Reader) readRecord() (*Record, error) {
	off := r.offset()
	line, n, err := r.s.ReadLine(r.lim.HeaderLine)
	if err != nil {
		return nil, r.headerErr(lineErr(line, err, r.lim.HeaderLine), off)
	}
	if v := r.s.glued(n); v > 0 {
		r.s.unread(n - v)
		// A record cut in its version line, the next one glued on
		// ("WARWARC/1.1", "WARC/WARC/1.1"): read the next from there.
		return nil, &Error{r.name, off, fmt.Errorf("%w: found %s before a version line: the record is cut there", ErrVersion, quote.Excerpt(line[:v], v))}
	}
	if !bytes.HasPrefix(line, []byte("WARC/")) {
		r.need = needLine
		return nil, &Error{r.name, off, fmt.Errorf("%w: found %s", ErrVersion, quote.Excerpt(line, len(line)))}
	}
	version := string(line)
	var seen [len(unique)]bool
	h, err := readHeader(recordLines{&r.s}, &r.hr, n, func(name, value []byte) error {
		for i, u := range unique {
			if ascii.EqualFold(name, u) {
				if seen[i] {
					return fmt.Errorf("%w: field %s repeated (%s): the header is damaged", ErrHeader, u, quote.Excerpt(value, len(value)))
				}
				seen[i] = true
			}
		}
		return nil
	})
	var glued *gluedError
	switch {
	case errors.As(err, &glued):
		// The version line begins the next record: read it from there.
		r.need = needNothing
		return nil, &Error{r.name, off, fmt.Errorf("%w: %v", ErrHeader, glued)}
	case err != nil:
		return nil, r.headerErr(err, off)
	}
	cl, ok := h.Lookup("Content-Length")
	length, perr := strconv.ParseInt(cl, 10, 64)
	// 1*DIGIT (WARC/1.1, the Content-Length field): ParseInt takes a
	// sign, "+5" and "-0".
	if !ok || perr != nil || cl[0] < '0' || cl[0] > '9' {
		r.need = needLine
		return nil, &Error{r.name, off, fmt.Errorf("%w: %s", ErrContentLength, quote.Excerpt(cl, len(cl)))}
	}
	rec := &Record{
		Offset:        off,
		Version:       version,
		Header:        h,
		Type:          h.Get("WARC-Type"),
		TargetURI:     TrimAngles(h.Get("WARC-Target-URI")),
		ID:            h.Get("WARC-Record-ID"),
		ContentType:   h.Get("Content-Type"),
		ContentLength: length,
		r:             r,
	}
	r.cur = &blockReader{r: r, off: off, length: length, end: length, max: r.lim.Record, cand: -1}
	rec.Block = r.cur
	if rec.TargetURI == "" && needsTargetURI(rec.Type) {
		// The block is skipped by the next call to Next.
		return nil, &Error{r.name, off, fmt.Errorf("%w in %s record %s", ErrMissingTargetURI, rec.Type, quote.Excerpt(rec.ID, len(rec.ID)))}
	}
	return rec, nil
}

// unique are the fields a record header must not repeat that decide which
// record a block belongs to (WARC/1.1 section 5: each field appears once,
// WARC-Concurrent-To excepted). A repeated one is the sign of two
// records' headers run together: taking either value could give one
// record's block another's name, so the header is reported as damaged.
var unique = [...]string{"WARC-Record-ID", "WARC-Target-URI", "WARC-Type", "Content-Length"}

// recordLines gives the lines of a record header from the stream, and
// stops at a version line inside it: a writer that died inside a header
// and appended the next record on restart leaves "WARC/1.1" at the end of
// a field line (or on a line of its own), and the fields after it are the
// next record's (issue 23.2, docs/design.md#per-reader). The version line
// is given back to the stream, so that the next record is read from it.
type recordLines struct{ s *stream }

func (l recordLines) ReadLine(max int) ([]byte, int, error) {
	line, n, err := l.s.ReadLine(max)
	if err != nil {
		return line, n, err
	}
	v := l.s.glued(n)
	if v < 0 {
		return line, n, nil
	}
	l.s.unread(n - v)
	return nil, 0, &gluedError{field: bytes.Clone(line[:min(v, 120)]), version: string(line[v:])}
}

// glued returns where a version line begins in the line just read by
// ReadLine (n bytes with its line end) when one ends it, else -1.
func (s *stream) glued(n int) int {
	// The line was the last thing read: its bytes are still buffered
	// before the read position, line end included.
	return gluedVersion(s.buf[s.r-n : s.r])
}

// unread gives back the last n bytes read, still buffered.
func (s *stream) unread(n int) { s.r -= n }

// gluedError reports a version line found inside a record header.
type gluedError struct {
	field   []byte // the line before the version, cut
	version string
}

func (e *gluedError) Error() string {
	if len(e.field) == 0 {
		return fmt.Sprintf("version line %q inside the header: the record is cut in its header, the next record begins there", e.version)
	}
	return fmt.Sprintf("version line %q at the end of field line %q: the record is cut in its header, the next record begins there", e.version, e.field)
}

// lineErr describes an error of ReadLine for a version or status line.
func lineErr(line []byte, err error, max int) error {
	if long, ok := err.(*header.LongLine); ok {
		return fmt.Errorf("%w: %w", ErrHeader, header.LongError(line, long, max))
	}
	return err
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
	if r.in.ioErr != nil {
		return &Error{r.name, off, fmt.Errorf("%w: %v", ErrIO, r.in.ioErr)}
	}
	switch {
	case err == io.EOF && r.gz:
		// The member ended cleanly inside the record: the next member is
		// where the next record starts.
		r.inMember = false
		return &Error{r.name, off, fmt.Errorf("%w: %s ends inside the record", ErrTruncated, r.unit)}
	case err == io.EOF:
		return &Error{r.name, off, fmt.Errorf("%w: file ends inside the record", ErrTruncated)}
	case r.gz && errors.Is(err, io.ErrUnexpectedEOF):
		r.inMember, r.need = false, needMember
		return &Error{r.name, off, fmt.Errorf("%w: %s truncated", ErrTruncated, r.unit)}
	case r.gz:
		r.inMember, r.need = false, needMember
		return &Error{r.name, off, fmt.Errorf("%w: %v", r.corrupt, err)}
	}
	return &Error{r.name, off, fmt.Errorf("%w: %v", ErrIO, err)}
}

// findLine skips to the next version line of the record stream: a line
// beginning "WARC/", or a version line glued at the end of a line (a
// record cut and the next appended, see recordLines); or to the end of
// the stream. Only the last maxVersionLine bytes of a line are kept while
// its end is looked for, so a plain file, a gzip file and a stream read
// in pieces of any size stop at the same place.
func (r *Reader) findLine() error {
	s := &r.s
	for {
		b := s.fill(5)
		if bytes.HasPrefix(b, []byte("WARC/")) {
			return nil
		}
		for {
			if i := bytes.IndexByte(b, '\n'); i >= 0 {
				if v := gluedVersion(b[:i+1]); v > 0 {
					s.discard(v)
					return nil
				}
				s.discard(i + 1)
				break
			}
			// The line goes on: keep its tail, which may begin a glued
			// version line, and read more.
			if k := len(b) - maxVersionLine; k > 0 {
				s.discard(k)
			}
			if !s.more() {
				return r.endOfScan(s.err)
			}
			b = s.buffered()
		}
	}
}

// gluedVersion returns where a version line begins inside line (its line
// end included) when it ends it, or -1.
func gluedVersion(line []byte) int {
	from := max(0, len(line)-maxVersionLine)
	v := bytes.LastIndex(line[from:], []byte("WARC/"))
	if v < 0 || !isVersionLine(line[from+v:]) {
		return -1
	}
	return from + v
}

// endOfScan handles the end of the record stream met by findLine.
func (r *Reader) endOfScan(err error) error {
	if err != io.EOF {
		return r.streamErr(err, r.offset())
	}
	r.s.discard(len(r.s.buffered()))
	if r.gz {
		r.inMember = false
		return nil
	}
	return io.EOF
}

// startMember opens the gzip member at the current position (RFC 1952:
// each member has its own header and trailer, and a WARC writer starts one
// per record so that a record can be read from its offset), or takes the
// one members opened and found to begin a record.
func (r *Reader) startMember() error {
	m := &r.members
	if m.pending {
		m.pending = false
		r.member = m.off
		r.s.reset(m)
		if err := m.err; err != nil {
			m.err, m.p = nil, nil
			return r.streamErr(err, r.member)
		}
		r.inMember = true
		return nil
	}
	if err := r.skipFrames(); err != nil {
		return r.streamErr(err, r.zpos())
	}
	if _, err := r.zb.Peek(1); err != nil {
		if r.in.ioErr != nil {
			return &Error{r.name, r.zpos(), fmt.Errorf("%w: %v", ErrIO, r.in.ioErr)}
		}
		return io.EOF
	}
	r.member = r.zpos()
	m.r, m.p = r, nil
	r.s.reset(m)
	if err := r.zr.Reset(r.zb); err != nil {
		return r.streamErr(err, r.member)
	}
	r.zr.Multistream(false)
	r.inMember = true
	return nil
}

// members is the record stream of a gzip file: the decompressed bytes of
// the current member, going on into the next member unless that one
// begins a record (docs/design.md#per-reader). A WARC writer makes one
// member per record (WARC/1.1 annex D), and a member that ends inside a
// record whose next member begins with a version line is a truncated
// record; but a block-gzip writer (bgzip) cuts members anywhere, records
// and header lines included, and its members are one stream. So at the end
// of a member the next one is opened and its first bytes looked at: a
// version line ends the record stream there (the Reader starts the next
// member as usual, with these bytes); anything else goes on, the new
// member becoming the current one (the offset of the records starting in
// it).
type members struct {
	r       *Reader
	peek    [maxVersionLine]byte
	p       []byte // bytes of peek not read yet
	pending bool   // the next member is open, and begins a record (or failed)
	off     int64  // its offset
	err     error  // the error met opening it
}

func (m *members) Read(p []byte) (int, error) {
	for {
		if len(m.p) > 0 {
			n := copy(p, m.p)
			m.p = m.p[n:]
			return n, nil
		}
		if m.pending {
			return 0, io.EOF
		}
		n, err := m.r.zr.Read(p)
		switch {
		case err != io.EOF:
			return n, err
		case n > 0:
			return n, nil // the decoder says io.EOF again next time
		}
		if !m.next() {
			return 0, io.EOF
		}
	}
}

// next opens the member after the one that ended, and reports whether it
// goes on with the record stream.
func (m *members) next() bool {
	r := m.r
	if err := r.skipFrames(); err != nil {
		return false // startMember reports it
	}
	if _, err := r.zb.Peek(1); err != nil {
		return false // the end of the file (or an I/O error startMember reports)
	}
	m.pending, m.off, m.err = true, r.zpos(), nil
	if err := r.zr.Reset(r.zb); err != nil {
		m.err = err
		return false
	}
	r.zr.Multistream(false)
	n, err := io.ReadFull(r.zr, m.peek[:])
	m.p = m.peek[:n]
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		m.err = err
		return false
	}
	if isVersionLine(m.p) || n < len(m.peek) && bytes.HasPrefix(m.p, []byte("WARC/")) {
		return false // a record begins: the member ending before is its own
	}
	m.pending = false
	r.member = m.off
	return true
}

// skipFrames passes the skippable frames before a zstd frame (IIPC:
// extension frames, to be ignored); nothing for gzip.
func (r *Reader) skipFrames() error {
	z, ok := r.zr.(*zstdFrames)
	if !ok {
		return nil
	}
	if err := z.skip(r.zb); err != nil && err != io.EOF {
		return err
	}
	return nil
}

// zbSize is the size of the buffer the gzip decoder reads.
const zbSize = 32 << 10

// zpos returns the offset of the next compressed byte the decoder takes.
func (r *Reader) zpos() int64 { return r.in.pos() - int64(r.zb.Buffered()) }

var gzipMagic = []byte{0x1f, 0x8b, 8} // ID1, ID2, CM=deflate (RFC 1952 section 2.3.1)

// findMember moves to the next gzip member header after the start of the
// damaged member: from that start, but no further back than rewindWindow
// before where the decoder stopped (the decoder may have read into the
// next member before it found the damage). The input keeps those bytes,
// so a file and a stream give the same records.
func (r *Reader) findMember() error {
	from := r.member + 1
	if back := r.zpos() - rewindWindow; from < back {
		from = back
	}
	r.in.rewind(from)
	r.zb.Reset(&r.in)
	r.members.pending, r.members.p = false, nil
	for {
		buf := r.in.peek(rewindWindow)
		if i := bytes.Index(buf, r.magic); i >= 0 {
			r.in.discard(i)
			return nil
		}
		if len(buf) < len(r.magic) {
			r.in.discard(len(buf))
			if r.in.ioErr != nil {
				return &Error{r.name, r.in.pos(), fmt.Errorf("%w: %v", ErrIO, r.in.ioErr)}
			}
			return io.EOF
		}
		// Keep the last bytes but one of a magic: they may begin a header.
		r.in.discard(len(buf) - len(r.magic) + 1)
	}
}

// isType reports whether rec's WARC-Type is typ, without regard to case.
func (rec *Record) isType(typ string) bool { return ascii.EqualFold(rec.Type, typ) }
