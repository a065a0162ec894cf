package warc_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
)

// segments splits an HTTP response record's block into n segments: the
// first record (WARC-Segment-Number 1), then continuation records.
func segments(uri, id string, block []byte, n int) []warctest.Record {
	var recs []warctest.Record
	size := (len(block) + n - 1) / n
	for i := range n {
		part := block[min(i*size, len(block)):min((i+1)*size, len(block))]
		rec := warctest.Record{ID: id, Type: "response", TargetURI: uri, ContentType: "application/http; msgtype=response", Block: part,
			Fields: [][2]string{{"WARC-Segment-Number", fmt.Sprint(i + 1)}}}
		if i > 0 {
			rec.Type, rec.ID = "continuation", fmt.Sprintf("<urn:x:%s-%d>", uri, i)
			rec.Fields = append(rec.Fields, [2]string{"WARC-Segment-Origin-ID", id})
		}
		if i == n-1 {
			rec.Fields = append(rec.Fields, [2]string{"WARC-Segment-Total-Length", fmt.Sprint(len(block))})
		}
		recs = append(recs, rec)
	}
	return recs
}

// readBodies reads every record as an HTTP response where it is one, and
// returns "URI body" for each record and "error: ..." for each error.
func readBodies(t *testing.T, r *warc.Reader) []string {
	var got []string
	fail := func(err error) { got = append(got, "error: "+err.Error()) }
	each(t, r, 100, func(rec *warc.Record) {
		body, err := payload(rec)
		if err != nil {
			fail(err)
			return
		}
		b, err := io.ReadAll(body)
		got = append(got, rec.TargetURI+" "+string(b))
		if err != nil {
			fail(err)
		}
	}, fail)
	return got
}

func TestSegmentsReassembled(t *testing.T) {
	page := strings.Repeat("<a href=x>", 50) + "<a href=last>"
	block := warctest.HTTPResponse(200, [][2]string{{"Content-Type", "text/html"}}, page)
	recs := append([]warctest.Record{warctest.HTML("http://h/before/", "b")}, segments("http://h/seg/", "<urn:x:seg>", block, 3)...)
	recs = append(recs, warctest.HTML("http://h/after/", "a"))
	for _, gz := range []bool{false, true} {
		data, _ := build(t, gz, recs)
		got := readBodies(t, warc.NewReader(bytes.NewReader(data), "s.warc"))
		want := []string{"http://h/before/ b", "http://h/seg/ " + page, "http://h/after/ a"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("gzip=%v: got\n%q\nwant\n%q", gz, got, want)
		}
	}
}

func TestSegmentsNotReassembledAreReported(t *testing.T) {
	block := warctest.HTTPResponse(200, [][2]string{{"Content-Type", "text/html"}}, "<a href=one><a href=two>")
	segs := segments("http://h/seg/", "<urn:x:seg>", block, 2)
	after := warctest.HTML("http://h/after/", "a")
	afterBody := "http://h/after/ a"
	for _, tc := range []struct {
		name string
		recs []warctest.Record
		want []string // prefixes
	}{
		// The continuation is not next: the first segment's block (here
		// its HTTP header, cut by the segment) ends with ErrSegment, and
		// the record found instead is read.
		{"missing", []warctest.Record{segs[0], after}, []string{"error: warc: s.warc: offset 0: segmented record not reassembled: segment 2", afterBody}},
		// A continuation alone is reported, then skipped.
		{"orphan", []warctest.Record{after, segs[1], after}, []string{afterBody, "error: warc: s.warc: offset", afterBody}},
	} {
		data, _ := build(t, false, tc.recs)
		got := readBodies(t, warc.NewReader(bytes.NewReader(data), "s.warc"))
		ok := len(got) == len(tc.want)
		for i := 0; ok && i < len(got); i++ {
			ok = strings.HasPrefix(got[i], tc.want[i])
		}
		if !ok {
			t.Errorf("%s: got\n%q\nwant prefixes\n%q", tc.name, got, tc.want)
		}
	}
	// A first segment whose Block is not read: its continuation is
	// skipped without an error (the caller did not want the record).
	data, _ := build(t, false, append(segs, after))
	r := warc.NewReader(bytes.NewReader(data), "s.warc")
	var got []string
	each(t, r, 100, func(rec *warc.Record) { got = append(got, rec.TargetURI) },
		func(err error) { t.Fatalf("unread first segment: %v", err) })
	if strings.Join(got, " ") != "http://h/seg/ http://h/after/" {
		t.Errorf("unread first segment: %q", got)
	}
}

// TestSegmentsRecordLimit: the segments together are bounded by
// Limits.Record.
func TestSegmentsRecordLimit(t *testing.T) {
	block := bytes.Repeat([]byte("z"), 3000)
	recs := segments("http://h/seg/", "<urn:x:seg>", block, 3)
	for i := range recs {
		recs[i].ContentType = "text/plain"
	}
	data, _ := build(t, false, recs)
	r := warc.NewReader(bytes.NewReader(data), "s.warc")
	r.Limits = limits.Limits{Record: 1500}
	rec, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, rec.Block)
	var le *limits.Error
	if n != 1500 || !errors.Is(err, warc.ErrTooLarge) || !errors.As(err, &le) {
		t.Errorf("%d bytes, %v; want 1500 and the Record limit", n, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the cut record: %v, want io.EOF (its continuation skipped)", err)
	}
}
