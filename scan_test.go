package relurl

import (
	"strings"
	"testing"
)

func TestIndexAny(t *testing.T) {
	// Every position of a delimiter, in strings of every length around the
	// word size, with and without delimiters before the start.
	for n := 0; n < 40; n++ {
		for at := -1; at < n; at++ {
			for from := 0; from <= n; from++ {
				b := []byte(strings.Repeat("x", n))
				if at >= 0 {
					b[at] = '?'
				}
				// Bytes before from are skipped even when they match: a
				// delimiter there must not show through.
				for i := 0; i < from && i < n; i++ {
					b[i] = "#;?y"[i%4]
				}
				s := string(b)
				want2 := strings.IndexAny(s[from:], "?#")
				want3 := strings.IndexAny(s[from:], ";?#")
				if want2 < 0 {
					want2, want3 = n, n
				} else {
					want2, want3 = want2+from, want3+from
				}
				if got := indexAny2(s, from, '?', '#'); got != want2 {
					t.Fatalf("indexAny2(%q, %d) = %d, want %d", s, from, got, want2)
				}
				if got := indexAny3(s, from, ';', '?', '#'); got != want3 {
					t.Fatalf("indexAny3(%q, %d) = %d, want %d", s, from, got, want3)
				}
			}
		}
	}
}

func FuzzIndexAny(f *testing.F) {
	f.Add("http://a/b;c?d#e", 0)
	f.Add("\x00\x01\x3b\x3f\xff\x23;;", 3) // delimiters next to bytes that borrow
	f.Fuzz(func(t *testing.T, s string, from int) {
		if from < 0 || from > len(s) {
			return
		}
		want := strings.IndexAny(s[from:], ";?#")
		if want < 0 {
			want = len(s)
		} else {
			want += from
		}
		if got := indexAny3(s, from, ';', '?', '#'); got != want {
			t.Fatalf("indexAny3(%q, %d) = %d, want %d", s, from, got, want)
		}
	})
}
