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

// scanRelativePathSlow is scanRelativePath one byte at a time, as it was
// first written: the reference it is checked against.
func scanRelativePathSlow(ref string) (end, dotsEnd int) {
	segStart := 0
	for i := 0; i < len(ref); i++ {
		switch c := ref[i]; {
		case c != ':' && c != '/' && c != '.' && charClass[c]&classPathEnd == 0:
		case c == ':':
			// A scheme ends at the first ":" (section 2.4.2), which is then
			// in the first segment.
			if segStart == 0 && parseScheme(ref) != 0 {
				return -1, 0
			}
			segStart = -1 // no other ":" can end a scheme
		case c == '/':
			segStart = i + 1
		case c == '.':
			if i == segStart {
				// A dot segment is "." or ".." followed by "/" or the end.
				j := i + 1
				if j < len(ref) && ref[j] == '.' {
					j++
				}
				switch {
				case j == len(ref) || charClass[ref[j]]&classPathEnd != 0:
					dotsEnd = j
				case ref[j] == '/':
					dotsEnd = j + 1
				}
			}
		default:
			return i, dotsEnd
		}
	}
	return len(ref), dotsEnd
}

// TestScanRelativePath checks the word-at-a-time scan against the byte
// loop on every short string made of the bytes it looks for, at every
// position around the word boundaries.
func TestScanRelativePath(t *testing.T) {
	const alphabet = "./:;?#a"
	n := 0
	var gen func(b []byte, depth int)
	gen = func(b []byte, depth int) {
		s := string(b)
		checkScanRelativePath(t, s)
		// The same after padding that moves it across a word boundary.
		checkScanRelativePath(t, "abcdefg/"[:len(s)%8]+s)
		n++
		if depth == 0 {
			return
		}
		for i := range len(alphabet) {
			gen(append(b, alphabet[i]), depth-1)
		}
	}
	gen(nil, 6)
	for _, s := range []string{
		"0123456/../x", "0123456./x", "01234567/./", "aaaaaaaa:b", "aaaaaaa/b:c",
		"../../news/blog.html", "https://x/y", strings.Repeat("x/", 20) + "..?q",
	} {
		checkScanRelativePath(t, s)
	}
	if n < 100000 {
		t.Fatalf("only %d strings generated", n)
	}
}

func checkScanRelativePath(t *testing.T, s string) {
	t.Helper()
	end, dotsEnd := scanRelativePath(s)
	wantEnd, wantDotsEnd := scanRelativePathSlow(s)
	if end != wantEnd || dotsEnd != wantDotsEnd {
		t.Fatalf("scanRelativePath(%q) = %d, %d; want %d, %d", s, end, dotsEnd, wantEnd, wantDotsEnd)
	}
}
