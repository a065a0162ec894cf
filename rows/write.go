package rows

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/bytestr"
	"github.com/relurl/relurl/internal/jsonline"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/whatwg"
)

// Format is the format of the output rows.
type Format int

const (
	// TSV rows: the columns separated by tabs; a backslash, tab, newline
	// or carriage return inside a value is written \\, \t, \n or \r
	// (AppendTSV, UnescapeTSV).
	TSV Format = iota
	// NDJSON rows: one JSON object per line, a member per column.
	NDJSON
	// Parquet: a Parquet file (docs/links.md#parquet--format-parquet):
	// a Writer appends each row's values, which a ParquetWriter takes
	// (its bytes are for a ParquetWriter, not a format to keep).
	Parquet
)

var formatNames = [...]string{TSV: "tsv", NDJSON: "ndjson", Parquet: "parquet"}

// String returns "tsv", "ndjson" or "parquet" (Format(N) for another
// value).
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return "Format(" + strconv.Itoa(int(f)) + ")"
	}
	return formatNames[f]
}

// ParseFormat returns the Format named s, as String names it: "tsv",
// "ndjson" or "parquet", in lower case (relurl links -format).
func ParseFormat(s string) (Format, error) {
	for i, n := range formatNames {
		if s == n {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("rows: unknown format %q: want tsv, ndjson or parquet", s)
}

// TSVHeader is the header line of TSV rows without optional columns.
const TSVHeader = "document\tbase\tbase_source\telement@attribute\tref\turl\n"

// Ext returns the file name extension of the format: ".tsv", ".ndjson"
// or ".parquet".
func (f Format) Ext() string {
	switch f {
	case NDJSON:
		return ".ndjson"
	case Parquet:
		return ".parquet"
	}
	return ".tsv"
}

// A Document names the document whose links a row gives.
type Document struct {
	// Name is the document column: FILE#OFFSET for an archive record, the
	// file name or URL of a document read whole, "-" for standard input.
	Name string
	// Page is the page column (Writer.Page): the URL the document was
	// retrieved by (an archive record's WARC-Target-URI, a fetched URL, a
	// file's file:// URL), "" when none is known.
	Page string
	// Date is the date column (Writer.Page): the capture date as the
	// archive wrote it (WARC-Date), "" when there is none.
	Date string
}

// Writer writes the rows of a stream of links, document after document,
// by AppendRow. The URL limit (package limits) is not applied here: every
// link reaches a Writer through links.Extractor (ExtractBytes, or
// ResolveBytes for the links of redirects and archive records), which
// applies it once for all, with its *links.LimitError.
//
// The optional columns come after url, in this order: text, rel, title
// (Context); page, date (Page); page_key, url_key (Key). Header names
// them.
type Writer struct {
	Format Format
	// Differ, when not nil, writes only the links whose reference resolves
	// differently by Differ[0] and by Differ[1] (a failure of WHATWG
	// differs from every answer), in the differ format (see AppendRow).
	// The optional columns are not written with it, nor the rows of
	// revisit records (warc@revisit), whose ref is a date. A differ row
	// is not a links row: it has no Parquet form.
	Differ *[2]relurl.Spec
	// Context adds the link's context: the columns text, rel and title.
	Context bool
	// Page adds the columns page and date: the Document's Page and Date.
	Page bool
	// Key, when not nil, adds the columns page_key and url_key: the key
	// Key appends for the Document's Page and for the link's URL (such as
	// canon.CDXKey's, see package canon). A URL Key fails on has an empty
	// key, the error passed to KeyError; in NDJSON the reason is the
	// member page_key_error or url_key_error too. A link without a URL
	// (Link.Err) has an empty key and no key error: its failure is
	// reported as the link's.
	Key func(dst []byte, url string) ([]byte, error)
	// KeyError, if not nil, receives each error of Key, with the URL.
	KeyError func(url string, err error)

	dbase string            // the base of the last link resolved for Differ
	dpb   relurl.ParsedBase // parsed by Differ[1]
	dset  bool
	dbuf  []byte // Differ[1]'s answer
	d     Differ // the last differ row's answers

	// The columns the TSV rows of one document and base begin with
	// (document, base, base source), escaped once for all its links: the
	// strings they were made from (kept, as strings do not change: only
	// the Ref and URL of a link may view bytes that do), and the bytes.
	pdoc, pbase string
	psrc        base.Source
	prefix      []byte

	// The page key, computed once for the links of a page.
	kpage   string
	kset    bool
	pkey    []byte
	pkeyErr error
	ukey    []byte
}

// Header returns the header line of the TSV rows w writes: TSVHeader,
// its optional columns added, or DifferHeader.
func (w *Writer) Header() string {
	if w.Differ != nil {
		return DifferHeader(*w.Differ)
	}
	h := TSVHeader[:len(TSVHeader)-1]
	if w.Context {
		h += "\ttext\trel\ttitle"
	}
	if w.Page {
		h += "\tpage\tdate"
	}
	if w.Key != nil {
		h += "\tpage_key\turl_key"
	}
	return h + "\n"
}

// Append appends the row of link k of document d to b: AppendRow's
// bytes, with the columns of the document escaped once for its links,
// and the optional columns. With Differ, a link both specifications
// resolve alike gives no row.
func (w *Writer) Append(b []byte, d *Document, k links.Link) []byte {
	var df *Differ
	if w.Differ != nil {
		if k.Element == "warc" && k.Attr == "revisit" {
			return b // its ref is a date, not a reference to resolve
		}
		if df = w.differ(k); df == nil {
			return b
		}
	}
	if w.Format == TSV {
		if w.prefix == nil || d.Name != w.pdoc || k.Base.URL != w.pbase || k.Base.Source != w.psrc {
			w.pdoc, w.pbase, w.psrc = d.Name, k.Base.URL, k.Base.Source
			w.prefix = appendTSVDoc(w.prefix[:0], d.Name, k.Base)
		}
		b = appendTSVEnd(appendTSVRef(append(b, w.prefix...), k), k.URL, df)
	} else {
		b = AppendRow(b, w.Format, d.Name, k, df)
	}
	if df == nil && (w.Context || w.Page || w.Key != nil) {
		b = w.appendOptional(b, d, k)
	}
	return b
}

// appendOptional adds the optional columns to the row that b ends with:
// in TSV and NDJSON those the rows have, in Parquet every one, null when
// the rows do not have it (parquetColumns).
func (w *Writer) appendOptional(b []byte, d *Document, k links.Link) []byte {
	switch w.Format {
	case NDJSON:
		b = b[:len(b)-len("}\n")]
	case Parquet:
		b = b[:len(b)-parquetOptional]
	default:
		b = b[:len(b)-1]
	}
	col := func(name, v string) {
		switch w.Format {
		case NDJSON:
			b = jsonline.AppendField(b, false, name, v)
		case Parquet:
			b = appendParquetValue(b, v)
		default:
			b = append(b, '\t')
			b = AppendTSV(b, v)
		}
	}
	// absent: n columns the row does not have.
	absent := func(n int) {
		if w.Format == Parquet {
			b = appendParquetNulls(b, n)
		}
	}
	if w.Context {
		col("text", k.Text)
		col("rel", k.Rel)
		col("title", k.Title)
	} else {
		absent(3)
	}
	if w.Page {
		col("page", d.Page)
		col("date", d.Date)
	} else {
		absent(2)
	}
	if w.Key != nil {
		pkey, perr := w.pageKey(d.Page)
		var ukey []byte
		var uerr error
		if k.URL != "" && k.Err == nil {
			w.ukey, uerr = w.Key(w.ukey[:0], k.URL)
			if uerr != nil {
				w.ukey = w.ukey[:0]
				if w.KeyError != nil {
					w.KeyError(k.URL, uerr)
				}
			}
			ukey = w.ukey
		}
		col("page_key", bytestr.View(pkey))
		col("url_key", bytestr.View(ukey))
		// The reasons are values in NDJSON and Parquet; TSV has
		// no column for them (the error lines say them).
		if perr != nil && w.Format != TSV {
			col("page_key_error", perr.Error())
		} else {
			absent(1)
		}
		if uerr != nil && w.Format != TSV {
			col("url_key_error", uerr.Error())
		} else {
			absent(1)
		}
	} else {
		absent(4)
	}
	switch w.Format {
	case NDJSON:
		return append(b, "}\n"...)
	case Parquet:
		return b
	}
	return append(b, '\n')
}

// pageKey returns the key of page, computed once for the links of a
// page (its error reported once too).
func (w *Writer) pageKey(page string) ([]byte, error) {
	if w.kset && page == w.kpage {
		return w.pkey, w.pkeyErr
	}
	w.kpage, w.kset, w.pkeyErr = page, true, nil
	w.pkey = w.pkey[:0]
	if page == "" {
		return w.pkey, nil
	}
	w.pkey, w.pkeyErr = w.Key(w.pkey, page)
	if w.pkeyErr != nil {
		w.pkey = w.pkey[:0]
		if w.KeyError != nil {
			w.KeyError(page, w.pkeyErr)
		}
	}
	return w.pkey, w.pkeyErr
}

// AppendBytes is Append for a link as links.Extractor.ExtractBytes and
// package archive give it: its bytes are viewed, not copied.
func (w *Writer) AppendBytes(b []byte, d *Document, k *links.LinkBytes) []byte {
	return w.Append(b, d, LinkOf(k))
}

// LinkOf returns k as a Link whose Ref, URL and context view k's bytes:
// valid only while they are, with no copy made.
func LinkOf(k *links.LinkBytes) links.Link {
	return links.Link{Element: k.Element, Attr: k.Attr, Ref: bytestr.View(k.Ref), URL: bytestr.View(k.URL), Base: k.Base, Err: k.Err,
		Text: bytestr.View(k.Text), Rel: bytestr.View(k.Rel), Title: bytestr.View(k.Title)}
}

// differ returns the answers of both specifications of r.Differ for link
// k when they differ, else nil; they are valid until the next call. The
// link's own URL and Err are Differ[0]'s (the extractor resolved it by
// that specification, within the URL limit): only Differ[1] resolves the
// reference again, against the base parsed once for the links of a
// document. Its answer, from the same reference and base, is at most a
// few times as long (percent-encoding), so that output stays linear in
// the input.
func (r *Writer) differ(k links.Link) *Differ {
	if !r.dset || k.Base.URL != r.dbase {
		r.dbase, r.dset = k.Base.URL, true
		r.dpb = r.Differ[1].ParseBase(r.dbase)
	}
	var err error
	r.dbuf, err = r.dpb.AppendResolveErr(r.dbuf[:0], k.Ref)
	if k.URL == string(r.dbuf) && (k.Err == nil) == (err == nil) {
		return nil
	}
	r.d = Differ{Specs: *r.Differ, URLs: [2]string{k.URL, bytestr.View(r.dbuf)}, Errs: [2]error{k.Err, err}}
	return &r.d
}

// Differ is what a differ row adds to a link: the two specifications,
// their answers, and their failures (nil, but for WHATWG's).
type Differ struct {
	Specs [2]relurl.Spec
	URLs  [2]string // "" for a failure
	Errs  [2]error
}

// DifferHeader is the header line of TSV differ output for specs:
//
//	document base base_source element@attribute ref A B failure
//
// where A and B are the specifications' names ("rfc1808", "whatwg").
func DifferHeader(specs [2]relurl.Spec) string {
	return "document\tbase\tbase_source\telement@attribute\tref\t" + specs[0].String() + "\t" + specs[1].String() + "\tfailure\n"
}

// failure names the failures of a differ row: for each specification that
// failed, "NAME: REASON at offset N" (the URL Standard's name of the
// validation error), joined by "; ", or "".
func (d *Differ) failure() string {
	failure := ""
	for i, err := range d.Errs {
		if err == nil {
			continue
		}
		if failure != "" {
			failure += "; "
		}
		failure += d.Specs[i].String() + ": " + reason(err)
	}
	return failure
}

// reason names a failure briefly: the URL Standard's reason and offset,
// without the input (the row has it).
func reason(err error) string {
	var e *whatwg.Error
	if errors.As(err, &e) {
		return e.Reason.Error() + " at offset " + strconv.Itoa(e.Offset)
	}
	return err.Error()
}

// AppendRow appends the row of link k of document doc, newline included.
// It is the one writer of the row format, shared by "relurl links" and the
// Beam pipeline (beam/), so that both give the same bytes.
//
// With d nil the row is a link row: document, base, base_source,
// element@attribute, ref, url. With d it is a differ row: the same columns
// up to ref, then each specification's answer ("" when it fails), then
// failure (see Differ); in NDJSON the answers are members named after the
// specifications, and "failure" is present only when not empty. In
// Parquet the row is what a ParquetWriter takes, without a newline, its
// optional columns null; a differ row has none (AppendRow panics).
func AppendRow(b []byte, f Format, doc string, k links.Link, d *Differ) []byte {
	if f == Parquet {
		if d != nil {
			panic("rows: a differ row is not a links row: it has no Parquet form")
		}
		var buf [64]byte
		b = append(b, parquetRowTag)
		b = appendParquetValue(b, doc)
		b = appendParquetValue(b, k.Base.URL)
		b = appendParquetValue(b, k.Base.Source.String())
		b = appendParquetValue(b, bytestr.View(appendAttribute(buf[:0], k, appendRaw)))
		b = appendParquetValue(b, k.Ref)
		b = appendParquetValue(b, k.URL)
		return appendParquetNulls(b, parquetOptional)
	}
	if f == NDJSON {
		// Lossless like every -json output: a value that is not UTF-8
		// gets a NAME_base64 member with its exact bytes.
		b = append(b, '{')
		b = jsonline.AppendField(b, true, "document", doc)
		b = jsonline.AppendField(b, false, "base", k.Base.URL)
		b = jsonline.AppendField(b, false, "base_source", k.Base.Source.String())
		b = appendAttributeField(b, k)
		b = jsonline.AppendField(b, false, "ref", k.Ref)
		if d == nil {
			b = jsonline.AppendField(b, false, "url", k.URL)
		} else {
			for i, s := range d.Specs {
				b = jsonline.AppendField(b, false, s.String(), d.URLs[i])
			}
			if failure := d.failure(); failure != "" {
				b = jsonline.AppendField(b, false, "failure", failure)
			}
		}
		return append(b, "}\n"...)
	}
	return appendTSVEnd(appendTSVLink(b, doc, k), k.URL, d)
}

// appendTSVLink appends the columns a link's rows begin with: document,
// base, base source, element@attribute and reference, tab-separated.
func appendTSVLink(b []byte, doc string, k links.Link) []byte {
	return appendTSVRef(appendTSVDoc(b, doc, k.Base), k)
}

// appendTSVDoc appends the document, base and base source columns, each
// with the tab after it: the columns every link of a document with one
// base shares.
func appendTSVDoc(b []byte, doc string, bs base.Base) []byte {
	b = AppendTSV(b, doc)
	b = append(b, '\t')
	b = AppendTSV(b, bs.URL)
	b = append(b, '\t')
	b = append(b, bs.Source.String()...)
	return append(b, '\t')
}

// appendTSVRef appends the element@attribute and reference columns.
func appendTSVRef(b []byte, k links.Link) []byte {
	b = appendAttribute(b, k, AppendTSV)
	b = append(b, '\t')
	return AppendTSV(b, k.Ref)
}

// appendTSVEnd appends the columns after ref and the newline: url, or
// with d the differ columns (each specification's answer, then failure).
func appendTSVEnd(b []byte, url string, d *Differ) []byte {
	if d == nil {
		b = append(b, '\t')
		b = AppendTSV(b, url)
		return append(b, '\n')
	}
	for _, u := range d.URLs {
		b = append(b, '\t')
		b = AppendTSV(b, u)
	}
	b = append(b, '\t')
	b = AppendTSV(b, d.failure())
	return append(b, '\n')
}

// appendAttributeField appends the "attribute" member of an NDJSON row,
// element@attribute, made in a buffer on the stack (no allocation for a
// row).
func appendAttributeField(b []byte, k links.Link) []byte {
	var buf [64]byte
	attr := appendAttribute(buf[:0], k, appendRaw)
	return jsonline.AppendField(b, false, "attribute", bytestr.View(attr))
}

func appendRaw(b []byte, s string) []byte { return append(b, s...) }

// AppendAttribute appends the element@attribute column of k, escaped
// (AppendTSV), as TSV rows have it.
func AppendAttribute(b []byte, k links.Link) []byte { return appendAttribute(b, k, AppendTSV) }

// appendAttribute appends element@attribute, or the element alone when
// the link has no attribute (a WAT path such as "style/#text"). Names
// read from a WAT file may hold any byte, so they are escaped.
func appendAttribute(b []byte, k links.Link, esc func([]byte, string) []byte) []byte {
	b = esc(b, k.Element)
	if k.Attr != "" {
		b = append(b, '@')
		b = esc(b, k.Attr)
	}
	return b
}
