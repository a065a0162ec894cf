package base

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/header"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/limits"
)

// ErrTooDeep is wrapped by the PartError of an entity nested deeper than
// Limits.Depth, together with the *limits.Error.
var ErrTooDeep = errors.New("MIME entities nested too deep")

// Sentinels wrapped by the PartError of an entity whose header breaks
// the grammar or a bound of docs/design.md#headers, for errors.Is: one
// reader of header blocks makes them for MIME entities, WARC records and
// HTTP headers alike (a WARC record's are named by package archive).
var (
	// ErrHeaderMalformed: a line that is neither a field, a continuation
	// nor the empty line.
	ErrHeaderMalformed = header.ErrMalformed
	// ErrHeaderContinuation: a continuation line before any field.
	ErrHeaderContinuation = header.ErrContinuation
	// ErrHeaderLineTooLong: a line longer than Limits.HeaderLine (a
	// *limits.Error is wrapped too).
	ErrHeaderLineTooLong = header.ErrLineTooLong
	// ErrHeaderTooLarge: a header larger than Limits.HeaderBlock (a
	// *limits.Error is wrapped too).
	ErrHeaderTooLarge = header.ErrTooLarge
)

// A PartError reports a problem with one entity of a message.
type PartError struct {
	Position string // the entity's position, "" for the message itself
	// Offset is the byte offset in the message where the problem is.
	// Inside a multipart/* or message/* entity that has a transfer
	// encoding (which RFC 2045 section 6.4 forbids, but which is decoded
	// all the same) it is the offset of that entity's encoded body.
	Offset int64
	Err    error
}

// Error names the part ("message" for the message itself), the offset
// and the problem.
func (e *PartError) Error() string {
	where := "message"
	if e.Position != "" {
		where = "part " + e.Position
	}
	return where + " at byte " + strconv.FormatInt(e.Offset, 10) + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *PartError) Unwrap() error { return e.Err }

// A Part is a leaf entity of a message: one that is neither multipart/*
// nor an encapsulated message.
type Part struct {
	// Position is where the part is in the message, as in IMAP: "" for
	// the body of a message that is not multipart, "2.1" for the first
	// part of the second part of a multipart message. A message/rfc822
	// part's encapsulated message takes the part's own position, and its
	// parts are numbered below it.
	Position string
	Header   textproto.MIMEHeader
	// MediaType is the lower-case media type of Content-Type, or its
	// default when absent: text/plain, or message/rfc822 in a
	// multipart/digest (RFC 2046 section 5.1.5).
	MediaType string
	Params    map[string]string // the Content-Type parameters
	// Base is the part's base: its own header's (section 3.1), else its
	// enclosing entity's (section 3.2), else the retrieval URL given to
	// the walk (section 3.3), else none.
	Base Base
	// BaseErr reports a base header of the part or of an enclosing
	// entity that was not used, malformed (a *HeaderError) or not
	// established (a *FallbackError: see Base.Within), wrapped in a
	// *PartError: Base is what the rules further out give.
	BaseErr error
	// Body reads the part's content, its Content-Transfer-Encoding
	// (base64 or quoted-printable) decoded, streaming. Past Limits.Record
	// decoded bytes it returns a *PartError wrapping a *limits.Error
	// instead; a body its transfer encoding cannot decode (base64 with a
	// byte outside its alphabet, or cut inside a group) or that ends
	// early (a multipart cut short) gives a *PartError naming the part
	// and the encoding, wrapping the error (base64.CorruptInputError,
	// io.ErrUnexpectedEOF). It is valid only during the call that
	// receives the Part.
	Body io.Reader
}

// A Walker walks the entity tree of MIME messages (RFC 2045, RFC 2046),
// streaming: the memory a message costs is bounded by the limits, not by
// the message. The zero Walker is ready to use.
type Walker struct {
	// Limits bound each entity (zero fields are the defaults):
	// HeaderLine each line of a header (a folded field's lines counted
	// one by one), HeaderBlock a whole header, Depth the nesting of
	// multipart/* and message/* entities, Record the decoded body of a
	// part. Preamble, epilogue and body lines may have any length.
	Limits limits.Limits
	// Spec is the specification that resolves a relative base header
	// against the base of the enclosing entity (see Base.Within); the
	// zero value is RFC 1808. One the specification rejects, or one
	// longer than Limits.URL, is not used: the enclosing base stands,
	// and Part.BaseErr holds the *FallbackError.
	Spec relurl.Spec
}

// WalkMessage walks the message read from r with a zero Walker.
func WalkMessage(r io.Reader, outer Base, fn func(*Part) error) error {
	var w Walker
	return w.WalkMessage(r, outer, fn)
}

// WalkMessage reads a message (an RFC 822 header, a blank line and a
// body) from r and calls fn for each leaf part in order, streaming. outer
// is the base of the layer that holds the message: its retrieval URL, or
// none. Each part's base is established by section 3.1 and 3.2 of RFC
// 1808: its own Base, Content-Base or Content-Location header, else the
// base of the entity enclosing it, recursively; a relative header value is
// resolved against the base of the next layer out by w.Spec (Base.Within).
//
// An error returned by fn stops the walk and is returned. A malformed
// entity (a header line or header beyond the limits or without a colon,
// a multipart without its boundary, a truncated body, nesting deeper than
// Limits.Depth) is a *PartError naming it and its offset; the walk goes on
// with the next part of the enclosing multipart entity, if any. The
// errors are returned at the end, joined by errors.Join when there are
// several (at most 100 are kept, and then a count of the rest).
func (w *Walker) WalkMessage(r io.Reader, outer Base, fn func(*Part) error) error {
	wk := newWalk(w, fn)
	src := &source{br: bufio.NewReaderSize(r, bufSize), exact: true}
	wk.message(src, outer, nil, "", 0)
	return wk.result()
}

// WalkEntity walks an entity whose header h has already been read, such
// as an HTTP response's, with body as its (still encoded) body.
func (w *Walker) WalkEntity(h textproto.MIMEHeader, body io.Reader, outer Base, fn func(*Part) error) error {
	wk := newWalk(w, fn)
	src := &source{br: bufio.NewReaderSize(body, bufSize), exact: true}
	wk.report(wk.entity(h, src, outer, nil, "", "text/plain", 0))
	return wk.result()
}

// bufSize is the buffer of each level of a walk: a multipart body is
// scanned for its delimiter a buffer at a time.
const bufSize = 32 << 10

// maxBoundary is the longest multipart boundary accepted: RFC 2046
// section 5.1.1 allows 70 bytes, some senders write more, and the
// delimiter must fit well in a buffer to be found.
const maxBoundary = 1000

// maxErrors is how many errors of one walk are kept; a message with
// millions of broken parts must not hold millions of errors.
const maxErrors = 100

type walk struct {
	fn      func(*Part) error
	stop    error // fn's error, which ended the walk
	lim     limits.Limits
	spec    relurl.Spec
	errs    []error
	dropped int
	hr      header.Reader   // reads every header of the walk
	lines   header.BufLines // its source, reused
	// bufs[kind][depth] is the buffer of the source read at that depth,
	// reused from one part to the next: kind 0 reads a part, kind 1 a
	// transfer-decoded composite entity.
	bufs [2][]*bufio.Reader
}

// fnError marks an error of the caller's function, which ends the walk.
type fnError struct{ err error }

func (e *fnError) Error() string { return e.err.Error() }

func newWalk(w *Walker, fn func(*Part) error) *walk {
	lim := w.Limits.Resolve()
	return &walk{fn: fn, lim: lim, spec: w.Spec, hr: header.Reader{MaxLine: lim.HeaderLine, MaxBlock: lim.HeaderBlock}}
}

func (wk *walk) report(err error) {
	if fe, ok := err.(*fnError); ok {
		wk.stop = fe.err
		return
	}
	switch {
	case err == nil:
	case len(wk.errs) < maxErrors:
		wk.errs = append(wk.errs, err)
	default:
		wk.dropped++
	}
}

func (wk *walk) result() error {
	if wk.dropped > 0 {
		wk.errs = append(wk.errs, fmt.Errorf("%d more errors in the message not shown", wk.dropped))
	}
	if wk.stop != nil {
		wk.errs = append(wk.errs, wk.stop)
	}
	if len(wk.errs) == 1 {
		return wk.errs[0]
	}
	return errors.Join(wk.errs...)
}

// buffer returns a buffer of at least size bytes reading r, reused for the
// sources of one kind at one depth: only one of them is read at a time.
func (wk *walk) buffer(kind, depth int, r io.Reader, size int) *bufio.Reader {
	bufs := &wk.bufs[kind]
	for len(*bufs) <= depth {
		*bufs = append(*bufs, nil)
	}
	br := (*bufs)[depth]
	if br == nil || br.Size() < size {
		br = bufio.NewReaderSize(r, size)
		(*bufs)[depth] = br
	}
	br.Reset(r)
	return br
}

// source is the stream an entity is read from, with the bytes read
// counted so that errors can give offsets in the message.
type source struct {
	br    *bufio.Reader
	start int64 // offset in the message of the stream's first byte
	n     int64 // bytes read from br
	exact bool  // the stream is the message's bytes, not decoded ones
}

func (s *source) Read(p []byte) (int, error) {
	k, err := s.br.Read(p)
	s.n += int64(k)
	return k, err
}

// pos returns the offset in the message of the next byte of s.
func (s *source) pos() int64 {
	if s.exact {
		return s.start + s.n
	}
	return s.start
}

// message reads an entity's header from src and walks the entity.
func (wk *walk) message(src *source, outer Base, baseErr error, pos string, depth int) {
	h, err := wk.header(src, pos)
	if err != nil {
		wk.report(err)
		return
	}
	wk.report(wk.entity(h, src, outer, baseErr, pos, "text/plain", depth))
}

// header reads a header (RFC 5322 section 2.2, RFC 2045) up to and
// including its blank line, or to the end of src (a header cut short
// leaves an empty body), with the one header reader of relurl (package
// internal/header, docs/design.md#headers): folded lines joined with one
// space in time linear in the header, each line and the header within
// the limits.
func (wk *walk) header(src *source, pos string) (textproto.MIMEHeader, error) {
	h := make(textproto.MIMEHeader)
	start := src.pos()
	wk.lines.R = src.br
	_, err := wk.hr.Read(entityLines{&wk.lines, src}, 0, func(name, value []byte) error {
		key := textproto.CanonicalMIMEHeaderKey(string(name))
		h[key] = append(h[key], string(value))
		return nil
	})
	var he *header.Error
	switch {
	case err == nil || err == io.EOF:
		return h, nil
	case errors.As(err, &he):
		if src.exact {
			start += int64(he.Offset)
		}
		return nil, &PartError{Position: pos, Offset: start, Err: he}
	}
	return nil, &PartError{Position: pos, Offset: src.pos(), Err: fmt.Errorf("header cut short: %w", err)}
}

// entityLines gives the lines of src to the header reader, counting the
// bytes read.
type entityLines struct {
	lines *header.BufLines
	src   *source
}

func (l entityLines) ReadLine(max int) ([]byte, int, error) {
	line, n, err := l.lines.ReadLine(max)
	l.src.n += int64(n)
	return line, n, err
}

// entity walks one entity at position pos, depth levels below the message,
// its header h read and its body the rest of src.
func (wk *walk) entity(h textproto.MIMEHeader, src *source, outer Base, baseErr error, pos, defaultType string, depth int) error {
	fail := func(err error) error { return &PartError{Position: pos, Offset: src.pos(), Err: err} }
	if depth > wk.lim.Depth {
		return fail(fmt.Errorf("%w: %w", ErrTooDeep, &limits.Error{Limit: "Depth", Max: int64(wk.lim.Depth)}))
	}
	// Section 3.1: a base embedded in the entity's own header; else the
	// enclosing entity's (3.2), which outer already is.
	b, _, err := MessageHeader(h, outer, wk.spec, wk.lim)
	if err != nil && baseErr == nil {
		baseErr = fail(err)
	}
	mediaType, params := defaultType, map[string]string(nil)
	if ct := h.Get("Content-Type"); ct != "" {
		mediaType, params, err = mime.ParseMediaType(ct)
		if err != nil {
			return fail(fmt.Errorf("Content-Type %s: %w", quote.Excerpt(ct, len(ct)), err))
		}
	}
	body, cte, err := decodeTransfer(h, src)
	if err != nil {
		return fail(err)
	}
	multipart := strings.HasPrefix(mediaType, "multipart/")
	message := mediaType == "message/rfc822" || mediaType == "message/global" || mediaType == "message/news"
	if !multipart && !message {
		body = &recordCap{lr: limits.NewReader(body, "Record", wk.lim.Record), pos: pos, off: src.pos(), cte: cte}
		if err := wk.fn(&Part{Position: pos, Header: h, MediaType: mediaType, Params: params, Base: b, BaseErr: baseErr, Body: body}); err != nil {
			return &fnError{err}
		}
		return nil
	}
	if cte != "" {
		src = &source{br: wk.buffer(1, depth, body, bufSize), start: src.pos()}
	}
	if multipart {
		return wk.multipart(src, b.enclosed(), baseErr, pos, mediaType, params, depth)
	}
	mh, err := wk.header(src, pos)
	if err != nil {
		return err
	}
	return wk.entity(mh, src, b.enclosed(), baseErr, pos, "text/plain", depth+1)
}

// multipart walks the parts of a multipart entity whose body is the rest
// of src (RFC 2046 section 5.1.1). A part that fails is reported and the
// walk goes on with the next: the delimiters still frame it.
func (wk *walk) multipart(src *source, b Base, baseErr error, pos, mediaType string, params map[string]string, depth int) error {
	boundary := params["boundary"]
	if boundary == "" {
		return &PartError{Position: pos, Offset: src.pos(), Err: fmt.Errorf("%s without a boundary parameter", mediaType)}
	}
	if len(boundary) > maxBoundary {
		return &PartError{Position: pos, Offset: src.pos(), Err: fmt.Errorf("%s boundary of %d bytes %s, longer than %d", mediaType, len(boundary), quote.Excerpt(boundary, len(boundary)), maxBoundary)}
	}
	childType := "text/plain"
	if mediaType == "multipart/digest" {
		childType = "message/rfc822"
	}
	pr := &partReader{src: src, delim: []byte("\n--" + boundary)}
	// The preamble, of any length, up to the first delimiter.
	if _, err := io.Copy(io.Discard, pr); err != nil {
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			// A body that cannot be read (an encoded multipart whose
			// base64 is corrupt) is that, not a missing boundary.
			return &PartError{Position: pos, Offset: src.pos(), Err: fmt.Errorf("%s unreadable before its first delimiter (boundary %s): %w", mediaType, quote.Excerpt(boundary, len(boundary)), err)}
		}
		return &PartError{Position: pos, Offset: src.pos(), Err: fmt.Errorf("%s with no part (boundary %s not found)", mediaType, quote.Excerpt(boundary, len(boundary)))}
	}
	// One buffer for the parts in turn: it holds no more than one part.
	child := &source{br: wk.buffer(0, depth, pr, max(bufSize, 2*len(pr.delim)+8))}
	truncated := func(pos string, err error) error {
		return &PartError{Position: pos, Offset: src.pos(), Err: fmt.Errorf("%s truncated: no closing delimiter (boundary %s): %w", mediaType, quote.Excerpt(boundary, len(boundary)), err)}
	}
	for i := 1; ; i++ {
		last, err := pr.delimiter()
		if err != nil {
			return truncated(pos, err)
		}
		if last {
			return nil
		}
		childPos := strconv.Itoa(i)
		if pos != "" {
			childPos = pos + "." + childPos
		}
		pr.next()
		child.br.Reset(pr)
		child.start, child.n, child.exact = src.pos(), 0, src.exact
		h, err := wk.header(child, childPos)
		inHeader := err != nil
		if err == nil {
			err = wk.entity(h, child, b, baseErr, childPos, childType, depth+1)
		}
		if _, ok := err.(*fnError); ok {
			return err
		}
		// The rest of the part, whatever the walk of it read.
		_, rest := io.Copy(io.Discard, pr)
		switch {
		case rest == nil:
			wk.report(err)
		case errors.Is(err, io.ErrUnexpectedEOF) && !inHeader:
			return err // a multipart inside was cut: its error names the part
		default:
			if !errors.Is(err, io.ErrUnexpectedEOF) {
				wk.report(err)
			}
			if src.pos() == child.start {
				childPos = pos // nothing of the part: the multipart is cut
			}
			return truncated(childPos, rest)
		}
	}
}

// partReader reads one part of a multipart body: the bytes up to the next
// delimiter, CRLF "--" boundary at the start of a line (RFC 2046 section
// 5.1.1; a bare LF is taken for CRLF). It scans a buffer at a time, so a
// line of any length costs no more memory than the buffer.
type partReader struct {
	src   *source
	delim []byte // "\n--boundary"
	ready int    // bytes known to be part content, not yet read
	begun bool   // a byte of this part has been scanned
	found bool   // the delimiter follows the ready bytes
	err   error  // the error after the ready bytes
}

// next starts the part after a delimiter line.
func (p *partReader) next() { p.ready, p.begun, p.found, p.err = 0, false, false, nil }

func (p *partReader) Read(b []byte) (int, error) {
	for p.ready == 0 {
		if p.found {
			return 0, io.EOF
		}
		if p.err != nil {
			return 0, p.err
		}
		p.scan()
	}
	k, _ := p.src.Read(b[:min(len(b), p.ready)]) // buffered: no error
	p.ready -= k
	return k, nil
}

// scan finds how many buffered bytes are content.
func (p *partReader) scan() {
	br := p.src.br
	// Scan what is buffered while it is enough to decide: filling the
	// buffer first would move its bytes for every small part.
	var buf []byte
	var err error
	if n := br.Buffered(); n >= 2*len(p.delim)+8 {
		buf, _ = br.Peek(n)
	} else {
		buf, err = br.Peek(br.Size())
	}
	if dash := p.delim[1:]; !p.begun && bytes.HasPrefix(buf, dash) && delimEnds(buf, len(dash)) {
		// A part or preamble that is empty: the delimiter starts it.
		p.found = true
		return
	}
	p.begun = true
	for i := 0; ; {
		j := bytes.Index(buf[i:], p.delim)
		if j < 0 {
			break
		}
		j += i
		end := j
		if end > 0 && buf[end-1] == '\r' {
			end--
		}
		if k := j + len(p.delim); k+1 >= len(buf) && err == nil {
			// The bytes after "--boundary" decide, and they are not
			// buffered yet: take the content before it, scan again.
			p.ready = end
			return
		} else if delimEnds(buf, k) {
			p.ready, p.found = end, true
			return
		}
		i = j + 1
	}
	if err != nil {
		// The end of the stream without a delimiter: all is content,
		// then the part is truncated.
		p.ready = len(buf)
		if p.err = err; err == io.EOF {
			p.err = io.ErrUnexpectedEOF
		}
		return
	}
	// Keep back what could be the start of a delimiter, CR included.
	p.ready = len(buf) - len(p.delim) - 1
}

// delimEnds reports whether the "--boundary" ending at buf[i] is a
// delimiter: followed by "--", transport padding, a line break or the end
// of the stream, not by more of a longer boundary.
func delimEnds(buf []byte, i int) bool {
	if i >= len(buf) {
		return true
	}
	switch buf[i] {
	case ' ', '\t', '\r', '\n':
		return true
	case '-':
		return i+1 >= len(buf) || buf[i+1] == '-'
	}
	return false
}

// delimiter reads the delimiter line the part reader stopped at and
// reports whether it is the close delimiter. An error means the body
// ended without one.
func (p *partReader) delimiter() (last bool, err error) {
	if !p.found {
		return false, p.err
	}
	br := p.src.br
	skip := func(n int) { d, _ := br.Discard(n); p.src.n += int64(d) }
	if c, _ := br.Peek(2); bytes.Equal(c, []byte("\r\n")) {
		skip(2)
	} else if len(c) > 0 && c[0] == '\n' {
		skip(1)
	}
	skip(len(p.delim) - 1)
	if c, _ := br.Peek(2); bytes.Equal(c, []byte("--")) {
		skip(2)
		return true, nil
	}
	// Transport padding to the end of the line, of any length.
	for {
		line, err := br.ReadSlice('\n')
		p.src.n += int64(len(line))
		switch err {
		case nil:
			return false, nil
		case bufio.ErrBufferFull:
		case io.EOF:
			return false, io.ErrUnexpectedEOF
		default:
			return false, err
		}
	}
}

// recordCap passes a part's body through the capped reader of package
// limits, its errors a PartError naming the part at pos, its body at off:
// the limit, and a body its transfer encoding cte cannot decode (RFC 2045
// sections 6.7 and 6.8) or that ends early.
type recordCap struct {
	lr  *limits.Reader
	pos string
	off int64
	cte string // "base64" or "quoted-printable", "" when not encoded
}

func (c *recordCap) Read(p []byte) (int, error) {
	n, err := c.lr.Read(p)
	switch e := err.(type) {
	case nil:
	case *limits.Error:
		err = &PartError{Position: c.pos, Offset: c.off, Err: fmt.Errorf("body %w", e)}
	default:
		if err != io.EOF {
			what := "body"
			if c.cte != "" {
				what = c.cte + " body"
			}
			err = &PartError{Position: c.pos, Offset: c.off, Err: fmt.Errorf("%s: %w", what, err)}
		}
	}
	return n, err
}

// decodeTransfer undoes the entity's Content-Transfer-Encoding (RFC 2045
// section 6); cte names it, "" for the identity encodings, which pass the
// body through.
func decodeTransfer(h textproto.MIMEHeader, body io.Reader) (r io.Reader, cte string, err error) {
	cte = ascii.Lower(strings.TrimSpace(h.Get("Content-Transfer-Encoding")))
	switch cte {
	case "", "7bit", "8bit", "binary":
		return body, "", nil
	case "base64":
		// The decoder skips the line breaks; other white space is not
		// allowed by RFC 2045 but common, so drop it too.
		return base64.NewDecoder(base64.StdEncoding, spaceDropper{body}), cte, nil
	case "quoted-printable":
		return quotedprintable.NewReader(&qpSplitter{r: body}), cte, nil
	}
	return nil, "", fmt.Errorf("unknown Content-Transfer-Encoding %s", quote.Excerpt(cte, len(cte)))
}

// qpLine is the longest line qpSplitter passes: well under the 4 KiB line
// buffer of mime/quotedprintable, which fails on a longer line ("bufio:
// buffer full") and would lose the rest of the part. RFC 2045 section 6.7
// allows 76 bytes; a hostile or careless sender writes more.
const qpLine = 2000

// qpSplitter breaks the lines of a quoted-printable stream longer than
// qpLine with soft line breaks ("=" LF, which decode to nothing), never
// inside an "=XX" escape or between "=" and the line break of a soft
// break.
type qpSplitter struct {
	r   io.Reader
	raw [4096]byte
	src []byte // read, not passed on yet
	err error
	col int // bytes since the last line break
	esc int // bytes of an escape still to come after "="
	ws  int // white space after "=": padding of a soft break, up to a point
}

func (s *qpSplitter) Read(p []byte) (int, error) {
	for len(s.src) == 0 {
		if s.err != nil {
			return 0, s.err
		}
		var n int
		n, s.err = s.r.Read(s.raw[:])
		s.src = s.raw[:n]
	}
	if len(p) < 3 {
		// No room for a soft break and a byte: pass one byte at most.
		if len(p) == 0 || s.col >= qpLine {
			return 0, nil
		}
	}
	n := 0
	for len(s.src) > 0 && n < len(p) {
		c := s.src[0]
		if s.col >= qpLine && s.esc == 0 && c != '\r' && c != '\n' {
			if n+3 > len(p) {
				break
			}
			p[n], p[n+1] = '=', '\n'
			n += 2
			s.col = 0
		}
		p[n] = c
		n++
		s.src = s.src[1:]
		s.col++
		switch {
		case c == '\n':
			s.col, s.esc = 0, 0
		case c == '=':
			s.esc, s.ws = 2, 0
		case s.esc > 0 && (c == ' ' || c == '\t' || c == '\r'):
			if s.ws++; s.ws > 64 {
				s.esc = 0 // not a soft break's padding any more
			}
		case s.esc > 0:
			s.esc--
		}
	}
	return n, nil
}

// spaceDropper removes spaces and tabs from a base64 stream.
type spaceDropper struct{ r io.Reader }

func (s spaceDropper) Read(p []byte) (int, error) {
	for {
		n, err := s.r.Read(p)
		j := 0
		for _, c := range p[:n] {
			if c != ' ' && c != '\t' {
				p[j] = c
				j++
			}
		}
		if j > 0 || err != nil {
			return j, err
		}
	}
}
