package links

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"

	"github.com/relurl/relurl/internal/swar"

	"golang.org/x/net/html"
)

// AnchorTextMax is the most characters of an anchor text that
// Extractor.Context keeps, as Common Crawl's WAT files keep 128
// (Link.Text).
const AnchorTextMax = 128

// anchorRawMax bounds the raw text of one text token held for its
// anchor text before its character references are decoded: far more
// than AnchorTextMax characters need, whatever references write them
// (the longest named one is 33 bytes).
const anchorRawMax = 8 << 10

// An anchorState is the anchor text being read: that of the open <a>
// element, whose links are pending[from:].
type anchorState struct {
	open  bool
	from  int    // the first pending link of the anchor
	text  []byte // the text so far, white space collapsed, trimmed at the start
	chars int    // characters in text
	space bool   // white space follows text
	raw   []byte // the scanner: the current text token's raw bytes, white space collapsed
	dec   []byte // raw decoded
	rel   []byte // the <a>'s rel and title
	title []byte
	// one tells that the anchor's first link, once the base is final,
	// is held here, alone (holdOne): its reference ref, its attribute,
	// offset and whether it is CSS. Most anchors have one link, their
	// href, which thus waits for the text without a heldLink.
	one    bool
	oneCSS bool
	attr   string
	ref    []byte
	off    int64
	work   int64 // bytes looked at, for the test that the time is linear
}

func (a *anchorState) reset() {
	a.open, a.from, a.text, a.chars, a.space, a.raw = false, 0, a.text[:0], 0, false, a.raw[:0]
	a.rel, a.title, a.one = a.rel[:0], a.title[:0], false
}

// holdOne holds the link of the open anchor (elem "a") whose reference
// is ref, the base being final, when no other is held: in the anchor's
// own slot. It reports whether it did.
func (x *Extractor) holdOne(attr string, p *linkParts, off int64) bool {
	a := &x.anchor
	if a.one || len(x.pending) > 0 || p.coded || len(p.ref)+int(unsafe.Sizeof(heldLink{})) > x.lim.Token {
		// Another link is held, or the Token limit would end the
		// anchor's hold (hold): the link is held as the others are.
		return false
	}
	a.one, a.oneCSS, a.attr, a.off = true, p.css, attr, off
	a.ref = append(a.ref[:0], p.ref...)
	return true
}

// unholdOne moves the link in the anchor's slot, if any, to the links
// held, before another link of the anchor: the order stays the
// document's.
func (x *Extractor) unholdOne() error {
	a := &x.anchor
	if !a.one {
		return nil
	}
	a.one = false
	return x.hold("a", a.attr, &linkParts{ref: a.ref, css: a.oneCSS}, a.off)
}

// startAnchor observes an <a> start tag under Context: it ends the open
// anchor, as a new <a> does in HTML, and opens one.
func (x *Extractor) startAnchor() error {
	if err := x.endAnchor(); err != nil {
		return err
	}
	x.anchor.reset()
	x.anchor.open, x.anchor.from = true, len(x.pending)
	return nil
}

// endAnchor ends the open anchor: its links get its text and are passed
// on when the base is final.
func (x *Extractor) endAnchor() error {
	a := &x.anchor
	if !a.open {
		return nil
	}
	if len(a.raw) > 0 {
		x.anchorTokenEnd()
	}
	a.open = false
	if !x.final {
		x.holdContext()
		return nil
	}
	// The links go now, those of the <a> itself taking its context
	// where it is (sendHeld): nothing is copied.
	a.from = 0
	if a.one {
		// Alone: nothing else is held (unholdOne).
		a.one = false
		p := linkParts{ref: a.ref, css: a.oneCSS, text: a.text, rel: a.rel, title: a.title}
		return x.send("a", a.attr, &p, a.off)
	}
	return x.flush(len(x.pending))
}

// holdContext gives the links of the anchor that has just ended, held
// for the base, a copy of its context.
func (x *Extractor) holdContext() {
	a := &x.anchor
	var ctx [3][2]int32
	for k, b := range [3][]byte{a.text, a.rel, a.title} {
		ctx[k][0] = int32(len(x.heldText))
		x.heldText = append(x.heldText, b...)
		ctx[k][1] = int32(len(x.heldText))
	}
	for i := a.from; i < len(x.pending); i++ {
		if h := &x.pending[i]; h.anchor {
			h.anchor = false
			h.ctx = ctx
		}
	}
	a.from = 0
}

// anchorRaw observes raw text of a text token in the data state, read
// by the scanner, which decodes the token's character references at its
// end (anchorTokenEnd): a reference may be cut between two calls.
func (x *Extractor) anchorRaw(t []byte) {
	a := &x.anchor
	if a.chars >= AnchorTextMax {
		return // the text is complete
	}
	a.work += int64(len(t))
	if len(a.raw) == 0 {
		// No character reference continues here: the text up to the
		// first '&' is the same decoded, and goes in at once.
		i := x.anchorText(t, true)
		if i == len(t) || a.chars >= AnchorTextMax {
			return
		}
		t = t[i:]
	}
	for len(t) > 0 && len(a.raw) < anchorRawMax {
		j := 0
		for j < len(t) && !htmlSpace[t[j]] {
			j++
		}
		a.raw = append(a.raw, t[:min(j, anchorRawMax-len(a.raw))]...)
		if j == len(t) {
			return
		}
		// A character reference holds no white space: collapsing it
		// first changes nothing of the decoding.
		if n := len(a.raw); n == 0 || a.raw[n-1] != ' ' {
			a.raw = append(a.raw, ' ')
		}
		for j < len(t) && htmlSpace[t[j]] {
			j++
		}
		t = t[j:]
	}
}

// anchorTokenEnd observes the end of a text token read by the scanner.
func (x *Extractor) anchorTokenEnd() {
	a := &x.anchor
	if len(a.raw) == 0 {
		return
	}
	t := a.raw
	if bytes.IndexByte(t, '&') >= 0 {
		var ok bool
		if a.dec, ok = appendCommonRefs(a.dec[:0], t); ok {
			t = a.dec
		} else {
			// The Tokenizer's Text decodes the same way.
			t = []byte(html.UnescapeString(string(t)))
		}
	}
	x.anchorText(t, false)
	a.raw = a.raw[:0]
}

// anchorText observes text of the open anchor, character references
// decoded, or raw text up to its first '&' when raw is set: it returns
// the index of that '&' or of a character that t ends before its last
// byte, else len(t) or where the text became complete (AnchorTextMax).
// Its text is written into a buffer that holds the longest one
// (anchorTextCap), white space collapsed on the fly, a run of ASCII
// eight bytes at a time: the words of anchor texts are short, and a
// loop over their bytes pays a mispredicted branch at the end of each.
func (x *Extractor) anchorText(t []byte, raw bool) int {
	a := &x.anchor
	if a.chars >= AnchorTextMax {
		return 0
	}
	if cap(a.text) < anchorTextCap {
		a.text = append(make([]byte, 0, anchorTextCap), a.text...)
	}
	buf := a.text[:anchorTextCap]
	n, chars, space := len(a.text), a.chars, a.space
	i := 0
	for i < len(t) && chars < AnchorTextMax {
		c := t[i]
		if htmlSpace[c] {
			space = n > 0
			i++
			continue
		}
		if c == '&' && raw {
			break
		}
		if space {
			if chars+1 == AnchorTextMax {
				// A space would end the text: trimmed.
				chars = AnchorTextMax
				break
			}
			buf[n] = ' '
			n++
			chars++
			space = false
		}
		if c >= utf8.RuneSelf {
			if raw && !utf8.FullRune(t[i:]) {
				// A character cut by a refill of the scanner's buffer:
				// its bytes are held with the rest of the token, as a
				// reference's are, and read whole at the token's end
				// (the Tokenizer's Text is the whole token).
				break
			}
			_, k := utf8.DecodeRune(t[i:])
			n += copy(buf[n:], t[i:i+k])
			chars++
			i += k
			continue
		}
		// A run of ASCII without white space: the eight bytes from c are
		// stored whole and kept up to the first that is not ASCII, is at
		// most ' ' (white space, or a control character, which counts
		// as itself from the next round) or is the '&' of raw text.
		k := 1
		if i+8 <= cap(t) {
			// Past len(t) up to its capacity the bytes are the
			// scanner's buffer: loaded, never kept (k is cut below).
			w := swar.Load64(t[:cap(t)], i)
			binary.LittleEndian.PutUint64(buf[n:n+8], w)
			m := (w | swar.LessBytes(w, ' '+1)) & swar.Msb
			if raw {
				m |= swar.ZeroBytes(w ^ swar.Lsb*'&')
			}
			if m == 0 {
				k = 8
			} else {
				k = max(1, bits.TrailingZeros64(m)/8)
			}
		} else {
			buf[n] = c
		}
		k = min(k, AnchorTextMax-chars, len(t)-i)
		n += k
		chars += k
		i += k
	}
	a.work += int64(i)
	a.text, a.chars, a.space = buf[:n], chars, space
	return i
}

// anchorTextCap is the most bytes an anchor text takes, AnchorTextMax
// characters of at most utf8.UTFMax bytes each, and the eight that
// anchorText may store past its end.
const anchorTextCap = AnchorTextMax*utf8.UTFMax + 8

// htmlSpace holds HTML's white space (isSpace) as a table.
var htmlSpace = [256]bool{' ': true, '\t': true, '\n': true, '\f': true, '\r': true}

// elemName returns an element name as a string of its own, interned:
// the name of an element not in the table whose style attribute gives
// links.
func (x *Extractor) elemName(name []byte) string {
	for _, c := range name {
		if 'A' <= c && c <= 'Z' {
			// As the Tokenizer's TagName lowers it: ASCII only.
			name = bytes.Map(func(r rune) rune {
				if 'A' <= r && r <= 'Z' {
					return r + 'a' - 'A'
				}
				return r
			}, name)
			break
		}
	}
	if s, ok := x.names[string(name)]; ok {
		return s
	}
	if x.names == nil || len(x.names) >= 1024 {
		// Bounded: a document of many names costs an allocation for
		// each past the first thousand.
		x.names = make(map[string]string)
	}
	s := string(name)
	x.names[s] = s
	return s
}
