package main

// The hostile-input suite for the readers (issue 23 items 2, 3, 4, 8;
// issue 19 item 6): records cut inside their headers, repeated fields,
// codings stacked and split over fields, segmented records, block-gzipped
// WARCs and extreme limit flags. Each class has a generator, runs the
// built command (runHostile: peak RSS, exit status) and asserts the rows.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// ownRecords returns n HTML response records, record i at http://h/i/
// holding the one link own-i.
func ownRecords(n int) [][]byte {
	var recs [][]byte
	for i := range n {
		var b bytes.Buffer
		warctest.AppendRecord(&b, warctest.HTML(fmt.Sprintf("http://h/%d/", i), fmt.Sprintf("<a href=own-%d>", i)), i)
		recs = append(recs, b.Bytes())
	}
	return recs
}

// checkOwnRows asserts that every row of out gives a link under its own
// record (the base http://h/I/ and the URL http://h/I/own-I), and returns
// the records whose link was written.
func checkOwnRows(t *testing.T, name, out string) map[int]bool {
	t.Helper()
	seen := map[int]bool{}
	for _, row := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if row == "" {
			continue
		}
		cols := strings.Split(row, "\t")
		if len(cols) != 6 {
			t.Errorf("%s: row %q", name, row)
			continue
		}
		var i, j int
		if _, err := fmt.Sscanf(cols[1], "http://h/%d/", &i); err != nil {
			t.Errorf("%s: row %q: base not a record's", name, row)
			continue
		}
		if _, err := fmt.Sscanf(cols[5], "http://h/%d/own-%d", &i, &j); err != nil || cols[5] != fmt.Sprintf("http://h/%d/own-%d", i, i) || cols[1] != fmt.Sprintf("http://h/%d/", i) {
			t.Errorf("%s: row %q: a record's link under another's URI", name, row)
			continue
		}
		seen[i] = true
	}
	return seen
}

// TestHostileCutHeader (issue 23.2): a record cut inside its header, the
// next record appended (a writer that died and restarted), at random
// places: no row is misattributed, every other record's link is written,
// the cut is reported (exit 1), from a plain file, a file gzipped whole,
// one gzip member per record and standard input alike.
func TestHostileCutHeader(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(23, 2))
	const n = 6
	for trial := range 8 {
		recs := ownRecords(n)
		k := 1 + rng.IntN(n-2)
		headerLen := bytes.Index(recs[k], []byte("\r\n\r\n")) + 4
		recs[k] = recs[k][:1+rng.IntN(headerLen-1)]
		plain := bytes.Join(recs, nil)
		pPlain := filepath.Join(dir, fmt.Sprintf("cut%d.warc", trial))
		os.WriteFile(pPlain, plain, 0o666)
		pWhole := filepath.Join(dir, fmt.Sprintf("cut%d-whole.warc.gz", trial))
		gzipTo(t, pWhole, bytes.NewReader(plain))
		var members bytes.Buffer
		mw := warctest.NewWriter(&members, true)
		for _, r := range recs {
			mw.WriteRaw(r)
		}
		pMembers := filepath.Join(dir, fmt.Sprintf("cut%d-members.warc.gz", trial))
		os.WriteFile(pMembers, members.Bytes(), 0o666)
		for name, r := range map[string]*hostileResult{
			"plain":   runHostile(t, nil, "links", pPlain),
			"whole":   runHostile(t, nil, "links", pWhole),
			"members": runHostile(t, nil, "links", pMembers),
			"stdin":   runHostile(t, bytes.NewReader(plain), "links", "-"),
		} {
			name = fmt.Sprintf("trial %d (record %d cut to %q), %s", trial, k, recs[k], name)
			r.check(t, exitRejected)
			seen := checkOwnRows(t, name, r.stdout.head.String())
			for i := range n {
				if i != k && !seen[i] {
					t.Errorf("%s: record %d's link lost:\n%s\nstderr:\n%s", name, i, r.stdout.head.String(), r.stderr.head.String())
				}
			}
		}
	}
}

// TestHostileRepeatedField (issue 23.2): a header repeating
// WARC-Target-URI (two records' headers run together) is reported; no
// row is written under either value, and the next record is read.
func TestHostileRepeatedField(t *testing.T) {
	recs := ownRecords(3)
	recs[1] = bytes.Replace(recs[1], []byte("WARC-Target-URI: http://h/1/\r\n"), []byte("WARC-Target-URI: http://h/1/\r\nWARC-Target-URI: http://h/2/\r\n"), 1)
	p := filepath.Join(t.TempDir(), "repeat.warc")
	os.WriteFile(p, bytes.Join(recs, nil), 0o666)
	r := runHostile(t, nil, "links", p)
	r.check(t, exitRejected, "WARC-Target-URI repeated")
	seen := checkOwnRows(t, "repeat", r.stdout.head.String())
	if !seen[0] || seen[1] || !seen[2] {
		t.Errorf("records written %v, want 0 and 2", seen)
	}
}

// TestHostileCodings (issue 23.3): every Content-Encoding and
// Transfer-Encoding token over every field is decoded in order (or
// reported), and a bomb through stacked codings stays within Record.
func TestHostileCodings(t *testing.T) {
	dir := t.TempDir()
	page := func(i int) []byte { return []byte(fmt.Sprintf("<a href=own-%d>", i)) }
	cases := []struct {
		fields  [][2]string
		applied []string // the codings, in the order the sender applied them
	}{
		{[][2]string{{"Content-Encoding", "gzip, gzip"}}, []string{"gzip", "gzip"}},
		{[][2]string{{"Content-Encoding", "gzip"}, {"Content-Encoding", "gzip"}}, []string{"gzip", "gzip"}},
		{[][2]string{{"Content-Encoding", "gzip, identity"}}, []string{"gzip"}},
		{[][2]string{{"Transfer-Encoding", "gzip, chunked"}}, []string{"gzip", "chunked"}},
		{[][2]string{{"Transfer-Encoding", "chunked, gzip"}}, []string{"chunked", "gzip"}},
		{[][2]string{{"Content-Encoding", "br"}}, []string{"br"}},
		{[][2]string{{"Content-Encoding", "zstd"}, {"Transfer-Encoding", "chunked"}}, []string{"zstd", "chunked"}},
	}
	var plain bytes.Buffer
	for i, c := range cases {
		fields := append([][2]string{{"Content-Type", "text/html"}}, c.fields...)
		warctest.AppendRecord(&plain, warctest.Response(fmt.Sprintf("http://h/%d/", i), 200, fields, string(warctest.Encode(page(i), c.applied...))), i)
	}
	// One coding that is not undone: reported, not silent.
	warctest.AppendRecord(&plain, warctest.Response("http://h/99/", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Encoding", "compress"}}, "x"), 99)
	p := filepath.Join(dir, "codings.warc")
	os.WriteFile(p, plain.Bytes(), 0o666)
	r := runHostile(t, nil, "links", p)
	r.check(t, exitRejected, `Content-Encoding "compress": coding not supported`)
	seen := checkOwnRows(t, "codings", r.stdout.head.String())
	for i := range cases {
		if !seen[i] {
			t.Errorf("%v: no link; rows:\n%s\nstderr:\n%s", cases[i].fields, r.stdout.head.String(), r.stderr.head.String())
		}
	}

	// 1 GB of zeros, gzipped twice: a few kilobytes that inflate twice.
	var inner bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&inner, gzip.BestSpeed)
	for range gigabyte / (1 << 20) {
		zw.Write(make([]byte, 1<<20))
	}
	zw.Close()
	http := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip, gzip\r\n\r\n" + string(warctest.Encode(inner.Bytes(), "gzip"))
	pb := filepath.Join(dir, "bomb2.warc")
	os.WriteFile(pb, []byte(warcHeader("response", "http://x/", "application/http; msgtype=response", int64(len(http)))+http+"\r\n\r\n"), 0o666)
	rb := runHostile(t, nil, "links", pb)
	rb.check(t, exitRejected, pb, "offset 0", "Record limit")
}

// TestHostileSegments (issue 23.4): a record split in segments gives the
// links of all of them; a continuation missing is reported.
func TestHostileSegments(t *testing.T) {
	dir := t.TempDir()
	block := warctest.HTTPResponse(200, [][2]string{{"Content-Type", "text/html"}}, "<a href=own-1>"+strings.Repeat(" ", 300)+"<a href=own-1>")
	var b bytes.Buffer
	warctest.AppendRecord(&b, warctest.HTML("http://h/0/", "<a href=own-0>"), 0)
	third := len(block) / 3
	for i := range 3 {
		rec := warctest.Record{Type: "continuation", TargetURI: "http://h/1/", ContentType: "application/http; msgtype=response",
			Block: block[i*third : min((i+1)*third, len(block))], Fields: [][2]string{{"WARC-Segment-Number", fmt.Sprint(i + 1)}, {"WARC-Segment-Origin-ID", "<urn:x:1>"}}}
		if i == 0 {
			rec.Type, rec.ID, rec.Fields = "response", "<urn:x:1>", rec.Fields[:1]
		}
		if i == 2 {
			rec.Block = block[i*third:]
			rec.Fields = append(rec.Fields, [2]string{"WARC-Segment-Total-Length", fmt.Sprint(len(block))})
		}
		warctest.AppendRecord(&b, rec, i+1)
	}
	warctest.AppendRecord(&b, warctest.HTML("http://h/2/", "<a href=own-2>"), 9)
	p := filepath.Join(dir, "seg.warc")
	os.WriteFile(p, b.Bytes(), 0o666)
	r := runHostile(t, nil, "links", p)
	r.check(t, exitOK)
	if got := strings.Count(r.stdout.head.String(), "\thttp://h/1/own-1\n"); got != 2 {
		t.Errorf("%d links of the segmented record, want 2 (one in the last segment):\n%s", got, r.stdout.head.String())
	}
	checkOwnRows(t, "segments", r.stdout.head.String())

	// The last segment missing: reported, the next record read.
	cut := bytes.Index(b.Bytes(), []byte("WARC/1.1\r\nWARC-Type: continuation\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000003>"))
	end := bytes.Index(b.Bytes()[cut:], []byte("\r\n\r\nWARC/1.1")) + cut + 4
	p2 := filepath.Join(dir, "seg-missing.warc")
	os.WriteFile(p2, append(append([]byte{}, b.Bytes()[:cut]...), b.Bytes()[end:]...), 0o666)
	r2 := runHostile(t, nil, "links", p2)
	r2.check(t, exitRejected, "segment 3", "not reassembled")
	if seen := checkOwnRows(t, "segment missing", r2.stdout.head.String()); !seen[0] || !seen[2] {
		t.Errorf("records written %v, want 0 and 2", seen)
	}
}

// TestHostileBlockGzip (issue 23.8): a WARC in gzip members that cut
// records anywhere (bgzip) gives the rows of the same WARC uncompressed.
func TestHostileBlockGzip(t *testing.T) {
	dir := t.TempDir()
	plain := bytes.Join(ownRecords(120), nil)
	pPlain := filepath.Join(dir, "b.warc")
	os.WriteFile(pPlain, plain, 0o666)
	rng := rand.New(rand.NewPCG(1, 2))
	var bgz bytes.Buffer
	w := warctest.NewWriter(&bgz, true)
	for rest := plain; len(rest) > 0; {
		n := min(len(rest), 1+rng.IntN(700))
		w.WriteRaw(rest[:n])
		rest = rest[n:]
	}
	pBgz := filepath.Join(dir, "b.warc.gz")
	os.WriteFile(pBgz, bgz.Bytes(), 0o666)
	want := runHostile(t, nil, "links", pPlain)
	want.check(t, exitOK)
	got := runHostile(t, nil, "links", pBgz)
	got.check(t, exitOK)
	// The document names differ (offsets of members, not of records):
	// compare the other columns.
	strip := func(out string) string {
		var rows []string
		for _, r := range strings.Split(out, "\n") {
			if _, rest, ok := strings.Cut(r, "\t"); ok {
				rows = append(rows, rest)
			}
		}
		return strings.Join(rows, "\n")
	}
	if strip(got.stdout.head.String()) != strip(want.stdout.head.String()) || got.stdout.lines != 120 {
		t.Errorf("block gzip: %d rows, want the 120 of the plain file", got.stdout.lines)
	}
	checkOwnRows(t, "bgzip", got.stdout.head.String())
}

// TestHostileLimitFlags (issue 23.8): extreme limit values never panic; a
// huge limit acts as a large one.
func TestHostileLimitFlags(t *testing.T) {
	p := filepath.Join(t.TempDir(), "l.warc")
	os.WriteFile(p, bytes.Join(ownRecords(3), nil), 0o666)
	for _, flags := range [][]string{
		{"-max-record", "9223372036854775807"},
		{"-max-header-line", "9223372036854775806"},
		{"-max-header-block", "9223372036854775807", "-max-token", "9223372036854775807", "-max-url", "9223372036854775807", "-max-depth", "9223372036854775807", "-max-noscript", "9223372036854775807"},
	} {
		r := runHostile(t, nil, append(append([]string{"links"}, flags...), p)...)
		r.check(t, exitOK)
		if seen := checkOwnRows(t, strings.Join(flags, " "), r.stdout.head.String()); len(seen) != 3 {
			t.Errorf("%v: records written %v, want all 3", flags, seen)
		}
	}
	for _, flags := range [][]string{{"-max-record", "-1"}, {"-max-header-line", "0"}} {
		r := runHostile(t, nil, append(append([]string{"links"}, flags...), p)...)
		r.check(t, exitUsage, "must be positive")
	}
}
