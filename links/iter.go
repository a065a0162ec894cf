package links

import (
	"errors"
	"io"
	"iter"

	"github.com/relurl/relurl/base"
)

// All returns an iterator over the links of the HTML document read from
// r, as Extract passes them (document order, resolved against the
// document's base inside outer), for a range loop:
//
//	for l, err := range x.All(r, outer) {
//		if err != nil {
//			// the document's error, last: a reading error, a
//			// *LimitError, the warnings when Warn is nil
//		}
//		...
//	}
//
// Each link comes with a nil error; when the extraction ends with an
// error (what Extract returns), it comes last, with a zero Link, so that
// no error is lost by a loop that does not break. Breaking out of the
// loop stops the reading at once. The document is read during the loop,
// not before: memory stays what Extract's is.
//
// Use All where a loop reads better than a callback (a program that keeps
// the links, or stops at the first that matches); Extract is the same
// with a function, and ExtractBytes is the fast way for a caller that
// keeps no link (nothing allocated per link). The Extractor must not be
// used for anything else until the loop ends.
func (x *Extractor) All(r io.Reader, outer base.Base) iter.Seq2[Link, error] {
	return func(yield func(Link, error) bool) {
		err := x.Extract(r, outer, func(l Link) error {
			if !yield(l, nil) {
				return errBreak
			}
			return nil
		})
		if err != nil && !errors.Is(err, errBreak) {
			yield(Link{}, err)
		}
	}
}

// errBreak stops Extract when the loop over All breaks.
var errBreak = errors.New("links: loop over All ended")
