package archive

import (
	"errors"
	"io"
	"iter"

	"github.com/relurl/relurl/links"
)

// A Link is one link of a document of an archive, as All gives it: the
// document it was read from and the link, its strings its own.
type Link struct {
	// Doc is the document, as Reader.Link gets it: its name FILE#OFFSET,
	// its record's WARC-Target-URI and WARC-Date.
	Doc Document
	links.Link
}

// errStopped ends the document being read when the caller of All stops.
var errStopped = errors.New("archive: iteration stopped")

// All returns an iterator over the links of the archive read from r, in
// the order Read gives them, and over the errors met, where they are
// met: a link as (link, nil), an error as (Link{}, err), err being what
// Read gives Error (a *RecordError or a *DocError). Reading goes on
// after an error until the loop stops; the iterator reads r once.
//
// All uses the Reader's File, Limits, Extractor and Record, not its Link
// and Error. It is the one way to read an archive's links as values;
// each Link holds strings of its own (links.LinkBytes.Link), which costs
// an allocation per link. A program that writes each link out at once
// and needs that speed (the relurl command) sets Link and Error and
// calls Read instead, which makes no string per link.
func (a *Reader) All(r io.Reader) iter.Seq2[Link, error] {
	return func(yield func(Link, error) bool) {
		a.stopped = false
		a.emit = func(d *Document, k *links.LinkBytes) error {
			if a.stopped || !yield(Link{Doc: *d, Link: k.Link()}, nil) {
				a.stopped = true
				return errStopped
			}
			return nil
		}
		a.report = func(err error) {
			// Once stopped, the errors that follow are the stop's own
			// (errStopped, reported for its document): yield is not
			// called again (iter: a yield that returned false).
			if a.stopped {
				return
			}
			if !yield(Link{}, err) {
				a.stopped = true
			}
		}
		a.read(r)
	}
}
