package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httputil"
	"strconv"
	"strings"

	"github.com/klauspost/compress/zlib"

	"github.com/relurl/relurl/limits"
)

// IsHTTPResponse reports whether rec is a "response" record whose block is
// an HTTP response: Content-Type "application/http" with msgtype=response
// or no msgtype (WARC/1.1 sections 6.3 and 6.3.2).
func (rec *Record) IsHTTPResponse() bool {
	if !rec.isType("response") {
		return false
	}
	mt, params, err := mime.ParseMediaType(rec.ContentType)
	if err != nil || mt != "application/http" {
		return false
	}
	msg, ok := params["msgtype"]
	return !ok || strings.EqualFold(msg, "response")
}

// A Response is the HTTP response held in the block of a response record.
type Response struct {
	Proto      string      // "HTTP/1.1"
	StatusCode int         // 200
	Status     string      // "200 OK"
	Header     http.Header // the response's header fields, keys canonical

	// Body reads the payload with its transfer coding (chunked) and
	// content coding (gzip, deflate) removed, as far as the record holds
	// it: the payload runs to the end of the block whatever Content-Length
	// says. An unsupported content coding, or a coding error, is an *Error
	// wrapping ErrHTTP from Read. Body is valid until the next call to
	// Next.
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
		r.httpBR = &bufLines{br: bufio.NewReaderSize(rec.Block, 16<<10)}
	} else {
		r.httpBR.br.Reset(rec.Block)
	}
	lr := r.httpBR
	line, n, err := lr.readLine(r.lim.HeaderLine)
	if err != nil {
		return nil, rec.httpErr(lineErr(err, r.lim.HeaderLine), "status line")
	}
	resp := &Response{}
	if err := parseStatusLine(line, resp); err != nil {
		return nil, &Error{r.name, rec.Offset, err}
	}
	h, err := readHeader(lr, r.lim, n)
	if err != nil {
		return nil, rec.httpErr(err, "header")
	}
	resp.Header = make(http.Header, len(h))
	for _, f := range h {
		resp.Header.Add(f.Name, f.Value)
	}
	resp.Body = rec.decodeBody(lr.br, resp.Header)
	return resp, nil
}

// parseStatusLine parses "HTTP/1.1 200 OK" (RFC 2616 section 6.1), the
// reason phrase being optional in practice.
func parseStatusLine(line []byte, resp *Response) error {
	proto, rest, _ := bytes.Cut(line, []byte(" "))
	code, _, _ := bytes.Cut(rest, []byte(" "))
	n, err := strconv.Atoi(string(code))
	if !bytes.HasPrefix(proto, []byte("HTTP/")) || len(code) != 3 || err != nil || n < 100 {
		return fmt.Errorf("%w: bad status line %s", ErrHTTP, excerpt(line))
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

// decodeBody undoes the transfer coding and content coding of the payload
// (RFC 2616 sections 3.5 and 3.6). Crawlers that store the payload decoded
// (Common Crawl) rename these header fields (X-Crawler-Transfer-Encoding),
// so the codings named here are still applied to the bytes stored.
func (rec *Record) decodeBody(body io.Reader, h http.Header) io.Reader {
	if te := lastToken(h.Values("Transfer-Encoding")); strings.EqualFold(te, "chunked") {
		body = httputil.NewChunkedReader(body)
	}
	c := &rec.r.codecs
	switch ce := strings.ToLower(lastToken(h.Values("Content-Encoding"))); ce {
	case "", "identity":
	case "gzip", "x-gzip":
		body = &lazyDecoder{src: body, open: c.gzip}
	case "deflate":
		body = &lazyDecoder{src: body, open: c.zlib}
	default:
		body = &lazyDecoder{src: body, open: func(io.Reader) (io.Reader, error) {
			return nil, fmt.Errorf("unsupported Content-Encoding %s", excerpt([]byte(ce)))
		}}
	}
	return &bodyReader{r: body, rec: rec, max: rec.r.lim.Record}
}

// httpCodecs keeps the content decoders of a Reader, reset for each
// record rather than made anew (each holds tens of kilobytes).
type httpCodecs struct {
	gz gzipReader
	zl io.ReadCloser
}

func (c *httpCodecs) gzip(r io.Reader) (io.Reader, error) {
	if c.gz == nil {
		c.gz = newGzipReader()
	}
	if err := c.gz.Reset(r); err != nil {
		return nil, err
	}
	return c.gz, nil
}

func (c *httpCodecs) zlib(r io.Reader) (io.Reader, error) {
	if c.zl == nil {
		zl, err := zlib.NewReader(r)
		if err != nil {
			return nil, err
		}
		c.zl = zl
		return zl, nil
	}
	if err := c.zl.(zlib.Resetter).Reset(r, nil); err != nil {
		return nil, err
	}
	return c.zl, nil
}

// lastToken returns the last comma-separated token of a header's values.
func lastToken(values []string) string {
	if len(values) == 0 {
		return ""
	}
	v := values[len(values)-1]
	if i := strings.LastIndexByte(v, ','); i >= 0 {
		v = v[i+1:]
	}
	return strings.TrimSpace(v)
}

// lazyDecoder opens a decoder on the first Read, so that a bad gzip header
// is an error of Body, not of ReadHTTPResponse.
type lazyDecoder struct {
	src  io.Reader
	open func(io.Reader) (io.Reader, error)
	r    io.Reader
	err  error
}

func (d *lazyDecoder) Read(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	if d.r == nil {
		d.r, d.err = d.open(d.src)
		if d.err != nil {
			return 0, d.err
		}
	}
	return d.r.Read(p)
}

// bodyReader makes every error of Body an *Error naming the record, and
// cuts the decoded payload at Limits.Record (a small gzip body may inflate
// to gigabytes).
type bodyReader struct {
	r   io.Reader
	rec *Record
	max int64
	n   int64
	err error
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.n >= b.max {
		// Read one byte more to tell a payload of exactly max bytes.
		var one [1]byte
		if n, _ := io.ReadFull(b.r, one[:]); n == 0 {
			b.err = io.EOF
			return 0, io.EOF
		}
		r := b.rec.r
		b.err = &Error{r.name, b.rec.Offset, fmt.Errorf("%w: HTTP payload cut after %d decoded bytes: %w", ErrTooLarge, b.max, &limits.Error{Limit: "Record", Max: b.max})}
		return 0, b.err
	}
	if rest := b.max - b.n; int64(len(p)) > rest {
		p = p[:rest]
	}
	n, err := b.r.Read(p)
	b.n += int64(n)
	if err != nil && err != io.EOF {
		err = b.rec.httpErr(err, "body")
		b.err = err
	}
	return n, err
}

// MediaType returns the media type of the Content-Type header, lower
// case, without parameters ("text/html"), or "" when absent or malformed.
func (resp *Response) MediaType() string {
	mt, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if err != nil {
		return ""
	}
	return mt
}

// IsHTML reports whether the response declares an HTML body: media type
// text/html or application/xhtml+xml. The body is not sniffed.
func (resp *Response) IsHTML() bool {
	mt := resp.MediaType()
	return mt == "text/html" || mt == "application/xhtml+xml"
}

// Redirect returns the Location of a redirection (status 3xx with a
// Location header, RFC 2616 section 10.3) and true, or "", false. The
// Location is as recorded, unresolved.
func (resp *Response) Redirect() (location string, ok bool) {
	if resp.StatusCode < 300 || resp.StatusCode > 399 {
		return "", false
	}
	loc, ok := resp.Header["Location"]
	if !ok || len(loc) == 0 {
		return "", false
	}
	return loc[0], true
}
