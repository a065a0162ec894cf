package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/coding"
	"github.com/relurl/relurl/internal/header"
	"github.com/relurl/relurl/internal/media"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/limits"
)

// IsHTTPResponse reports whether rec is a "response" record whose block is
// an HTTP response: Content-Type "application/http" with msgtype=response
// or no msgtype (WARC/1.1 sections 6.3 and 6.3.2).
func (rec *Record) IsHTTPResponse() bool {
	if !rec.isType("response") {
		return false
	}
	if media.Type(rec.ContentType) != "application/http" {
		return false
	}
	msg, ok := media.Param(rec.ContentType, "msgtype")
	return !ok || ascii.EqualFold(msg, "response")
}

// A Response is the HTTP response held in the block of a response record.
type Response struct {
	Proto      string      // "HTTP/1.1"
	StatusCode int         // 200
	Status     string      // "200 OK"
	Header     http.Header // the response's header fields, keys canonical

	// Body reads the payload with every transfer coding and content
	// coding removed in order (package coding: chunked, gzip, deflate,
	// zstd, br), as far as the record holds it: the payload runs to the
	// end of the block whatever Content-Length says. An unsupported
	// coding, or a coding error, is an *Error wrapping ErrHTTP from Read.
	// Body is valid until the next call to Next.
	Body io.Reader
}

// ReadHTTPResponse reads the status line and header of the HTTP response in
// rec's block (RFC 2616 section 6), leaving Body to read the payload. It
// is meant for records where IsHTTPResponse is true, and reads the block:
// call it once per record, before reading Block. Errors are *Error
// values naming the record, wrapping ErrHTTP (or ErrTruncated, ErrGzip...
// from the block).
func (rec *Record) ReadHTTPResponse() (*Response, error) {
	r := rec.r
	if r.httpBR == nil {
		r.httpBR = &header.BufLines{R: bufio.NewReaderSize(rec.Block, 16<<10)}
	} else {
		r.httpBR.R.Reset(rec.Block)
	}
	lr := r.httpBR
	line, n, err := lr.ReadLine(r.lim.HeaderLine)
	if err != nil {
		return nil, rec.httpErr(lineErr(line, err, r.lim.HeaderLine), "status line")
	}
	resp := &Response{}
	if err := parseStatusLine(line, resp); err != nil {
		return nil, &Error{r.name, rec.Offset, err}
	}
	h, err := readHeader(lr, &r.hr, n, nil)
	if err != nil {
		return nil, rec.httpErr(err, "header")
	}
	resp.Header = make(http.Header, len(h))
	for _, f := range h {
		resp.Header.Add(f.Name, f.Value)
	}
	resp.Body = rec.decodeBody(lr.R, resp.Header)
	return resp, nil
}

// parseStatusLine parses "HTTP/1.1 200 OK" (RFC 2616 section 6.1), the
// reason phrase being optional in practice.
func parseStatusLine(line []byte, resp *Response) error {
	proto, rest, _ := bytes.Cut(line, []byte(" "))
	code, _, _ := bytes.Cut(rest, []byte(" "))
	n, err := strconv.Atoi(string(code))
	if !bytes.HasPrefix(proto, []byte("HTTP/")) || len(code) != 3 || err != nil || n < 100 {
		return fmt.Errorf("%w: bad status line %s", ErrHTTP, quote.Excerpt(line, len(line)))
	}
	resp.Proto = string(proto)
	resp.StatusCode = n
	resp.Status = strings.TrimSpace(string(rest))
	return nil
}

func (rec *Record) httpErr(err error, where string) error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = errors.New("block ends")
	}
	return &Error{rec.r.name, rec.Offset, fmt.Errorf("%w: %s: %w", ErrHTTP, where, err)}
}

// decodeBody undoes every transfer coding and content coding of the
// payload, in order (package coding). Crawlers that store the payload
// decoded (Common Crawl) rename these header fields
// (X-Crawler-Transfer-Encoding), so the codings named here are still
// applied to the bytes stored.
func (rec *Record) decodeBody(body io.Reader, h http.Header) io.Reader {
	max := rec.r.lim.Record
	decoded := rec.r.codecs.Decode(body, coding.Of(h), max)
	return &bodyReader{r: limits.NewReader(decoded, "Record", max), rec: rec}
}

// bodyReader makes every error of Body an *Error naming the record; the
// decoded payload is cut at Limits.Record (a small gzip body may inflate
// to gigabytes) by the capped reader under it.
type bodyReader struct {
	r   io.Reader
	rec *Record
	err error
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF {
		var le *limits.Error
		if errors.As(err, &le) {
			r := b.rec.r
			err = &Error{r.name, b.rec.Offset, fmt.Errorf("%w: HTTP payload cut after %d decoded bytes: %w", ErrTooLarge, le.Max, le)}
		} else {
			err = b.rec.httpErr(err, "body")
		}
		b.err = err
	}
	return n, err
}

// MediaType returns the media type of the Content-Type header, lower
// case, without parameters ("text/html"), or "" when absent or malformed.
func (resp *Response) MediaType() string {
	return media.Type(resp.Header.Get("Content-Type"))
}

// IsHTML reports whether the response declares an HTML body: media type
// text/html or application/xhtml+xml. The body is not sniffed.
func (resp *Response) IsHTML() bool {
	return media.IsHTML(resp.MediaType())
}

// Redirect returns the Location of a redirection (status 3xx with a
// Location header, media.Redirect) and true, or "", false. The Location
// is as recorded, unresolved.
func (resp *Response) Redirect() (location string, ok bool) {
	return media.Redirect(resp.StatusCode, resp.Header["Location"])
}
