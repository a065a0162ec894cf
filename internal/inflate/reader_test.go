package inflate

import (
	"bufio"
	"bytes"
	"compress/flate"
	stdgzip "compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/iotest"

	kgzip "github.com/klauspost/compress/gzip"
)

// decoders are the Reader under test and its judge.
var decoders = []struct {
	name string
	new  func() Decoder
}{
	{"relurl", func() Decoder { return new(Reader) }},
	{"klauspost", func() Decoder { return new(kgzip.Reader) }},
}

// The guards of readAll, so that a decoder that never ends fails a test
// instead of hanging it or running out of memory.
var (
	errTooMuch  = errors.New("test: more than testMaxOutput bytes decoded")
	errStuck    = errors.New("test: 100 Reads in a row returned 0, nil")
	errBadCount = errors.New("test: Read returned a count out of range")
)

const testMaxOutput = 1 << 28

// readAll reads r to its end or error as io.ReadAll does (size 0: into a
// growing slice), or with Reads of size bytes, or through io.Copy (size
// -1, which uses a WriteTo if the reader has one), or with a Read of no
// bytes before each of 7 (size -2). io.EOF is a nil error.
func readAll(r io.Reader, size int) ([]byte, error) {
	empty := size == -2
	if empty {
		size = 7
	}
	if size < 0 {
		var b bytes.Buffer
		_, err := io.Copy(&b, io.LimitReader(r, testMaxOutput+1))
		if err == nil && b.Len() > testMaxOutput {
			err = errTooMuch
		}
		return b.Bytes(), err
	}
	out := make([]byte, 0, 512)
	var buf []byte
	if size > 0 {
		buf = make([]byte, size)
	}
	stuck := 0
	for {
		p := buf
		if size == 0 {
			if len(out) == cap(out) {
				out = append(out, 0)[:len(out)]
			}
			p = out[len(out):cap(out)]
		}
		if empty {
			switch n, err := r.Read(p[:0]); {
			case n != 0:
				return out, fmt.Errorf("%w: %d for no bytes", errBadCount, n)
			case err == io.EOF:
				return out, nil
			case err != nil:
				return out, err
			}
		}
		n, err := r.Read(p)
		if n < 0 || n > len(p) {
			return out, fmt.Errorf("%w: %d for %d bytes", errBadCount, n, len(p))
		}
		if size == 0 {
			out = out[:len(out)+n]
		} else {
			out = append(out, p[:n]...)
		}
		switch {
		case err == io.EOF:
			return out, nil
		case err != nil:
			return out, err
		case len(out) > testMaxOutput:
			return out, errTooMuch
		case n > 0:
			stuck = 0
		default:
			if stuck++; stuck == 100 {
				return out, errStuck
			}
		}
	}
}

// readResult is what reading one input gave.
type readResult struct {
	out    []byte
	err    error // nil at a clean end; Reset's error if it failed
	reset  bool  // the error is Reset's
	afterN int   // what one more Read gave after the end or error
	after  error
}

// decodeAll opens r with z and reads it all with Reads of size bytes (see
// readAll), then reads once more.
func decodeAll(z Decoder, r io.Reader, multistream bool, size int) readResult {
	if err := z.Reset(r); err != nil {
		return readResult{err: err, reset: true}
	}
	z.Multistream(multistream)
	out, err := readAll(z, size)
	res := readResult{out: out, err: err}
	if !errors.Is(err, errTooMuch) && !errors.Is(err, errStuck) && !errors.Is(err, errBadCount) {
		res.afterN, res.after = z.Read(make([]byte, 64))
	}
	return res
}

// errBoom is an error of the reader under the decoder.
var errBoom = errors.New("boom")

// errClass is the kind of an error, as callers of a gzip reader test for it:
// the sentinels with ==, a CorruptInputError by its type. A wrapped
// sentinel is another kind: internal/warc compares with ==.
func errClass(err error) string {
	switch err {
	case nil:
		return "nil"
	case io.EOF:
		return "io.EOF"
	case io.ErrUnexpectedEOF:
		return "io.ErrUnexpectedEOF"
	case stdgzip.ErrHeader:
		return "ErrHeader"
	case stdgzip.ErrChecksum:
		return "ErrChecksum"
	case errBoom:
		return "errBoom"
	case iotest.ErrTimeout:
		return "iotest.ErrTimeout"
	case errTooMuch, errStuck:
		return err.Error()
	}
	if _, ok := err.(flate.CorruptInputError); ok {
		return "CorruptInputError"
	}
	for _, s := range []error{io.EOF, io.ErrUnexpectedEOF, stdgzip.ErrHeader, stdgzip.ErrChecksum, errBoom, errBadCount} {
		if errors.Is(err, s) {
			return "wrapped " + s.Error()
		}
	}
	var ce flate.CorruptInputError
	if errors.As(err, &ce) {
		return "wrapped CorruptInputError"
	}
	return fmt.Sprintf("other (%T)", err)
}

// diffResults holds got (relurl's) to want (klauspost's) and says how they
// differ, or "": the same kind of error; on success the same bytes; on an
// error, outputs of which one is a prefix of the other (decoders may stop
// at different points before an error, never decode different bytes),
// the same bytes if the error is met between members (ErrChecksum,
// ErrHeader: each has given all the member's bytes by then); and the same
// from a Read after the end.
func diffResults(got, want readResult) string {
	gc, wc := errClass(got.err), errClass(want.err)
	if gc != wc || got.reset != want.reset {
		return fmt.Sprintf("error %v (%s, from Reset: %v) after %d bytes; klauspost: %v (%s, from Reset: %v) after %d bytes",
			got.err, gc, got.reset, len(got.out), want.err, wc, want.reset, len(want.out))
	}
	n := min(len(got.out), len(want.out))
	if i := firstMismatch(got.out[:n], want.out[:n]); i >= 0 {
		return fmt.Sprintf("output differs from klauspost's at byte %d of %d and %d (%q, klauspost %q); errors %v, %v",
			i, len(got.out), len(want.out), excerptAt(got.out, i), excerptAt(want.out, i), got.err, want.err)
	}
	if len(got.out) != len(want.out) && (want.err == nil || wc == "ErrChecksum" || wc == "ErrHeader") {
		return fmt.Sprintf("%d bytes, klauspost %d (one the other's prefix); errors %v, %v",
			len(got.out), len(want.out), got.err, want.err)
	}
	if got.afterN != want.afterN || errClass(got.after) != errClass(want.after) {
		return fmt.Sprintf("a Read after the end or error gave %d, %v; klauspost %d, %v (the first error: %v)",
			got.afterN, got.after, want.afterN, want.after, want.err)
	}
	return ""
}

func checkSame(t testing.TB, what string, got, want readResult) {
	t.Helper()
	if d := diffResults(got, want); d != "" {
		t.Errorf("%s: %s", what, d)
	}
}

// judge is checkSame, but for one defect of the judge: klauspost's
// decoder keeps the lookup table of a Huffman code when the next code is
// empty (no lengths at all), and decodes with the stale table (an earlier
// block's literal/length code for an empty code lengths' code, the code
// lengths' code for an empty literal/length code, an earlier block's or
// member's distance code for an empty distance code) what compress/flate
// and zlib reject; it may then decode more bytes, or run out of input
// (io.ErrUnexpectedEOF). Where compress/gzip finds corrupt data and
// klauspost's decoder does not, relurl may give compress/gzip's answer
// instead (logged).
func judge(t testing.TB, what string, got, want readResult, data []byte, multistream bool) {
	t.Helper()
	d := diffResults(got, want)
	if d == "" {
		return
	}
	if errClass(want.err) != "CorruptInputError" {
		std := decodeAll(new(stdgzip.Reader), bufio.NewReader(bytes.NewReader(data)), multistream, 0)
		n := min(len(want.out), len(std.out))
		if errClass(std.err) == "CorruptInputError" && bytes.Equal(want.out[:n], std.out[:n]) && diffResults(got, std) == "" {
			t.Logf("%s: compress/gzip: %v after %d bytes; klauspost: %v after %d bytes (a stale table?); relurl as compress/gzip",
				what, std.err, len(std.out), want.err, len(want.out))
			return
		}
	}
	t.Errorf("%s: %s", what, d)
}

// firstMismatch returns the first index where a and b differ, or -1.
func firstMismatch(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func excerptAt(p []byte, i int) []byte { return p[i:min(len(p), i+16)] }

// compare reads data with both Readers, each over a bufio.Reader of its
// own, and holds relurl's to klauspost's. It returns klauspost's result.
func compare(t testing.TB, data []byte, multistream bool) readResult {
	t.Helper()
	want := decodeAll(new(kgzip.Reader), bufio.NewReader(bytes.NewReader(data)), multistream, 0)
	got := decodeAll(new(Reader), bufio.NewReader(bytes.NewReader(data)), multistream, 0)
	judge(t, fmt.Sprintf("multistream=%v, %d bytes", multistream, len(data)), got, want, data, multistream)
	return want
}

// compareValid is compare for data known to be valid, decoding to plain:
// the judge must agree too, or the input is not what the test meant.
func compareValid(t testing.TB, data, plain []byte, multistream bool) {
	t.Helper()
	want := compare(t, data, multistream)
	if want.err != nil || !bytes.Equal(want.out, plain) {
		t.Fatalf("multistream=%v: klauspost gave %d bytes and %v for a valid input of %d bytes", multistream, len(want.out), want.err, len(plain))
	}
}

// corpusOnce is the HTML of links/testdata/nodejs-api, a file an element.
var corpusOnce = sync.OnceValues(func() ([][]byte, error) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "links", "testdata", "nodejs-api", "*.html"))
	if err != nil {
		return nil, err
	}
	var files [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		files = append(files, b)
	}
	if len(files) < 5 {
		return nil, fmt.Errorf("%d HTML files in links/testdata/nodejs-api", len(files))
	}
	return files, nil
})

func corpusFiles(t testing.TB) [][]byte {
	t.Helper()
	files, err := corpusOnce()
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func corpusText(t testing.TB) []byte { return bytes.Join(corpusFiles(t), nil) }

// A gzWriter compresses with compress/gzip or klauspost's gzip at a level.
type gzWriter struct {
	name string
	gz   func(t testing.TB, plain []byte) []byte
}

// gzWriters make different block shapes: compress/gzip's stored blocks,
// Huffman-only and levels; klauspost's encoders.
var gzWriters = []gzWriter{
	{"std/stored", stdWriter(flate.NoCompression)},
	{"std/huffman-only", stdWriter(flate.HuffmanOnly)},
	{"std/1", stdWriter(1)},
	{"std/6", stdWriter(6)},
	{"std/9", stdWriter(9)},
	{"klauspost/huffman-only", kpWriter(kgzip.HuffmanOnly)},
	{"klauspost/1", kpWriter(1)},
	{"klauspost/5", kpWriter(5)},
	{"klauspost/9", kpWriter(9)},
}

func stdWriter(level int) func(testing.TB, []byte) []byte {
	return gzipWith(func(w io.Writer) (io.WriteCloser, error) { return stdgzip.NewWriterLevel(w, level) })
}

func kpWriter(level int) func(testing.TB, []byte) []byte {
	return gzipWith(func(w io.Writer) (io.WriteCloser, error) { return kgzip.NewWriterLevel(w, level) })
}

// gzipWith returns a function compressing with the writer newWriter makes.
func gzipWith(newWriter func(io.Writer) (io.WriteCloser, error)) func(testing.TB, []byte) []byte {
	return func(t testing.TB, plain []byte) []byte {
		var b bytes.Buffer
		zw, err := newWriter(&b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := zw.Write(plain); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
}

var gzip6 = stdWriter(6)

func TestErrorsAreCompressGzips(t *testing.T) {
	if ErrHeader != stdgzip.ErrHeader || ErrHeader != kgzip.ErrHeader {
		t.Errorf("ErrHeader is %v, not compress/gzip's", ErrHeader)
	}
	if ErrChecksum != stdgzip.ErrChecksum || ErrChecksum != kgzip.ErrChecksum {
		t.Errorf("ErrChecksum is %v, not compress/gzip's", ErrChecksum)
	}
}

func TestRealTextMatchesKlauspost(t *testing.T) {
	text := corpusText(t)
	for _, w := range gzWriters {
		t.Run(w.name, func(t *testing.T) {
			gz := w.gz(t, text)
			compareValid(t, gz, text, true)
			compareValid(t, gz, text, false)
		})
	}
}

// namedInput is a named plain input.
type namedInput struct {
	name string
	data []byte
}

// edgeShapes are inputs that make the decoder's rarer paths: runs
// (distance 1), short periods (copies overlapping themselves, distance
// under 8), incompressible bytes (stored blocks), long mixed input, and
// matches exactly 32768 bytes back.
func edgeShapes() []namedInput {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	shapes := []namedInput{
		{"empty", nil},
		{"one byte", []byte{'x'}},
		{"64KiB of one byte", bytes.Repeat([]byte{'a'}, 64<<10)},
	}
	for p := 2; p <= 9; p++ {
		shapes = append(shapes, namedInput{fmt.Sprintf("period %d", p), bytes.Repeat(random(p), 20000/p+1)})
	}
	shapes = append(shapes, namedInput{"random 100KiB", random(100 << 10)})
	var mixed []byte
	for len(mixed) < 1<<20 {
		switch rng.IntN(4) {
		case 0:
			mixed = append(mixed, random(1+rng.IntN(8<<10))...)
		case 1:
			mixed = append(mixed, bytes.Repeat(random(1+rng.IntN(12)), 1+rng.IntN(2000))...)
		case 2:
			if len(mixed) > 0 { // a copy of earlier bytes, near or far
				at := rng.IntN(len(mixed))
				mixed = append(mixed, mixed[at:min(len(mixed), at+3+rng.IntN(1000))]...)
			}
		default:
			mixed = append(mixed, bytes.Repeat([]byte{byte(rng.Uint32())}, 1+rng.IntN(600))...)
		}
	}
	shapes = append(shapes, namedInput{"1MiB random and repetitive", mixed[:1<<20]})
	// A pattern and, from 32768 bytes later, the same again, with random
	// bytes between that offer no nearer match.
	pat := random(2000)
	far := append(append(append([]byte(nil), pat...), random(32768-len(pat))...), pat...)
	shapes = append(shapes, namedInput{"matches 32768 back", append(far, random(1000)...)})
	return shapes
}

func TestEdgeShapesMatchKlauspost(t *testing.T) {
	for _, s := range edgeShapes() {
		for _, w := range gzWriters {
			t.Run(s.name+"/"+w.name, func(t *testing.T) {
				gz := w.gz(t, s.data)
				compareValid(t, gz, s.data, true)
				compareValid(t, gz, s.data, false)
			})
		}
	}
}

// memberSet is plain chunks and their members, one each.
type memberSet struct {
	name    string
	plains  [][]byte
	members [][]byte
}

func (s memberSet) concat() []byte { return bytes.Join(s.members, nil) }

// memberSets are files compressed one member each as WARC writers do a
// record: the corpus files; many small chunks of text, compressed by
// turns by each writer; and the edge shapes.
func memberSets(t testing.TB) []memberSet {
	files := corpusFiles(t)
	sets := []memberSet{{name: "nodejs-api files"}}
	for _, f := range files {
		sets[0].plains = append(sets[0].plains, f)
		sets[0].members = append(sets[0].members, gzip6(t, f))
	}
	text := corpusText(t)
	rng := rand.New(rand.NewPCG(3, 4))
	small := memberSet{name: "small chunks"}
	for i, at := 0, 0; i < 300; i++ {
		n := rng.IntN(3000)
		if i%10 == 0 {
			n = 0
		}
		p := text[at : at+n]
		at += n
		small.plains = append(small.plains, p)
		small.members = append(small.members, gzWriters[i%len(gzWriters)].gz(t, p))
	}
	sets = append(sets, small)
	shapes := memberSet{name: "edge shapes"}
	for i, s := range edgeShapes() {
		shapes.plains = append(shapes.plains, s.data)
		shapes.members = append(shapes.members, gzWriters[i%len(gzWriters)].gz(t, s.data))
	}
	return append(sets, shapes)
}

func TestMembersMatchKlauspost(t *testing.T) {
	for _, s := range memberSets(t) {
		t.Run(s.name, func(t *testing.T) {
			compareValid(t, s.concat(), bytes.Join(s.plains, nil), true)
			// Multistream(false) stops after the first member.
			compareValid(t, s.concat(), s.plains[0], false)
		})
	}
}

// countingReader counts the bytes read from r: less what a bufio.Reader
// over it holds, that is where the bufio.Reader stands.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// walkMembers reads members one by one with Multistream(false), Reset on
// the same bufio.Reader opening each, and checks each member's bytes and
// that the bufio.Reader stands exactly at its end after its io.EOF (the
// next member's offset in a WARC file); after the last, tail is what is
// left.
func walkMembers(t *testing.T, z Decoder, s memberSet, tail []byte, newBufio func(io.Reader) *bufio.Reader) {
	t.Helper()
	cr := &countingReader{r: bytes.NewReader(append(s.concat(), tail...))}
	br := newBufio(cr)
	end := 0
	for i, m := range s.members {
		if err := z.Reset(br); err != nil {
			t.Fatalf("member %d at %d: Reset: %v", i, end, err)
		}
		z.Multistream(false)
		out, err := readAll(z, 0)
		if err != nil || !bytes.Equal(out, s.plains[i]) {
			t.Fatalf("member %d at %d: %d bytes and %v, want %d bytes and io.EOF (output equal: %v)",
				i, end, len(out), err, len(s.plains[i]), bytes.Equal(out, s.plains[i]))
		}
		end += len(m)
		if pos := cr.n - br.Buffered(); pos != end {
			t.Fatalf("member %d: at its io.EOF the bufio.Reader stands at %d, the member ends at %d", i, pos, end)
		}
		if n, err := z.Read(make([]byte, 8)); n != 0 || err != io.EOF {
			t.Fatalf("member %d: a Read after its io.EOF gave %d, %v; want 0, io.EOF", i, n, err)
		}
		if pos := cr.n - br.Buffered(); pos != end {
			t.Fatalf("member %d: a Read after its io.EOF moved the bufio.Reader from %d to %d", i, end, pos)
		}
	}
	if len(tail) == 0 {
		if err := z.Reset(br); err != io.EOF {
			t.Fatalf("Reset after the last member: %v, want io.EOF", err)
		}
		return
	}
	if rest, err := io.ReadAll(br); err != nil || !bytes.Equal(rest, tail) {
		t.Fatalf("after the last member: %q, %v; want %q", rest, err, tail)
	}
}

func TestMultistreamFalseStopsAtMemberEnd(t *testing.T) {
	bufios := []struct {
		name string
		new  func(io.Reader) *bufio.Reader
	}{
		{"bufio 16", func(r io.Reader) *bufio.Reader { return bufio.NewReaderSize(r, 16) }},
		{"bufio 4096", bufio.NewReader},
		{"bufio 64KiB", func(r io.Reader) *bufio.Reader { return bufio.NewReaderSize(r, 64<<10) }},
		{"bufio over OneByteReader", func(r io.Reader) *bufio.Reader { return bufio.NewReader(iotest.OneByteReader(r)) }},
		{"bufio over HalfReader", func(r io.Reader) *bufio.Reader { return bufio.NewReader(iotest.HalfReader(r)) }},
	}
	// Nothing, or what is not a gzip member, as a WARC file may hold.
	tails := [][]byte{nil, []byte("WARC/1.1\r\nWARC-Type: warcinfo\r\n\r\n"), make([]byte, 100)}
	sets := memberSets(t)
	for _, d := range decoders {
		for _, s := range sets {
			for _, b := range bufios {
				for _, tail := range tails {
					t.Run(fmt.Sprintf("%s/%s/%s/tail %d", d.name, s.name, b.name, len(tail)), func(t *testing.T) {
						walkMembers(t, d.new(), s, tail, b.new)
					})
				}
			}
		}
	}
}

// The next member is read with one Reader reused, as internal/warc does,
// and a Reset undoes Multistream(false), as klauspost's does.
func TestResetRestoresMultistream(t *testing.T) {
	s := memberSets(t)[1]
	var res [2]readResult
	for i, d := range decoders {
		z := d.new()
		br := bufio.NewReader(bytes.NewReader(s.concat()))
		first := decodeAll(z, br, false, 0)
		if first.err != nil || !bytes.Equal(first.out, s.plains[0]) {
			t.Fatalf("%s: first member: %d bytes, %v", d.name, len(first.out), first.err)
		}
		if err := z.Reset(br); err != nil {
			t.Fatalf("%s: Reset: %v", d.name, err)
		}
		out, err := readAll(z, 0)
		res[i] = readResult{out: out, err: err}
	}
	checkSame(t, "the members after the first", res[0], res[1])
	if want := bytes.Join(s.plains[1:], nil); !bytes.Equal(res[0].out, want) {
		t.Errorf("after Reset: %d bytes, want the %d of the other members", len(res[0].out), len(want))
	}
}

// Reset drops what is left of a member half read, whatever the readers
// before and after: the next input reads as with a new Reader.
func TestResetMidMemberMatchesKlauspost(t *testing.T) {
	text := corpusText(t)
	inputs := [][]byte{
		gzip6(t, text[:200<<10]),
		stdWriter(flate.NoCompression)(t, text[:70<<10]),
		memberSets(t)[1].concat(),
		wrapDeflate(craftedCases()[0].deflate()),
	}
	inputs = append(inputs, inputs[0][:len(inputs[0])/2])
	z := new(Reader)
	for i, a := range inputs {
		for j, b := range inputs {
			for _, k := range []int{0, 1, 100, 40000, 150000} {
				src := readerSources[(i+j+k)%len(readerSources)]
				if err := z.Reset(src.new(a)); err != nil {
					t.Fatalf("input %d: Reset: %v", i, err)
				}
				io.ReadFull(z, make([]byte, k))
				next := readerSources[(i+j+k+1)%len(readerSources)]
				what := fmt.Sprintf("input %d after %d bytes of input %d (%s then %s)", j, k, i, src.name, next.name)
				judge(t, what, decodeAll(z, next.new(b), true, 0), decodeAll(new(kgzip.Reader), bufioReader(b), true, 0), b, true)
			}
		}
	}
}

func TestNewReader(t *testing.T) {
	s := memberSets(t)[1]
	z, err := NewReader(bytes.NewReader(s.concat()))
	if err != nil {
		t.Fatal(err)
	}
	// Multistream is on by default: all the members.
	if out, err := readAll(z, 0); err != nil || !bytes.Equal(out, bytes.Join(s.plains, nil)) {
		t.Errorf("NewReader: %d bytes, %v", len(out), err)
	}
	for _, c := range []struct {
		name string
		in   string
		want error
	}{
		{"empty", "", io.EOF},
		{"two bytes", "\x1f\x8b", io.ErrUnexpectedEOF},
		{"bad magic", "\x1f\x8c\x08\x00\x00\x00\x00\x00\x00\xff", ErrHeader},
	} {
		if _, err := NewReader(bytes.NewReader([]byte(c.in))); err != c.want {
			t.Errorf("NewReader(%s): %v, want %v", c.name, err, c.want)
		}
	}
}

// gzHeader builds a member header by hand: flg as given, the fields it
// names, and with FHCRC the CRC-16 of the header (or a wrong one).
func gzHeader(flg byte, extra []byte, name, comment string, wrongHCRC bool) []byte {
	b := []byte{0x1f, 0x8b, 8, flg, 0x78, 0x56, 0x34, 0x12, 0, 3}
	if flg&0x04 != 0 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(extra)))
		b = append(b, extra...)
	}
	if flg&0x08 != 0 {
		b = append(append(b, name...), 0)
	}
	if flg&0x10 != 0 {
		b = append(append(b, comment...), 0)
	}
	if flg&0x02 != 0 {
		crc := uint16(crc32.ChecksumIEEE(b))
		if wrongHCRC {
			crc ^= 0x0100
		}
		b = binary.LittleEndian.AppendUint16(b, crc)
	}
	return b
}

// rawDeflate is plain compressed by compress/flate, without a wrapper.
func rawDeflate(t testing.TB, plain []byte, level int) []byte {
	var b bytes.Buffer
	fw, err := flate.NewWriter(&b, level)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(plain)
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// gzTrailer is the gzip trailer of plain.
func gzTrailer(plain []byte) []byte {
	b := binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(plain))
	return binary.LittleEndian.AppendUint32(b, uint32(len(plain)))
}

func TestHeaderFlagsMatchKlauspost(t *testing.T) {
	plain := []byte("<p>the header of a member, then this</p>")
	body := append(rawDeflate(t, plain, 6), gzTrailer(plain)...)
	long := func(n int) string { return string(bytes.Repeat([]byte{'n'}, n)) }
	cases := []struct {
		name  string
		hdr   []byte
		valid bool
	}{
		{"no flags", gzHeader(0, nil, "", "", false), true},
		{"FTEXT", gzHeader(0x01, nil, "", "", false), true},
		{"FEXTRA", gzHeader(0x04, []byte("AB\x04\x00data"), "", "", false), true},
		{"FEXTRA empty", gzHeader(0x04, nil, "", "", false), true},
		{"FEXTRA 65535 bytes", gzHeader(0x04, make([]byte, 65535), "", "", false), true},
		{"FNAME", gzHeader(0x08, nil, "a.warc", "", false), true},
		{"FNAME empty", gzHeader(0x08, nil, "", "", false), true},
		{"FNAME Latin-1", gzHeader(0x08, nil, "caf\xe9", "", false), true},
		{"FNAME 511 bytes", gzHeader(0x08, nil, long(511), "", false), true},
		{"FNAME 512 bytes", gzHeader(0x08, nil, long(512), "", false), false},
		{"FNAME 2000 bytes", gzHeader(0x08, nil, long(2000), "", false), false},
		{"FCOMMENT", gzHeader(0x10, nil, "", "a comment", false), true},
		{"FCOMMENT 600 bytes", gzHeader(0x10, nil, "", long(600), false), false},
		{"FNAME FCOMMENT FEXTRA", gzHeader(0x1c, []byte("xy"), "name", "comment", false), true},
		{"FHCRC", gzHeader(0x02, nil, "", "", false), true},
		{"FHCRC with all fields", gzHeader(0x1f, []byte("extra"), "name", "comment", false), true},
		{"FHCRC wrong", gzHeader(0x02, nil, "", "", true), false},
		{"FHCRC wrong with all fields", gzHeader(0x1e, []byte("extra"), "name", "comment", true), false},
		{"reserved flag 0x20", gzHeader(0x20, nil, "", "", false), false},
		{"reserved flag 0x40", gzHeader(0x40, nil, "", "", false), false},
		{"reserved flag 0x80", gzHeader(0x80, nil, "", "", false), false},
		{"all flags", gzHeader(0xff, []byte("e"), "n", "c", false), false},
		{"reserved flag with a wrong FHCRC", gzHeader(0x22, nil, "", "", true), false},
		{"bad first magic byte", append([]byte{0x1e}, gzHeader(0, nil, "", "", false)[1:]...), false},
		{"bad second magic byte", append([]byte{0x1f, 0x8c}, gzHeader(0, nil, "", "", false)[2:]...), false},
		{"CM 7", append([]byte{0x1f, 0x8b, 7}, gzHeader(0, nil, "", "", false)[3:]...), false},
		{"CM 0", append([]byte{0x1f, 0x8b, 0}, gzHeader(0, nil, "", "", false)[3:]...), false},
		{"FEXTRA longer than the member", []byte{0x1f, 0x8b, 8, 0x04, 0, 0, 0, 0, 0, 3, 0xff, 0xff}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := append(append([]byte(nil), c.hdr...), body...)
			for _, ms := range []bool{true, false} {
				if c.valid {
					compareValid(t, m, plain, ms)
				} else {
					compare(t, m, ms)
				}
			}
			// After a valid member: what a second member's header does.
			good := append(gzHeader(0, nil, "", "", false), body...)
			compare(t, append(good, m...), true)
			// Twice: the header takes exactly its bytes.
			twice := append(append([]byte(nil), m...), m...)
			if c.valid {
				compareValid(t, twice, append(append([]byte(nil), plain...), plain...), true)
			} else {
				compare(t, twice, true)
			}
		})
	}
	// compress/gzip's own header fields.
	var b bytes.Buffer
	zw := stdgzip.NewWriter(&b)
	zw.Name, zw.Comment, zw.Extra = "record.warc", "made by a test", []byte("AB\x02\x00hi")
	zw.Write(plain)
	zw.Close()
	compareValid(t, b.Bytes(), plain, true)
	if b.Bytes()[3] != 0x1c {
		t.Errorf("compress/gzip wrote flags %#x, want FEXTRA|FNAME|FCOMMENT", b.Bytes()[3])
	}
}

func TestTrailerMismatchIsErrChecksum(t *testing.T) {
	plain := []byte("the trailer says the CRC-32 and the size of this")
	m := gzip6(t, plain)
	for i := len(m) - 8; i < len(m); i++ {
		bad := append([]byte(nil), m...)
		bad[i] ^= 0x10
		for _, ms := range []bool{true, false} {
			want := compare(t, bad, ms)
			if want.err != stdgzip.ErrChecksum {
				t.Errorf("trailer byte %d changed: klauspost gave %v, want ErrChecksum", i, want.err)
			}
		}
	}
}

// damageInputs are small members of each block type, and two members,
// to cut and corrupt.
func damageInputs(t testing.TB) []namedInput {
	text := corpusText(t)
	dyn := gzip6(t, text[:8000])
	if typ := dyn[10] >> 1 & 3; typ != 2 {
		t.Fatalf("the first block of the dynamic input has type %d", typ)
	}
	fix := gzip6(t, []byte("hello, hello, hello world"))
	if typ := fix[10] >> 1 & 3; typ != 1 {
		t.Fatalf("the first block of the fixed input has type %d", typ)
	}
	stored := stdWriter(flate.NoCompression)(t, text[:700])
	two := append(gzip6(t, text[8000:8600]), kpWriter(1)(t, text[9000:9300])...)
	return []namedInput{{"dynamic", dyn}, {"fixed", fix}, {"stored", stored}, {"two members", two}}
}

func TestTruncationsMatchKlauspost(t *testing.T) {
	for _, in := range damageInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			for n := 0; n <= len(in.data); n++ {
				cut := in.data[:n]
				for _, ms := range []bool{true, false} {
					want := compare(t, cut, ms)
					if n > 0 && n < len(in.data) && in.name != "two members" && want.err != io.ErrUnexpectedEOF {
						t.Fatalf("klauspost gave %v for %d of %d bytes", want.err, n, len(in.data))
					}
				}
				if t.Failed() {
					t.Fatalf("first failure at %d of %d bytes", n, len(in.data))
				}
			}
		})
	}
}

func TestCorruptionsMatchKlauspost(t *testing.T) {
	for _, in := range damageInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			bad := make([]byte, len(in.data))
			for i := range in.data {
				for _, x := range []byte{0x01, 0x80, 0xff} {
					copy(bad, in.data)
					bad[i] ^= x
					compare(t, bad, true)
					if in.name == "two members" {
						compare(t, bad, false)
					}
					if t.Failed() {
						t.Fatalf("first failure: byte %d of %d xor %#x", i, len(in.data), x)
					}
				}
			}
		})
	}
}

// readerSources are the readers a Reader may be given: bufio.Readers of
// several sizes over readers that give little at a time, and readers that
// are not bufio.Readers.
var readerSources = []struct {
	name string
	new  func([]byte) io.Reader
}{
	{"bufio", func(d []byte) io.Reader { return bufio.NewReader(bytes.NewReader(d)) }},
	{"bufio 16", func(d []byte) io.Reader { return bufio.NewReaderSize(bytes.NewReader(d), 16) }},
	{"bufio 64KiB", func(d []byte) io.Reader { return bufio.NewReaderSize(bytes.NewReader(d), 64<<10) }},
	{"bufio over OneByteReader", func(d []byte) io.Reader { return bufio.NewReader(iotest.OneByteReader(bytes.NewReader(d))) }},
	{"bufio 16 over HalfReader", func(d []byte) io.Reader { return bufio.NewReaderSize(iotest.HalfReader(bytes.NewReader(d)), 16) }},
	{"bytes.Reader", func(d []byte) io.Reader { return bytes.NewReader(d) }},
	{"OneByteReader", func(d []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(d)) }},
	{"HalfReader", func(d []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(d)) }},
	{"DataErrReader", func(d []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(d)) }},
}

func TestReadSizesAndSourcesMatchKlauspost(t *testing.T) {
	text := corpusText(t)
	if len(text) > 300<<10 {
		text = text[:300<<10]
	}
	gz := gzip6(t, text)
	flipped := append([]byte(nil), gz...)
	flipped[len(gz)/2] ^= 0x20
	inputs := []namedInput{
		{"text", gz},
		{"stored", stdWriter(flate.NoCompression)(t, text[:100<<10])},
		{"members", memberSets(t)[1].concat()},
		{"truncated", gz[:len(gz)/2]},
		{"corrupt", flipped},
		{"checksum", append(gz[:len(gz)-8:len(gz)-8], 1, 2, 3, 4, 5, 6, 7, 8)},
	}
	for _, in := range inputs {
		for _, ms := range []bool{true, false} {
			want := decodeAll(new(kgzip.Reader), bufio.NewReader(bytes.NewReader(in.data)), ms, 0)
			for _, src := range readerSources {
				for _, size := range []int{0, 1, 7, 4096, -1, -2} {
					what := fmt.Sprintf("%s/multistream=%v/%s/size %d", in.name, ms, src.name, size)
					got := decodeAll(new(Reader), src.new(in.data), ms, size)
					judge(t, what, got, want, in.data, ms)
				}
			}
		}
	}
}

// failingReader gives the first n bytes of r, then err.
type failingReader struct {
	r   io.Reader
	n   int
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, f.err
	}
	n, err := f.r.Read(p[:min(len(p), f.n)])
	f.n -= n
	return n, err
}

// A read error from below is returned as it is, wherever it comes; and
// a timeout (a read that fails once, then goes on) is too.
func TestUnderlyingErrorsMatchKlauspost(t *testing.T) {
	in := damageInputs(t)[0].data
	two := damageInputs(t)[3].data
	for _, data := range [][]byte{in, two} {
		for n := 0; n <= len(data); n++ {
			var res [2]readResult
			for i, d := range decoders {
				br := bufio.NewReaderSize(&failingReader{bytes.NewReader(data), n, errBoom}, 16)
				res[i] = decodeAll(d.new(), br, true, 0)
			}
			checkSame(t, fmt.Sprintf("errBoom after %d of %d bytes", n, len(data)), res[0], res[1])
			if t.Failed() {
				t.FailNow()
			}
		}
	}
	for _, data := range [][]byte{in, two} {
		for _, size := range []int{16, 64, 4096} {
			for _, ms := range []bool{true, false} {
				var res [2]readResult
				for i, d := range decoders {
					br := bufio.NewReaderSize(iotest.TimeoutReader(bytes.NewReader(data)), size)
					res[i] = decodeAll(d.new(), br, ms, 0)
				}
				checkSame(t, fmt.Sprintf("%d bytes, TimeoutReader under bufio %d, multistream=%v", len(data), size, ms), res[0], res[1])
			}
		}
	}
}

// memberSteps reads members as internal/warc does: Reset on br, then
// Multistream(false) and all of the member, until a Reset fails.
func memberSteps(z Decoder, br *bufio.Reader) []readResult {
	var steps []readResult
	for range 50 {
		r := decodeAll(z, br, false, 0)
		if steps = append(steps, r); r.reset {
			break
		}
	}
	return steps
}

// So too member by member, a Reset on the same bufio.Reader opening each:
// an error from below that stays is met at the same step. One that a
// later read does not repeat (TimeoutReader's) and that the Reader met
// reading ahead of a member's end is not reported with Multistream off
// (the Reader's doc comment says so): every member is still read as
// klauspost reads it, and the last step is a clean end where klauspost
// meets the timeout.
func TestUnderlyingErrorsBetweenMembersMatchKlauspost(t *testing.T) {
	two := damageInputs(t)[3].data
	for _, size := range []int{16, 64, 4096} {
		for _, under := range []struct {
			name string
			new  func() io.Reader
		}{
			{"TimeoutReader", func() io.Reader { return iotest.TimeoutReader(bytes.NewReader(two)) }},
			{"errBoom at the end", func() io.Reader { return &failingReader{bytes.NewReader(two), len(two), errBoom} }},
		} {
			var steps [2][]readResult
			for i, d := range decoders {
				steps[i] = memberSteps(d.new(), bufio.NewReaderSize(under.new(), size))
			}
			if n := len(steps[1]); under.name == "TimeoutReader" && len(steps[0]) == n {
				got, want := steps[0][n-1], steps[1][n-1]
				if want.err == iotest.ErrTimeout && want.reset && len(want.out) == 0 {
					// The timeout, lost: the Reader sees the end there.
					if got.err != io.EOF || !got.reset || len(got.out) != 0 {
						t.Errorf("%s under bufio %d: the step after the members gave %v, want io.EOF from Reset", under.name, size, got.err)
					}
					steps[0], steps[1] = steps[0][:n-1], steps[1][:n-1]
				}
			}
			if len(steps[0]) != len(steps[1]) {
				t.Errorf("%s under bufio %d: %d steps, klauspost %d (the last: %v; klauspost %v)", under.name, size,
					len(steps[0]), len(steps[1]), steps[0][len(steps[0])-1].err, steps[1][len(steps[1])-1].err)
				continue
			}
			for i := range steps[0] {
				checkSame(t, fmt.Sprintf("%s under bufio %d: member %d", under.name, size, i), steps[0][i], steps[1][i])
			}
		}
	}
}

// One Reader reused across inputs, valid and damaged, gives what a new
// one gives: nothing of a member is left over to the next.
func TestReuseAfterErrorsMatchesNewReader(t *testing.T) {
	var inputs [][]byte
	for _, in := range damageInputs(t) {
		inputs = append(inputs, in.data)
		for i := 11; i < len(in.data); i += 97 {
			bad := append([]byte(nil), in.data...)
			bad[i] ^= 0x55
			inputs = append(inputs, bad, in.data[:i], in.data)
		}
	}
	for _, c := range craftedCases() {
		inputs = append(inputs, wrapDeflate(c.deflate()))
	}
	z := new(Reader)
	for i, data := range inputs {
		for _, ms := range []bool{true, false} {
			fresh := decodeAll(new(Reader), bufioReader(data), ms, 0)
			reused := decodeAll(z, bufioReader(data), ms, 0)
			what := fmt.Sprintf("input %d, multistream=%v", i, ms)
			if errClass(reused.err) != errClass(fresh.err) || !bytes.Equal(reused.out, fresh.out) {
				t.Errorf("%s: a reused Reader gave %d bytes, %v; a new one %d bytes, %v", what, len(reused.out), reused.err, len(fresh.out), fresh.err)
			}
			judge(t, what, reused, decodeAll(new(kgzip.Reader), bufioReader(data), ms, 0), data, ms)
		}
	}
}

func bufioReader(d []byte) *bufio.Reader { return bufio.NewReader(bytes.NewReader(d)) }
