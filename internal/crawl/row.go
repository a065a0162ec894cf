package crawl

import (
	"errors"
	"strconv"
	"unsafe"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/jsonline"
	"github.com/relurl/relurl/internal/swar"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/whatwg"
)

// Format is the format of the output rows.
type Format int

const (
	// TSV rows: document, base, base_source, element@attribute, ref and
	// url separated by tabs; a backslash, tab, newline or carriage
	// return inside a value is written \\, \t, \n or \r.
	TSV Format = iota
	// NDJSON rows: one JSON object per line with the members document,
	// base, base_source, attribute, ref and url.
	NDJSON
)

// TSVHeader is the header line of TSV output.
const TSVHeader = "document\tbase\tbase_source\telement@attribute\tref\turl\n"

// TSVContextHeader is the header line of TSV output with Rows.Context.
const TSVContextHeader = "document\tbase\tbase_source\telement@attribute\tref\turl\ttext\trel\ttitle\n"

// Ext returns the file name extension of the format: ".tsv" or ".ndjson".
func (f Format) Ext() string {
	if f == NDJSON {
		return ".ndjson"
	}
	return ".tsv"
}

// Rows writes the rows of a stream of links, document after document,
// by AppendRow. The URL limit (package limits) is not applied here: every
// link reaches Rows through links.Extractor (ExtractBytes, or
// ResolveBytes for the links of redirects and WAT records), which applies
// it once for all, with its *links.LimitError.
type Rows struct {
	Format Format
	// Differ, when not nil, writes only the links whose reference resolves
	// differently by Differ[0] and by Differ[1] (a failure of WHATWG
	// differs from every answer), in the differ format (see AppendRow).
	Differ *[2]relurl.Spec
	// Context appends the link's context after url: the columns text,
	// rel and title (TSV), the members "text", "rel" and "title"
	// (NDJSON). Not with Differ.
	Context bool

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
}

// Append appends the row of link k of document doc to b: AppendRow's
// bytes, with the columns of the document escaped once for its links.
// With Differ, a link both specifications resolve alike gives no row.
func (r *Rows) Append(b []byte, doc string, k links.Link) []byte {
	var d *Differ
	if r.Differ != nil {
		if d = r.differ(k); d == nil {
			return b
		}
	}
	if r.Format == TSV {
		if r.prefix == nil || doc != r.pdoc || k.Base.URL != r.pbase || k.Base.Source != r.psrc {
			r.pdoc, r.pbase, r.psrc = doc, k.Base.URL, k.Base.Source
			r.prefix = appendTSVDoc(r.prefix[:0], doc, k.Base)
		}
		b = appendTSVEnd(appendTSVRef(append(b, r.prefix...), k), k.URL, d)
	} else {
		b = AppendRow(b, r.Format, doc, k, d)
	}
	if r.Context && d == nil {
		b = appendContext(b, r.Format, k)
	}
	return b
}

// appendContext adds the context columns to the row that b ends with.
func appendContext(b []byte, f Format, k links.Link) []byte {
	if f == NDJSON {
		b = b[:len(b)-len("}\n")]
		b = jsonline.AppendField(b, false, "text", k.Text)
		b = jsonline.AppendField(b, false, "rel", k.Rel)
		b = jsonline.AppendField(b, false, "title", k.Title)
		return append(b, "}\n"...)
	}
	b = b[:len(b)-1]
	for _, v := range []string{k.Text, k.Rel, k.Title} {
		b = append(b, '\t')
		b = AppendTSV(b, v)
	}
	return append(b, '\n')
}

// AppendBytes is Append for a link as links.Extractor.ExtractBytes and
// internal/archive give it: its bytes are viewed, not copied.
func (r *Rows) AppendBytes(b []byte, doc string, k *links.LinkBytes) []byte {
	return r.Append(b, doc, linkOf(k))
}

// linkOf returns k as a Link whose Ref and URL view k's bytes: valid only
// while they are.
func linkOf(k *links.LinkBytes) links.Link {
	return links.Link{Element: k.Element, Attr: k.Attr, Ref: unsafeString(k.Ref), URL: unsafeString(k.URL), Base: k.Base, Err: k.Err,
		Text: unsafeString(k.Text), Rel: unsafeString(k.Rel), Title: unsafeString(k.Title)}
}

// differ returns the answers of both specifications of r.Differ for link
// k when they differ, else nil; they are valid until the next call. The
// link's own URL and Err are Differ[0]'s (the extractor resolved it by
// that specification, within the URL limit): only Differ[1] resolves the
// reference again, against the base parsed once for the links of a
// document. Its answer, from the same reference and base, is at most a
// few times as long (percent-encoding), so that output stays linear in
// the input.
func (r *Rows) differ(k links.Link) *Differ {
	if !r.dset || k.Base.URL != r.dbase {
		r.dbase, r.dset = k.Base.URL, true
		r.dpb = r.Differ[1].ParseBase(r.dbase)
	}
	var err error
	r.dbuf, err = r.dpb.AppendResolveErr(r.dbuf[:0], k.Ref)
	if k.URL == string(r.dbuf) && (k.Err == nil) == (err == nil) {
		return nil
	}
	r.d = Differ{Specs: *r.Differ, URLs: [2]string{k.URL, unsafeString(r.dbuf)}, Errs: [2]error{k.Err, err}}
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
// specifications, and "failure" is present only when not empty.
func AppendRow(b []byte, f Format, doc string, k links.Link, d *Differ) []byte {
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
	return jsonline.AppendField(b, false, "attribute", unsafeString(attr))
}

func appendRaw(b []byte, s string) []byte { return append(b, s...) }

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

// AppendTSV appends s with backslash, tab, newline and carriage return
// escaped, so that a value never breaks a row or a column. A run of bytes
// that need no escape, nearly every value, is copied in one piece.
func AppendTSV(b []byte, s string) []byte {
	if i := tsvPlain(s); i == len(s) {
		return append(b, s...)
	}
	return appendTSVEscaped(b, s)
}

// appendTSVEscaped is AppendTSV for a value that needs escapes.
func appendTSVEscaped(b []byte, s string) []byte {
	for {
		i := tsvPlain(s)
		b = append(b, s[:i]...)
		if i == len(s) {
			return b
		}
		switch s[i] {
		case '\\':
			b = append(b, `\\`...)
		case '\t':
			b = append(b, `\t`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		}
		s = s[i+1:]
	}
}

// tsvPlain returns the index of the first byte of s that AppendTSV
// escapes, or len(s). It tests eight bytes at a time: a word with no
// byte below 14 (tab, newline and carriage return are 9, 10 and 13) and
// no backslash needs no look at its bytes.
func tsvPlain(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if tsvWord(swar.Load64(s, i)) {
			break
		}
	}
	if i < len(s) && len(s) >= 8 && i+8 > len(s) && !tsvWord(swar.Load64(s, len(s)-8)) {
		return len(s) // the last word, overlapping bytes seen above
	}
	for ; i < len(s) && !tsvSpecial[s[i]]; i++ {
	}
	return i
}

// tsvWord reports whether the eight bytes of x may hold one that AppendTSV
// escapes: one below 14 (tab, newline and carriage return are 9, 10 and
// 13) or a backslash.
func tsvWord(x uint64) bool {
	return swar.LessBytes(x, '\r'+1)|swar.ZeroBytes(x^swar.Lsb*'\\') != 0
}

// tsvSpecial marks the bytes AppendTSV escapes.
var tsvSpecial = [256]bool{'\\': true, '\t': true, '\n': true, '\r': true}

// unsafeString returns b as a string without copying, valid while b is
// not changed: for a link's bytes during the extractor's callback.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
