package warc

import (
	"errors"
	"fmt"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/header"
)

// maxFields is the most fields in a header: it bounds the memory of many
// tiny lines (each Field costs more than its line).
const maxFields = 10000

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
		if ascii.EqualFold(f.Name, name) {
			return f.Value, true
		}
	}
	return "", false
}

// readHeader reads the fields of a header (the WARC record's, WARC/1.1
// section 4, or the HTTP response's inside it, RFC 9112 section 5) with
// the one header reader (package header, docs/design.md#headers), its
// errors wrapped in ErrHeader. check, if not nil, sees each field as it
// is read and may reject it. An error of the underlying reader, io.EOF
// included, is returned as is.
func readHeader(lr header.Lines, hr *header.Reader, used int, check func(name, value []byte) error) (h Header, err error) {
	_, err = hr.Read(lr, used, func(name, value []byte) error {
		if len(h) == maxFields {
			return fmt.Errorf("%w: more than %d fields", ErrHeader, maxFields)
		}
		if check != nil {
			if err := check(name, value); err != nil {
				return err
			}
		}
		h = append(h, Field{string(name), string(value)})
		return nil
	})
	var he *header.Error
	if errors.As(err, &he) {
		err = fmt.Errorf("%w: %w", ErrHeader, he)
	}
	return h, err
}
