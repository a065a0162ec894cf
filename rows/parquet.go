package rows

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
	"github.com/relurl/relurl/internal/bytestr"
)

// parquetRow is the schema of Parquet rows
// (docs/links.md#parquet--format-parquet), the one definition of their
// columns (parquetColumns is read from it): the six of every row,
// required UTF-8 strings, then the optional columns (Writer.Context,
// Page, Key) and the key errors of NDJSON, optional UTF-8 strings, null
// when the rows do not have them. Every column but base_source may hold
// bytes that are not UTF-8 (file names, WAT paths, raw references under
// RFC 1808), which a Parquet STRING must not: such a value is written
// with each run of bad bytes as U+FFFD, and its exact bytes in the
// column NAME_bytes, a BYTE_ARRAY without the STRING annotation, null
// when the value is exact (as NDJSON's NAME_base64, lossless and
// readable). A Writer of Format Parquet gives the values in this order.
// A struct type, so that parquet-go writes the rows column by column
// (and the columns keep their order: a parquet.Group sorts its fields).
// The _bytes fields are *[]byte, not []byte: parquet-go v0.32.0 writes
// an optional []byte that is nil after one that is not as "", not null
// (optional []byte is parquet-go/parquet-go#303's ground too).
type parquetRow struct {
	Document   string `parquet:"document,zstd"`
	Base       string `parquet:"base,zstd"`
	BaseSource string `parquet:"base_source,zstd"`
	Attribute  string `parquet:"attribute,zstd"`
	Ref        string `parquet:"ref,zstd"`
	URL        string `parquet:"url,zstd"`

	Text         *string `parquet:"text,optional,zstd"`
	Rel          *string `parquet:"rel,optional,zstd"`
	Title        *string `parquet:"title,optional,zstd"`
	Page         *string `parquet:"page,optional,zstd"`
	Date         *string `parquet:"date,optional,zstd"`
	PageKey      *string `parquet:"page_key,optional,zstd"`
	URLKey       *string `parquet:"url_key,optional,zstd"`
	PageKeyError *string `parquet:"page_key_error,optional,zstd"`
	URLKeyError  *string `parquet:"url_key_error,optional,zstd"`

	DocumentBytes     *[]byte `parquet:"document_bytes,optional,zstd"`
	BaseBytes         *[]byte `parquet:"base_bytes,optional,zstd"`
	AttributeBytes    *[]byte `parquet:"attribute_bytes,optional,zstd"`
	RefBytes          *[]byte `parquet:"ref_bytes,optional,zstd"`
	URLBytes          *[]byte `parquet:"url_bytes,optional,zstd"`
	TextBytes         *[]byte `parquet:"text_bytes,optional,zstd"`
	RelBytes          *[]byte `parquet:"rel_bytes,optional,zstd"`
	TitleBytes        *[]byte `parquet:"title_bytes,optional,zstd"`
	PageBytes         *[]byte `parquet:"page_bytes,optional,zstd"`
	DateBytes         *[]byte `parquet:"date_bytes,optional,zstd"`
	PageKeyBytes      *[]byte `parquet:"page_key_bytes,optional,zstd"`
	URLKeyBytes       *[]byte `parquet:"url_key_bytes,optional,zstd"`
	PageKeyErrorBytes *[]byte `parquet:"page_key_error_bytes,optional,zstd"`
	URLKeyErrorBytes  *[]byte `parquet:"url_key_error_bytes,optional,zstd"`
}

// A pqColumn is a value column of parquetRow: its name, whether it is
// required (a string) or optional (a *string), and where its field and
// its _bytes field are in a parquetRow (hasBytes: whether it has one).
type pqColumn struct {
	name          string
	required      bool
	off, bytesOff uintptr
	hasBytes      bool
}

// parquetColumns are the value columns of parquetRow, in order.
var parquetColumns = func() []pqColumn {
	t := reflect.TypeFor[parquetRow]()
	name := func(f reflect.StructField) string { n, _, _ := strings.Cut(f.Tag.Get("parquet"), ","); return n }
	var cols []pqColumn
	for i := range t.NumField() {
		f := t.Field(i)
		switch f.Type {
		case reflect.TypeFor[string](), reflect.TypeFor[*string]():
			c := pqColumn{name: name(f), required: f.Type.Kind() == reflect.String, off: f.Offset}
			for j := range t.NumField() {
				if b := t.Field(j); name(b) == c.name+"_bytes" {
					c.bytesOff, c.hasBytes = b.Offset, true
				}
			}
			cols = append(cols, c)
		}
	}
	return cols
}()

// parquetOptional is how many of parquetColumns are optional: those
// after url.
var parquetOptional = len(parquetColumns) - 6

// parquetGroupBytes is how many bytes of values a row group holds before
// it is flushed: the writer's memory is bounded by about this much
// (docs/links.md#parquet--format-parquet), and a row group is large enough for readers to
// skip by column statistics.
var parquetGroupBytes = 64 << 20

// parquetBatch is how many rows are handed to the writer at once, and
// parquetBatchBytes how many bytes of values at most (long values): the
// batch's copy of them is bounded too.
const (
	parquetBatch      = 1024
	parquetBatchBytes = 4 << 20
)

// The rows a Writer of Format Parquet appends: each is parquetRowTag,
// then the value of each of parquetColumns in order, as a uvarint of
// its length plus one and its bytes, or a 0 for a null. The rows of
// several jobs reach one output as chunks of bytes (package
// internal/crawl), so a Parquet row is bytes too, but only the values
// copied: nothing is escaped or parsed, as NDJSON rows would be.
const parquetRowTag = 0x1e // ASCII RS: not the first byte of TSV or NDJSON rows

// appendParquetValue appends a value of a Parquet row.
func appendParquetValue(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s))+1)
	return append(b, s...)
}

// appendParquetNulls appends n nulls to a Parquet row.
func appendParquetNulls(b []byte, n int) []byte {
	for range n {
		b = append(b, 0)
	}
	return b
}

// A ParquetWriter writes links rows as a Parquet file. Its Write takes the
// rows a Writer of Format Parquet appends (any optional columns), whole
// rows or pieces of them, and Close writes the rest and the file's
// footer: a Parquet file is whole only once closed. It needs no seekable
// output: the row groups are buffered, up to about 64 MiB of values each,
// and written in order. ParquetFromNDJSON writes the same file from
// NDJSON rows.
type ParquetWriter struct {
	pw   *parquet.GenericWriter[parquetRow]
	pend []byte   // a row not ended yet
	vals []pqSpan // where each value of a row is (scanParquetRow)
	rowN int      // rows ended, for errors
	err  error

	// The batch: its values, copied (Write's bytes are the caller's),
	// and for each row and column the span of its UTF-8 value and of its
	// exact bytes when they differ.
	arena   []byte
	spans   []pqSpan
	rows    int // rows in the batch
	ncol    int // values of the row being made
	size    int // bytes of values of the row being made
	inGroup int // bytes of values of the row group
	batch   []parquetRow
	strs    []string // the optional values the batch points to
	exact   [][]byte // the exact bytes the batch points to
	nexact  int      // values of the batch that have them
}

// pqSpan is where a value is in ParquetWriter.arena; end < 0 for null.
type pqSpan struct{ start, end int }

var pqNull = pqSpan{0, -1}

// NewParquetWriter returns a ParquetWriter writing to w.
func NewParquetWriter(w io.Writer) *ParquetWriter {
	return &ParquetWriter{pw: parquet.NewGenericWriter[parquetRow](w,
		parquet.Compression(&zstd.Codec{}),
		parquet.CreatedBy("relurl", "", ""),
	)}
}

// ErrParquetRow is the error of a ParquetWriter (or ParquetFromNDJSON)
// given bytes that are not its rows.
var ErrParquetRow = errors.New("not a links row")

// rowError is the error of row n (from 1), which err says is not a links
// row: the one wording of ParquetWriter and ParquetFromNDJSON.
func rowError(n int, err error) error {
	return fmt.Errorf("parquet: row %d: %w: %v", n, ErrParquetRow, err)
}

// Write writes the rows in b; a row not ended is kept for the next Write
// or Close.
func (p *ParquetWriter) Write(b []byte) (int, error) {
	if p.err != nil {
		return 0, p.err
	}
	n := len(b)
	if p.vals == nil {
		p.vals = make([]pqSpan, len(parquetColumns))
	}
	pending := len(p.pend) > 0
	if pending {
		p.pend = append(p.pend, b...)
		b = p.pend
	}
	done := 0
	for done < len(b) {
		end, err := scanParquetRow(b[done:], p.vals)
		if err == nil && end > 0 {
			err = p.row(b[done:], p.vals)
		}
		if err != nil {
			p.err = rowError(p.rowN+1, err)
			return 0, p.err
		}
		if end == 0 {
			break
		}
		done += end
	}
	// The rest, less than a row, is kept; moved only when a row ended,
	// so that a row given a byte at a time is not copied again each time.
	if pending {
		p.pend = p.pend[:copy(p.pend, p.pend[done:])]
	} else {
		p.pend = append(p.pend, b[done:]...)
	}
	return n, nil
}

// maxParquetValue bounds the length a row may give a value, so that it
// is an int everywhere.
const maxParquetValue = 1 << 40

// scanParquetRow returns the length of the row b begins with, 0 when b
// does not hold all of it, and where each of its values is in b (a null's
// end before its start): the row is read once, its values added from
// vals by row.
func scanParquetRow(b []byte, vals []pqSpan) (int, error) {
	if b[0] != parquetRowTag {
		return 0, fmt.Errorf("byte %#x, not the beginning of a row of a Writer of Format Parquet", b[0])
	}
	i := 1
	for n, c := range parquetColumns {
		l, k := binary.Uvarint(b[i:])
		switch {
		case k == 0:
			return 0, nil
		case k < 0 || l > maxParquetValue:
			return 0, fmt.Errorf("column %s: bad length", c.name)
		}
		i += k
		vals[n] = pqNull
		if l > 0 {
			if uint64(len(b)-i) < l-1 {
				return 0, nil
			}
			vals[n] = pqSpan{i, i + int(l-1)}
			i += int(l - 1)
		}
	}
	return i, nil
}

// row adds the row whose values scanParquetRow found in b.
func (p *ParquetWriter) row(b []byte, vals []pqSpan) error {
	for _, v := range vals {
		s, present := "", v.end >= 0
		if present {
			s = bytestr.View(b[v.start:v.end])
		}
		if err := p.value(s, present); err != nil {
			return err
		}
	}
	return p.endRow()
}

// value adds the next column's value to the row being made: s, or null
// when not present. It is the one rule of a value in a Parquet file,
// from any rows.
func (p *ParquetWriter) value(s string, present bool) error {
	c := parquetColumns[p.ncol]
	p.ncol++
	p.size += len(s)
	if !present {
		if c.required {
			return fmt.Errorf("no value for column %s", c.name)
		}
		p.spans = append(p.spans, pqNull, pqNull)
		return nil
	}
	start := len(p.arena)
	if utf8.ValidString(s) {
		p.arena = append(p.arena, s...)
		p.spans = append(p.spans, pqSpan{start, len(p.arena)}, pqNull)
		return nil
	}
	if !c.hasBytes {
		return fmt.Errorf("column %s %q is not UTF-8", c.name, s)
	}
	p.arena = append(p.arena, strings.ToValidUTF8(s, "\uFFFD")...)
	mid := len(p.arena)
	p.arena = append(p.arena, s...)
	p.nexact++
	p.spans = append(p.spans, pqSpan{start, mid}, pqSpan{mid, len(p.arena)})
	return nil
}

// endRow ends the row being made, and hands the batch to the writer
// when it is full.
func (p *ParquetWriter) endRow() error {
	p.rows++
	p.rowN++
	p.inGroup += p.size
	p.ncol, p.size = 0, 0
	if p.rows == parquetBatch || len(p.arena) >= parquetBatchBytes || p.inGroup >= parquetGroupBytes {
		return p.flush()
	}
	return nil
}

// flush hands the batch to the writer, and ends the row group once it
// holds parquetGroupBytes. The rows view the batch's arena, which the
// writer copies.
func (p *ParquetWriter) flush() error {
	if p.rows > 0 {
		n := len(parquetColumns)
		p.batch = slices.Grow(p.batch[:0], p.rows)[:p.rows]
		clear(p.batch)
		// Allocated anew when short, never grown: the rows point into it.
		if cap(p.strs) < p.rows*parquetOptional {
			p.strs = make([]string, p.rows*parquetOptional)
		}
		strs := p.strs[: 0 : p.rows*parquetOptional]
		if cap(p.exact) < p.nexact {
			p.exact = make([][]byte, p.nexact)
		}
		exact := p.exact[:0:p.nexact]
		for r := range p.batch {
			row := unsafe.Pointer(&p.batch[r])
			sp := p.spans[r*2*n : (r+1)*2*n]
			for i, c := range parquetColumns {
				s := sp[2*i]
				if s.end < 0 {
					continue // the zero value: null
				}
				v := bytestr.View(p.arena[s.start:s.end])
				if c.required {
					*(*string)(unsafe.Add(row, c.off)) = v
				} else {
					strs = append(strs, v)
					*(**string)(unsafe.Add(row, c.off)) = &strs[len(strs)-1]
				}
				if e := sp[2*i+1]; e.end >= 0 {
					exact = append(exact, p.arena[e.start:e.end:e.end])
					*(**[]byte)(unsafe.Add(row, c.bytesOff)) = &exact[len(exact)-1]
				}
			}
		}
		if _, err := p.pw.Write(p.batch); err != nil {
			return fmt.Errorf("parquet: %w", err)
		}
	}
	p.arena, p.spans, p.rows, p.nexact = p.arena[:0], p.spans[:0], 0, 0
	if p.inGroup >= parquetGroupBytes {
		p.inGroup = 0
		if err := p.pw.Flush(); err != nil {
			return fmt.Errorf("parquet: %w", err)
		}
	}
	return nil
}

// Close writes the rows not written yet and the file's footer; a row not
// ended is an error. It does not close the underlying writer.
func (p *ParquetWriter) Close() error {
	if p.err == nil && len(p.pend) > 0 {
		p.err = rowError(p.rowN+1, fmt.Errorf("the last %d bytes are not a whole row", len(p.pend)))
	}
	if p.err == nil {
		p.err = p.flush()
	}
	if p.err != nil {
		p.pw.Close()
		return p.err
	}
	p.err = errors.New("parquet: writer closed")
	if err := p.pw.Close(); err != nil {
		return fmt.Errorf("parquet: %w", err)
	}
	return nil
}

// A ParquetFromNDJSON writes the NDJSON rows of a Writer (Format NDJSON,
// any optional columns), as a links rows file holds them, as a Parquet
// file: the file a ParquetWriter writes from the same links, each
// NDJSON member (NAME_base64 for exact bytes) the value of its column, a
// member absent or null a null. Its Write takes whole lines or pieces of
// them; Close writes the rest (a last line without its newline too) and
// the footer. A program that has the links uses a Writer of Format
// Parquet and a ParquetWriter, with nothing to parse.
type ParquetFromNDJSON struct {
	p      *ParquetWriter
	line   []byte // a line not ended yet
	lineNo int
	err    error
}

// NewParquetFromNDJSON returns a ParquetFromNDJSON writing to w.
func NewParquetFromNDJSON(w io.Writer) *ParquetFromNDJSON {
	return &ParquetFromNDJSON{p: NewParquetWriter(w)}
}

// Write writes the rows of the NDJSON lines in b; a line not ended is
// kept for the next Write or Close.
func (p *ParquetFromNDJSON) Write(b []byte) (int, error) {
	if p.err != nil {
		return 0, p.err
	}
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			p.line = append(p.line, b...)
			break
		}
		line := b[:i]
		if len(p.line) > 0 {
			p.line = append(p.line, line...)
			line = p.line
		}
		b = b[i+1:]
		p.err = p.row(line)
		p.line = p.line[:0]
		if p.err != nil {
			return 0, p.err
		}
	}
	return n, nil
}

// row adds the row of one NDJSON line, its "\r" before "\n" taken
// off, as Read takes it off (readLine): a blank line gives no row.
func (p *ParquetFromNDJSON) row(line []byte) error {
	p.lineNo++
	line = bytes.TrimSuffix(line, []byte("\r"))
	if len(line) == 0 {
		return nil
	}
	m, err := ndjsonMembers(line)
	if err != nil {
		return rowError(p.lineNo, err)
	}
	for _, c := range parquetColumns {
		s, ok, err := member(m, c.name)
		if err == nil {
			err = p.p.value(s, ok)
		}
		if err != nil {
			return rowError(p.lineNo, err)
		}
	}
	return p.p.endRow()
}

// Close writes the rows not written yet (a last line without its
// newline too) and the file's footer. It does not close the underlying
// writer.
func (p *ParquetFromNDJSON) Close() error {
	if p.err == nil && len(p.line) > 0 {
		p.err = p.row(p.line)
		p.line = p.line[:0]
	}
	if p.err != nil {
		p.p.err = p.err
	}
	return p.p.Close()
}
