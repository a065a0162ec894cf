package rows

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// MaxLine bounds a line of rows: a longer one is reported and skipped.
// Three URLs of the default URL limit (8 KiB) and a document name fit
// many times over.
const MaxLine = 1 << 20

// ErrNotRows is wrapped by the error of Read given a file that holds
// rows in another form than TSV or NDJSON lines: a Parquet file, or
// rows compressed by gzip or zstd. It is refused whole, not read line by
// line as TSV.
var ErrNotRows = errors.New("not TSV or NDJSON rows")

// A Row is one links row as read back: its columns by name, "" for a
// column the rows do not have. Differ rows are not links rows (they have
// no url) and are not read.
type Row struct {
	Line int // 1-based line number in its input

	Document, Base, BaseSource, Attribute, Ref, URL string
	Text, Rel, Title                                string // Writer.Context
	Page, Date                                      string // Writer.Page
	PageKey, URLKey                                 string // Writer.Key
}

// names are the column names of a Row, in the order of its fields after
// Line; the attribute column is "element@attribute" in TSV, "attribute"
// in NDJSON.
var names = [...]string{"document", "base", "base_source", "element@attribute", "ref", "url",
	"text", "rel", "title", "page", "date", "page_key", "url_key"}

// fields returns the fields of r in the order of names.
func (r *Row) fields() [len(names)]*string {
	return [...]*string{&r.Document, &r.Base, &r.BaseSource, &r.Attribute, &r.Ref, &r.URL,
		&r.Text, &r.Rel, &r.Title, &r.Page, &r.Date, &r.PageKey, &r.URLKey}
}

// A LineError reports a line of rows that gives no row: it does not
// parse, or has too few or too many columns. Reading goes on after it.
type LineError struct {
	Name string // the input
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// Read reads links rows, TSV (with or without its header line, which
// names the columns; without, the default columns) or NDJSON (told apart
// line by line, see isNDJSON), and calls row for each; the Row is
// valid during the call only. A later TSV header line (each column one
// a Row has, url among them), as files concatenated with their headers
// hold, names the columns of the lines after it. A Parquet file, or rows compressed by
// gzip or zstd, is refused at once by an error wrapping ErrNotRows. A line that gives no row is a *LineError
// passed to bad, and reading goes on; an error of row stops the reading
// and is returned, as is a header line without a url column. name is
// the input's name in errors.
func Read(r io.Reader, name string, row func(*Row) error, bad func(error)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(len(parquetHead))
	if err != nil && err != io.EOF {
		return fmt.Errorf("%s:1: %w", name, err) // Peek would drop it
	}
	if form := notRows(head); form != "" {
		return fmt.Errorf("%s: %w: %s", name, ErrNotRows, form)
	}
	cols := defaultColumns
	var buf []byte
	var rw Row
	for line := 1; ; line++ {
		b, long, err := readLine(br, &buf)
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if err == io.EOF && len(b) == 0 && !long {
			return nil
		}
		var rerr error
		switch {
		case long:
			rerr = fmt.Errorf("line longer than %d bytes", MaxLine)
		case len(b) == 0:
			continue
		case isNDJSON(b):
			rerr = ndjsonRow(&rw, b)
		case bytes.HasPrefix(b, []byte("document\t")) && (line == 1 || isHeader(string(b))):
			c, err := headerColumns(string(b))
			if err != nil {
				return fmt.Errorf("%s:%d: %w", name, line, err)
			}
			cols = c
			continue
		default:
			rerr = cols.row(&rw, string(b))
		}
		if rerr != nil {
			bad(&LineError{name, line, rerr})
		} else {
			rw.Line = line
			if err := row(&rw); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// parquetHead is how a Parquet file begins: its magic "PAR1", then the
// first page header, a Thrift compact struct whose first field is the
// page type, an i32 of field id 1 (0x15): a TSV row hardly begins so.
const parquetHead = "PAR1\x15"

// notRows names the form of a file that holds rows but not as lines, by
// its first bytes head: a Parquet file (Format Parquet), or the
// magic numbers of gzip (RFC 1952, with its one method, deflate) and
// zstd (RFC 8878), as rows files are compressed; "" for anything else.
func notRows(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte(parquetHead)):
		return "a Parquet file (it begins with PAR1), not lines of rows"
	case bytes.HasPrefix(head, []byte("\x1f\x8b\x08")):
		return "gzip-compressed (it begins with gzip's magic number): decompress it first"
	case bytes.HasPrefix(head, []byte("\x28\xb5\x2f\xfd")):
		return "zstd-compressed (it begins with zstd's magic number): decompress it first"
	}
	return ""
}

// Parse reads one line of rows without a header: NDJSON, or TSV in the
// default columns (document, base, base_source, element@attribute, ref,
// url), for a program that sees lines one at a time (such as a
// distributed job's element, a line of a sharded file).
func Parse(line string) (Row, error) {
	var r Row
	if isNDJSON([]byte(line)) {
		return r, ndjsonRow(&r, []byte(line))
	}
	return r, defaultColumns.row(&r, line)
}

// isNDJSON reports whether a line is an NDJSON row rather than a TSV one:
// it begins with "{" and holds no tab. JSON writes a tab in a string as
// \t, and a TSV row has a tab between any two columns, while its first
// column (the document) may begin with "{".
func isNDJSON(line []byte) bool {
	return len(line) > 0 && line[0] == '{' && bytes.IndexByte(line, '\t') < 0
}

// readLine returns the next line without its end ("\n" or "\r\n"), or
// long when it is longer than MaxLine (then it is skipped whole).
func readLine(br *bufio.Reader, buf *[]byte) (line []byte, long bool, err error) {
	*buf = (*buf)[:0]
	for {
		frag, err := br.ReadSlice('\n')
		if long || len(*buf)+len(frag) > MaxLine+2 {
			long = true
			*buf = (*buf)[:0]
		} else {
			*buf = append(*buf, frag...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		b := bytes.TrimSuffix(*buf, []byte("\n"))
		b = bytes.TrimSuffix(b, []byte("\r"))
		// The bound above counts the line's end, which a line may lack
		// (the last one): MaxLine bounds the line without it.
		if len(b) > MaxLine {
			return nil, true, err
		}
		return b, long, err
	}
}

// columns maps the columns of TSV rows to the fields of a Row: field[i]
// is the index in names of column i, or -1 for a column not read.
type columns struct{ field []int }

// defaultColumns are those of TSV rows without a header.
var defaultColumns = columns{field: []int{0, 1, 2, 3, 4, 5}}

// isHeader reports whether a line after the first is a header line, as
// TSV files concatenated with their headers hold: each of its columns
// is one a Row has, url among them. No links row is one: its
// base_source would be "base_source", or its url "url".
func isHeader(line string) bool {
	url := false
	for n := range strings.SplitSeq(line, "\t") {
		if !slices.Contains(names[:], n) {
			return false
		}
		url = url || n == "url"
	}
	return url
}

// headerColumns reads the columns of a header line.
func headerColumns(h string) (columns, error) {
	var c columns
	url := false
	for _, n := range strings.Split(h, "\t") {
		f := -1
		for i, name := range names {
			if n == name {
				f = i
			}
		}
		url = url || n == "url"
		c.field = append(c.field, f)
	}
	if !url {
		return c, fmt.Errorf("the header has no url column (rows of -differ are not links rows): %q", h)
	}
	return c, nil
}

// row reads a TSV row into r.
func (c columns) row(r *Row, line string) error {
	*r = Row{}
	f := r.fields()
	n := 0
	for rest := line; ; n++ {
		field, tail, more := strings.Cut(rest, "\t")
		if n < len(c.field) && c.field[n] >= 0 {
			*f[c.field[n]] = UnescapeTSV(field)
		}
		if !more {
			break
		}
		rest = tail
	}
	if n+1 != len(c.field) {
		return fmt.Errorf("%d columns, want %d", n+1, len(c.field))
	}
	return nil
}

// ndjsonRow reads an NDJSON row into r.
func ndjsonRow(r *Row, b []byte) error {
	*r = Row{}
	m, err := ndjsonMembers(b)
	if err != nil {
		return err
	}
	if _, ok := m["url"]; !ok {
		if _, ok := m["url_base64"]; !ok {
			return errors.New("no url member (rows of -differ are not links rows)")
		}
	}
	f := r.fields()
	for i, name := range names {
		if name == "element@attribute" {
			name = "attribute"
		}
		s, _, err := member(m, name)
		if err != nil {
			return err
		}
		*f[i] = s
	}
	return nil
}

// ndjsonMembers returns the members of an NDJSON row.
func ndjsonMembers(b []byte) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("not a JSON object: %v", err)
	}
	return m, nil
}

// member returns the value of member name of an NDJSON row, and whether
// the row has it (not null). A member NAME_base64 gives the exact bytes
// of NAME when they are not UTF-8 (as the rows are written, lossless).
func member(m map[string]json.RawMessage, name string) (string, bool, error) {
	if raw, ok := m[name+"_base64"]; ok {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", false, fmt.Errorf("member %s_base64: %v", name, err)
		}
		v, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return "", false, fmt.Errorf("member %s_base64: %v", name, err)
		}
		return string(v), true, nil
	}
	raw, ok := m[name]
	if !ok || string(raw) == "null" {
		return "", false, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false, fmt.Errorf("member %s: %v", name, err)
	}
	return s, true, nil
}
