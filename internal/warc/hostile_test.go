package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relurl/relurl/internal/growth"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
)

// Tests of issue 11: bounded memory (defect 1), linear header folding
// (defect 2), no record taking in the next ones (defect 4), the same
// recovery from a file and a stream (defect 6).

// limitErr returns the *limits.Error err wraps, or nil.
func limitErr(err error) *limits.Error {
	var le *limits.Error
	if errors.As(err, &le) {
		return le
	}
	return nil
}

// TestRecordLimit: a record larger than Limits.Record is cut there with an
// error naming file, offset and limit, and the next record is read; the
// same for a gzip member and for an HTTP payload coded gzip.
func TestRecordLimit(t *testing.T) {
	const max = 1000
	var gzBody bytes.Buffer
	zw := gzip.NewWriter(&gzBody)
	zw.Write(bytes.Repeat([]byte("<a href=x>"), 1000)) // 10000 bytes decoded
	zw.Close()
	recs := []warctest.Record{
		{Type: "resource", TargetURI: "http://h/big", ContentType: "text/html", Block: bytes.Repeat([]byte("a"), 5000)},
		{Type: "resource", TargetURI: "http://h/exact", ContentType: "text/html", Block: bytes.Repeat([]byte("b"), max)},
		warctest.Response("http://h/gz", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Encoding", "gzip"}}, gzBody.String()),
		warctest.HTML("http://h/next", "<a href=n>"),
	}
	for _, gz := range []bool{false, true} {
		data, _ := build(t, gz, recs)
		r := warc.NewReader(bytes.NewReader(data), "big.warc")
		r.Limits = limits.Limits{Record: max}
		var got []string
		each(t, r, 100, func(rec *warc.Record) {
			body, err := payload(rec)
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(body)
			got = append(got, fmt.Sprintf("%s %d", rec.TargetURI, len(b)))
			if err != nil {
				var e *warc.Error
				le := limitErr(err)
				if !errors.As(err, &e) || e.File != "big.warc" || e.Offset != rec.Offset || !errors.Is(err, warc.ErrTooLarge) || le == nil || le.Limit != "Record" || le.Max != max {
					t.Errorf("gzip=%v: %s: error %v, want ErrTooLarge naming the file, offset and limit", gz, rec.TargetURI, err)
				}
				got = append(got, "limit")
			}
		}, func(err error) { t.Fatalf("gzip=%v: %v", gz, err) })
		want := "[http://h/big 1000 limit http://h/exact 1000 http://h/gz 1000 limit http://h/next 10]"
		if fmt.Sprint(got) != want {
			t.Errorf("gzip=%v: got %v, want %s", gz, got, want)
		}
	}
}

// zeroRecord returns a gzip member holding one resource record of n zero
// bytes (the bomb, smaller), made without holding n bytes.
func zeroRecord(t testing.TB, n int64) []byte {
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
	fmt.Fprintf(zw, "WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://x/\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n", n)
	zeros := make([]byte, 1<<20)
	for left := n; left > 0; left -= int64(len(zeros)) {
		zw.Write(zeros[:min(left, int64(len(zeros)))])
	}
	io.WriteString(zw, "\r\n\r\n")
	zw.Close()
	return z.Bytes()
}

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// readBlocks reads every record of the file data, named name, within
// lim, and returns the bytes of all their blocks and the last error of a
// block; an error of Next fails the test.
func readBlocks(t *testing.T, data []byte, name string, lim limits.Limits) (n int64, err error) {
	r := warc.NewReader(bytes.NewReader(data), name)
	r.Limits = lim
	buf := make([]byte, 32<<10)
	each(t, r, len(data), func(rec *warc.Record) {
		m, err2 := io.CopyBuffer(io.Discard, rec.Block, buf)
		n += m
		if err2 != nil {
			err = err2
		}
	}, func(err error) { t.Fatal(err) })
	return n, err
}

// TestBombMemory reads a record of 16 MB and one of 64 MB of zeros, each
// gzipped to a few tens of kilobytes, then one of 96 MB (over the default
// Record limit): the bytes allocated do not grow with the record, and the
// last is cut at the limit.
func TestBombMemory(t *testing.T) {
	read := func(data []byte) (int64, error) { return readBlocks(t, data, "bomb.warc.gz", limits.Limits{}) }
	var allocs []uint64
	for _, size := range []int64{16 << 20, 64 << 20} {
		data := zeroRecord(t, size)
		var n int64
		var err error
		allocs = append(allocs, allocated(func() { n, err = read(data) }))
		if n != size || err != nil {
			t.Fatalf("%d zeros: read %d, %v", size, n, err)
		}
	}
	t.Logf("allocated %d bytes for 16 MB, %d for 64 MB", allocs[0], allocs[1])
	if allocs[1] > 4<<20 || allocs[1] > 2*allocs[0]+(1<<20) {
		t.Errorf("allocated %d bytes for 16 MB, %d for 64 MB: memory grows with the record", allocs[0], allocs[1])
	}
	n, err := read(zeroRecord(t, 96<<20))
	if n != limits.DefaultRecord || !errors.Is(err, warc.ErrTooLarge) {
		t.Errorf("96 MB record: read %d, %v; want the default limit %d and ErrTooLarge", n, err, limits.DefaultRecord)
	}
}

// TestHTTPBombMemory: an HTTP payload coded gzip that inflates to 16 MB or
// 64 MB costs the same memory.
func TestHTTPBombMemory(t *testing.T) {
	var allocs []uint64
	for _, size := range []int{16 << 20, 64 << 20} {
		var z bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
		zw.Write(make([]byte, size))
		zw.Close()
		data, _ := build(t, true, []warctest.Record{warctest.Response("http://h/", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Encoding", "gzip"}}, z.String())})
		var n int64
		allocs = append(allocs, allocated(func() {
			r := warc.NewReader(bytes.NewReader(data), "h.warc.gz")
			rec, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			resp, err := rec.ReadHTTPResponse()
			if err != nil {
				t.Fatal(err)
			}
			n, err = io.Copy(io.Discard, resp.Body)
			if err != nil {
				t.Fatal(err)
			}
		}))
		if n != int64(size) {
			t.Fatalf("read %d of %d", n, size)
		}
	}
	t.Logf("allocated %d bytes for 16 MB, %d for 64 MB", allocs[0], allocs[1])
	if allocs[1] > 4<<20 || allocs[1] > 2*allocs[0]+(1<<20) {
		t.Errorf("allocated %d bytes for 16 MB, %d for 64 MB: memory grows with the payload", allocs[0], allocs[1])
	}
}

// folded returns a record whose header has a field folded over n
// continuation lines (the reproduction), then a good record.
func folded(n int) []byte {
	var b bytes.Buffer
	b.WriteString("WARC/1.0\r\nX: y\r\n")
	for i := 0; i < n; i++ {
		b.WriteString(" z\r\n")
	}
	b.WriteString("WARC-Type: resource\r\nWARC-Target-URI: http://h/f\r\nContent-Length: 0\r\n\r\n\r\n\r\n")
	warctest.AppendRecord(&b, warctest.HTML("http://h/next", "x"), 1)
	return b.Bytes()
}

// httpFolded returns a response record whose HTTP header has a field
// folded over n lines.
func httpFolded(n int) []byte {
	var h bytes.Buffer
	h.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX: y\r\n")
	for i := 0; i < n; i++ {
		h.WriteString(" z\r\n")
	}
	h.WriteString("\r\n<a href=x>")
	var b bytes.Buffer
	warctest.AppendRecord(&b, warctest.Record{Type: "response", TargetURI: "http://h/", ContentType: "application/http; msgtype=response", Block: h.Bytes()}, 0)
	return b.Bytes()
}

// TestFoldingLinear: twice the continuation lines cost at most about
// twice as much (internal/growth) (defect 2: it was quadratic), in the WARC header and in
// the HTTP header; and the header limits still hold.
func TestFoldingLinear(t *testing.T) {
	// A HeaderBlock large enough for the measure: 1 MB (the default)
	// holds only 250,000 lines, too quick to time reliably.
	big := limits.Limits{HeaderBlock: 16 << 20}
	warcHeader := func(n int) func() {
		data := folded(n)
		return func() {
			r := warc.NewReader(bytes.NewReader(data), "f")
			r.Limits = big
			rec, err := r.Next()
			if err != nil || len(rec.Header.Get("X")) != 1+2*n {
				t.Fatalf("%d lines: %v", n, err)
			}
		}
	}
	httpHeader := func(n int) func() {
		data := httpFolded(n)
		return func() {
			r := warc.NewReader(bytes.NewReader(data), "f")
			r.Limits = big
			rec, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			resp, err := rec.ReadHTTPResponse()
			if err != nil || len(resp.Header.Get("X")) != 1+2*n {
				t.Fatalf("%d lines: %v", n, err)
			}
		}
	}
	const n = 500000 // 2 MB of continuation lines
	for name, f := range map[string]func(int) func(){"warc": warcHeader, "http": httpHeader} {
		growth.Linear(t, name+" folding", n, f)
	}

	// 300,000 lines (1.2 MB) break HeaderBlock; the next record is read.
	data := folded(300000)
	evs := readAll(t, warc.NewReader(bytes.NewReader(data), "f"), len(data))
	if len(evs) != 2 || !errors.Is(evs[0].err, warc.ErrHeader) || limitErr(evs[0].err) == nil || limitErr(evs[0].err).Limit != "HeaderBlock" || evs[1].uri != "http://h/next" {
		t.Errorf("events %v, want a HeaderBlock error then http://h/next", evs)
	}
	// Smaller limits apply to both headers.
	r := warc.NewReader(bytes.NewReader(folded(100)), "f")
	r.Limits = limits.Limits{HeaderBlock: 300}
	if _, err := r.Next(); limitErr(err) == nil || limitErr(err).Max != 300 {
		t.Errorf("HeaderBlock 300: %v", err)
	}
	r = warc.NewReader(bytes.NewReader(httpFolded(100)), "f")
	r.Limits = limits.Limits{HeaderBlock: 300}
	rec, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.ReadHTTPResponse(); limitErr(err) == nil || limitErr(err).Limit != "HeaderBlock" || !errors.Is(err, warc.ErrHeader) {
		t.Errorf("HTTP header, HeaderBlock 300: %v", err)
	}
	r = warc.NewReader(strings.NewReader("WARC/1.0\r\nX: "+strings.Repeat("a", 200)+"\r\nContent-Length: 0\r\n\r\n\r\n\r\n"), "f")
	r.Limits = limits.Limits{HeaderLine: 100}
	if _, err := r.Next(); limitErr(err) == nil || limitErr(err).Limit != "HeaderLine" || limitErr(err).Max != 100 {
		t.Errorf("HeaderLine 100: %v", err)
	}
}

// overrunRecords returns a crafted WARC: records whose Content-Length is
// too large (by a little, and past the end of the file), too small, and a
// record whose content holds a record boundary and whose Content-Length
// is right. Each element is one record's bytes.
func overrunRecords() [][]byte {
	rec := func(r warctest.Record, n int) []byte {
		var b bytes.Buffer
		warctest.AppendRecord(&b, r, n)
		return b.Bytes()
	}
	withLength := func(b []byte, length string) []byte {
		i := bytes.Index(b, []byte("Content-Length: "))
		j := i + bytes.Index(b[i:], []byte("\r\n"))
		return append(append(append([]byte{}, b[:i+len("Content-Length: ")]...), length...), b[j:]...)
	}
	embedded := "<pre>\r\n\r\nWARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://evil/\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n</pre><a href=in>"
	return [][]byte{
		rec(warctest.HTML("http://h/1", "<a href=one>"), 0),
		withLength(rec(warctest.HTML("http://h/2", "<a href=two>"), 1), "900"), // runs into 3 and 4
		rec(warctest.HTML("http://h/3", "<a href=three>"), 2),
		rec(warctest.Record{Type: "resource", TargetURI: "http://h/4", ContentType: "text/html", Block: []byte(embedded)}, 3),
		withLength(rec(warctest.HTML("http://h/5", "<a href=five>"), 4), "5"), // too short
		rec(warctest.HTML("http://h/6", "<a href=six>"), 5),
		withLength(rec(warctest.HTML("http://h/7", "<a href=seven>"), 6), "99999999999"), // past the end
		rec(warctest.HTML("http://h/8", "<a href=eight>"), 7),
		rec(warctest.HTML("http://h/9", "<a href=nine>"), 8),
	}
}

// TestOverrunForms reads the crafted records as a plain file, a file
// gzipped whole, a file of one gzip member per record, and each as a
// stream read a byte or a few at a time: the same records come back, with
// an error at each bad one, and no record takes in another.
func TestOverrunForms(t *testing.T) {
	recs := overrunRecords()
	plain := bytes.Join(recs, nil)
	forms := forms(recs)
	forms["plain stream (half)"] = func() io.Reader { return iotest.HalfReader(bytes.NewReader(plain)) }
	// Record 4 holds an embedded record after a blank line: its
	// Content-Length is right, so it is one record.
	want := []string{
		"http://h/1 " + string(warctest.HTML("", "<a href=one>").Block),
		"http://h/2 " + string(warctest.HTML("", "<a href=two>").Block),
		"error",
		"http://h/3 " + string(warctest.HTML("", "<a href=three>").Block),
		"http://h/4 <pre>\r\n\r\nWARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://evil/\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n</pre><a href=in>",
		"http://h/5 HTTP/",
		"error",
		"http://h/6 " + string(warctest.HTML("", "<a href=six>").Block),
		"http://h/7 " + string(warctest.HTML("", "<a href=seven>").Block),
		"error",
		"http://h/8 " + string(warctest.HTML("", "<a href=eight>").Block),
		"http://h/9 " + string(warctest.HTML("", "<a href=nine>").Block),
	}
	for name, open := range forms {
		got := records(t, warc.NewReader(open(), name), func(err error) {
			if !errors.Is(err, warc.ErrOverrun) && !errors.Is(err, warc.ErrTruncated) && !errors.Is(err, warc.ErrTrailer) {
				t.Errorf("%s: unexpected error %v", name, err)
			}
		})
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: got\n%q\nwant\n%q", name, got, want)
		}
	}
}

// TestOverrunLimit: a Content-Length larger than the look-ahead (Record)
// past a boundary cuts the record at the boundary, so a huge declared
// length never hides the records after it.
func TestOverrunLimit(t *testing.T) {
	recs := overrunRecords()
	plain := bytes.Join(recs, nil)
	r := warc.NewReader(bytes.NewReader(plain), "p")
	r.Limits = limits.Limits{Record: 50}
	var uris []string
	each(t, r, 100, func(rec *warc.Record) {
		io.Copy(io.Discard, rec.Block)
		uris = append(uris, rec.TargetURI)
	}, nil)
	// Record 4's declared end is more than 50 bytes past its embedded
	// boundary: the embedded record is read as one.
	want := "[http://h/1 http://h/2 http://h/3 http://h/4 http://evil/ http://h/5 http://h/6 http://h/7 http://h/8 http://h/9]"
	if fmt.Sprint(uris) != want {
		t.Errorf("got %v, want %s", uris, want)
	}
}

// TestDamagedMemberStream: after a damaged gzip member, a file and a
// stream (no Seek, read a byte at a time) give the same records and
// errors (defect 6).
func TestDamagedMemberStream(t *testing.T) {
	recs := sample()
	data, offs := build(t, true, recs)
	// Member 3 cut in its middle, member 5's deflate data garbled.
	broken := append(append([]byte{}, data[:offs[3]+(offs[4]-offs[3])/2]...), data[offs[4]:]...)
	shift := offs[4] - (offs[3] + (offs[4]-offs[3])/2)
	mid := (offs[5]+offs[6])/2 - shift
	for i := mid; i < mid+4; i++ {
		broken[i] ^= 0x55
	}
	file := readAll(t, warc.NewReader(bytes.NewReader(broken), "d.warc.gz"), len(broken))
	stream := readAll(t, warc.NewReader(iotest.OneByteReader(bytes.NewReader(broken)), "d.warc.gz"), len(broken))
	if fmt.Sprint(file) != fmt.Sprint(stream) {
		t.Errorf("file:\n%v\nstream:\n%v", file, stream)
	}
	var uris []string
	found := false
	for _, ev := range file {
		if ev.err == nil {
			uris = append(uris, ev.uri)
		}
		found = found || (ev.off == offs[4]-shift && errors.Is(ev.err, warc.ErrMissingTargetURI))
	}
	// The member after the cut one (the record without URI) is read; the
	// garbled member's record may or may not decode before its CRC
	// fails, so only count on the last after it.
	if !found || len(uris) < 4 || uris[len(uris)-1] != "http://example.com/last" {
		t.Errorf("records %q", uris)
	}
}
