package header

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/relurl/relurl/limits"
)

// read runs a Reader over in through lr and returns the fields as
// "name=value" lines and the error.
func read(lr Lines, maxLine, maxBlock int) (string, int, error) {
	r := Reader{MaxLine: maxLine, MaxBlock: maxBlock}
	var b strings.Builder
	n, err := r.Read(lr, 0, func(name, value []byte) error {
		fmt.Fprintf(&b, "%s=%s|", name, value)
		return nil
	})
	return b.String(), n, err
}

// sources gives in through each Lines of the package: a slice, and a
// bufio.Reader of the smallest size (lines cross its buffer).
func sources(in string) map[string]Lines {
	return map[string]Lines{
		"Bytes":    &Bytes{B: []byte(in)},
		"BufLines": &BufLines{R: bufio.NewReaderSize(strings.NewReader(in), 16)},
	}
}

func TestGrammar(t *testing.T) {
	for _, tc := range []struct {
		name, in, fields string
		err              error
	}{
		{"plain", "A: b\r\nC:d\r\n\r\nbody", "A=b|C=d|", nil},
		{"LF only", "A: b\nC: d\n\nbody", "A=b|C=d|", nil},
		{"value trimmed", "A: \t b c \t\r\n\r\n", "A=b c|", nil},
		{"empty value", "A:\r\n\r\n", "A=|", nil},
		// RFC 5322 section 2.2.3 and RFC 9112 section 5.2: one space
		// for each fold.
		{"folded", "A: b\r\n  c\r\n\td\r\n\r\n", "A=b c d|", nil},
		{"folded empty value", "A:\r\n c\r\n\r\n", "A=c|", nil},
		// A continuation of spaces only adds nothing and does not end
		// the header.
		{"white continuation", "A: b\r\n \r\n\t\r\nC: d\r\n\r\n", "A=b|C=d|", nil},
		// RFC 5322 section 4.5.3: white space before the colon.
		{"obs space before colon", "Subject \t: x\r\n\r\n", "Subject=x|", nil},
		{"repeated fields kept in order", "A: 1\r\nA: 2\r\n\r\n", "A=1|A=2|", nil},
		{"end of input ends the header", "A: b\r\nC: d", "A=b|C=d|", io.EOF},
		{"end after a fold", "A: b\r\n c", "A=b c|", io.EOF},
		{"no field", "\r\nbody", "", nil},
		{"continuation first", " a\r\n\r\n", "", ErrContinuation},
		{"no colon", "A: b\r\nno colon\r\n\r\n", "A=b|", ErrMalformed},
		{"space in name", "A b: c\r\n\r\n", "", ErrMalformed},
		{"empty name", ": c\r\n\r\n", "", ErrMalformed},
		{"control in name", "A\x01: c\r\n\r\n", "", ErrMalformed},
		{"non-ASCII name", "Ä: c\r\n\r\n", "", ErrMalformed},
		{"markup is a name by RFC 5322", "<x:y>\r\n\r\n", "<x=y>|", nil},
	} {
		for src, lr := range sources(tc.in) {
			got, _, err := read(lr, 100, 1000)
			if got != tc.fields || !errors.Is(err, tc.err) || (err != nil && tc.err == nil) {
				t.Errorf("%s (%s): %q, %v; want %q, %v", tc.name, src, got, err, tc.fields, tc.err)
			}
		}
	}
}

func TestBounds(t *testing.T) {
	line := func(n int) string { return "A: " + strings.Repeat("x", n-3) }
	for _, tc := range []struct {
		name, in string
		limit    string
		offset   int
		len      int
	}{
		{"line at the limit", line(20) + "\r\n\r\n", "", 0, 0},
		{"line at the limit, LF", line(20) + "\n\n", "", 0, 0},
		{"line over", "B: c\r\n" + line(21) + "\r\n\r\n", "HeaderLine", 6, 21},
		{"line over, LF", line(21) + "\n\n", "HeaderLine", 0, 21},
		{"line far over", line(5000) + "\r\n\r\n", "HeaderLine", 0, 5000},
		{"line over at the end", line(21), "HeaderLine", 0, 21},
		// The block counts line ends: 4 lines of 22 bytes and the empty
		// line are 90 bytes.
		{"block at the limit", strings.Repeat(line(20)+"\r\n", 4) + "\r\n", "", 0, 0},
		{"block over", strings.Repeat(line(20)+"\r\n", 5) + "\r\n", "HeaderBlock", 88, 20},
	} {
		for src, lr := range sources(tc.in) {
			_, _, err := read(lr, 20, 90)
			var le *limits.Error
			var he *Error
			switch {
			case tc.limit == "":
				if err != nil && err != io.EOF {
					t.Errorf("%s (%s): %v", tc.name, src, err)
				}
			case !errors.As(err, &le) || le.Limit != tc.limit || !errors.As(err, &he) || he.Offset != tc.offset || he.Len != tc.len:
				t.Errorf("%s (%s): %v (%+v), want the %s limit at %d, line of %d", tc.name, src, err, he, tc.limit, tc.offset, tc.len)
			}
		}
	}
	// The line after a line too long is read: the long one is consumed
	// whole.
	lr := &BufLines{R: bufio.NewReaderSize(strings.NewReader(line(100)+"\r\nB: c\r\n\r\n"), 16)}
	read(lr, 20, 1000)
	if got, _, err := read(lr, 20, 1000); got != "B=c|" || err != nil {
		t.Errorf("after a long line: %q, %v", got, err)
	}
}

func TestErrorQuotesAnExcerpt(t *testing.T) {
	bin := bytes.Repeat([]byte{0x80, 0x01}, 500)
	_, _, err := read(&Bytes{B: append(bin, "\r\n\r\n"...)}, 4000, 4000)
	if !errors.Is(err, ErrMalformed) || len(err.Error()) > 200 || !strings.HasSuffix(err.Error(), "(1000 bytes)") {
		t.Errorf("binary line: %d bytes of message: %v", len(err.Error()), err)
	}
}

func TestValidName(t *testing.T) {
	for name, want := range map[string]bool{"Content-Type": true, "X_a.b~!#$%&'*+^`|": true, "a(b)": true, "": false, "a b": false, "a:b": false, "a\x7f": false} {
		if ValidName([]byte(name)) != want {
			t.Errorf("ValidName(%q) = %v", name, !want)
		}
	}
}

// TestFoldingLinear counts the bytes the value's buffer takes: folding
// appends, so n continuation lines cost O(n) bytes of appending, not
// O(n²). (The allocations are counted, not the time.)
func TestFoldingLinear(t *testing.T) {
	allocs := func(n int) float64 {
		in := "A: b\r\n" + strings.Repeat(" c\r\n", n) + "\r\n"
		r := Reader{MaxLine: 100, MaxBlock: 1 << 30}
		return testing.AllocsPerRun(3, func() {
			r.Read(&Bytes{B: []byte(in)}, 0, func(name, value []byte) error { return nil })
		})
	}
	a, b := allocs(10000), allocs(20000)
	if b > a+4 {
		t.Errorf("folding 20000 lines allocates %v times, 10000 lines %v: the buffer is rebuilt", b, a)
	}
}

// FuzzRead: the Reader gives the same fields and the same error through
// each source of lines, never more than the bounds allow, and never
// panics.
func FuzzRead(f *testing.F) {
	f.Add([]byte("A: b\r\n c\r\n\r\n"), 10, 100)
	f.Add([]byte(" a\r\n"), 10, 100)
	f.Add([]byte("A: "+strings.Repeat("x", 40)+"\r\nB: c\r\n\r\n"), 10, 100)
	f.Add([]byte("A: b\r"), 3, 5)
	f.Fuzz(func(t *testing.T, in []byte, maxLine, maxBlock int) {
		l := limits.Limits{HeaderLine: maxLine % 200, HeaderBlock: maxBlock % 2000}.Resolve()
		var got []string
		for _, lr := range sources(string(in)) {
			fields, n, err := read(lr, l.HeaderLine, l.HeaderBlock)
			if n > len(in) {
				t.Fatalf("read %d bytes of %d", n, len(in))
			}
			if len(fields) > len(in)*2+10 {
				t.Fatalf("%d bytes of fields from %d", len(fields), len(in))
			}
			got = append(got, fmt.Sprintf("%s %d %v", fields, n, err))
		}
		if got[0] != got[1] {
			t.Fatalf("the sources disagree:\n%s\n%s", got[0], got[1])
		}
	})
}
