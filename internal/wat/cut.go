package wat

import (
	"fmt"
	"io"
)

// cutReader passes a JSON text through, cutting every string after its
// first keep characters (an escape sequence counts as one, and is never
// split), so that the decoder never holds a longer string, whatever the
// text holds: a jsontext.Decoder holds a whole token in its buffer, and a
// 64 MB url or Head.Base would cost several times that before the URL
// limit could be checked (issue 23, defect 1). Each cut string keeps its
// closing quote, so the text stays valid JSON; its end is recorded, so the
// decoder knows which values were cut. A number or literal (true, false,
// null) longer than keep bytes is an error: no WAT writer makes one.
type cutReader struct {
	r    io.Reader
	keep int // characters kept of a string

	inStr   bool
	esc     int // -1: the escape's letter is next; n > 0: n hex digits of \uXXXX to come
	n       int // characters of the current string seen
	cutting bool
	dropped int64 // bytes of the current string dropped
	scalar  int   // bytes of the current number or literal
	off     int64 // bytes passed on
	cuts    []cut // the strings cut, in order, not yet asked about
	gone    int64 // bytes dropped by the cuts no longer in cuts
	err     error // a number or literal too long: the text ends there
}

// A cut is a string that cutReader cut: end is the offset just after its
// closing quote in the text passed on, dropped the bytes it lost.
type cut struct {
	end, dropped int64
}

func (c *cutReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	for {
		n, err := c.r.Read(p)
		w := 0
		for _, b := range p[:n] {
			if !c.inStr {
				switch b {
				case '"':
					c.inStr, c.n, c.esc, c.cutting, c.dropped = true, 0, 0, false, 0
					c.scalar = 0
				case ' ', '\t', '\r', '\n', '{', '}', '[', ']', ',', ':':
					c.scalar = 0
				default:
					if c.scalar++; c.scalar > c.keep {
						c.off += int64(w)
						c.err = fmt.Errorf("a JSON number or literal longer than %d bytes", c.keep)
						return w, c.err
					}
				}
				p[w] = b
				w++
				continue
			}
			switch {
			case c.esc < 0: // the letter after the backslash
				c.esc = 0
				if b == 'u' {
					c.esc = 4
				}
			case c.esc > 0:
				c.esc--
			case b == '"': // the closing quote, always kept
				c.inStr = false
				p[w] = b
				w++
				if c.cutting {
					c.cuts = append(c.cuts, cut{c.off + int64(w), c.dropped})
				}
				continue
			default: // a character starts: a byte, or an escape sequence
				if b == '\\' {
					c.esc = -1
				}
				if c.n == c.keep {
					c.cutting = true
				}
				c.n++
			}
			if c.cutting {
				c.dropped++
				continue
			}
			p[w] = b
			w++
		}
		c.off += int64(w)
		if w > 0 || err != nil || n == 0 {
			return w, err
		}
	}
}

// wasCut reports whether the string token that ends at offset end of the
// text passed on (jsontext.Decoder.InputOffset after reading it) was cut,
// and how many bytes it lost. Asked in order of the text, it forgets the
// cuts before end (those of skipped values).
func (c *cutReader) wasCut(end int64) (int64, bool) {
	for len(c.cuts) > 0 && c.cuts[0].end < end {
		c.gone += c.cuts[0].dropped
		c.cuts = c.cuts[1:]
	}
	if len(c.cuts) > 0 && c.cuts[0].end == end {
		d := c.cuts[0].dropped
		c.gone += d
		c.cuts = c.cuts[1:]
		return d, true
	}
	return 0, false
}

// inText returns the offset in the text read of the offset off in the
// text passed on, off being at or after the last string asked about
// (wasCut): the bytes the cuts before it dropped added back.
func (c *cutReader) inText(off int64) int64 {
	n := off + c.gone
	for _, k := range c.cuts {
		if k.end > off {
			break
		}
		n += k.dropped
	}
	return n
}
