package rows

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
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
var parquetColumns = [...]struct {
	name     string
	required bool
}{
	{"document", true}, {"base", true}, {"base_source", true}, {"attribute", true}, {"ref", true}, {"url", true},
	{"text", false}, {"rel", false}, {"title", false}, {"page", false}, {"date", false},
	{"page_key", false}, {"url_key", false}, {"page_key_error", false}, {"url_key_error", false},
}

// parquetGroupBytes is how many bytes of values a row group holds before
// it is flushed: the writer's memory is bounded by about this much
// (docs/links.md#parquet--format-parquet), and a row group is large enough for readers to
// skip by column statistics.
var parquetGroupBytes = 64 << 20

// parquetBatch is how many rows are handed to the writer at once.
const parquetBatch = 1024

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

// A ParquetWriter writes links rows as a Parquet file. Its Write takes the
// NDJSON rows of a Writer (Format NDJSON, any optional columns), whole
// lines or pieces of them, and Close writes the rest and the file's
// footer: a Parquet file is whole only once closed. It needs no seekable
// output: the row groups are buffered, up to about 64 MiB of values each,
// and written in order.
type ParquetWriter struct {
	pw      *parquet.GenericWriter[any]
	line    []byte // a line not ended yet
	batch   []parquet.Row
	vals    []parquet.Value
	inGroup int
	lineNo  int
	err     error
	exact   [len(parquetColumns)]string
	present [len(parquetColumns)]bool
}

// NewParquetWriter returns a ParquetWriter writing to w.
func NewParquetWriter(w io.Writer) *ParquetWriter {
	return &ParquetWriter{pw: parquet.NewGenericWriter[any](w, parquetSchema,
		parquet.Compression(&zstd.Codec{}),
		parquet.CreatedBy("relurl", "", ""),
	)}
}

// ErrParquetRow is the error of a ParquetWriter given a line that is not
// an NDJSON links row.
var ErrParquetRow = errors.New("not an NDJSON links row")

// Write writes the rows of the NDJSON lines in b; a line not ended is
// kept for the next Write or Close.
func (p *ParquetWriter) Write(b []byte) (int, error) {
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
func (p *ParquetWriter) row(line []byte) error {
	p.lineNo++
	if len(line) == 0 {
		return nil
	}
	m, err := ndjsonMembers(line)
	if err != nil {
		return fmt.Errorf("parquet: row %d: %w: %v", p.lineNo, ErrParquetRow, err)
	}
	size := 0
	for i, c := range parquetColumns {
		name := c.name
		s, ok, err := member(m, name)
		if err != nil {
			return fmt.Errorf("parquet: row %d: %w: %v", p.lineNo, ErrParquetRow, err)
		}
		if c.required && !ok {
			return fmt.Errorf("parquet: row %d: %w: no member %s", p.lineNo, ErrParquetRow, name)
		}
		p.exact[i], p.present[i] = s, ok || c.required
		size += len(s)
	}
	// The values of a row are copied into the batch's own slice: the
	// writer reads them at WriteRows, the line's bytes are reused.
	start := len(p.vals)
	col := 0
	for i, c := range parquetColumns {
		switch {
		case !p.present[i]:
			p.vals = append(p.vals, parquet.NullValue().Level(0, 0, col))
		case c.required:
			p.vals = append(p.vals, parquet.ByteArrayValue([]byte(strings.ToValidUTF8(p.exact[i], "\uFFFD"))).Level(0, 0, col))
		default:
			p.vals = append(p.vals, parquet.ByteArrayValue([]byte(strings.ToValidUTF8(p.exact[i], "\uFFFD"))).Level(0, 1, col))
		}
		col++
	}
	for i, c := range parquetColumns {
		if c.name == "base_source" {
			continue
		}
		if p.present[i] && !utf8.ValidString(p.exact[i]) {
			p.vals = append(p.vals, parquet.ByteArrayValue([]byte(p.exact[i])).Level(0, 1, col))
		} else {
			p.vals = append(p.vals, parquet.NullValue().Level(0, 0, col))
		}
		col++
	}
	p.batch = append(p.batch, parquet.Row(p.vals[start:len(p.vals):len(p.vals)]))
	p.inGroup += size
	if len(p.batch) == parquetBatch || p.inGroup >= parquetGroupBytes {
		return p.flush()
	}
	return nil
}

// flush hands the batch to the writer, and ends the row group once it
// holds parquetGroupBytes.
func (p *ParquetWriter) flush() error {
	if len(p.batch) > 0 {
		if _, err := p.pw.WriteRows(p.batch); err != nil {
			return fmt.Errorf("parquet: %w", err)
		}
	}
	p.batch, p.vals = p.batch[:0], p.vals[:0]
	if p.inGroup >= parquetGroupBytes {
		p.inGroup = 0
		if err := p.pw.Flush(); err != nil {
			return fmt.Errorf("parquet: %w", err)
		}
	}
	return nil
}

// Close writes the rows not written yet (a last line without its
// newline too) and the file's footer. It does not close the underlying
// writer.
func (p *ParquetWriter) Close() error {
	if p.err == nil && len(p.line) > 0 {
		p.err = p.row(p.line)
		p.line = p.line[:0]
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
