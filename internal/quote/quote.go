// Package quote shows strings in traces and messages: short, printable,
// and unambiguous. It is the one place for both: Excerpt quotes bad input
// in every reader's errors (its beginning, which locates it in the
// file), Quote a value in a trace (both ends, as a resolution's answer
// is decided at the end of a path as often as at its start).
package quote

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxQuote bounds how much of a string Quote shows.
const maxQuote = 48

// Quote returns s quoted for a trace or a message: in backquotes when it is printable
// UTF-8 without a backquote, otherwise as a Go string literal, so that
// control characters, invalid UTF-8 and line breaks show as escapes. A
// string longer than 48 bytes is shown by its two ends around "…" with its
// length: `../../../..`…`../g` (8388610 bytes).
func Quote(s string) string {
	if len(s) <= maxQuote {
		return quote(s)
	}
	h := maxQuote / 2
	head, tail := s[:h], s[len(s)-h:]
	// Cut at rune starts, so that "…" does not split a character.
	for i := 0; i < utf8.UTFMax && len(head) > 0 && !utf8.RuneStart(s[len(head)]); i++ {
		head = head[:len(head)-1]
	}
	for i := 0; i < utf8.UTFMax && len(tail) > 0 && !utf8.RuneStart(tail[0]); i++ {
		tail = tail[1:]
	}
	return quote(head) + "…" + quote(tail) + " (" + strconv.Itoa(len(s)) + " bytes)"
}

// Name returns the name of an input (a file, a URL, an archive's
// document) as a message names it: as it is when it is printable UTF-8,
// so that ordinary names read as typed, else as a Go string literal
// (strconv.Quote), so that control bytes (a NUL from a list of names, an
// ESC, a CR) and invalid UTF-8 show as escapes and the name is
// unambiguous; a name that begins with '"' is quoted too, so that it
// cannot pass for a quoted one. It is the one rule of names in messages.
func Name(s string) string {
	if !strings.HasPrefix(s, `"`) && utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool { return !strconv.IsPrint(r) }) < 0 {
		return s
	}
	return strconv.Quote(s)
}

// NameIn returns msg with each occurrence of name written as Name writes
// it: for a message built by others that holds the name raw (an
// *fs.PathError's "stat NAME: ...", a reader's error naming its file).
func NameIn(msg, name string) string {
	if q := Name(name); q != name {
		return strings.ReplaceAll(msg, name, q)
	}
	return msg
}

func quote(s string) string {
	if strings.IndexByte(s, '`') < 0 && strconv.CanBackquote(s) && !strings.ContainsRune(s, '\t') {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}
