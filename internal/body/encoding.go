package body

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/relurl/relurl/internal/ascii"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"
)

// The document's character encoding, under the URL Standard only
// (docs/design.md#document-encoding): a browser decodes a page by its
// encoding and parses the page's URLs with it, so that the query of a
// link to a special URL is percent-encoded in that encoding (URL Standard
// section 4.4, query state; HTML Standard section 2.4.2, "encoding-parsing
// a URL"). The RFCs have no such step: under them the bytes are read as
// they are. The link extractor (package links) and base.FromHTML read a
// page by the same rule, so that they find the same BASE.

// PrescanLen is how much of a document the HTML Standard's prescan looks
// at (section 13.2.3.2, step 1 of "prescan a byte stream").
const PrescanLen = 1024

// SniffEncoding returns the name, in the Encoding Standard, of the
// encoding of a document whose first bytes are head (up to PrescanLen)
// and whose media type's charset parameter is label, by the HTML
// Standard's encoding sniffing algorithm (section 13.2.3.2): a byte order
// mark, then label when it names an encoding, then the prescan of head
// (<meta charset>, <meta http-equiv=content-type content="...charset=">),
// whose engine is golang.org/x/net/html/charset. With none of them, the
// standard leaves the choice to the user agent: relurl takes UTF-8, the
// encoding of nearly every page today, unless head is not valid UTF-8
// (then windows-1252, as x/net/html/charset and browsers of English
// locales take). "" stands for UTF-8, and for UTF-16, which Decode has decoded
// already.
func SniffEncoding(head []byte, label string) string {
	head = headOf(head)
	if name, ok := protocolEncoding(head, label); ok {
		return name
	}
	valid := validHead(head)
	if valid && declaresOnlyUTF8(head) {
		// The prescan can only find an encoding after the word
		// "charset" (a charset attribute, or one in a content
		// attribute): a UTF-8 page that declares nothing else skips it
		// (FuzzSniffEncoding holds this shortcut to prescanEncoding).
		return ""
	}
	return prescanEncoding(head, valid)
}

// SniffCSSEncoding returns the name, in the Encoding Standard, of the
// encoding of a style sheet whose first bytes are head (up to PrescanLen)
// and whose media type's charset parameter is label, by CSS Syntax Level
// 3 section 3.2, "The input byte stream": a byte order mark (the Encoding
// Standard's decode gives it precedence over the fallback encoding), then
// the fallback encoding, determined as the section says: label when it
// names an encoding; else the sheet's first bytes when they are exactly
// `@charset "` LABEL `";` (the bytes 40 63 68 61 72 73 65 74 20 22 XX* 22
// 3B within the first 1024, each XX in 00-21 or 23-7F) and LABEL names an
// encoding, UTF-8 for UTF-16BE and UTF-16LE; else the environment
// encoding, which relurl has none of (a style sheet is read alone, not
// from the page that linked it); else UTF-8. "" stands for UTF-8, and for
// UTF-16, which Decode has decoded already. A <style> element and a style
// attribute are no style sheet of their own: they are read in their
// page's encoding (SniffEncoding).
func SniffCSSEncoding(head []byte, label string) string {
	head = headOf(head)
	if name, ok := protocolEncoding(head, label); ok {
		return name
	}
	return utf8Name(lookup(charsetRule(head)))
}

// headOf is the part of a document's first bytes that sniffing reads.
func headOf(head []byte) []byte {
	if len(head) > PrescanLen {
		return head[:PrescanLen]
	}
	return head
}

// protocolEncoding is the first steps HTML's and CSS's sniffing share: a
// byte order mark wins (it is decoded already: ""), then the charset
// parameter label when it names an encoding. ok is false when neither
// decides, and the document's own bytes do.
func protocolEncoding(head []byte, label string) (name string, ok bool) {
	if hasBOM(head) {
		return "", true
	}
	if label != "" {
		if name := lookup(label); name != "" {
			return utf8Name(name), true
		}
	}
	return "", false
}

// cssCharset is the prefix of a style sheet's encoding declaration
// (CSS Syntax Level 3 section 3.2, step 2).
const cssCharset = `@charset "`

// charsetRule returns the label of the encoding declaration head starts
// with, or "" (CSS Syntax Level 3 section 3.2, step 2): the bytes after
// `@charset "` up to the first '"', which must be followed by ';', none
// of them above 7F. The declaration is matched byte for byte: it is no
// at-rule, and "@charset 'x';", "@CHARSET" or two spaces are none.
func charsetRule(head []byte) string {
	rest, ok := bytes.CutPrefix(head, []byte(cssCharset))
	if !ok {
		return ""
	}
	i := bytes.IndexByte(rest, '"')
	if i < 0 || i+1 >= len(rest) || rest[i+1] != ';' {
		return ""
	}
	for _, c := range rest[:i] {
		if c > 0x7f {
			return ""
		}
	}
	return string(rest[:i])
}

// lookup is the Encoding Standard's "get an encoding": the name of the
// encoding label names, "" for none. The label's ASCII white space is
// trimmed and its ASCII letters compared in any case; x/net/html/charset
// trims and lowers by Unicode's rules, which would take a vertical tab
// for white space and "\u212a" (KELVIN SIGN) for "k": no label holds
// either.
func lookup(label string) string {
	label = strings.Trim(label, "\t\n\f\r ")
	for i := 0; i < len(label); i++ {
		if c := label[i]; c == '\v' || c >= utf8.RuneSelf {
			return ""
		}
	}
	_, name := charset.Lookup(label)
	return name
}

// hasBOM reports whether head starts with a byte order mark, of UTF-8,
// UTF-16BE or UTF-16LE (the Encoding Standard's BOM sniff).
func hasBOM(head []byte) bool {
	return bytes.HasPrefix(head, []byte("\xef\xbb\xbf")) || bytes.HasPrefix(head, []byte("\xfe\xff")) || bytes.HasPrefix(head, []byte("\xff\xfe"))
}

// prescanEncoding is the end of SniffEncoding: the prescan of head, else
// the choice of UTF-8 or windows-1252. valid tells whether head is valid
// UTF-8 (validHead).
func prescanEncoding(head []byte, valid bool) string {
	e, name, _ := charset.DetermineEncoding(head, "")
	if e == charmap.Windows1252 && valid {
		// x/net/html/charset's choice when the prescan found nothing,
		// for a head of ASCII only; relurl's is UTF-8 (above).
		return ""
	}
	return utf8Name(name)
}

// utf8Name returns name, or "" for UTF-8 and UTF-16.
func utf8Name(name string) string {
	switch name {
	case "utf-8", "utf-16be", "utf-16le":
		return ""
	}
	return name
}

// URLEncoding returns the encoding, by name, that the URLs of a document
// in the encoding named name are parsed with ("" for UTF-8): name itself,
// but for the replacement encoding (a document of one U+FFFD), whose
// output encoding is UTF-8 (Encoding Standard, "get an output encoding").
// The link extractor and base.FromHTML both take it, for a BASE href and
// the links alike.
func URLEncoding(name string) string {
	if name == "replacement" {
		return ""
	}
	return name
}

// validHead reports whether head is valid UTF-8 but for a sequence cut
// at its end.
func validHead(head []byte) bool {
	for i := len(head) - 1; i >= 0 && i > len(head)-4; i-- {
		if head[i] < utf8.RuneSelf {
			break
		}
		if utf8.RuneStart(head[i]) {
			head = head[:i]
			break
		}
	}
	return utf8.Valid(head)
}

// declaresOnlyUTF8 reports whether every "charset" of b, in any case,
// is followed by "=" and the label "utf-8" or "utf8" (in any case, white
// space around "=", quoted or not), ended by a quote, white space, ">"
// or ";": b then declares no encoding but UTF-8, whatever the prescan
// reads as a declaration.
func declaresOnlyUTF8(b []byte) bool {
	for {
		i := bytes.IndexAny(b, "cC")
		if i < 0 || len(b)-i < len("charset") {
			return true
		}
		if !ascii.EqualFold(b[i:i+len("charset")], "charset") {
			b = b[i+1:]
			continue
		}
		b = bytes.TrimLeft(b[i+len("charset"):], " \t\n\f\r")
		if len(b) == 0 || b[0] != '=' {
			return false
		}
		b = bytes.TrimLeft(b[1:], " \t\n\f\r")
		if len(b) > 0 && (b[0] == '"' || b[0] == '\'') {
			b = b[1:]
		}
		switch {
		case ascii.HasPrefixFold(b, "utf-8"):
			b = b[5:]
		case ascii.HasPrefixFold(b, "utf8"):
			b = b[4:]
		default:
			return false
		}
		if len(b) == 0 || bytes.IndexByte([]byte("\"' \t\n\f\r>;"), b[0]) < 0 {
			return false
		}
	}
}

// A headReader reads head, then r: the document after its first bytes
// have been looked at.
type headReader struct {
	head []byte
	err  error // the error that ended the reading of head, if not EOF
	r    io.Reader
}

func (h *headReader) Read(p []byte) (int, error) {
	if len(h.head) > 0 {
		n := copy(p, h.head)
		h.head = h.head[n:]
		return n, nil
	}
	if h.err != nil {
		return 0, h.err
	}
	return h.r.Read(p)
}

// A Sniffer finds the encoding of documents and reads them as UTF-8,
// one after another with one buffer.
type Sniffer struct {
	head []byte
	hr   headReader
}

// Text looks at the first bytes of the HTML document read from r to find
// its encoding (SniffEncoding, with the media type's charset parameter
// label), and returns the encoding's name ("" for UTF-8) and the whole
// document as UTF-8: r with its first bytes back in front, decoded when
// the encoding is not UTF-8. The reader is valid until the next call.
func (s *Sniffer) Text(r io.Reader, label string) (name string, text io.Reader) {
	return s.text(r, label, SniffEncoding)
}

// CSSText is Text for a style sheet (SniffCSSEncoding).
func (s *Sniffer) CSSText(r io.Reader, label string) (name string, text io.Reader) {
	return s.text(r, label, SniffCSSEncoding)
}

// text is Text by the rule sniff.
func (s *Sniffer) text(r io.Reader, label string, sniff func([]byte, string) string) (name string, text io.Reader) {
	if cap(s.head) < PrescanLen {
		s.head = make([]byte, PrescanLen)
	}
	n, err := io.ReadFull(r, s.head[:PrescanLen])
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	s.hr = headReader{head: s.head[:n], err: err, r: r}
	name = sniff(s.head[:n], label)
	if name == "" {
		return "", &s.hr
	}
	e, _ := htmlindex.Get(name) // a name SniffEncoding returned
	return name, transform.NewReader(&s.hr, e.NewDecoder())
}

// Reset lets go of the document read last.
func (s *Sniffer) Reset() { s.hr = headReader{} }
