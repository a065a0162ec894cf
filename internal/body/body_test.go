package body

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
)

const page = `<a href="é/g">x</a>`

// gzipped is b in one gzip member.
func gzipped(b []byte) []byte { return warctest.Encode(b, "gzip") }

func TestDecode(t *testing.T) {
	for _, c := range []struct {
		name    string
		in      []byte
		charset string
		form    Form
	}{
		{"utf-8", []byte(page), "", 0},
		{"utf-8 BOM", append([]byte("\xef\xbb\xbf"), page...), "utf-16", 0}, // the BOM wins over the charset
		{"LE BOM", warctest.UTF16(page, false, true), "", UTF16LE},
		{"BE BOM", warctest.UTF16(page, true, true), "", UTF16BE},
		{"BE BOM, charset LE", warctest.UTF16(page, true, true), "utf-16le", UTF16BE}, // the BOM wins
		{"charset utf-16", warctest.UTF16(page, false, false), "UTF-16", UTF16LE},     // WHATWG: utf-16 is UTF-16LE
		{"charset utf-16be", warctest.UTF16(page, true, false), "utf-16be", UTF16BE},
		{"charset unicode", warctest.UTF16(page, false, false), "unicode", UTF16LE},
		{"LE sniffed", warctest.UTF16(page, false, false), "", UTF16LE},
		{"BE sniffed", warctest.UTF16(page, true, false), "", UTF16BE},
		{"gzip", gzipped([]byte(page)), "", Gzip},
		{"gzip UTF-16", gzipped(warctest.UTF16(page, false, true)), "", Gzip | UTF16LE},
		{"gzip two members", append(gzipped([]byte(page[:5])), gzipped([]byte(page[5:]))...), "", Gzip},
	} {
		var d Decoder
		r, form, err := d.Decode(bytes.NewReader(c.in), c.charset, 1<<20)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got, err := io.ReadAll(r)
		want := page
		if c.name == "utf-8 BOM" {
			want = "\ufeff" + page
		}
		if err != nil || string(got) != want || form != c.form {
			t.Errorf("%s: %q (%v), %v; want %q (%v)", c.name, got, form, err, want, c.form)
		}
	}
}

// TestDecodeReuse: one Decoder, documents of every form one after another.
func TestDecodeReuse(t *testing.T) {
	var d Decoder
	for i, in := range [][]byte{gzipped([]byte(page)), []byte(page), warctest.UTF16(page, false, true), gzipped(warctest.UTF16(page, true, true)), []byte(page)} {
		r, _, err := d.Decode(bytes.NewReader(in), "", 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := io.ReadAll(r); string(got) != page || err != nil {
			t.Errorf("document %d: %q, %v", i, got, err)
		}
	}
}

// TestBuffered: a caller's buffered reader is used as it is, its window
// kept for sniffing; a decoded text gets a window as large.
func TestBuffered(t *testing.T) {
	var d Decoder
	br := bufio.NewReaderSize(bytes.NewReader([]byte(page)), 64<<10)
	if r, _, err := d.Decode(br, "", 1<<20); r != br || err != nil {
		t.Errorf("plain text behind a bufio.Reader: %p, want %p (%v)", r, br, err)
	}
	r, _, _ := d.Decode(bytes.NewReader(gzipped([]byte(page))), "", 1<<20)
	if r.Size() < 64<<10 {
		t.Errorf("decoded text window %d", r.Size())
	}
}

// TestGzipLimit: a compressed body is bounded by the Record limit; a
// damaged gzip header is an error.
func TestGzipLimit(t *testing.T) {
	var d Decoder
	big := gzipped([]byte(strings.Repeat("<a href=x>", 1000)))
	for _, max := range []int64{10000, 10001} {
		r, _, err := d.Decode(bytes.NewReader(big), "", max)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if max == 10000 && (len(got) != 10000 || err != nil) {
			t.Errorf("exactly the limit: %d bytes, %v", len(got), err)
		}
		if max == 10001 && err != nil {
			t.Errorf("under the limit: %v", err)
		}
	}
	r, _, _ := d.Decode(bytes.NewReader(big), "", 9999)
	got, err := io.ReadAll(r)
	var le *limits.Error
	if len(got) != 9999 || !errors.As(err, &le) || le.Limit != "Record" || le.Max != 9999 {
		t.Errorf("over the limit: %d bytes, %v", len(got), err)
	}
	bad := append([]byte{0x1f, 0x8b, 8, 0xff}, make([]byte, 20)...) // reserved flag bits
	if _, form, err := d.Decode(bytes.NewReader(bad), "", 1<<20); err == nil || form != Gzip || !strings.Contains(err.Error(), "gzip-compressed document") {
		t.Errorf("damaged header: %v, %v", form, err)
	}
}

func TestFormString(t *testing.T) {
	if s := (Gzip | UTF16BE).String(); s != "gzip, UTF-16BE" {
		t.Errorf("%q", s)
	}
	if s := Form(0).String(); s != "" {
		t.Errorf("%q", s)
	}
}
