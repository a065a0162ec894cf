package graph

import (
	"errors"
	"fmt"
	"io"

	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

// MaxLine bounds a line of links rows: a longer one is reported and
// skipped (rows.MaxLine).
const MaxLine = rows.MaxLine

// A Row is what a graph takes of one links row: the page the link is on,
// the link's URL, and the page's capture date ("" when the rows have
// none).
type Row struct {
	Line   int    // 1-based line number in its input
	Doc    string // the document column: FILE#OFFSET for an archive record
	Source string
	URL    string
	Date   string
}

// A LineError reports a line of links rows that gives no edge: it does
// not parse, lacks a column, or a URL has no node at the level. Reading
// goes on after it.
type LineError = rows.LineError

// ErrNoSource is the error of a link that names no source page: no page
// (column) and no base (the document had none). ReadRows wraps it in the
// LineError of such a row; RowOf and Builder.AddLink return it for such a
// link, Level.Edge and Builder.Add for an empty source.
var ErrNoSource = errors.New("no source page: the row has no page and no base")

// ErrNoURL is the error of a link that has no URL (the URL Standard
// rejected its reference: the row's failure says why), given as
// ErrNoSource is: wrapped by ReadRows, returned by RowOf and
// Builder.AddLink, and by Level.Edge and Builder.Add for an empty target.
var ErrNoURL = errors.New("the link has no URL")

// ReadRows reads the rows that "relurl links" writes, by rows.Read, and
// calls row for each. The source of an edge is the row's page column
// when it has one (the URL the document was retrieved by), otherwise its
// base (the URL its links were resolved against: the page's own URL
// unless a <BASE> or a header said otherwise); the date is the date
// column, when there is one. A line that gives no row is a *LineError
// passed to bad, and reading goes on; an error of row stops the reading
// and is returned. name is the input's name in errors.
func ReadRows(r io.Reader, name string, row func(Row) error, bad func(error)) error {
	return rows.Read(r, name, func(rw *rows.Row) error {
		g, err := rowOf(rw)
		if err != nil {
			bad(&LineError{Name: name, Line: rw.Line, Err: err})
			return nil
		}
		return row(g)
	}, bad)
}

func rowOf(rw *rows.Row) (Row, error) {
	r := Row{Line: rw.Line, Doc: rw.Document, Source: source(rw.Page, rw.Base), URL: rw.URL, Date: rw.Date}
	return r, missingEnd(r.Source, r.URL)
}

// A LinkError reports a link handed over in process (Builder.AddLink)
// that gives no edge, naming its document (FILE#OFFSET in an archive) and
// its URL: "relurl graph" and the Beam pipeline (beam/) word it alike.
type LinkError struct {
	Doc, URL string
	Err      error
}

func (e *LinkError) Error() string {
	return fmt.Sprintf("%s: link %s: %v", e.Doc, quote.Quote(e.URL), e.Err)
}

func (e *LinkError) Unwrap() error { return e.Err }

// RowOf returns what a graph takes of link k of document doc, as ReadRows
// would take it from the row "relurl links -page" writes for it: the
// source is the document's page when known, else the link's base
// (source, docs/graphs.md#the-page-of-an-edge), the date the document's.
// Builder.AddLink counts by it, and the Beam pipeline (beam/) carries
// its rows from the archives to the graph, so that both give the graph
// of "relurl graph". The Row's strings are those of doc and k.
//
// A link that gives no edge for want of a source or a URL gives its Row
// all the same, with the error (ErrNoSource, its Source ""; ErrNoURL)
// that Level.Edge and Builder.Add give for that Row: the Beam pipeline
// carries it to the graph, whose every level reports it, as "relurl
// graph" does.
func RowOf(doc *rows.Document, k links.Link) (Row, error) {
	r := Row{Doc: doc.Name, Source: source(doc.Page, k.Base.URL), URL: k.URL, Date: doc.Date}
	return r, missingEnd(r.Source, r.URL)
}

// source returns the source page of the edge of a link on a document
// retrieved by page with base (docs/graphs.md#the-page-of-an-edge): the
// page when known, the URL the document was retrieved by, otherwise the
// base; "" when neither is known. Rows (ReadRows) and links handed over
// in process (Builder.AddLink) go by it alike, so that both give one
// graph.
func source(page, base string) string {
	if page != "" {
		return page
	}
	return base
}

// missingEnd returns the error of an edge from source to target that
// lacks one of them: ErrNoSource when source is "", else ErrNoURL when
// target is "", else nil. It is the one rule of rows (ReadRows), links
// (RowOf) and edges (Level.Edge, Builder.Add), so that each reports such
// a link alike.
func missingEnd(source, target string) error {
	if source == "" {
		return ErrNoSource
	}
	if target == "" {
		return ErrNoURL
	}
	return nil
}
