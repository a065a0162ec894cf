package body

import (
	"bytes"
	"io"
	"testing"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// FuzzSniffEncoding holds SniffEncoding's shortcut (no prescan for a
// UTF-8 head without "charset") to the prescan itself.
func FuzzSniffEncoding(f *testing.F) {
	for _, s := range []string{"", "<meta charset=shift_jis>", "<META CHARSET=latin1>", "<meta http-equiv=content-type content='text/html;charset=euc-jp'>", "\xe9<p>", "<p>\xc3\xa9", "<p>\xe6\x97", "cHaRsEt", "\xef\xbb\xbf"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		if len(head) > PrescanLen {
			head = head[:PrescanLen]
		}
		got := SniffEncoding(head, "")
		if len(head) >= 2 && (head[0] == 0xfe && head[1] == 0xff || head[0] == 0xff && head[1] == 0xfe || len(head) >= 3 && string(head[:3]) == "\xef\xbb\xbf") {
			if got != "" {
				t.Fatalf("%q: BOM, got %q", head, got)
			}
			return
		}
		if want := prescanEncoding(head, validHead(head)); got != want {
			t.Fatalf("%q: got %q, prescan says %q", head, got, want)
		}
	})
}

// FuzzDecode: any body decodes or fails with an error, never panics, and
// never gives more than the limit from gzip.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(page), "")
	f.Add(warctest.UTF16(page, false, true), "")
	f.Add(warctest.UTF16(page, true, false), "utf-16be")
	f.Add(gzipped(warctest.UTF16(page, false, false)), "utf-16")
	f.Add([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}, "")
	f.Fuzz(func(t *testing.T, data []byte, charset string) {
		var d Decoder
		r, _, err := d.Decode(bytes.NewReader(data), charset, 1000)
		if err != nil {
			return
		}
		got, _ := io.ReadAll(r)
		if len(got) > 3*1000+3*len(data) {
			t.Fatalf("%d bytes from %d", len(got), len(data))
		}
	})
}

// FuzzSniffCSSEncoding holds SniffCSSEncoding to slowCSSEncoding, the
// standard's text written out step by step, and Sniffer.CSSText to
// x/text's decoder of the encoding found, the sheet decoded whole.
func FuzzSniffCSSEncoding(f *testing.F) {
	for _, c := range []struct{ sheet, label string }{
		{`@charset "windows-1252";a{background:url(caf` + "\xe9" + `)}`, ""}, // declared
		{`@charset "Shift_JIS";` + "a{b:url(\x8c\x9f)}", ""},                 // a two-byte encoding
		{`@charset "utf-16le";a{}`, ""},                                      // UTF-16 read as UTF-8
		{`@charset "x";`, "latin1"},                                          // the protocol first
		{"\xef\xbb\xbf@charset \"latin1\";", ""},                             // the BOM first
		{`@charset " latin1 ";`, ""},                                         // white space trimmed
		{`@charset "latin1"`, ""},                                            // no ';': none
		{`@charset "iso-2022-kr";abc`, ""},                                   // the replacement encoding
		{"@charset \"\x00\";", ""},                                           // a NUL is an XX byte
	} {
		f.Add([]byte(c.sheet), c.label)
	}
	f.Fuzz(func(t *testing.T, sheet []byte, label string) {
		got := SniffCSSEncoding(sheet, label)
		if want := slowCSSEncoding(sheet, label); got != want {
			t.Fatalf("%q, label %q: got %q, the standard says %q", sheet, label, got, want)
		}
		var s Sniffer
		name, text := s.CSSText(bytes.NewReader(sheet), label)
		if name != got {
			t.Fatalf("CSSText finds %q, SniffCSSEncoding %q", name, got)
		}
		dec, err := io.ReadAll(text)
		if err != nil {
			t.Fatal(err)
		}
		want := sheet
		if name != "" {
			e, err := htmlindex.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			if want, err = e.NewDecoder().Bytes(sheet); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(dec, want) {
			t.Fatalf("%q as %q: decoded %q, x/text %q", sheet, name, dec, want)
		}
	})
}
