// Package warctest writes WARC files for tests and benchmarks: well-formed
// records (WARC/1.1 section 4 layout, one gzip member per record as WARC/1.1
// annex D recommends), and the helpers to break them.
package warctest

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"

	"github.com/klauspost/compress/zstd"
)

// A Record is a record to write. Fields left empty are omitted from the
// header, so a test can leave out WARC-Target-URI.
type Record struct {
	Version     string      // "WARC/1.1" if empty
	Type        string      // WARC-Type
	TargetURI   string      // WARC-Target-URI
	ID          string      // WARC-Record-ID; one is made up from the record number if empty
	ContentType string      // Content-Type
	Fields      [][2]string // further header fields, in order
	Block       []byte
}

// A Writer writes records to w, each in its own gzip member when gzip is
// set, or its own zstd frame (NewZstdWriter). It records the offset of
// each record.
type Writer struct {
	w       io.Writer
	gzip    bool
	zw      *gzip.Writer
	ze      *zstd.Encoder // zstd: the encoder of each record's frame
	n       int64
	Offsets []int64 // byte offset of each record (or its member) written
	buf     bytes.Buffer
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer, gzip bool) *Writer {
	return &Writer{w: w, gzip: gzip}
}

// NewZstdWriter returns a Writer of a zstd WARC file (the IIPC format
// "Zstandard Compression for WARC Files 1.0") to w: one frame a record,
// with Frame_Content_Size and Content_Checksum as the format requires.
// With a dictionary (made by Dict), it first writes the dictionary frame
// (a skippable frame of magic 0x184D2A5D), the dictionary in it
// compressed in a zstd frame of its own when compressDict is set, and
// compresses every record with it.
func NewZstdWriter(w io.Writer, dict []byte, compressDict bool) (*Writer, error) {
	opts := []zstd.EOption{zstd.WithEncoderCRC(true), zstd.WithEncoderConcurrency(1)}
	zw := &Writer{w: w}
	if dict != nil {
		opts = append(opts, zstd.WithEncoderDict(dict))
		data := dict
		if compressDict {
			e, err := zstd.NewWriter(nil, zstd.WithEncoderCRC(true), zstd.WithEncoderConcurrency(1))
			if err != nil {
				return nil, err
			}
			data = e.EncodeAll(dict, nil)
		}
		frame := binary.LittleEndian.AppendUint32([]byte{0x5d, 0x2a, 0x4d, 0x18}, uint32(len(data)))
		frame = append(frame, data...)
		if _, err := w.Write(frame); err != nil {
			return nil, err
		}
		zw.n = int64(len(frame))
	}
	e, err := zstd.NewWriter(nil, opts...)
	if err != nil {
		return nil, err
	}
	zw.ze = e
	return zw, nil
}

// Dict returns a zstd dictionary (RFC 8878 section 5) of ID id, its
// content the lines WARC records and HTTP responses share, its tables
// made from samples (such as the records a Writer will write).
func Dict(id uint32, samples ...[]byte) ([]byte, error) {
	var hist bytes.Buffer
	for range 20 {
		hist.WriteString("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://\r\nContent-Type: application/http; msgtype=response\r\n" +
			"Content-Length: \r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><head><title></title></head><body><a href=\"")
	}
	return zstd.BuildDict(zstd.BuildDictOptions{ID: id, Contents: samples, History: hist.Bytes(), Offsets: [3]int{1, 4, 8}})
}

// Write writes rec and returns its offset.
func (w *Writer) Write(rec Record) (int64, error) {
	w.buf.Reset()
	AppendRecord(&w.buf, rec, len(w.Offsets))
	return w.WriteRaw(w.buf.Bytes())
}

// WriteRaw writes b as one record (one gzip member when compressing),
// whatever it holds, and returns its offset.
func (w *Writer) WriteRaw(b []byte) (int64, error) {
	off := w.n
	w.Offsets = append(w.Offsets, off)
	var err error
	if w.ze != nil {
		frame := w.ze.EncodeAll(b, nil)
		_, err = w.w.Write(frame)
		w.n += int64(len(frame))
	} else if w.gzip {
		var zb bytes.Buffer
		if w.zw == nil {
			w.zw = gzip.NewWriter(&zb)
		} else {
			w.zw.Reset(&zb)
		}
		w.zw.Write(b)
		w.zw.Close()
		_, err = w.w.Write(zb.Bytes())
		w.n += int64(zb.Len())
	} else {
		_, err = w.w.Write(b)
		w.n += int64(len(b))
	}
	return off, err
}

// Len returns the number of bytes written.
func (w *Writer) Len() int64 { return w.n }

// AppendRecord writes rec to buf in WARC layout: version line, header
// fields, CRLF, block, CRLF CRLF (WARC/1.1 section 4). n numbers the
// record in made-up IDs.
func AppendRecord(buf *bytes.Buffer, rec Record, n int) {
	v := rec.Version
	if v == "" {
		v = "WARC/1.1"
	}
	buf.WriteString(v + "\r\n")
	for _, f := range headerFields(rec, n) {
		buf.WriteString(f[0] + ": " + f[1] + "\r\n")
	}
	buf.WriteString("\r\n")
	buf.Write(rec.Block)
	buf.WriteString("\r\n\r\n")
}

// headerFields returns the header fields of rec in the order
// AppendRecord writes them, those left empty out.
func headerFields(rec Record, n int) [][2]string {
	id := rec.ID
	if id == "" {
		id = fmt.Sprintf("<urn:uuid:00000000-0000-4000-8000-%012d>", n)
	}
	var fs [][2]string
	field := func(name, value string) {
		if value != "" {
			fs = append(fs, [2]string{name, value})
		}
	}
	field("WARC-Type", rec.Type)
	field("WARC-Record-ID", id)
	field("WARC-Date", Date)
	field("WARC-Target-URI", rec.TargetURI)
	for _, f := range rec.Fields {
		field(f[0], f[1])
	}
	field("Content-Type", rec.ContentType)
	return append(fs, [2]string{"Content-Length", strconv.Itoa(len(rec.Block))})
}

// Date is the WARC-Date of every record written.
const Date = "2026-11-21T00:00:00Z"

// HTTPResponse returns an HTTP/1.1 response message: status line, the
// header fields given, and body.
func HTTPResponse(status int, fields [][2]string, body string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", status, statusText(status))
	for _, f := range fields {
		b.WriteString(f[0] + ": " + f[1] + "\r\n")
	}
	b.WriteString("\r\n")
	b.WriteString(body)
	return b.Bytes()
}

func statusText(code int) string {
	switch code {
	case 200:
		return "OK"
	case 301:
		return "Moved Permanently"
	case 302:
		return "Found"
	case 404:
		return "Not Found"
	}
	return "Status"
}

// Response returns a response record for uri with an HTTP response as block.
func Response(uri string, status int, fields [][2]string, body string) Record {
	return Record{
		Type:        "response",
		TargetURI:   uri,
		ContentType: "application/http; msgtype=response",
		Block:       HTTPResponse(status, fields, body),
	}
}

// HTML returns a 200 response record for uri with an HTML body.
func HTML(uri, body string) Record {
	return Response(uri, 200, [][2]string{{"Content-Type", "text/html; charset=utf-8"}}, body)
}

// Warcinfo returns a warcinfo record (WARC/1.1 section 6.2).
func Warcinfo() Record {
	return Record{
		Type:        "warcinfo",
		ContentType: "application/warc-fields",
		Block:       []byte("software: relurl warctest\r\nformat: WARC File Format 1.1\r\n"),
	}
}
