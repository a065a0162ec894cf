package warc

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/relurl/relurl/internal/quote"
)

// Segmented records (WARC/1.1: the WARC-Segment-Number,
// WARC-Segment-Origin-ID and WARC-Segment-Total-Length fields, and the
// "continuation" record type): a writer may split one record's block over a
// first record carrying WARC-Segment-Number 1 and continuation records
// numbered 2, 3... naming it in WARC-Segment-Origin-ID, the last with
// WARC-Segment-Total-Length. A reader that gave segment 1 alone would
// give a page cut short in silence (issue 23.4). So the Block of a first
// segment reads on, at its end, into the continuation records that follow
// it in the file, in order, streaming (the whole, all segments together,
// bounded by Limits.Record). A continuation that does not follow is an
// ErrSegment error of the Block, and the record found instead is the next
// one Next returns; a continuation record met alone (its first segment not
// read to its end) is reported with ErrSegment by Next, unless its first
// segment was the record just returned and its Block was not read to the
// end (the caller did not want it).

// segmentReader reads the block of a segmented record across its
// segments.
type segmentReader struct {
	r    *Reader
	rec  *Record      // the first segment
	cur  *blockReader // the segment being read
	next int          // the number of the next segment
	n    int64        // bytes given, all segments
	err  error
}

func (s *segmentReader) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	for {
		n, err := s.cur.Read(p)
		s.n += int64(n)
		if err != io.EOF {
			if err != nil {
				s.err = err
			}
			return n, err
		}
		if n > 0 {
			return n, nil
		}
		if s.next == 0 { // the last segment read
			s.err = io.EOF
			return 0, io.EOF
		}
		if err := s.join(); err != nil {
			s.err = err
			return 0, err
		}
	}
}

// join reads the next record, which must be the next segment.
func (s *segmentReader) join() error {
	r := s.r
	rec, err := r.next()
	if err == nil && rec.isType("continuation") && rec.Header.Get("WARC-Segment-Origin-ID") == s.rec.ID && segmentNumber(rec) == s.next {
		s.cur = rec.Block.(*blockReader)
		s.cur.max = max(0, r.lim.Record-s.n)
		s.next++
		if _, last := rec.Header.Lookup("WARC-Segment-Total-Length"); last {
			s.next = 0
		}
		return nil
	}
	r.stash, r.stashErr, r.stashed = rec, err, true
	return &Error{r.name, s.rec.Offset, fmt.Errorf("%w: segment %d of record %s does not follow it; the record is read up to there", ErrSegment, s.next, quote.Excerpt(s.rec.ID, len(s.rec.ID)))}
}

// segmentNumber returns a record's WARC-Segment-Number, or 0.
func segmentNumber(rec *Record) int {
	n, err := strconv.Atoi(strings.TrimSpace(rec.Header.Get("WARC-Segment-Number")))
	if err != nil || n < 1 {
		return 0
	}
	return n
}

// segment handles segmentation for a record just read by next: the Block
// of a first segment reads on into its continuations; a continuation met
// alone is reported (or skipped when its first segment was not wanted).
// skip says the record is not to be given.
func (r *Reader) segment(rec *Record) (skip bool, err error) {
	if rec.isType("continuation") {
		if origin := rec.Header.Get("WARC-Segment-Origin-ID"); origin != "" && origin == r.firstID {
			return true, nil
		}
		return true, &Error{r.name, rec.Offset, fmt.Errorf("%w: continuation record (segment %d of %s) without its first segment before it; its content is not read", ErrSegment, segmentNumber(rec), quote.Excerpt(rec.Header.Get("WARC-Segment-Origin-ID"), len(rec.Header.Get("WARC-Segment-Origin-ID"))))}
	}
	r.firstID = ""
	if segmentNumber(rec) == 1 {
		r.firstID = rec.ID
		rec.Block = &segmentReader{r: r, rec: rec, cur: r.cur, next: 2}
	}
	return false, nil
}
