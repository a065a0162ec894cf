package links

import (
	"bytes"
	"unicode/utf8"

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
	work  int64 // bytes looked at, for the test that the time is linear
}

func (a *anchorState) reset() {
	a.open, a.from, a.text, a.chars, a.space, a.raw = false, 0, a.text[:0], 0, false, a.raw[:0]
	a.rel, a.title = a.rel[:0], a.title[:0]
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
	x.anchorTokenEnd()
	a.open = false
	if x.final {
		// The links go now, those of the <a> itself taking its context
		// where it is (sendHeld): nothing is copied.
		a.from = 0
		return x.flush(len(x.pending))
	}
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
	return nil
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
	if len(a.raw) == 0 && bytes.IndexByte(t, '&') < 0 {
		// No character reference begins or continues here: the text
		// is the same decoded.
		x.anchorText(t)
		return
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
	x.anchorText(t)
	a.raw = a.raw[:0]
}

// anchorText observes text of the open anchor, character references
// decoded.
func (x *Extractor) anchorText(t []byte) {
	a := &x.anchor
	for i := 0; i < len(t) && a.chars < AnchorTextMax; {
		a.work++
		c := t[i]
		if htmlSpace[c] {
			a.space = len(a.text) > 0
			i++
			continue
		}
		if a.space {
			if a.chars+1 == AnchorTextMax {
				// A space would end the text: trimmed.
				a.chars = AnchorTextMax
				break
			}
			a.text = append(a.text, ' ')
			a.chars++
			a.space = false
		}
		if c < utf8.RuneSelf {
			// A run of ASCII without white space, at once.
			j := i + 1
			for end := min(len(t), i+AnchorTextMax-a.chars); j < end && t[j] < utf8.RuneSelf && !htmlSpace[t[j]]; {
				j++
			}
			a.work += int64(j - i - 1)
			a.text = append(a.text, t[i:j]...)
			a.chars += j - i
			i = j
			continue
		}
		_, n := utf8.DecodeRune(t[i:])
		a.text = append(a.text, t[i:i+n]...)
		a.chars++
		i += n
	}
}

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
