package graph

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxLine bounds a line of links rows: a longer one is reported and
// skipped. Three URLs of the default URL limit (8 KiB) and a document
// name fit many times over.
const MaxLine = 1 << 20

// A Row is what a graph takes of one links row: the page the link is on,
// the link's URL, and the page's capture date ("" when the rows have
// none).
type Row struct {
	Line   int // 1-based line number in its input
	Source string
	URL    string
	Date   string
}

// A LineError reports a line of links rows that gives no edge: it does
// not parse, lacks a column, or a URL has no node at the level. Reading
// goes on after it.
type LineError struct {
	Name string // the input
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// ErrNoSource is wrapped by the LineError of a row that names no source
// page: no page column, and no base (the document had none).
var ErrNoSource = errors.New("no source page: the row has no page and no base")

// ErrNoURL is wrapped by the LineError of a row whose link has no URL (the
// URL Standard rejected its reference: the row's failure says why).
var ErrNoURL = errors.New("the link has no URL")

// ReadRows reads the rows that "relurl links" writes, TSV (with or
// without its header line) or NDJSON (told apart by the first byte of
// each line), and calls row for each. The source of an edge is the row's
// page column when it has one (the URL the document was retrieved by),
// otherwise its base (the URL its links were resolved against: the
// page's own URL unless a <BASE> or a header said otherwise); the date
// is the date column, when there is one. A line that gives no row is a
// *LineError passed to bad, and reading goes on; an error of row stops
// the reading and is returned. name is the input's name in errors.
func ReadRows(r io.Reader, name string, row func(Row) error, bad func(error)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	cols := defaultColumns
	var buf []byte
	for line := 1; ; line++ {
		b, long, err := readLine(br, &buf)
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if err == io.EOF && len(b) == 0 && !long {
			return nil
		}
		var rw Row
		var rerr error
		switch {
		case long:
			rerr = fmt.Errorf("line longer than %d bytes", MaxLine)
		case len(b) == 0:
			continue
		case b[0] == '{':
			rw, rerr = ndjsonRow(b)
		case line == 1 && bytes.HasPrefix(b, []byte("document\t")):
			c, err := headerColumns(string(b))
			if err != nil {
				return fmt.Errorf("%s:1: %w", name, err)
			}
			cols = c
			continue
		default:
			rw, rerr = cols.row(string(b))
		}
		if rerr != nil {
			bad(&LineError{name, line, rerr})
		} else {
			rw.Line = line
			if err := row(rw); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// ParseRow reads one line of links rows without a header: NDJSON, or
// TSV in the columns "relurl links" writes (document, base, base_source,
// element@attribute, ref, url). The Beam pipeline, which sees lines one
// at a time, reads them by it.
func ParseRow(line string) (Row, error) {
	if strings.HasPrefix(line, "{") {
		return ndjsonRow([]byte(line))
	}
	return defaultColumns.row(line)
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
		return b, long, err
	}
}

// columns are the indexes of the columns a graph reads in TSV rows.
type columns struct{ n, page, base, url, date int }

// defaultColumns are those of the links TSV rows without a header:
// document, base, base_source, element@attribute, ref, url.
var defaultColumns = columns{n: 6, page: -1, base: 1, url: 5, date: -1}

// headerColumns reads the columns of a header line.
func headerColumns(h string) (columns, error) {
	c := columns{page: -1, base: -1, url: -1, date: -1}
	names := strings.Split(h, "\t")
	c.n = len(names)
	for i, n := range names {
		switch n {
		case "page":
			c.page = i
		case "base":
			c.base = i
		case "url":
			c.url = i
		case "date":
			c.date = i
		}
	}
	if c.url < 0 {
		return c, fmt.Errorf("the header has no url column (rows of -differ are not links rows): %q", h)
	}
	return c, nil
}

// row reads a TSV row, without splitting it: only the columns a graph
// reads are cut out.
func (c columns) row(line string) (Row, error) {
	var v [4]string // page, base, url, date
	want := [4]int{c.page, c.base, c.url, c.date}
	n := 0
	for rest := line; ; n++ {
		field, tail, more := strings.Cut(rest, "\t")
		for i, col := range want {
			if col == n {
				v[i] = unescapeTSV(field)
			}
		}
		if !more {
			break
		}
		rest = tail
	}
	if n+1 != c.n {
		return Row{}, fmt.Errorf("%d columns, want %d", n+1, c.n)
	}
	return rowOf(v[0], v[1], v[2], v[3])
}

func rowOf(page, base, url, date string) (Row, error) {
	src := page
	if src == "" {
		src = base
	}
	if src == "" {
		return Row{}, ErrNoSource
	}
	if url == "" {
		return Row{}, ErrNoURL
	}
	return Row{Source: src, URL: url, Date: date}, nil
}

// unescapeTSV undoes the escapes of the links TSV rows: \\, \t, \n and \r
// (internal/crawl's AppendTSV writes them). Any other backslash is kept.
func unescapeTSV(s string) string {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for ; i >= 0; i = strings.IndexByte(s, '\\') {
		b = append(b, s[:i]...)
		if i+1 == len(s) {
			b = append(b, '\\')
			s = ""
			break
		}
		switch s[i+1] {
		case '\\':
			b = append(b, '\\')
		case 't':
			b = append(b, '\t')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		default:
			b = append(b, s[i:i+2]...)
		}
		s = s[i+2:]
	}
	return string(append(b, s...))
}

// ndjsonRow reads an NDJSON row. A member NAME_base64 gives the exact
// bytes of NAME when they are not UTF-8 (internal/jsonline).
func ndjsonRow(b []byte) (Row, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return Row{}, fmt.Errorf("not a JSON object: %v", err)
	}
	get := func(name string) (string, error) {
		if raw, ok := m[name+"_base64"]; ok {
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return "", fmt.Errorf("member %s_base64: %v", name, err)
			}
			v, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return "", fmt.Errorf("member %s_base64: %v", name, err)
			}
			return string(v), nil
		}
		raw, ok := m[name]
		if !ok || string(raw) == "null" {
			return "", nil
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", fmt.Errorf("member %s: %v", name, err)
		}
		return s, nil
	}
	var v [4]string
	for i, name := range []string{"page", "base", "url", "date"} {
		s, err := get(name)
		if err != nil {
			return Row{}, err
		}
		v[i] = s
	}
	if _, ok := m["url"]; !ok {
		return Row{}, errors.New("no url member (rows of -differ are not links rows)")
	}
	return rowOf(v[0], v[1], v[2], v[3])
}
