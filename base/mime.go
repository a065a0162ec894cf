package base

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strconv"
	"strings"
)

// DefaultMaxDepth is the deepest nesting of multipart/* and message/*
// entities that a Walker with MaxDepth 0 follows.
const DefaultMaxDepth = 64

// ErrTooDeep is wrapped by the PartError of an entity nested deeper than
// the Walker's limit.
var ErrTooDeep = errors.New("MIME entities nested too deep")

// A PartError reports a problem with one entity of a message.
type PartError struct {
	Position string // the entity's position, "" for the message itself
	Err      error
}

// Error names the part ("message" for the message itself) and the
// problem.
func (e *PartError) Error() string {
	if e.Position == "" {
		return "message: " + e.Err.Error()
	}
	return "part " + e.Position + ": " + e.Err.Error()
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
	// BaseErr reports a malformed base header of the part or of an
	// enclosing entity. That header was not used: Base is what the rules
	// further out give.
	BaseErr error
	// Body reads the part's content, its Content-Transfer-Encoding
	// (base64 or quoted-printable) decoded. It is valid only during the
	// call that receives the Part.
	Body io.Reader
}

// A Walker walks the entity tree of MIME messages (RFC 2045, RFC 2046).
// The zero Walker is ready to use.
type Walker struct {
	// MaxDepth limits the nesting of multipart/* and message/* entities
	// (0 means DefaultMaxDepth). Deeper nesting is a PartError wrapping
	// ErrTooDeep, not a stack overflow.
	MaxDepth int
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
// resolved against the base of the next layer out.
//
// An error returned by fn stops the walk and is returned. A malformed
// message or part (no header, a multipart without its boundary, a
// truncated body, nesting deeper than MaxDepth) stops the walk with a
// *PartError naming the entity; the parts before it have been walked.
func (w *Walker) WalkMessage(r io.Reader, outer Base, fn func(*Part) error) error {
	br := bufio.NewReader(r)
	h, err := textproto.NewReader(br).ReadMIMEHeader()
	if err != nil {
		return &PartError{Err: fmt.Errorf("reading header: %w", err)}
	}
	return w.WalkEntity(h, br, outer, fn)
}

// WalkEntity walks an entity whose header h has already been read, such
// as an HTTP response's, with body as its (still encoded) body.
func (w *Walker) WalkEntity(h textproto.MIMEHeader, body io.Reader, outer Base, fn func(*Part) error) error {
	max := w.MaxDepth
	if max <= 0 {
		max = DefaultMaxDepth
	}
	wk := walk{fn: fn, max: max}
	return wk.entity(h, body, outer, nil, "", "text/plain", 0)
}

type walk struct {
	fn  func(*Part) error
	max int
}

// entity walks one entity at position pos, depth levels below the message.
func (wk *walk) entity(h textproto.MIMEHeader, body io.Reader, outer Base, baseErr error, pos, defaultType string, depth int) error {
	if depth > wk.max {
		return &PartError{Position: pos, Err: fmt.Errorf("%w (more than %d levels)", ErrTooDeep, wk.max)}
	}
	// Section 3.1: a base embedded in the entity's own header; else the
	// enclosing entity's (3.2), which outer already is.
	b, _, err := MessageHeader(h, outer)
	if err != nil && baseErr == nil {
		baseErr = &PartError{Position: pos, Err: err}
	}
	mediaType, params := defaultType, map[string]string(nil)
	if ct := h.Get("Content-Type"); ct != "" {
		mediaType, params, err = mime.ParseMediaType(ct)
		if err != nil {
			return &PartError{Position: pos, Err: fmt.Errorf("Content-Type %q: %w", ct, err)}
		}
	}
	body, err = decodeTransfer(h, body)
	if err != nil {
		return &PartError{Position: pos, Err: err}
	}
	switch {
	case strings.HasPrefix(mediaType, "multipart/"):
		return wk.multipart(body, b.Enclosed(), baseErr, pos, mediaType, params, depth)
	case mediaType == "message/rfc822" || mediaType == "message/global" || mediaType == "message/news":
		br := bufio.NewReader(body)
		mh, err := textproto.NewReader(br).ReadMIMEHeader()
		if err != nil {
			return &PartError{Position: pos, Err: fmt.Errorf("encapsulated message header: %w", err)}
		}
		return wk.entity(mh, br, b.Enclosed(), baseErr, pos, "text/plain", depth+1)
	}
	return wk.fn(&Part{Position: pos, Header: h, MediaType: mediaType, Params: params, Base: b, BaseErr: baseErr, Body: body})
}

func (wk *walk) multipart(body io.Reader, b Base, baseErr error, pos, mediaType string, params map[string]string, depth int) error {
	boundary := params["boundary"]
	if boundary == "" {
		return &PartError{Position: pos, Err: fmt.Errorf("%s without a boundary parameter", mediaType)}
	}
	childType := "text/plain"
	if mediaType == "multipart/digest" {
		childType = "message/rfc822"
	}
	cd := &closeDetector{r: body, delim: []byte("\n--" + boundary + "--"), tail: []byte{'\n'}}
	mr := multipart.NewReader(cd, boundary)
	for i := 1; ; i++ {
		// NextRawPart: the walker decodes the transfer encoding itself,
		// the same way for every level.
		p, err := mr.NextRawPart()
		if err == io.EOF {
			if !cd.seen {
				// mime/multipart takes a body that ends after a
				// delimiter line for a complete one: it is truncated.
				return &PartError{Position: pos, Err: fmt.Errorf("%s truncated: no closing delimiter --%s--", mediaType, boundary)}
			}
			return nil
		}
		if i == 1 && errors.Is(err, io.EOF) {
			return &PartError{Position: pos, Err: fmt.Errorf("%s with no part (boundary %q never found)", mediaType, boundary)}
		}
		childPos := strconv.Itoa(i)
		if pos != "" {
			childPos = pos + "." + childPos
		}
		if err != nil {
			return &PartError{Position: childPos, Err: err}
		}
		if err := wk.entity(p.Header, p, b, baseErr, childPos, childType, depth+1); err != nil {
			return err
		}
	}
}

// decodeTransfer undoes the entity's Content-Transfer-Encoding (RFC 2045
// section 6). Identity encodings pass through.
func decodeTransfer(h textproto.MIMEHeader, body io.Reader) (io.Reader, error) {
	cte := strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding")))
	switch cte {
	case "", "7bit", "8bit", "binary":
		return body, nil
	case "base64":
		// The decoder skips the line breaks; other white space is not
		// allowed by RFC 2045 but common, so drop it too.
		return base64.NewDecoder(base64.StdEncoding, spaceDropper{body}), nil
	case "quoted-printable":
		return quotedprintable.NewReader(body), nil
	}
	return nil, fmt.Errorf("unknown Content-Transfer-Encoding %q", cte)
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

// closeDetector notes whether the closing delimiter of a multipart body
// ("--boundary--" at the start of a line, RFC 2046 section 5.1.1) went
// through it, so that a body cut just after a part is not taken for a
// complete one.
type closeDetector struct {
	r     io.Reader
	delim []byte // "\n--boundary--"
	tail  []byte // the last len(delim)-1 bytes read, to match across reads
	seen  bool
}

func (c *closeDetector) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if c.seen || n == 0 {
		return n, err
	}
	// Look at the bytes that could complete a match in the tail first,
	// then at the new bytes on their own: no copy of p is needed.
	k := min(n, len(c.delim)-1)
	joined := append(c.tail, p[:k]...)
	if bytes.Contains(joined, c.delim) || bytes.Contains(p[:n], c.delim) {
		c.seen = true
		return n, err
	}
	if n >= len(c.delim)-1 {
		c.tail = append(c.tail[:0], p[n-(len(c.delim)-1):n]...)
	} else {
		c.tail = joined[max(0, len(joined)-(len(c.delim)-1)):]
	}
	return n, err
}
