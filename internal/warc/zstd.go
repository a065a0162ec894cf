package warc

// The IIPC zstd WARC format ("Zstandard Compression for WARC Files 1.0",
// iipc/warc-specifications): each record in one or more Zstandard frames
// (RFC 8878 section 3.1.1), an optional dictionary in a skippable frame
// (RFC 8878 section 3.1.2) of magic 0x184D2A5D at the start of the file,
// and extension frames (other skippable frames) between frames, which are
// ignored. Frames are read as gzip members are (reader.go): the Reader's
// members logic, offsets and resynchronisation serve both.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

var (
	zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd} // RFC 8878 section 3.1.1: 0xFD2FB528, little-endian
	dictMagic = []byte{0x5d, 0x2a, 0x4d, 0x18} // the IIPC dictionary frame: 0x184D2A5D, little-endian
	// rawDictMagic begins a dictionary (RFC 8878 section 5): 0xEC30A437.
	rawDictMagic = []byte{0x37, 0xa4, 0x30, 0xec}
)

// maxZstd is the most the IIPC specification requires a decoder to
// support ("Window and dictionary limits"): windows, compressed and
// decompressed dictionaries of up to 8 MiB. Larger ones are rejected with
// ErrZstd: a window is memory the decoder holds, whatever Limits.Record.
const maxZstd = 8 << 20

// isSkippable reports whether b begins a skippable frame: magic
// 0x184D2A5? (RFC 8878 section 3.1.2).
func isSkippable(b []byte) bool {
	return len(b) >= 4 && b[0]&0xf0 == 0x50 && b[1] == 0x2a && b[2] == 0x4d && b[3] == 0x18
}

// zstdFrames decodes the frames of a zstd WARC file one at a time, as
// newGzipReader's decoder does gzip members: Reset starts the frame at
// the reader's position, Read gives its content and then io.EOF. The
// decoder reads through frame, which passes it the frame's bytes and no
// more, so that the position after a frame is the next one's offset.
type zstdFrames struct {
	dec   *zstd.Decoder
	frame frameReader
}

// newZstdFrames returns a decoder of frames compressed with dict (nil:
// none), made anew for each file as gzip decoders are (see Reset).
// Concurrency 1 makes the klauspost decoder decode in the caller's
// goroutine, a frame being one record.
func newZstdFrames(dict []byte) (*zstdFrames, error) {
	opts := []zstd.DOption{zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxZstd)}
	if dict != nil {
		opts = append(opts, zstd.WithDecoderDicts(dict))
	}
	dec, err := zstd.NewReader(nil, opts...)
	if err != nil {
		return nil, err
	}
	return &zstdFrames{dec: dec}, nil
}

// skip passes the skippable (extension) frames at the position of br;
// it returns io.EOF when the file ends after them.
func (z *zstdFrames) skip(br *bufio.Reader) error {
	for {
		b, err := br.Peek(8)
		if !isSkippable(b) {
			if len(b) == 0 {
				return io.EOF
			}
			return nil
		}
		if err != nil {
			return io.ErrUnexpectedEOF
		}
		size := int64(binary.LittleEndian.Uint32(b[4:]))
		br.Discard(8)
		if n, _ := io.CopyN(io.Discard, br, size); n < size {
			return io.ErrUnexpectedEOF
		}
	}
}

// Reset starts the frame at the position of r, a *bufio.Reader.
func (z *zstdFrames) Reset(r io.Reader) error {
	br := r.(*bufio.Reader)
	if err := z.frame.start(br); err != nil {
		return err
	}
	return z.dec.Reset(&z.frame)
}

func (z *zstdFrames) Read(p []byte) (int, error) { return z.dec.Read(p) }

// Multistream does nothing: a frame's end is always the end of Read's
// stream (the Reader's members logic goes on into the next).
func (z *zstdFrames) Multistream(bool) {}

// errFrame: what follows a frame is neither a frame nor a skippable one.
var errFrame = errors.New("not a zstd frame")

// frameReader passes the bytes of one zstd frame from br, walking its
// structure (RFC 8878 section 3.1.1): the frame header, blocks each
// with a 3-byte header saying its size, the checksum if the header
// says there is one.
type frameReader struct {
	br       *bufio.Reader
	hdr      [18]byte // the frame header (at most 18 bytes), then a block header or the checksum
	h        []byte   // bytes of hdr still to pass
	left     int      // bytes of the current block still to pass
	last     bool     // the last block has begun
	checksum bool     // Content_Checksum_Flag
	done     bool
}

// start reads the header of the frame at the position of br.
func (f *frameReader) start(br *bufio.Reader) error {
	*f = frameReader{br: br}
	b, _ := br.Peek(6)
	if len(b) < 5 || string(b[:4]) != string(zstdMagic) {
		if len(b) < 4 && string(b) == string(zstdMagic[:len(b)]) {
			return io.ErrUnexpectedEOF
		}
		return errFrame
	}
	fhd := b[4]
	if fhd&0x08 != 0 {
		return errors.New("reserved bit set in zstd frame header")
	}
	single := fhd&0x20 != 0
	n := 5 + [4]int{0, 1, 2, 4}[fhd&3] + [4]int{0, 2, 4, 8}[fhd>>6]
	if !single {
		n++ // Window_Descriptor
	} else if fhd>>6 == 0 {
		n++ // a 1-byte Frame_Content_Size
	}
	f.checksum = fhd&0x04 != 0
	b, _ = br.Peek(n)
	if len(b) < n {
		return io.ErrUnexpectedEOF
	}
	f.h = f.hdr[:copy(f.hdr[:], b)]
	br.Discard(n)
	return nil
}

func (f *frameReader) Read(p []byte) (int, error) {
	for {
		if len(f.h) > 0 {
			n := copy(p, f.h)
			f.h = f.h[n:]
			return n, nil
		}
		if f.left > 0 {
			n, err := f.br.Read(p[:min(len(p), f.left)])
			f.left -= n
			if n == 0 && err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return n, err
		}
		if f.done {
			return 0, io.EOF
		}
		if f.last {
			f.done = true
			if f.checksum {
				if err := f.next(4); err != nil {
					return 0, err
				}
			}
			continue
		}
		if err := f.next(3); err != nil {
			return 0, err
		}
		// RFC 8878 section 3.1.1.2: Last_Block, Block_Type, Block_Size.
		bh := int(f.h[0]) | int(f.h[1])<<8 | int(f.h[2])<<16
		f.last = bh&1 != 0
		switch (bh >> 1) & 3 {
		case 1: // RLE_Block: one byte, repeated Block_Size times
			f.left = 1
		case 3:
			return 0, errors.New("reserved zstd block type")
		default: // Raw_Block, Compressed_Block
			f.left = bh >> 3
		}
	}
}

// next reads the n bytes of a block header or checksum into hdr, to pass.
func (f *frameReader) next(n int) error {
	k, err := io.ReadFull(f.br, f.hdr[:n])
	if err != nil {
		if k == 0 && err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	f.h = f.hdr[:n]
	return nil
}

// readDict reads the dictionary frame at the start of a zstd WARC file
// from in, its magic seen: its User_Data is a dictionary (RFC 8878
// section 5), or a Zstandard frame holding one, compressed without a
// dictionary; each of at most maxZstd bytes.
func readDict(in io.Reader) ([]byte, error) {
	var h [8]byte
	if _, err := io.ReadFull(in, h[:]); err != nil {
		return nil, fmt.Errorf("dictionary frame: %w", io.ErrUnexpectedEOF)
	}
	size := binary.LittleEndian.Uint32(h[4:])
	if size > maxZstd {
		return nil, fmt.Errorf("dictionary frame of %d bytes, more than the %d the IIPC zstd WARC format requires a reader to take", size, maxZstd)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(in, data); err != nil {
		return nil, fmt.Errorf("dictionary frame of %d bytes: %w", size, io.ErrUnexpectedEOF)
	}
	switch {
	case len(data) >= 4 && string(data[:4]) == string(rawDictMagic):
		return data, nil
	case len(data) >= 4 && string(data[:4]) == string(zstdMagic):
		dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxZstd), zstd.WithDecoderMaxWindow(maxZstd))
		if err != nil {
			return nil, err
		}
		defer dec.Close()
		dict, err := dec.DecodeAll(data, nil)
		if err != nil {
			return nil, fmt.Errorf("compressed dictionary: %v", err)
		}
		if len(dict) < 4 || string(dict[:4]) != string(rawDictMagic) {
			return nil, errors.New("compressed dictionary does not hold a dictionary")
		}
		return dict, nil
	}
	return nil, errors.New("dictionary frame holds neither a dictionary nor a zstd frame")
}

// otherFormat names the compression format whose magic number begins b,
// among those a WARC file may be found in but the Reader does not read;
// "" for none.
func otherFormat(b []byte) string {
	for _, f := range [...]struct{ name, magic string }{
		{"bzip2", "BZh"},
		{"xz", "\xfd7zXZ\x00"},
		{"lz4", "\x04\x22\x4d\x18"},
		{"zip", "PK\x03\x04"},
		{"7z", "7z\xbc\xaf\x27\x1c"},
	} {
		if bytes.HasPrefix(b, []byte(f.magic)) {
			return f.name
		}
	}
	if isSkippable(b) {
		return "zstd, beginning with a skippable frame other than a dictionary (the IIPC zstd WARC format forbids it)"
	}
	return ""
}
