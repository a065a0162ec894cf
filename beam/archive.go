package relurlbeam

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/wat"
	"github.com/relurl/relurl/links"
)

// archiveLinks extracts the links of one WARC or WAT file, with the
// rules of "relurl links" (cmd/relurl/crawl.go), which this follows:
//
//   - a "response" record holding an HTTP response with an HTML body:
//     its WARC-Target-URI is the retrieval URL (RFC 1808 section 3.3),
//     the Base and Content-Base fields of its HTTP header are message
//     headers (3.1), then its BASE element (3.1), by the links package;
//   - a "resource" record of type text/html: retrieved by its target URI;
//   - a redirect (3xx with Location): one link http@location, resolved
//     against the target URI; its body is not read;
//   - a WAT record (metadata, application/json): the recorded Head.Base,
//     resolved against the target URI, else the retrieval URL, and the
//     recorded links, each resolved by relurl;
//   - any other record is skipped.
//
// The document of a record's links is FILE#OFFSET (FILE#0+N for the Nth
// record of a file gzipped whole).
type archiveLinks struct {
	file string
	out  func(doc string, k links.Link)
	fail func(error)
	x    links.Extractor
}

func (a *archiveLinks) read(r io.Reader) {
	wr := warc.NewReader(r, a.file)
	var (
		lastOff int64 = -1
		nth     int
	)
	for {
		rec, err := wr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			a.fail(err)
			continue
		}
		doc := a.file + "#" + strconv.FormatInt(rec.Offset, 10)
		if rec.Offset == lastOff {
			nth++
			doc += "+" + strconv.Itoa(nth)
		} else {
			lastOff, nth = rec.Offset, 0
		}
		switch {
		case rec.IsHTTPResponse():
			a.httpRecord(doc, rec)
		case strings.EqualFold(rec.Type, "resource") && isHTML(mediaType(rec.ContentType)):
			a.html(doc, rec.Block, base.Retrieved(rec.TargetURI))
		case strings.EqualFold(rec.Type, "metadata") && mediaType(rec.ContentType) == "application/json":
			a.watRecord(doc, rec)
		}
	}
}

func mediaType(ct string) string {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return ""
	}
	return mt
}

func isHTML(mt string) bool { return mt == "text/html" || mt == "application/xhtml+xml" }

func (a *archiveLinks) html(doc string, r io.Reader, outer base.Base) {
	err := a.x.Extract(r, outer, func(k links.Link) error {
		a.out(doc, k)
		return nil
	})
	if err != nil {
		a.fail(fmt.Errorf("%s: %w", doc, err))
	}
}

func (a *archiveLinks) httpRecord(doc string, rec *warc.Record) {
	resp, err := rec.ReadHTTPResponse()
	if err != nil {
		a.fail(err)
		return
	}
	retrieved := base.Retrieved(rec.TargetURI)
	if loc, ok := resp.Redirect(); ok {
		a.redirect(doc, retrieved, loc)
		return
	}
	if !resp.IsHTML() {
		return
	}
	outer, _, err := base.HTTPHeader(textproto.MIMEHeader(resp.Header), retrieved)
	if err != nil {
		a.fail(fmt.Errorf("%s: %w (not used)", doc, err))
	}
	a.html(doc, resp.Body, outer)
}

func (a *archiveLinks) redirect(doc string, retrieved base.Base, loc string) {
	ref := strings.TrimSpace(loc)
	a.out(doc, links.Link{Element: "http", Attr: "location", Ref: ref, URL: retrieved.Resolve(ref), Base: retrieved})
}

func (a *archiveLinks) watRecord(doc string, rec *warc.Record) {
	w, err := wat.Decode(rec.Block)
	if err != nil {
		var we *warc.Error
		if !errors.As(err, &we) {
			we = &warc.Error{File: a.file, Offset: rec.Offset, Err: fmt.Errorf("%w: %v", wat.ErrJSON, err)}
		}
		a.fail(we)
		return
	}
	target := w.TargetURI
	if target == "" {
		target = rec.TargetURI
	}
	retrieved := base.Retrieved(target)
	if loc, ok := w.Redirect(); ok {
		a.redirect(doc, retrieved, loc)
		return
	}
	if !w.HTML {
		return
	}
	if target == "" {
		a.fail(&warc.Error{File: a.file, Offset: rec.Offset, Err: fmt.Errorf("%w in WAT record %s", warc.ErrMissingTargetURI, rec.ID)})
		return
	}
	outer, _, err := base.HTTPHeader(textproto.MIMEHeader(w.Header), retrieved)
	if err != nil {
		a.fail(fmt.Errorf("%s: %w (not used)", doc, err))
	}
	b := outer
	if w.HasBase {
		b = outer.Within(string(base.TrimHTMLSpace([]byte(w.Base))), base.HTML)
	}
	for _, list := range [][]wat.Link{w.HeadLinks, w.Links} {
		for _, k := range list {
			elem, attr := watPath(k.Path)
			ref := string(base.TrimHTMLSpace([]byte(k.URL)))
			a.out(doc, links.Link{Element: elem, Attr: attr, Ref: ref, URL: b.Resolve(ref), Base: b})
		}
	}
}

// watPath turns a WAT link path such as "A@/href" into lower-case element
// and attribute names; a path without "@" ("STYLE/#text") is the element.
func watPath(path string) (elem, attr string) {
	e, at, ok := strings.Cut(path, "@")
	if !ok {
		return strings.ToLower(path), ""
	}
	return strings.ToLower(e), strings.ToLower(strings.TrimPrefix(at, "/"))
}

// formatRow returns the output line of a link: the TSV row of "relurl
// links".
func formatRow(doc string, k links.Link) string {
	attr := escape(k.Element)
	if k.Attr != "" {
		attr += "@" + escape(k.Attr)
	}
	return escape(doc) + "\t" + escape(k.Base.URL) + "\t" + k.Base.Source.String() + "\t" + attr + "\t" + escape(k.Ref) + "\t" + escape(k.URL)
}
