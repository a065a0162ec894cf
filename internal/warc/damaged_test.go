package warc_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// cutRecords returns n HTML records, record i at http://h/i/ holding the
// one link "own-i", with record k cut at byte cut of its header (a writer
// that died there and appended the next record on restart, issue 23.2).
func cutRecords(n, k, cut int) [][]byte {
	var recs [][]byte
	for i := range n {
		var b bytes.Buffer
		warctest.AppendRecord(&b, warctest.HTML(fmt.Sprintf("http://h/%d/", i), fmt.Sprintf("<a href=own-%d>", i)), i)
		recs = append(recs, b.Bytes())
	}
	recs[k] = recs[k][:cut]
	return recs
}

// forms returns the records as every input form: a plain file, a file
// gzipped whole, one gzip member per record, one zstd frame per record
// without and with a dictionary (stored as is, or compressed), and
// streams of these read a byte or a few at a time.
func forms(recs [][]byte) map[string]func() io.Reader {
	plain := bytes.Join(recs, nil)
	var whole, members bytes.Buffer
	warctest.NewWriter(&whole, true).WriteRaw(plain)
	mw := warctest.NewWriter(&members, true)
	for _, r := range recs {
		mw.WriteRaw(r)
	}
	zf := zstdForms(recs)
	return map[string]func() io.Reader{
		"zstd":                 func() io.Reader { return bytes.NewReader(zf[0]) },
		"zstd dict":            func() io.Reader { return bytes.NewReader(zf[1]) },
		"zstd compressed dict": func() io.Reader { return bytes.NewReader(zf[2]) },
		"zstd stream":          func() io.Reader { return iotest.OneByteReader(bytes.NewReader(zf[0])) },
		"zstd dict stream":     func() io.Reader { return iotest.HalfReader(bytes.NewReader(zf[1])) },
		"plain":                func() io.Reader { return bytes.NewReader(plain) },
		"whole gzip":           func() io.Reader { return bytes.NewReader(whole.Bytes()) },
		"member gzip":          func() io.Reader { return bytes.NewReader(members.Bytes()) },
		"plain stream":         func() io.Reader { return iotest.OneByteReader(bytes.NewReader(plain)) },
		"whole gzip stream":    func() io.Reader { return iotest.HalfReader(bytes.NewReader(whole.Bytes())) },
		"member gzip stream":   func() io.Reader { return iotest.OneByteReader(bytes.NewReader(members.Bytes())) },
	}
}

// testDict is the dictionary of the zstd forms, made once (building one
// takes time): its tables from records like those of the tests.
var testDict = sync.OnceValue(func() []byte {
	d, err := warctest.Dict(1<<15, cutRecords(5, 0, 10)...)
	if err != nil {
		panic(err)
	}
	return d
})

// zstdForms returns recs written one zstd frame a record: without a
// dictionary, with one, and with one compressed in its frame.
func zstdForms(recs [][]byte) [3][]byte {
	dict := testDict()
	var out [3][]byte
	for i, d := range [][]byte{nil, dict, dict} {
		var b bytes.Buffer
		w, err := warctest.NewZstdWriter(&b, d, i == 2)
		if err != nil {
			panic(err)
		}
		for _, r := range recs {
			w.WriteRaw(r)
		}
		out[i] = b.Bytes()
	}
	return out
}

// records reads every record of r: "URI block" for each, "error" for each
// error, given to check first if check is not nil.
func records(t *testing.T, r *warc.Reader, check func(error)) []string {
	var got []string
	fail := func(err error) {
		if check != nil {
			check(err)
		}
		got = append(got, "error")
	}
	each(t, r, 1000, func(rec *warc.Record) {
		b, err := io.ReadAll(rec.Block)
		got = append(got, rec.TargetURI+" "+string(b))
		if err != nil {
			fail(err)
		}
	}, fail)
	return got
}

// TestCutHeaderRandom cuts one record's header at random places: every
// record read carries its own link only (no block under another record's
// URI), every record after the cut one is read as itself, the cut is
// reported, and every input form gives the same records.
func TestCutHeaderRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2))
	const n = 5
	for trial := range 300 {
		k := 1 + rng.IntN(n-2)
		var b bytes.Buffer
		warctest.AppendRecord(&b, warctest.HTML(fmt.Sprintf("http://h/%d/", k), fmt.Sprintf("<a href=own-%d>", k)), k)
		headerLen := bytes.Index(b.Bytes(), []byte("\r\n\r\n")) + 4
		cut := 1 + rng.IntN(headerLen-1)
		recs := cutRecords(n, k, cut)
		var first []string
		for name, open := range forms(recs) {
			got := records(t, warc.NewReader(open(), name), nil)
			seen := map[int]bool{}
			errs := 0
			for _, g := range got {
				if g == "error" {
					errs++
					continue
				}
				var i int
				fmt.Sscanf(g, "http://h/%d/", &i)
				for j := range n {
					if j != i && strings.Contains(g, fmt.Sprintf("own-%d>", j)) {
						t.Fatalf("trial %d, cut %d at %d, %s: record %d's link under %q", trial, k, cut, name, j, g)
					}
				}
				if strings.Contains(g, fmt.Sprintf("own-%d>", i)) {
					seen[i] = true
				}
			}
			for i := range n {
				if i != k && !seen[i] {
					t.Fatalf("trial %d, cut %d at %d %q, %s: record %d lost: %q", trial, k, cut, recs[k], name, i, got)
				}
			}
			if errs == 0 {
				t.Fatalf("trial %d, cut %d at %d, %s: no error reported: %q", trial, k, cut, name, got)
			}
			if first == nil {
				first = got
			} else if strings.Join(got, "\n") != strings.Join(first, "\n") {
				t.Fatalf("trial %d, cut %d at %d: %s gives\n%q\nanother form\n%q", trial, k, cut, name, got, first)
			}
		}
	}
}

// TestRepeatedField: a record header repeating a field that decides which
// record a block belongs to is damaged, reported, and the next record is
// read as itself.
func TestRepeatedField(t *testing.T) {
	for _, f := range []string{"WARC-Record-ID", "WARC-Target-URI", "warc-type", "Content-Length"} {
		bad := warctest.HTML("http://h/bad/", "<a href=bad>")
		bad.Fields = [][2]string{{f, "1"}}
		if f == "WARC-Target-URI" || f == "warc-type" {
			bad.Fields[0][1] = "http://h/other/"
		}
		var b bytes.Buffer
		warctest.AppendRecord(&b, warctest.HTML("http://h/0/", "<a href=own-0>"), 0)
		warctest.AppendRecord(&b, bad, 1)
		warctest.AppendRecord(&b, warctest.HTML("http://h/2/", "<a href=own-2>"), 2)
		r := warc.NewReader(bytes.NewReader(b.Bytes()), "rep.warc")
		var got []string
		each(t, r, 100, func(rec *warc.Record) {
			io.Copy(io.Discard, rec.Block)
			got = append(got, rec.TargetURI)
		}, func(err error) {
			if !errors.Is(err, warc.ErrHeader) || !strings.Contains(err.Error(), "repeated") {
				t.Errorf("%s: %v, want ErrHeader naming the repeat", f, err)
			}
			got = append(got, "error")
		})
		if want := "http://h/0/ error http://h/2/"; strings.Join(got, " ") != want {
			t.Errorf("%s: %q, want %q", f, got, want)
		}
	}
}

// blockGzip compresses b as a block-gzip writer (bgzip) does: members of
// at most size input bytes, cut anywhere, records and lines included.
func blockGzip(b []byte, size func() int) []byte {
	var out bytes.Buffer
	w := warctest.NewWriter(&out, true)
	for len(b) > 0 {
		n := min(len(b), size())
		w.WriteRaw(b[:n])
		b = b[n:]
	}
	return out.Bytes()
}

// TestBlockGzip (issue 23.8): a WARC in gzip members that split records
// anywhere reads as the same WARC uncompressed: the same records, blocks
// and errors, from a file and from a stream.
func TestBlockGzip(t *testing.T) {
	var plain bytes.Buffer
	w := warctest.NewWriter(&plain, false)
	for i := range 120 {
		w.Write(warctest.HTML(fmt.Sprintf("http://h/%d/", i), fmt.Sprintf("<a href=own-%d>", i)+strings.Repeat("x", i*7)))
	}
	// And a damaged record: its Content-Length too short.
	bad := bytes.Replace(plain.Bytes(), []byte("Content-Length: 105\r\n"), []byte("Content-Length: 100\r\n"), 1)
	for _, data := range [][]byte{plain.Bytes(), bad} {
		want := strings.Join(records(t, warc.NewReader(bytes.NewReader(data), "x"), nil), "\n")
		rng := rand.New(rand.NewPCG(8, 23))
		for _, size := range []func() int{
			func() int { return 1 + rng.IntN(40) },   // members smaller than a line
			func() int { return 1 + rng.IntN(3000) }, // members across records
			func() int { return 65280 },              // bgzip's own block size
		} {
			bgz := blockGzip(data, size)
			for name, r := range map[string]io.Reader{"file": bytes.NewReader(bgz), "stream": iotest.HalfReader(bytes.NewReader(bgz))} {
				if got := strings.Join(records(t, warc.NewReader(r, "x"), nil), "\n"); got != want {
					t.Errorf("%s: block gzip reads\n%.3000s\nuncompressed\n%.3000s", name, got, want)
				}
			}
		}
	}
}

// TestDamagedStart: a compressed file whose first bytes are damaged (the
// first member's or frame's magic) is reported once at offset 0 and read
// from its next member or frame, giving what the intact file gives after
// its first record; a plain file damaged so is read from its next version
// line as before, even when its first record holds a gzipped WARC.
func TestDamagedStart(t *testing.T) {
	recs := sample()
	gz, gzOffs := build(t, true, recs)
	zst, zstOffs := buildZstd(t, nil, false, recs)
	plain, plainOffs := build(t, false, recs)
	var inner bytes.Buffer
	warctest.NewWriter(&inner, true).Write(warctest.HTML("http://inner/", "<a href=x>"))
	var outer bytes.Buffer
	warctest.AppendRecord(&outer, warctest.Record{Type: "resource", TargetURI: "http://h/a.warc.gz", ContentType: "application/warc", Block: inner.Bytes()}, 0)
	nested := append(outer.Bytes(), plain...)
	nestedOffs := []int64{0}
	for _, o := range plainOffs {
		nestedOffs = append(nestedOffs, o+int64(len(nested)-len(plain)))
	}
	zero := func(b []byte) { copy(b, "\x00\x00\x00\x00") }
	flip := func(b []byte) { b[0] ^= 0xff }
	for _, c := range []struct {
		name    string
		data    []byte
		offs    []int64
		damage  func([]byte)
		err     error
		nextOff int64
	}{
		{"gzip, magic flipped", gz, gzOffs, flip, warc.ErrGzip, gzOffs[1]},
		{"gzip, 4 bytes zeroed", gz, gzOffs, zero, warc.ErrGzip, gzOffs[1]},
		{"zstd, magic flipped", zst, zstOffs, flip, warc.ErrZstd, zstOffs[1]},
		{"zstd, 4 bytes zeroed", zst, zstOffs, zero, warc.ErrZstd, zstOffs[1]},
		{"plain", plain, plainOffs, flip, warc.ErrVersion, plainOffs[1]},
		{"plain holding a gzipped WARC", nested, nestedOffs, flip, warc.ErrVersion, nestedOffs[1]},
	} {
		t.Run(c.name, func(t *testing.T) {
			intact := readAll(t, warc.NewReader(bytes.NewReader(c.data), "f"), len(c.data))
			var want []event
			for _, ev := range intact {
				if ev.off >= c.nextOff {
					want = append(want, ev)
				}
			}
			broken := append([]byte{}, c.data...)
			c.damage(broken)
			got := readAll(t, warc.NewReader(bytes.NewReader(broken), "f"), len(broken))
			if len(got) == 0 || got[0].off != 0 || !errors.Is(got[0].err, c.err) {
				t.Fatalf("first event %v, want an error at offset 0 wrapping %v", got, c.err)
			}
			if fmt.Sprint(got[1:]) != fmt.Sprint(want) {
				t.Errorf("after the damage\n got %v\nwant %v", got[1:], want)
			}
		})
	}
}

// TestDamagedStartBounded: a file that begins as no form read, then holds
// nothing but gzip and zstd magic numbers, tries a bounded number of them
// and is read as plain: one error (its one long line), no record.
func TestDamagedStartBounded(t *testing.T) {
	data := append([]byte("x"), bytes.Repeat([]byte("\x1f\x8b\x08\x00\x28\xb5\x2f\xfd"), 100_000)...)
	evs := readAll(t, warc.NewReader(bytes.NewReader(data), "f.warc.gz"), len(data))
	if len(evs) != 1 || evs[0].err == nil || evs[0].off != 0 {
		t.Errorf("events %v, want one error at offset 0", evs)
	}
}
