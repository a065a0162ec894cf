package limits

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"testing/iotest"
)

func TestResolveFillsOnlyZeroFields(t *testing.T) {
	d := Default()
	if d.Token != DefaultToken || d.HeaderLine != DefaultHeaderLine || d.HeaderBlock != DefaultHeaderBlock ||
		d.Record != DefaultRecord || d.Depth != DefaultDepth || d.Noscript != DefaultNoscript || d.URL != DefaultURL {
		t.Fatalf("Default() = %+v", d)
	}
	got := Limits{Token: 5, URL: 7}.Resolve()
	if got.Token != 5 || got.URL != 7 || got.Record != DefaultRecord {
		t.Fatalf("Resolve kept or filled the wrong fields: %+v", got)
	}
}

func TestErrorIsFoundThroughWrapping(t *testing.T) {
	err := fmt.Errorf("a.warc.gz at offset 10: %w", &Error{Limit: "Record", Max: 64})
	var le *Error
	if !errors.As(err, &le) || le.Limit != "Record" {
		t.Fatalf("errors.As did not find the limit in %v", err)
	}
	if got, want := le.Error(), "exceeds the Record limit of 64"; got != want {
		t.Fatalf("Error() = %q, want %q", got, want)
	}
}

func TestResolveNegativeIsDefaultAndHugeIsCapped(t *testing.T) {
	got := Limits{Token: -1, HeaderLine: math.MaxInt, HeaderBlock: math.MinInt, Record: math.MaxInt64, Depth: -5, Noscript: 3, URL: math.MaxInt - 1}.Resolve()
	want := Limits{Token: DefaultToken, HeaderLine: Max, HeaderBlock: DefaultHeaderBlock, Record: MaxRecord, Depth: DefaultDepth, Noscript: 3, URL: Max}
	if got != want {
		t.Fatalf("Resolve() = %+v, want %+v", got, want)
	}
	// Resolve is idempotent: a resolved value passes through unchanged.
	if again := got.Resolve(); again != got {
		t.Fatalf("Resolve(Resolve()) = %+v, want %+v", again, got)
	}
}

func TestReaderStopsPastMax(t *testing.T) {
	for _, tc := range []struct {
		in      string
		max     int64
		out     string
		overrun bool
	}{
		{"", 0, "", false},
		{"a", 0, "", true},
		{"abc", 3, "abc", false},
		{"abcd", 3, "abc", true},
		{"abcdefgh", 5, "abcde", true},
		{"abc", -7, "", true},
		{"abc", math.MaxInt64, "abc", false}, // max+1 would overflow
	} {
		// One byte a read, and the whole at once: the same answer.
		for _, src := range []io.Reader{iotest.OneByteReader(strings.NewReader(tc.in)), strings.NewReader(tc.in)} {
			lr := NewReader(src, "Record", tc.max)
			got, err := io.ReadAll(lr)
			var le *Error
			if string(got) != tc.out || errors.As(err, &le) != tc.overrun || err != nil && !tc.overrun {
				t.Errorf("%q max %d: got %q, %v; want %q, overrun %v", tc.in, tc.max, got, err, tc.out, tc.overrun)
				continue
			}
			if tc.overrun && (le.Limit != "Record" || le.Max != max(tc.max, 0)) {
				t.Errorf("%q max %d: error %+v", tc.in, tc.max, le)
			}
			if lr.N() != int64(len(tc.out)) {
				t.Errorf("%q max %d: N() = %d", tc.in, tc.max, lr.N())
			}
			// The error is sticky.
			if n, err2 := lr.Read(make([]byte, 4)); n != 0 || (tc.overrun && err2 != err) {
				t.Errorf("%q max %d: read after the end = %d, %v", tc.in, tc.max, n, err2)
			}
		}
	}
}

// FuzzLimits reads an input through the capped reader under any limit: it
// never gives more than the limit, never panics, and fails exactly when
// the input is longer. The readers' side (every reader under any Limits)
// is FuzzRunLimits in internal/crawl.
func FuzzLimits(f *testing.F) {
	f.Add([]byte("abc"), int64(2), 1)
	f.Add([]byte(""), int64(math.MaxInt64), 7)
	f.Add([]byte("x"), int64(math.MinInt64), 1)
	f.Fuzz(func(t *testing.T, in []byte, most int64, chunk int) {
		chunk = 1 + (chunk%64+64)%64
		lr := NewReader(bytes.NewReader(in), "X", most)
		var got []byte
		buf := make([]byte, chunk)
		var err error
		for err == nil {
			var n int
			n, err = lr.Read(buf)
			got = append(got, buf[:n]...)
		}
		m := max(most, 0)
		over := int64(len(in)) > m
		var le *Error
		if errors.As(err, &le) != over || !over && err != io.EOF {
			t.Fatalf("%d bytes, max %d: error %v", len(in), most, err)
		}
		if want := in[:min(int64(len(in)), m)]; !bytes.Equal(got, want) {
			t.Fatalf("%d bytes, max %d: read %d bytes", len(in), most, len(got))
		}
		l := Limits{Token: int(most), HeaderLine: int(most), HeaderBlock: int(most), Record: most, Depth: int(most), Noscript: int(most), URL: int(most)}.Resolve()
		if l.Token <= 0 || l.Token > Max || l.Record <= 0 || l.Record > MaxRecord || l.HeaderLine+l.HeaderBlock+2 < 0 {
			t.Fatalf("Resolve(%d) = %+v", most, l)
		}
	})
}
