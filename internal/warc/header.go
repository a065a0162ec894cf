package warc

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Limits on a header, so that a corrupt file cannot make a Reader hold an
// unbounded line in memory.
const (
	MaxHeaderLine  = 64 << 10 // longest header line, in bytes
	MaxHeaderBytes = 1 << 20  // longest header (all lines), in bytes
	maxFields      = 10000    // most fields in a header: bounds the memory of many tiny lines
)

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

// readLine returns the next line without its "\n" or "\r\n", refusing lines
// longer than MaxHeaderLine. At the end of the input it returns io.EOF (with
// the partial line, if any, in line).
func readLine(br *bufio.Reader, scratch []byte) (line []byte, n int, err error) {
	line = scratch[:0]
	for {
		frag, err := br.ReadSlice('\n')
		n += len(frag)
		if len(line)+len(frag) > MaxHeaderLine {
			// Skip the rest of the line so that parsing goes on after it.
			for err == bufio.ErrBufferFull {
				frag, err = br.ReadSlice('\n')
				n += len(frag)
			}
			return nil, n, fmt.Errorf("%w: line longer than %d bytes", ErrHeader, MaxHeaderLine)
		}
		line = append(line, frag...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return line, n, err
		}
		line = bytes.TrimSuffix(line[:len(line)-1], []byte("\r"))
		return line, n, nil
	}
}

// readHeader reads "Name: value" lines up to and including the empty line
// that ends a header (WARC/1.1 section 4, RFC 2616 section 4.2 for HTTP).
// A line starting with a space or tab continues the previous field.
// eof reports an error from the underlying reader, io.EOF included.
func readHeader(br *bufio.Reader, scratch []byte) (h Header, scratchOut []byte, err error) {
	total := 0
	for {
		line, n, err := readLine(br, scratch)
		if cap(line) > cap(scratch) {
			scratch = line[:0]
		}
		if err != nil {
			return h, scratch, err
		}
		total += n
		if total > MaxHeaderBytes {
			return h, scratch, fmt.Errorf("%w: header longer than %d bytes", ErrHeader, MaxHeaderBytes)
		}
		if len(line) == 0 {
			return h, scratch, nil
		}
		if line[0] == ' ' || line[0] == '\t' {
			if len(h) == 0 {
				return h, scratch, fmt.Errorf("%w: continuation line %q before any field", ErrHeader, clip(line))
			}
			last := &h[len(h)-1]
			last.Value = strings.TrimSpace(last.Value + " " + string(bytes.TrimSpace(line)))
			continue
		}
		if len(h) == maxFields {
			return h, scratch, fmt.Errorf("%w: more than %d fields", ErrHeader, maxFields)
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		name = bytes.TrimSpace(name)
		if !ok || len(name) == 0 {
			return h, scratch, fmt.Errorf("%w: line %q is not Name: value", ErrHeader, clip(line))
		}
		h = append(h, Field{string(name), string(bytes.TrimSpace(value))})
	}
}

// clip shortens b for an error message.
func clip(b []byte) []byte {
	if len(b) > 64 {
		return b[:64]
	}
	return b
}
