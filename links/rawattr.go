package links

import "bytes"

// rawAttrs calls fn with the key and value of each attribute of a start
// tag, read from the tag's raw bytes (html.Tokenizer.Raw) instead of with
// Tokenizer.TagAttr, which copies every key and value to the heap. It
// follows the Tokenizer's own attribute grammar (readTagAttrKey and
// readTagAttrVal of golang.org/x/net/html, from WHATWG section 13.2.5) step
// for step; FuzzRawAttrs checks it against TagAttr.
//
// Values are passed raw: fn must check with needsDecoding that a value it
// uses needs none of what TagAttr does beyond slicing (character
// references, NUL replacement, newline conversion), and return abort=true
// otherwise. rawAttrs then stops and reports ok=false, as it does at once
// for a tag cut off by the end of the input (no closing ">"); the caller
// goes on with TagAttr from the first attribute, skipping those it has
// already used.
//
// Keys are passed as written (not lowered); duplicates and empty keys are
// passed too: the caller keeps the first of each key it wants, as the
// Tokenizer does.
func rawAttrs(raw []byte, nameLen int, fn func(key, val []byte) (more, abort bool)) (ok bool) {
	if len(raw) == 0 || raw[len(raw)-1] != '>' {
		return false
	}
	b := raw[:len(raw)-1] // the closing '>' ends the loop below like EOF
	i := 1 + nameLen
	// readTagName consumes the white space after the name, not a "/".
	if i < len(b) && isSpace(b[i]) {
		i++
	}
	i = skipSpace(b, i)
	for i < len(b) {
		if b[i] == '>' {
			// A '>' inside the tag ends it there for the Tokenizer; the
			// raw bytes then hold nothing more, so this is only reached
			// if they do: let TagAttr decide.
			return false
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
						for i < len(b) {
							c := b[i]
							i++
							if isSpace(c) {
								ve = i - 1
								goto done
							}
							if c == '>' {
								i--
								ve = i
								goto done
							}
						}
						ve = len(b)
					done:
					}
				}
			}
		}
		if ke > ks {
			more, abort := fn(b[ks:ke], b[vs:ve])
			if abort {
				return false
			}
			if !more {
				return true
			}
		}
		i = skipSpace(b, i)
	}
	return true
}

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

// needsDecoding reports whether an attribute value read raw holds what
// Tokenizer.TagAttr would change: a character reference, a NUL or a
// carriage return.
func needsDecoding(val []byte) bool {
	for _, c := range val {
		if c == '&' || c == 0 || c == '\r' {
			return true
		}
	}
	return false
}
