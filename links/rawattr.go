package links

import (
	"bytes"

	"github.com/relurl/relurl/internal/swar"
)

// An attrScanner reads the attributes of a start tag from the tag's raw
// bytes (html.Tokenizer.Raw) instead of with Tokenizer.TagAttr, which
// copies every key and value to the heap. It follows the Tokenizer's own
// attribute grammar (readTagAttrKey and readTagAttrVal of
// golang.org/x/net/html, from WHATWG section 13.2.5) step for step;
// FuzzRawAttrs checks it against TagAttr.
//
// Values are returned raw: the caller must pass a value it uses through
// plainValue, which undoes what TagAttr does beyond slicing when that is
// only decoding common character references, and otherwise read the attributes again with
// TagAttr. It is a loop the caller drives rather than a function calling
// back, so that reading an attribute costs no indirect call.
//
// Keys are returned as written (not lowered); duplicates are returned too:
// the caller keeps the first of each key it wants, as the Tokenizer does.
type attrScanner struct {
	b []byte // the tag's raw bytes, without the closing '>'
	i int    // the next byte to read
}

// The outcomes of attrScanner.next.
const (
	attrOK   = iota // an attribute was read
	attrEnd         // no more attributes
	attrBail        // the raw bytes cannot be read further: use TagAttr
)

// start prepares s to read the attributes of the tag whose raw bytes are
// raw and whose name is nameLen bytes long. It reports false for a tag cut
// off by the end of the input (no closing '>'), which only TagAttr reads.
func (s *attrScanner) start(raw []byte, nameLen int) bool {
	if len(raw) == 0 || raw[len(raw)-1] != '>' {
		return false
	}
	b := raw[:len(raw)-1] // the closing '>' ends the loop below like EOF
	i := 1 + nameLen
	// readTagName consumes the white space after the name, not a "/".
	if i < len(b) && isSpace(b[i]) {
		i++
	}
	s.b, s.i = b, skipSpace(b, i)
	return true
}

// next returns the next attribute with a non-empty key.
func (s *attrScanner) next() (key, val []byte, outcome int) {
	b, i := s.b, s.i
	for i < len(b) {
		if b[i] == '>' {
			// A '>' inside the tag ends it there for the Tokenizer; the
			// raw bytes then hold nothing more, so this is only reached
			// if they do: let TagAttr decide.
			s.i = i
			return nil, nil, attrBail
		}
		// readTagAttrKey.
		ks := i
		for i < len(b) {
			c := b[i]
			i++
			if c == '=' && ks+1 == i {
				continue // "=" as the first character of a key
			}
			if c == '=' || isSpace(c) || c == '/' || c == '>' {
				i--
				break
			}
		}
		ke := i
		// readTagAttrVal.
		vs, ve := i, i
		i = skipSpace(b, i)
		if i < len(b) {
			c := b[i]
			i++
			switch {
			case c == '/':
				// After attribute name: self-closing start tag state.
			case c != '=':
				i--
			default:
				i = skipSpace(b, i)
				if i < len(b) {
					q := b[i]
					i++
					switch q {
					case '>':
						i--
					case '"', '\'':
						vs = i
						end := bytes.IndexByte(b[i:], q)
						if end < 0 {
							ve, i = len(b), len(b)
						} else {
							ve, i = i+end, i+end+1
						}
					default:
						vs = i - 1
						ve = len(b)
						for i < len(b) {
							c := b[i]
							if isSpace(c) {
								ve = i
								i++
								break
							}
							if c == '>' {
								ve = i
								break
							}
							i++
						}
					}
				}
			}
		}
		i = skipSpace(b, i)
		if ke > ks {
			s.i = i
			return b[ks:ke], b[vs:ve], attrOK
		}
	}
	s.i = i
	return nil, nil, attrEnd
}

// maySpecial reports whether val holds a byte that TagAttr would change
// or decode (valueSpecial), eight bytes at a time: most values hold none.
func maySpecial(val []byte) bool {
	if len(val) < 8 {
		for _, c := range val {
			if valueSpecial[c] {
				return true
			}
		}
		return false
	}
	var m uint64
	for i := 0; i+8 <= len(val); i += 8 {
		m |= specialMask(swar.Load64(val, i))
	}
	// The last eight bytes, which may overlap the words above.
	return m|specialMask(swar.Load64(val, len(val)-8)) != 0
}

// specialMask marks, as swar.ZeroBytes does, the bytes of w that TagAttr would
// change or decode: '&', NUL and '\r'.
func specialMask(w uint64) uint64 {
	return swar.ZeroBytes(w) | swar.ZeroBytes(w^(swar.Lsb*'&')) | swar.ZeroBytes(w^(swar.Lsb*'\r'))
}

// valueSpecial holds the bytes of an attribute value that TagAttr would
// change or decode: '&', NUL and '\r'.
var valueSpecial = [256]bool{'&': true, 0: true, '\r': true}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// equalLower reports whether key, ASCII letters lowered, is name (lower
// case).
func equalLower(key []byte, name string) bool {
	if len(key) != len(name) {
		return false
	}
	for i := range len(key) {
		c := key[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != name[i] {
			return false
		}
	}
	return true
}

// plainValue returns an attribute value read raw as TagAttr would return
// it, when the only thing TagAttr would change is the decoding of
// character references that appendCommonRefs decodes ("&amp;", written
// in URLs before each further query parameter, above all), which it
// decodes into *buf. It reports false when the value holds any other
// character reference, a NUL or a carriage return: TagAttr must read it.
//
// Those references end with their semicolon, so they are decoded in an
// attribute whatever follows them (the HTML standard's rule for
// references without one, followed by "=", does not apply).
func plainValue(buf *[]byte, val []byte) ([]byte, bool) {
	if !maySpecial(val) {
		return val, true
	}
	for _, c := range val {
		if c != '&' && valueSpecial[c] {
			return nil, false
		}
	}
	b, ok := appendCommonRefs((*buf)[:0], val)
	if !ok {
		return nil, false
	}
	*buf = b
	return b, true
}
