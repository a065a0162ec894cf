package warc_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
)

// event is what reading a file yields, in order: a record or an error.
type event struct {
	off   int64
	typ   string
	uri   string
	block string
	err   error
}

func (e event) String() string {
	if e.err != nil {
		return fmt.Sprintf("@%d error %v", e.off, e.err)
	}
	return fmt.Sprintf("@%d %s %s (%d bytes)", e.off, e.typ, e.uri, len(e.block))
}

// each calls rec with each record r gives and fail with each error of
// Next (an error is skipped when fail is nil), until io.EOF. It fails the
// test if Next does not reach io.EOF within max calls (no hang): the
// loop every test of the reader runs.
func each(t testing.TB, r *warc.Reader, max int, rec func(*warc.Record), fail func(error)) {
	t.Helper()
	for i := 0; ; i++ {
		if i > max {
			t.Fatalf("more than %d calls to Next", max)
		}
		x, err := r.Next()
		switch {
		case err == io.EOF:
			return
		case err != nil:
			if fail != nil {
				fail(err)
			}
		default:
			rec(x)
		}
	}
}

// payload returns what rec carries: the body of its HTTP response, codings
// undone, when it is one, else its block; or ReadHTTPResponse's error.
func payload(rec *warc.Record) (io.Reader, error) {
	if !rec.IsHTTPResponse() {
		return rec.Block, nil
	}
	resp, err := rec.ReadHTTPResponse()
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}

// asError returns err as a *warc.Error, failing the test if it is not one.
func asError(t testing.TB, err error) *warc.Error {
	t.Helper()
	var e *warc.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *warc.Error", err, err)
	}
	return e
}

// readAll reads every record of r, reading each block whole, and every
// error, within a bound of calls proportional to the input.
func readAll(t testing.TB, r *warc.Reader, size int) []event {
	t.Helper()
	var evs []event
	each(t, r, size+10, func(rec *warc.Record) {
		b, err := io.ReadAll(rec.Block)
		evs = append(evs, event{off: rec.Offset, typ: rec.Type, uri: rec.TargetURI, block: string(b)})
		if err != nil {
			evs = append(evs, event{off: asError(t, err).Offset, err: err})
		}
	}, func(err error) {
		evs = append(evs, event{off: asError(t, err).Offset, err: err})
	})
	return evs
}

const basePage = `<!DOCTYPE html><html><head><base href="http://a/b/c/d;p?q"></head>
<body><a href="g">g</a> <a href="../g">up</a></body></html>`

// sample returns the records of the sample archive: every kind the link
// extractor meets.
func sample() []warctest.Record {
	noURI := warctest.HTML("", "<a href=x>x</a>")
	return []warctest.Record{
		warctest.Warcinfo(),
		warctest.HTML("http://example.com/a/b.html", basePage),
		warctest.Response("http://example.com/logo.png", 200, [][2]string{{"Content-Type", "image/png"}}, "\x89PNG\r\n\x1a\n"),
		warctest.Response("http://example.com/old", 301, [][2]string{{"Location", "/new;p?q"}, {"Content-Type", "text/html"}}, "moved"),
		noURI,
		{Type: "metadata", TargetURI: "http://example.com/a/b.html", ContentType: "application/warc-fields", Block: []byte("via: x\r\n")},
		warctest.HTML("http://example.com/last", "<p>last</p>"),
	}
}

func build(t testing.TB, gz bool, recs []warctest.Record) ([]byte, []int64) {
	t.Helper()
	var buf bytes.Buffer
	w := warctest.NewWriter(&buf, gz)
	for _, rec := range recs {
		if _, err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes(), w.Offsets
}

func TestReadSample(t *testing.T) {
	for _, gz := range []bool{false, true} {
		t.Run(fmt.Sprintf("gzip=%v", gz), func(t *testing.T) {
			data, offs := build(t, gz, sample())
			evs := readAll(t, warc.NewReader(bytes.NewReader(data), "s.warc"), len(data))
			recs := sample()
			if len(evs) != len(recs) {
				t.Fatalf("got %d events, want %d: %v", len(evs), len(recs), evs)
			}
			for i, ev := range evs {
				if ev.off != offs[i] {
					t.Errorf("event %d at offset %d, want %d", i, ev.off, offs[i])
				}
				if recs[i].TargetURI == "" && recs[i].Type == "response" {
					if !errors.Is(ev.err, warc.ErrMissingTargetURI) {
						t.Errorf("event %d: %v, want ErrMissingTargetURI", i, ev)
					}
					continue
				}
				if ev.err != nil || ev.typ != recs[i].Type || ev.uri != recs[i].TargetURI || ev.block != string(recs[i].Block) {
					t.Errorf("event %d: %v, want %s %s block %q", i, ev, recs[i].Type, recs[i].TargetURI, recs[i].Block)
				}
			}
		})
	}
}

// TestHTTPResponse checks the HTTP layer: status, headers, HTML detection,
// redirects, and that only response records qualify.
func TestHTTPResponse(t *testing.T) {
	data, _ := build(t, true, sample())
	r := warc.NewReader(bytes.NewReader(data), "s.warc.gz")
	type got struct {
		uri    string
		status int
		html   bool
		loc    string
		body   string
	}
	var gots []got
	each(t, r, 100, func(rec *warc.Record) {
		if !rec.IsHTTPResponse() {
			return
		}
		resp, err := rec.ReadHTTPResponse()
		if err != nil {
			t.Fatalf("%s: %v", rec.TargetURI, err)
		}
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		loc, _ := resp.Redirect()
		gots = append(gots, got{rec.TargetURI, resp.StatusCode, resp.IsHTML(), loc, string(b)})
	}, nil)
	want := []got{
		{"http://example.com/a/b.html", 200, true, "", basePage},
		{"http://example.com/logo.png", 200, false, "", "\x89PNG\r\n\x1a\n"},
		{"http://example.com/old", 301, true, "/new;p?q", "moved"},
		{"http://example.com/last", 200, true, "", "<p>last</p>"},
	}
	if fmt.Sprint(gots) != fmt.Sprint(want) {
		t.Errorf("got  %v\nwant %v", gots, want)
	}
}

// TestBodyCodings checks that chunked transfer coding and gzip content
// coding are removed from Body.
func TestBodyCodings(t *testing.T) {
	var gzBody bytes.Buffer
	zw := warctest.NewWriter(&gzBody, true) // one gzip member of the raw page
	zw.WriteRaw([]byte("<a href=z>"))
	chunked := "4\r\n<a h\r\n6\r\nref=c>\r\n0\r\n\r\n"
	recs := []warctest.Record{
		warctest.Response("http://h/chunked", 200, [][2]string{{"Content-Type", "text/html"}, {"Transfer-Encoding", "chunked"}}, chunked),
		warctest.Response("http://h/gzip", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Encoding", "gzip"}}, gzBody.String()),
		warctest.Response("http://h/br", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Encoding", "br"}}, "xx"),
		warctest.Response("http://h/badchunk", 200, [][2]string{{"Transfer-Encoding", "chunked"}}, "zz\r\n"),
	}
	data, offs := build(t, false, recs)
	r := warc.NewReader(bytes.NewReader(data), "c.warc")
	want := []string{"<a href=c>", "<a href=z>", "error", "error"}
	for i := range recs {
		rec, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		resp, err := rec.ReadHTTPResponse()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		if want[i] == "error" {
			var e *warc.Error
			if !errors.As(err, &e) || !errors.Is(err, warc.ErrHTTP) || e.Offset != offs[i] {
				t.Errorf("%s: err %v, want ErrHTTP at %d", rec.TargetURI, err, offs[i])
			}
			continue
		}
		if err != nil || string(b) != want[i] {
			t.Errorf("%s: %q, %v; want %q", rec.TargetURI, b, err, want[i])
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last record: %v, want io.EOF", err)
	}
}

func TestBadHTTP(t *testing.T) {
	recs := []warctest.Record{
		{Type: "response", TargetURI: "http://h/", ContentType: "application/http; msgtype=response", Block: []byte("<html>not http")},
		{Type: "response", TargetURI: "http://h/", ContentType: "application/http; msgtype=response", Block: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n")},
	}
	data, offs := build(t, true, recs)
	r := warc.NewReader(bytes.NewReader(data), "h.warc.gz")
	for i := range recs {
		rec, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		_, err = rec.ReadHTTPResponse()
		var e *warc.Error
		if !errors.As(err, &e) || !errors.Is(err, warc.ErrHTTP) || e.Offset != offs[i] || e.File != "h.warc.gz" {
			t.Errorf("record %d: %v, want ErrHTTP at offset %d", i, err, offs[i])
		}
	}
}

func TestIsHTTPResponse(t *testing.T) {
	for _, tc := range []struct {
		typ, ct string
		want    bool
	}{
		{"response", "application/http; msgtype=response", true},
		{"response", "application/http;msgtype=\"response\"", true},
		{"response", "application/http", true},
		{"response", "Application/HTTP; msgtype=response", true},
		{"response", "application/http; msgtype=request", false},
		{"request", "application/http; msgtype=request", false},
		{"resource", "text/html", false},
		{"response", "text/dns", false},
		{"response", "", false},
	} {
		data, _ := build(t, false, []warctest.Record{{Type: tc.typ, TargetURI: "http://h/", ContentType: tc.ct, Block: []byte("HTTP/1.1 200 OK\r\n\r\n")}})
		rec, err := warc.NewReader(bytes.NewReader(data), "x").Next()
		if err != nil {
			t.Fatal(err)
		}
		if got := rec.IsHTTPResponse(); got != tc.want {
			t.Errorf("IsHTTPResponse(%s, %q) = %v, want %v", tc.typ, tc.ct, got, tc.want)
		}
	}
}

// notSeeker hides the Seek method of a reader, as a pipe would.
type notSeeker struct{ io.Reader }

// TestTruncatedMember cuts a gzip member in the middle of the file: the
// error names the member's offset and the records after it are read.
func TestTruncatedMember(t *testing.T) {
	recs := sample()
	data, offs := build(t, true, recs)
	const cut = 3 // the redirect record
	end := offs[cut+1]
	broken := append(append([]byte{}, data[:offs[cut]+(end-offs[cut])/2]...), data[end:]...)
	shift := end - (offs[cut] + (end-offs[cut])/2)

	evs := readAll(t, warc.NewReader(bytes.NewReader(broken), "t.warc.gz"), len(broken))
	var errs, uris []string
	for _, ev := range evs {
		if ev.err != nil {
			errs = append(errs, fmt.Sprint(ev.off))
			if ev.off == offs[cut] && !errors.Is(ev.err, warc.ErrTruncated) && !errors.Is(ev.err, warc.ErrGzip) {
				t.Errorf("error %v is neither ErrTruncated nor ErrGzip", ev.err)
			}
		} else {
			uris = append(uris, ev.uri)
		}
	}
	wantErrs := []string{fmt.Sprint(offs[cut]), fmt.Sprint(offs[4] - shift)} // the truncated member, then the record without URI
	if fmt.Sprint(errs) != fmt.Sprint(wantErrs) {
		t.Errorf("errors at %v, want %v; events %v", errs, wantErrs, evs)
	}
	wantURIs := []string{"", "http://example.com/a/b.html", "http://example.com/logo.png", "http://example.com/a/b.html", "http://example.com/last"}
	if fmt.Sprint(uris) != fmt.Sprint(wantURIs) {
		t.Errorf("records %q, want %q", uris, wantURIs)
	}

	// Without Seek (a pipe), the same events: the reader keeps the bytes
	// it searches again.
	stream := readAll(t, warc.NewReader(notSeeker{bytes.NewReader(broken)}, "t.warc.gz"), len(broken))
	if fmt.Sprint(stream) != fmt.Sprint(evs) {
		t.Errorf("without Seek:\n%v\nwith Seek:\n%v", stream, evs)
	}
}

// TestCorruptMember breaks the CRC of one member, then the deflate data of
// another, then puts garbage between members and at the end.
func TestCorruptMember(t *testing.T) {
	recs := sample()
	data, offs := build(t, true, recs)
	broken := append([]byte{}, data...)
	broken[offs[2]-5] ^= 0xff // CRC-32 of member 1 (the trailer's first 4 of 8 bytes)
	mid := (offs[5] + offs[6]) / 2
	for i := mid; i < mid+4; i++ { // the deflate data of member 5
		broken[i] ^= 0x55
	}
	garbage := []byte("garbage between members\n")
	broken = append(append(append([]byte{}, broken[:offs[3]]...), garbage...), broken[offs[3]:]...)
	broken = append(broken, 0, 0, 0)
	g := int64(len(garbage))

	evs := readAll(t, warc.NewReader(bytes.NewReader(broken), "c.warc.gz"), len(broken))
	var got []string
	for _, ev := range evs {
		if ev.err != nil {
			e := fmt.Sprintf("err@%d", ev.off)
			if len(got) > 0 && got[len(got)-1] == e {
				continue // several errors about one member count once here
			}
			got = append(got, e)
		} else {
			got = append(got, ev.uri)
		}
	}
	want := []string{
		"",                               // warcinfo
		"http://example.com/a/b.html",    // its block is read before the CRC is checked...
		fmt.Sprintf("err@%d", offs[1]),   // ...by Next, which reports the bad CRC
		fmt.Sprintf("err@%d", offs[3]),   // the garbage is not a gzip member
		"http://example.com/old",         // found again
		fmt.Sprintf("err@%d", offs[4]+g), // missing WARC-Target-URI
		fmt.Sprintf("err@%d", offs[5]+g), // corrupt deflate data (maybe reported twice: garbled header, then bad CRC)
		"http://example.com/last",
		fmt.Sprintf("err@%d", int64(len(broken))-3), // trailing zeros
	}
	// The logo record (offs[2]) is read after the CRC error.
	want = append(want[:3], append([]string{"http://example.com/logo.png"}, want[3:]...)...)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s\nevents %v", strings.Join(got, "\n"), strings.Join(want, "\n"), evs)
	}
	for _, ev := range evs {
		if ev.err != nil && !strings.HasPrefix(ev.err.Error(), fmt.Sprintf("warc: c.warc.gz: offset %d: ", ev.off)) {
			t.Errorf("message %q does not name the file and offset", ev.err)
		}
	}
}

// TestPlainCorrupt breaks a plain WARC: a wrong Content-Length, garbage
// lines, a bad header line, and a truncated last record.
func TestPlainCorrupt(t *testing.T) {
	var buf bytes.Buffer
	w := warctest.NewWriter(&buf, false)
	w.Write(warctest.HTML("http://h/1", "one"))
	w.WriteRaw([]byte("not a record\nstill not\n"))
	// Content-Length one too short: the block is read, its trailer is not
	// there; the resynchronisation skips the stray "d" and garbage.
	w.WriteRaw([]byte("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://h/2\r\nContent-Length: 3\r\n\r\nabcd\r\n\r\nmore garbage\n"))
	w.Write(warctest.HTML("http://h/3", "three"))
	w.WriteRaw([]byte("WARC/1.0\r\nthis line has no colon\r\nContent-Length: 0\r\n\r\n\r\n\r\n"))
	w.WriteRaw([]byte("WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://h/x\r\nContent-Length: x12\r\n\r\n\r\n\r\n"))
	w.Write(warctest.HTML("http://h/4", "four"))
	w.WriteRaw([]byte("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://h/5\r\nContent-Length: 100\r\n\r\nshort"))
	o := w.Offsets
	evs := readAll(t, warc.NewReader(bytes.NewReader(buf.Bytes()), "p.warc"), buf.Len())
	want := []struct {
		off int64
		uri string
		err error
	}{
		{o[0], "http://h/1", nil},
		{o[1], "", warc.ErrVersion},
		{o[2], "http://h/2", nil},
		{o[2], "", warc.ErrTrailer},
		{o[3], "http://h/3", nil},
		{o[4], "", warc.ErrHeader},
		{o[5], "", warc.ErrContentLength},
		{o[6], "http://h/4", nil},
		{o[7], "http://h/5", nil},
		{o[7], "", warc.ErrTruncated},
	}
	if len(evs) != len(want) {
		t.Fatalf("got %d events, want %d: %v", len(evs), len(want), evs)
	}
	for i, ev := range evs {
		if ev.off != want[i].off || ev.uri != want[i].uri || !errors.Is(ev.err, want[i].err) || (want[i].err == nil) != (ev.err == nil) {
			t.Errorf("event %d: %v, want @%d %s %v", i, ev, want[i].off, want[i].uri, want[i].err)
		}
	}
}

// TestLongHeaderLine checks that an oversized header line is refused
// without holding it, and reading goes on.
func TestLongHeaderLine(t *testing.T) {
	var buf bytes.Buffer
	w := warctest.NewWriter(&buf, true)
	w.WriteRaw([]byte("WARC/1.0\r\nX-Long: " + strings.Repeat("a", limits.DefaultHeaderLine+10) + "\r\nContent-Length: 0\r\n\r\n\r\n\r\n"))
	w.Write(warctest.HTML("http://h/ok", "ok"))
	evs := readAll(t, warc.NewReader(bytes.NewReader(buf.Bytes()), "l.warc.gz"), buf.Len())
	if len(evs) != 2 || !errors.Is(evs[0].err, warc.ErrHeader) || evs[1].uri != "http://h/ok" {
		t.Errorf("events %v, want ErrHeader then http://h/ok", evs)
	}
}

// TestWholeFileGzip reads a WARC compressed as one gzip member (gzip
// file.warc): all records, at the member's offset 0.
func TestWholeFileGzip(t *testing.T) {
	plain, _ := build(t, false, sample())
	var z bytes.Buffer
	w := warctest.NewWriter(&z, true)
	w.WriteRaw(plain)
	evs := readAll(t, warc.NewReader(bytes.NewReader(z.Bytes()), "w.warc.gz"), z.Len())
	if len(evs) != len(sample()) {
		t.Fatalf("got %d events, want %d: %v", len(evs), len(sample()), evs)
	}
	for _, ev := range evs {
		if ev.off != 0 {
			t.Errorf("%v: offset should be the member's, 0", ev)
		}
	}
}

// TestPartialBlockRead reads only part of each block: Next skips the rest.
func TestPartialBlockRead(t *testing.T) {
	for _, gz := range []bool{false, true} {
		data, _ := build(t, gz, sample())
		r := warc.NewReader(bytes.NewReader(data), "p")
		var uris []string
		var olds []io.Reader
		each(t, r, 100, func(rec *warc.Record) {
			io.ReadFull(rec.Block, make([]byte, 3))
			uris = append(uris, rec.TargetURI)
			olds = append(olds, rec.Block)
		}, nil)
		for _, old := range olds {
			if _, err := old.Read(make([]byte, 1)); err == nil || err == io.EOF {
				t.Errorf("read of a stale block: %v, want an error", err)
			}
		}
		if len(uris) != len(sample())-1 {
			t.Errorf("gzip=%v: read %v", gz, uris)
		}
	}
}

// failingReader returns its data, then a non-EOF error.
type failingReader struct{ data []byte }

var errDisk = errors.New("disk on fire")

func (f *failingReader) Read(p []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, errDisk
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

func TestIOError(t *testing.T) {
	for _, gz := range []bool{false, true} {
		data, _ := build(t, gz, sample())
		r := warc.NewReader(&failingReader{data[:len(data)-3]}, "f")
		var last error
		for i := 0; i < 100; i++ {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				last = err
			}
		}
		if !errors.Is(last, warc.ErrIO) || !strings.Contains(last.Error(), errDisk.Error()) {
			t.Errorf("gzip=%v: last error %v, want ErrIO naming the cause", gz, last)
		}
	}
}

func TestTargetURIAngles(t *testing.T) {
	data, _ := build(t, false, []warctest.Record{{Type: "resource", TargetURI: "<http://h/a>", Block: []byte("x")}})
	rec, err := warc.NewReader(bytes.NewReader(data), "a").Next()
	if err != nil || rec.TargetURI != "http://h/a" || rec.Header.Get("warc-target-uri") != "<http://h/a>" {
		t.Errorf("got %+v, %v", rec, err)
	}
}

func TestEmpty(t *testing.T) {
	for _, in := range []string{"", "\r\n\r\n"} {
		if _, err := warc.NewReader(strings.NewReader(in), "e").Next(); err != io.EOF {
			t.Errorf("%q: %v, want io.EOF", in, err)
		}
	}
}

// TestManyFields checks that a header of many tiny fields is refused.
func TestManyFields(t *testing.T) {
	data := "WARC/1.0\r\n" + strings.Repeat("a:\r\n", 20000) + "Content-Length: 0\r\n\r\n\r\n\r\n"
	data += "WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n"
	evs := readAll(t, warc.NewReader(strings.NewReader(data), "m"), len(data))
	if len(evs) != 2 || !errors.Is(evs[0].err, warc.ErrHeader) || evs[1].typ != "warcinfo" {
		t.Errorf("events %v, want ErrHeader then warcinfo", evs)
	}
}

// TestReset reads files of every form one after another with one Reader
// (Reset between them, as a job reading many files does), each one cut
// off, damaged or whole, plain or gzipped, and checks that each gives the
// events a new Reader gives: nothing of one file carries over to the
// next, whatever state the last one left.
func TestReset(t *testing.T) {
	plain, _ := build(t, false, sample())
	gz, offs := build(t, true, sample())
	damaged := append([]byte{}, gz...)
	damaged[offs[2]-5] ^= 0xff
	zst, zoffs := buildZstd(t, nil, false, sample())
	zdict, _ := buildZstd(t, testDict(), false, sample())
	zdamaged := append([]byte{}, zst...)
	zdamaged[zoffs[2]-5] ^= 0xff
	files := map[string][]byte{
		"plain": plain, "gzip": gz, "damaged": damaged,
		"cut-plain": plain[:len(plain)/2], "cut-gzip": gz[:len(gz)/2],
		"empty": nil, "text": []byte("not a WARC file\n"),
		"zstd": zst, "zstd-dict": zdict, "zstd-damaged": zdamaged, "cut-zstd": zst[:len(zst)/2],
		"xz": []byte("\xfd7zXZ\x00\x00"),
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	lim := limits.Limits{Record: 1 << 20}
	var r *warc.Reader
	prev := "nothing"
	for _, first := range names {
		for _, second := range names {
			for _, n := range []string{first, second} {
				data := files[n]
				if r == nil {
					r = warc.NewReader(bytes.NewReader(data), n)
				} else {
					r.Reset(bytes.NewReader(data), n)
				}
				if r.Limits != lim {
					r.Limits = lim
				}
				got := fmt.Sprint(readAll(t, r, len(data)))
				fresh := warc.NewReader(bytes.NewReader(data), n)
				fresh.Limits = lim
				if want := fmt.Sprint(readAll(t, fresh, len(data))); got != want {
					t.Fatalf("%s after %s: got\n%s\nwant\n%s", n, prev, got, want)
				}
				prev = n
			}
		}
	}
}

// TestContentLengthDigits: Content-Length is 1*DIGIT (WARC/1.1, the
// Content-Length field): leading zeros are digits, white space around the value is the
// header's; a sign ("+5", "-0") or anything else is ErrContentLength, and
// the next record is read.
func TestContentLengthDigits(t *testing.T) {
	for _, c := range []struct {
		cl string
		ok bool
	}{{"005", true}, {" 5 ", true}, {"5", true}, {"+5", false}, {"-0", false}, {"-5", false}, {"5 5", false}, {"0x5", false}, {"", false}} {
		var buf bytes.Buffer
		w := warctest.NewWriter(&buf, false)
		w.WriteRaw([]byte("WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://h/1\r\nContent-Length: " + c.cl + "\r\n\r\nabcde\r\n\r\n"))
		w.Write(warctest.HTML("http://h/2", "two"))
		evs := readAll(t, warc.NewReader(bytes.NewReader(buf.Bytes()), "p.warc"), buf.Len())
		first := "http://h/1"
		if !c.ok {
			first = ""
		}
		if len(evs) != 2 || evs[0].uri != first || (evs[0].err == nil) != c.ok || !c.ok && !errors.Is(evs[0].err, warc.ErrContentLength) || evs[1].uri != "http://h/2" || evs[1].err != nil {
			t.Errorf("Content-Length %q: %v", c.cl, evs)
		}
	}
}

// TestResetKeepsCodecs: a Reader Reset for the next file keeps its HTTP
// content decoders as its buffers (docs/design.md#per-reader: decoders
// are reused across records and across files), and a file read after
// one whose gzip body was cut gives the bodies a new Reader gives.
func TestResetKeepsCodecs(t *testing.T) {
	var gzBody bytes.Buffer
	zw := warctest.NewWriter(&gzBody, true)
	zw.WriteRaw([]byte(strings.Repeat("<a href=z>", 1000)))
	gzRec := func(body string) warctest.Record {
		return warctest.Response("http://h/gzip", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Encoding", "gzip"}}, body)
	}
	cut, _ := build(t, false, []warctest.Record{gzRec(gzBody.String()[:gzBody.Len()/2])})
	whole, _ := build(t, false, []warctest.Record{gzRec(gzBody.String()), gzRec(gzBody.String())})
	bodies := func(r *warc.Reader) (out []string) {
		for {
			rec, err := r.Next()
			if err == io.EOF {
				return out
			}
			if err != nil {
				t.Fatal(err)
			}
			resp, err := rec.ReadHTTPResponse()
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(resp.Body)
			out = append(out, fmt.Sprint(len(b), err != nil))
		}
	}
	r := warc.NewReader(bytes.NewReader(cut), "cut.warc")
	bodies(r)
	r.Reset(bytes.NewReader(whole), "whole.warc")
	got := bodies(r)
	if want := bodies(warc.NewReader(bytes.NewReader(whole), "whole.warc")); fmt.Sprint(got) != fmt.Sprint(want) || want[0] != "10000 false" {
		t.Fatalf("after a cut body: %v, a new Reader: %v", got, want)
	}
	alloc := func(f func()) uint64 {
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	// The same pages without their content coding: after Reset, the
	// gzip bodies cost no more than these but for the decoded bytes, where
	// a decoder made again holds a 32 KiB window at least.
	plain, _ := build(t, false, []warctest.Record{
		warctest.Response("http://h/gzip", 200, [][2]string{{"Content-Type", "text/html"}}, strings.Repeat("<a href=z>", 1000)),
		warctest.Response("http://h/gzip", 200, [][2]string{{"Content-Type", "text/html"}}, strings.Repeat("<a href=z>", 1000)),
	})
	r.Reset(bytes.NewReader(plain), "plain.warc")
	bodies(r)
	gz := alloc(func() { r.Reset(bytes.NewReader(whole), "whole.warc"); bodies(r) })
	raw := alloc(func() { r.Reset(bytes.NewReader(plain), "plain.warc"); bodies(r) })
	if gz > raw+32<<10 {
		t.Errorf("gzip bodies after Reset allocated %d bytes, the same bodies without coding %d: the decoder was made again", gz, raw)
	}
	t.Logf("after Reset: gzip bodies %d bytes, plain %d", gz, raw)
}
