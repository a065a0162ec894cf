// Package coding undoes the codings of an HTTP message body: every
// Transfer-Encoding and Content-Encoding token of every header field, in
// order (RFC 9112 section 6.1 and 7, RFC 9110 section 8.4), for the
// responses recorded in WARC files and for fetched documents alike
// (docs/design.md#codings).
//
// A coding it cannot undo is an error of the body's first Read, naming the
// field and the token: a body is never passed on half decoded in silence.
// Each decoded layer is capped by the capped reader of package limits, so
// a decompression bomb through stacked codings costs at most the limit
// once per layer, and the number of layers is bounded by MaxCodings.
package coding

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zlib"
	"github.com/klauspost/compress/zstd"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/inflate"
	"github.com/relurl/relurl/limits"
)

// MaxCodings is the most codings undone for one body. Real messages have
// one or two; each layer holds a decoder window (up to 16 MiB for br), so
// a header naming thousands must not make thousands of decoders.
const MaxCodings = 8

// ErrUnsupported is wrapped by the error of a coding that is not undone
// (compress, or a name no registry knows).
var ErrUnsupported = errors.New("coding not supported")

// ErrTooMany is wrapped by the error of a body with more than MaxCodings
// codings.
var ErrTooMany = errors.New("too many codings")

// A Coding is one token of a Transfer-Encoding or Content-Encoding field.
type Coding struct {
	Field string // "Transfer-Encoding" or "Content-Encoding"
	Name  string // lower case, without parameters: "gzip", "chunked"
}

// Of returns the codings of a message with header h in the order they were
// applied: the content codings (RFC 9110 section 8.4: "listed in the order
// in which they were applied"), then the transfer codings, which apply to
// the content as it was sent (RFC 9112 section 6.1). Every field of each
// name counts, as if its values were one comma-separated list (RFC 9110
// section 5.3).
func Of(h http.Header) []Coding {
	return append(Parse("Content-Encoding", h.Values("Content-Encoding")), Parse("Transfer-Encoding", h.Values("Transfer-Encoding"))...)
}

// Parse returns the tokens of the values of the fields named field, in
// order, lower case, without transfer-parameters (";q=..."), skipping the
// empty list elements RFC 9110 section 5.6.1 tells recipients to ignore.
func Parse(field string, values []string) []Coding {
	var cs []Coding
	for _, v := range values {
		for tok := range strings.SplitSeq(v, ",") {
			tok, _, _ = strings.Cut(tok, ";")
			if tok = strings.TrimSpace(tok); tok != "" {
				cs = append(cs, Coding{field, ascii.Lower(tok)})
			}
		}
	}
	return cs
}

// A Decoder undoes codings. It keeps its decompressors from one body to
// the next (each holds tens of kilobytes): a Decoder serves one body at a
// time. The zero Decoder is ready to use.
type Decoder struct {
	gz []*inflate.Reader
	zl []io.ReadCloser
	zs []*zstd.Decoder
	br []*brotli.Reader
}

// Decode returns a reader of body with codings undone, the last applied
// first. Identity is skipped. Each decoded layer fails past max bytes with
// a *limits.Error (Limit "Record"). An error opening a decoder, a coding
// that is not supported, or more than MaxCodings codings are errors of the
// first Read (so that the header still reads), naming the field and the
// coding.
func (d *Decoder) Decode(body io.Reader, codings []Coding, max int64) io.Reader {
	var n int
	for _, c := range codings {
		if c.Name != "identity" {
			n++
		}
	}
	if n > MaxCodings {
		return errReader{fmt.Errorf("%w: %d in Content-Encoding and Transfer-Encoding, more than %d", ErrTooMany, n, MaxCodings)}
	}
	var used [4]int // decoders of each kind taken: gzip, zlib, zstd, br
	for i := len(codings) - 1; i >= 0; i-- {
		c := codings[i]
		var open func(io.Reader) (io.Reader, error)
		switch c.Name {
		case "identity":
			continue
		case "chunked":
			body = httputil.NewChunkedReader(body)
			body = limits.NewReader(errName{body, c}, "Record", max)
			continue
		case "gzip", "x-gzip":
			k := used[0]
			used[0]++
			open = func(r io.Reader) (io.Reader, error) { return d.gzip(k, r) }
		case "deflate":
			k := used[1]
			used[1]++
			open = func(r io.Reader) (io.Reader, error) { return d.zlib(k, r) }
		case "zstd":
			k := used[2]
			used[2]++
			open = func(r io.Reader) (io.Reader, error) { return d.zstd(k, r) }
		case "br":
			k := used[3]
			used[3]++
			open = func(r io.Reader) (io.Reader, error) { return d.brotli(k, r), nil }
		default:
			// An *Error as a decoder's failure is: the field and the
			// token in Coding, for errors.As (archive.CodingError).
			return errReader{&Error{c, ErrUnsupported}}
		}
		body = limits.NewReader(errName{&lazy{src: body, open: open}, c}, "Record", max)
	}
	return body
}

func (d *Decoder) gzip(k int, r io.Reader) (io.Reader, error) {
	for len(d.gz) <= k {
		d.gz = append(d.gz, new(inflate.Reader))
	}
	if err := d.gz[k].Reset(r); err != nil {
		return nil, err
	}
	return d.gz[k], nil
}

func (d *Decoder) zlib(k int, r io.Reader) (io.Reader, error) {
	if k < len(d.zl) {
		if err := d.zl[k].(zlib.Resetter).Reset(r, nil); err != nil {
			return nil, err
		}
		return d.zl[k], nil
	}
	zl, err := zlib.NewReader(r)
	if err != nil {
		return nil, err
	}
	d.zl = append(d.zl, zl)
	return zl, nil
}

// zstdWindow is the largest zstd window decoded: RFC 9659 section 3 says
// HTTP recipients need not accept more than 8 MiB.
const zstdWindow = 8 << 20

func (d *Decoder) zstd(k int, r io.Reader) (io.Reader, error) {
	for len(d.zs) <= k {
		zd, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(zstdWindow), zstd.WithDecoderLowmem(true))
		if err != nil {
			return nil, err
		}
		d.zs = append(d.zs, zd)
	}
	if err := d.zs[k].Reset(r); err != nil {
		return nil, err
	}
	return d.zs[k], nil
}

func (d *Decoder) brotli(k int, r io.Reader) io.Reader {
	for len(d.br) <= k {
		d.br = append(d.br, brotli.NewReader(nil))
	}
	d.br[k].Reset(r)
	return d.br[k]
}

// lazy opens a decoder on the first Read, so that a bad gzip header is an
// error of the body, not of the header before it.
type lazy struct {
	src  io.Reader
	open func(io.Reader) (io.Reader, error)
	r    io.Reader
	err  error
}

func (l *lazy) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if l.r == nil {
		if l.r, l.err = l.open(l.src); l.err != nil {
			return 0, l.err
		}
	}
	return l.r.Read(p)
}

// errName names the coding in the errors of its decoder, other than io.EOF
// and the limit's (which the caller names).
type errName struct {
	r io.Reader
	c Coding
}

func (e errName) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF {
		var le *limits.Error
		var ce *Error
		if !errors.As(err, &le) && !errors.As(err, &ce) {
			err = &Error{e.c, err}
		}
	}
	return n, err
}

// An Error reports a body that its coding does not decode.
type Error struct {
	Coding Coding
	Err    error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %q: %v", e.Coding.Field, e.Coding.Name, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
