package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/relurl/relurl/limits"
)

// maxFields is the most fields in a header: it bounds the memory of many
// tiny lines (each Field costs more than its line).
const maxFields = 10000

// errLong is returned by readLine for a line longer than its limit.
var errLong = errors.New("line too long")

// A Field is one header field, name and value as written (the value
// without surrounding white space, continuation lines joined by a space).
type Field struct {
	Name, Value string
}

// Header is a record's (or HTTP response's) header fields in file order.
type Header []Field

// Get returns the value of the first field named name, compared without
// regard to ASCII case, or "" if there is none.
func (h Header) Get(name string) string {
	v, _ := h.Lookup(name)
	return v
}

// Lookup is Get, also telling whether the field is present.
func (h Header) Lookup(name string) (string, bool) {
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			return f.Value, true
		}
	}
	return "", false
}

// lineReader reads header lines: a stream (the record header) or a
// bufio.Reader over a record block (the HTTP header inside it).
type lineReader interface {
	// readLine returns the next line without its "\n" or "\r\n" (valid
	// until the next call) and the bytes consumed; a line longer than max
	// is skipped whole and reported as errLong; at the end of the input it
	// returns io.EOF or another error, with the partial line.
	readLine(max int) (line []byte, n int, err error)
}

// bufLines reads lines from a bufio.Reader.
type bufLines struct {
	br      *bufio.Reader
	scratch []byte
}

func (b *bufLines) readLine(max int) (line []byte, n int, err error) {
	line = b.scratch[:0]
	for {
		frag, err := b.br.ReadSlice('\n')
		n += len(frag)
		if len(line)+len(frag) > max+2 { // max, plus "\r\n"
			// Skip the rest of the line so that parsing goes on after it.
			for err == bufio.ErrBufferFull {
				frag, err = b.br.ReadSlice('\n')
				n += len(frag)
			}
			return nil, n, errLong
		}
		line = append(line, frag...)
		if cap(line) > cap(b.scratch) {
			b.scratch = line[:0]
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return line, n, err
		}
		return bytes.TrimSuffix(line[:len(line)-1], []byte("\r")), n, nil
	}
}

// lineErr describes an error of readLine for a header.
func lineErr(err error, max int) error {
	if err == errLong {
		return fmt.Errorf("%w: line longer than %d bytes: %w", ErrHeader, max, &limits.Error{Limit: "HeaderLine", Max: int64(max)})
	}
	return err
}

// readHeader reads "Name: value" lines up to and including the empty line
// that ends a header (WARC/1.1 section 4, RFC 2616 section 4.2 for HTTP).
// A line starting with a space or tab continues the previous field (RFC
// 2616 section 2.2, LWS): its text is appended to the value being built,
// so that folding costs time linear in the header. Lines are bounded by
// lim.HeaderLine, the header by lim.HeaderBlock counting from total (the
// bytes of the version or status line). An error from the underlying
// reader, io.EOF included, is returned as is.
func readHeader(lr lineReader, lim limits.Limits, total int) (h Header, err error) {
	var (
		val     []byte // the value of the last field, while it may go on
		pending bool
	)
	flush := func() {
		if pending {
			h[len(h)-1].Value = string(bytes.TrimSpace(val))
			pending = false
		}
	}
	defer flush()
	for {
		line, n, err := lr.readLine(lim.HeaderLine)
		total += n
		if err == errLong && total <= lim.HeaderBlock {
			return h, lineErr(err, lim.HeaderLine)
		}
		if total > lim.HeaderBlock {
			return h, fmt.Errorf("%w: header longer than %d bytes: %w", ErrHeader, lim.HeaderBlock, &limits.Error{Limit: "HeaderBlock", Max: int64(lim.HeaderBlock)})
		}
		if err != nil {
			return h, err
		}
		if len(line) == 0 {
			return h, nil
		}
		if line[0] == ' ' || line[0] == '\t' {
			if len(h) == 0 {
				return h, fmt.Errorf("%w: continuation line %s before any field", ErrHeader, excerpt(line))
			}
			if t := bytes.TrimSpace(line); len(t) > 0 {
				if !pending {
					val, pending = append(val[:0], h[len(h)-1].Value...), true
				}
				if len(val) > 0 {
					val = append(val, ' ')
				}
				val = append(val, t...)
			}
			continue
		}
		flush()
		if len(h) == maxFields {
			return h, fmt.Errorf("%w: more than %d fields", ErrHeader, maxFields)
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		name = bytes.TrimSpace(name)
		if !ok || len(name) == 0 {
			return h, fmt.Errorf("%w: line %s is not Name: value", ErrHeader, excerpt(line))
		}
		h = append(h, Field{string(name), string(bytes.TrimSpace(value))})
	}
}

// excerpt quotes at most 120 bytes of b for an error message, with b's
// length when it is cut.
func excerpt(b []byte) string {
	if len(b) > 120 {
		return fmt.Sprintf("%q... (%d bytes)", b[:120], len(b))
	}
	return fmt.Sprintf("%q", b)
}
