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

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// parquetColumns are the value columns of Parquet rows, in order
// (docs/links.md#parquet--format-parquet): the six of every row, required UTF-8
// strings, then the optional columns (Writer.Context, Page, Key) and the
// key errors of NDJSON, optional UTF-8 strings, null when the rows do
// not have them. Every column but base_source may hold bytes that are
// not UTF-8 (file names, WAT paths, raw references under RFC 1808),
// which a Parquet STRING must not: such a value is written with each
// run of bad bytes as U+FFFD, and its exact bytes in the column
// NAME_bytes, a BYTE_ARRAY without the STRING annotation, null when the
// value is exact (as NDJSON's NAME_base64, lossless and readable).
// A Writer of Format Parquet gives the values in this order.
var parquetColumns = [...]struct {
	name     string
	required bool
}{
	{"document", true}, {"base", true}, {"base_source", true}, {"attribute", true}, {"ref", true}, {"url", true},
	{"text", false}, {"rel", false}, {"title", false}, {"page", false}, {"date", false},
	{"page_key", false}, {"url_key", false}, {"page_key_error", false}, {"url_key_error", false},
}

// parquetOptional is how many of parquetColumns are optional: those
// after url.
const parquetOptional = len(parquetColumns) - 6

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

// parquetSchema is the schema of parquetColumns and their _bytes columns,
// made from a struct type so that the columns keep their order (a
// parquet.Group sorts its fields by name).
var parquetSchema = func() *parquet.Schema {
	var fields []reflect.StructField
	add := func(name string, t reflect.Type, optional bool) {
		tag := name + ",zstd"
		if optional {
			tag = name + ",optional,zstd"
		}
		fields = append(fields, reflect.StructField{Name: fmt.Sprintf("C%d", len(fields)), Type: t, Tag: reflect.StructTag(`parquet:"` + tag + `"`)})
	}
	for _, c := range parquetColumns {
		if c.required {
			add(c.name, reflect.TypeFor[string](), false)
		} else {
			add(c.name, reflect.TypeFor[*string](), true)
		}
	}
	for _, c := range parquetColumns {
		if c.name != "base_source" {
			add(c.name+"_bytes", reflect.TypeFor[[]byte](), true)
		}
	}
	return parquet.SchemaOf(reflect.New(reflect.StructOf(fields)).Elem().Interface())
}()

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
	pw   *parquet.GenericWriter[any]
	pend []byte // a row not ended yet
	rowN int    // rows ended, for errors
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
	vals    []parquet.Value
	batch   []parquet.Row
}

// pqSpan is where a value is in ParquetWriter.arena; end < 0 for null.
type pqSpan struct{ start, end int }

var pqNull = pqSpan{0, -1}

// NewParquetWriter returns a ParquetWriter writing to w.
func NewParquetWriter(w io.Writer) *ParquetWriter {
	return &ParquetWriter{pw: parquet.NewGenericWriter[any](w, parquetSchema,
		parquet.Compression(&zstd.Codec{}),
		parquet.CreatedBy("relurl", "", ""),
	)}
}

// ErrParquetRow is the error of a ParquetWriter (or ParquetFromNDJSON)
// given bytes that are not its rows.
var ErrParquetRow = errors.New("not a links row")

// Write writes the rows in b; a row not ended is kept for the next Write
// or Close.
func (p *ParquetWriter) Write(b []byte) (int, error) {
	if p.err != nil {
		return 0, p.err
	}
	n := len(b)
	pending := len(p.pend) > 0
	if pending {
		p.pend = append(p.pend, b...)
		b = p.pend
	}
	done := 0
	for done < len(b) {
		end, err := scanParquetRow(b[done:])
		if err == nil && end > 0 {
			err = p.row(b[done : done+end])
		}
		if err != nil {
			p.err = fmt.Errorf("parquet: row %d: %w: %v", p.rowN+1, ErrParquetRow, err)
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
// does not hold all of it.
func scanParquetRow(b []byte) (int, error) {
	if b[0] != parquetRowTag {
		return 0, fmt.Errorf("byte %#x, not the beginning of a row of a Writer of Format Parquet", b[0])
	}
	i := 1
	for _, c := range parquetColumns {
		l, k := binary.Uvarint(b[i:])
		switch {
		case k == 0:
			return 0, nil
		case k < 0 || l > maxParquetValue:
			return 0, fmt.Errorf("column %s: bad length", c.name)
		}
		i += k
		if l > 0 {
			if uint64(len(b)-i) < l-1 {
				return 0, nil
			}
			i += int(l - 1)
		}
	}
	return i, nil
}

// row adds the row b holds whole (scanParquetRow).
func (p *ParquetWriter) row(b []byte) error {
	i := 1
	for range parquetColumns {
		l, k := binary.Uvarint(b[i:])
		i += k
		if l == 0 {
			if err := p.value("", false); err != nil {
				return err
			}
			continue
		}
		if err := p.value(unsafeString(b[i:i+int(l-1)]), true); err != nil {
			return err
		}
		i += int(l - 1)
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
	if c.name == "base_source" {
		return fmt.Errorf("column base_source %q is not UTF-8", s)
	}
	p.arena = append(p.arena, strings.ToValidUTF8(s, "\uFFFD")...)
	mid := len(p.arena)
	p.arena = append(p.arena, s...)
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
// holds parquetGroupBytes. The values view the batch's arena, which the
// writer copies.
func (p *ParquetWriter) flush() error {
	if p.rows > 0 {
		const n = len(parquetColumns)
		p.vals = slices.Grow(p.vals[:0], p.rows*(2*n-1))
		p.batch = p.batch[:0]
		for r := range p.rows {
			sp := p.spans[r*2*n : (r+1)*2*n]
			start := len(p.vals)
			for i, c := range parquetColumns {
				s := sp[2*i]
				switch {
				case s.end < 0:
					p.vals = append(p.vals, parquet.NullValue().Level(0, 0, i))
				case c.required:
					p.vals = append(p.vals, parquet.ByteArrayValue(p.arena[s.start:s.end]).Level(0, 0, i))
				default:
					p.vals = append(p.vals, parquet.ByteArrayValue(p.arena[s.start:s.end]).Level(0, 1, i))
				}
			}
			col := n
			for i, c := range parquetColumns {
				if c.name == "base_source" {
					continue
				}
				if s := sp[2*i+1]; s.end < 0 {
					p.vals = append(p.vals, parquet.NullValue().Level(0, 0, col))
				} else {
					p.vals = append(p.vals, parquet.ByteArrayValue(p.arena[s.start:s.end]).Level(0, 1, col))
				}
				col++
			}
			p.batch = append(p.batch, parquet.Row(p.vals[start:len(p.vals):len(p.vals)]))
		}
		if _, err := p.pw.WriteRows(p.batch); err != nil {
			return fmt.Errorf("parquet: %w", err)
		}
	}
	p.arena, p.spans, p.rows = p.arena[:0], p.spans[:0], 0
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
		p.err = fmt.Errorf("parquet: row %d: %w: the last %d bytes are not a whole row", p.rowN+1, ErrParquetRow, len(p.pend))
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

// row adds the row of one NDJSON line.
func (p *ParquetFromNDJSON) row(line []byte) error {
	p.lineNo++
	if len(line) == 0 {
		return nil
	}
	m, err := ndjsonMembers(line)
	if err != nil {
		return fmt.Errorf("parquet: row %d: %w: %v", p.lineNo, ErrParquetRow, err)
	}
	for _, c := range parquetColumns {
		s, ok, err := member(m, c.name)
		if err == nil {
			err = p.p.value(s, ok)
		}
		if err != nil {
			return fmt.Errorf("parquet: row %d: %w: %v", p.lineNo, ErrParquetRow, err)
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
