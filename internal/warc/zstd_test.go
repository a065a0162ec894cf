package warc_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
)

// buildZstd returns recs as a zstd WARC file, one frame a record, with
// dict (nil: none), and the records' offsets.
func buildZstd(t testing.TB, dict []byte, compressDict bool, recs []warctest.Record) ([]byte, []int64) {
	t.Helper()
	var buf bytes.Buffer
	w, err := warctest.NewZstdWriter(&buf, dict, compressDict)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if _, err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes(), w.Offsets
}

// TestZstdSample: the sample records read from a zstd file, without and
// with a dictionary (stored, or compressed), are those of the plain file,
// each at the offset of its frame.
func TestZstdSample(t *testing.T) {
	plain, _ := build(t, false, sample())
	want := readAll(t, warc.NewReader(bytes.NewReader(plain), "f"), len(plain))
	for _, form := range []struct {
		name     string
		dict     []byte
		compress bool
	}{{"zstd", nil, false}, {"zstd dict", testDict(), false}, {"zstd compressed dict", testDict(), true}} {
		data, offs := buildZstd(t, form.dict, form.compress, sample())
		if form.dict != nil && offs[0] == 0 {
			t.Fatalf("%s: no dictionary frame written", form.name)
		}
		got := readAll(t, warc.NewReader(bytes.NewReader(data), "f"), len(data))
		if len(got) != len(want) {
			t.Fatalf("%s: %v, want %v", form.name, got, want)
		}
		for i := range got {
			w := want[i]
			w.off = offs[i]
			if g, w := fmt.Sprint(got[i], got[i].block), fmt.Sprint(w, w.block); g != w {
				if got[i].err == nil || want[i].err == nil || got[i].off != offs[i] {
					t.Errorf("%s: record %d: %s, want %s", form.name, i, g, w)
				}
			}
		}
	}
}

// TestZstdFrames: extension frames (skippable, other than the
// dictionary's) between frames are passed over; a record in several
// frames is one record; a corrupt frame is reported with ErrZstd and
// the records after it are read.
func TestZstdFrames(t *testing.T) {
	var recs [][]byte
	for i := range 3 {
		var b bytes.Buffer
		warctest.AppendRecord(&b, warctest.HTML(fmt.Sprintf("http://h/%d/", i), fmt.Sprintf("<a href=own-%d>", i)), i)
		recs = append(recs, b.Bytes())
	}
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderCRC(true))
	ext := binary.LittleEndian.AppendUint32([]byte{0x50, 0x2a, 0x4d, 0x18}, 5)
	ext = append(ext, "12345"...)
	var file []byte
	file = enc.EncodeAll(recs[0], file)
	file = append(file, ext...)
	half := len(recs[1]) / 2
	file = enc.EncodeAll(recs[1][:half], file) // record 1 in two frames
	file = append(file, ext...)
	file = enc.EncodeAll(recs[1][half:], file)
	file = enc.EncodeAll(recs[2], file)
	file = append(file, ext...)
	got := records(t, warc.NewReader(bytes.NewReader(file), "x"), nil)
	if len(got) != 3 || !strings.Contains(got[1], "own-1") || !strings.Contains(got[2], "own-2") {
		t.Fatalf("extension frames, a record in two frames: %q", got)
	}

	// A byte of the second frame's compressed data damaged: its checksum
	// (or its decoding) fails.
	var damaged []byte
	damaged = enc.EncodeAll(recs[0], damaged)
	at := len(damaged)
	damaged = enc.EncodeAll(recs[1], damaged)
	damaged[at+(len(damaged)-at)/2] ^= 0x55
	damaged = enc.EncodeAll(recs[2], damaged)
	r := warc.NewReader(bytes.NewReader(damaged), "d")
	evs := readAll(t, r, len(damaged))
	var zerr bool
	for _, e := range evs {
		if e.err != nil && (errors.Is(e.err, warc.ErrZstd) || errors.Is(e.err, warc.ErrTruncated)) && e.off == int64(at) {
			zerr = true
		}
	}
	if !zerr || evs[0].uri != "http://h/0/" || evs[len(evs)-1].uri != "http://h/2/" {
		t.Errorf("damaged frame: %v", evs)
	}
}

// TestZstdBombMemory: records of 16 MB and 64 MB of zeros, each in one
// frame of a few kilobytes: the bytes allocated do not grow with the
// record (the decoder's window is at most 8 MiB, the IIPC format's
// bound), and a record over Limits.Record is cut there.
func TestZstdBombMemory(t *testing.T) {
	zero := func(size int) []byte {
		var b bytes.Buffer
		warctest.AppendRecord(&b, warctest.Record{Type: "resource", TargetURI: "http://z/", Block: make([]byte, size)}, 0)
		enc, _ := zstd.NewWriter(nil, zstd.WithEncoderCRC(true))
		return enc.EncodeAll(b.Bytes(), nil)
	}
	read := func(data []byte, lim limits.Limits) (int64, error) { return readBlocks(t, data, "bomb.warc.zst", lim) }
	var allocs []uint64
	for _, size := range []int{16 << 20, 64 << 20} {
		data := zero(size)
		var n int64
		var err error
		allocs = append(allocs, allocated(func() { n, err = read(data, limits.Limits{}) }))
		if n != int64(size) || err != nil {
			t.Fatalf("%d zeros in %d bytes: read %d, %v", size, len(data), n, err)
		}
	}
	t.Logf("allocated %d bytes for 16 MB, %d for 64 MB", allocs[0], allocs[1])
	if allocs[1] > 24<<20 || allocs[1] > allocs[0]+(1<<20) {
		t.Errorf("allocated %d bytes for 16 MB, %d for 64 MB: memory grows with the record", allocs[0], allocs[1])
	}
	n, err := read(zero(4<<20), limits.Limits{Record: 1 << 20})
	if n != 1<<20 || !errors.Is(err, warc.ErrTooLarge) {
		t.Errorf("4 MB record over a 1 MB limit: read %d, %v; want 1 MB and ErrTooLarge", n, err)
	}
}

// TestZstdRefused: what is not read is reported, never read as a file of
// no record: a file in another compression format, a dictionary frame
// over 8 MiB or holding no dictionary, a frame whose window is over
// 8 MiB, a frame needing a dictionary the file lacks.
func TestZstdRefused(t *testing.T) {
	plain, _ := build(t, false, sample())
	huge := binary.LittleEndian.AppendUint32([]byte{0x5d, 0x2a, 0x4d, 0x18}, 9<<20)
	notDict := binary.LittleEndian.AppendUint32([]byte{0x5d, 0x2a, 0x4d, 0x18}, 4)
	notDict = append(notDict, "abcd"...)
	bigWindow, _ := zstd.NewWriter(nil, zstd.WithWindowSize(16<<20), zstd.WithSingleSegment(false))
	var zeros bytes.Buffer
	warctest.AppendRecord(&zeros, warctest.Record{Type: "resource", TargetURI: "http://z/", Block: make([]byte, 12<<20)}, 0)
	big := bigWindow.EncodeAll(zeros.Bytes(), nil)
	withDict, _ := buildZstd(t, testDict(), false, sample())
	dictLen := 8 + int(binary.LittleEndian.Uint32(withDict[4:]))
	for _, c := range []struct {
		name string
		data []byte
		want error
		text string
	}{
		{"bzip2", append([]byte("BZh91AY&SY"), plain...), warc.ErrFormat, "bzip2"},
		{"xz", append([]byte("\xfd7zXZ\x00\x00"), plain...), warc.ErrFormat, "xz"},
		{"skippable first", append(binary.LittleEndian.AppendUint32([]byte{0x50, 0x2a, 0x4d, 0x18}, 0), plain...), warc.ErrFormat, "skippable"},
		{"dictionary over 8 MiB", huge, warc.ErrZstd, "9437184 bytes"},
		{"no dictionary in the frame", notDict, warc.ErrZstd, "neither"},
		{"window over 8 MiB", big, warc.ErrZstd, "window"},
		{"dictionary missing", withDict[dictLen:], warc.ErrZstd, "dict"},
	} {
		evs := readAll(t, warc.NewReader(bytes.NewReader(c.data), c.name), len(c.data))
		if len(evs) == 0 || !errors.Is(evs[0].err, c.want) || !strings.Contains(strings.ToLower(evs[0].err.Error()), c.text) {
			t.Errorf("%s: %v, want %v mentioning %q first", c.name, evs, c.want, c.text)
		}
	}
}
