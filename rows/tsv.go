package rows

// The TSV escapes of the rows, both ways: AppendTSV writes them and
// UnescapeTSV reads them, one the inverse of the other.

import (
	"strings"

	"github.com/relurl/relurl/internal/swar"
)

// AppendTSV appends s with backslash, tab, newline and carriage return
// escaped, so that a value never breaks a row or a column. A run of bytes
// that need no escape, nearly every value, is copied in one piece.
func AppendTSV(b []byte, s string) []byte {
	if i := tsvPlain(s); i == len(s) {
		return append(b, s...)
	}
	return appendTSVEscaped(b, s)
}

// appendTSVEscaped is AppendTSV for a value that needs escapes.
func appendTSVEscaped(b []byte, s string) []byte {
	for {
		i := tsvPlain(s)
		b = append(b, s[:i]...)
		if i == len(s) {
			return b
		}
		switch s[i] {
		case '\\':
			b = append(b, `\\`...)
		case '\t':
			b = append(b, `\t`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		}
		s = s[i+1:]
	}
}

// tsvPlain returns the index of the first byte of s that AppendTSV
// escapes, or len(s). It tests eight bytes at a time: a word with no
// byte below 14 (tab, newline and carriage return are 9, 10 and 13) and
// no backslash needs no look at its bytes.
func tsvPlain(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if tsvWord(swar.Load64(s, i)) {
			break
		}
	}
	if i < len(s) && len(s) >= 8 && i+8 > len(s) && !tsvWord(swar.Load64(s, len(s)-8)) {
		return len(s) // the last word, overlapping bytes seen above
	}
	for ; i < len(s) && !tsvSpecial[s[i]]; i++ {
	}
	return i
}

// tsvWord reports whether the eight bytes of x may hold one that AppendTSV
// escapes: one below 14 (tab, newline and carriage return are 9, 10 and
// 13) or a backslash.
func tsvWord(x uint64) bool {
	return swar.LessBytes(x, '\r'+1)|swar.ZeroBytes(x^swar.Lsb*'\\') != 0
}

// tsvSpecial marks the bytes AppendTSV escapes.
var tsvSpecial = [256]bool{'\\': true, '\t': true, '\n': true, '\r': true}

// UnescapeTSV undoes AppendTSV: \\, \t, \n and \r become the byte they
// stand for. A backslash before any other byte, or at the end, is kept as
// it is (AppendTSV never writes one). A value without a backslash is
// returned as it is, without a copy.
func UnescapeTSV(s string) string {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for ; i >= 0; i = strings.IndexByte(s, '\\') {
		b = append(b, s[:i]...)
		if i+1 == len(s) {
			b = append(b, '\\')
			s = ""
			break
		}
		switch s[i+1] {
		case '\\':
			b = append(b, '\\')
		case 't':
			b = append(b, '\t')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		default:
			b = append(b, s[i:i+2]...)
		}
		s = s[i+2:]
	}
	return string(append(b, s...))
}
