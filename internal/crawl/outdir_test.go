package crawl

import (
	"strings"
	"testing"
)

func TestOutputName(t *testing.T) {
	long := strings.Repeat("d/", 150) + "x.warc.gz"
	cases := []struct {
		in   string
		f    Format
		gzip bool
		want string
	}{
		{"crawl/CC-1.warc.gz", TSV, false, "crawl%2FCC-1.warc.gz.tsv"},
		{"./crawl//CC-1.warc.gz", TSV, true, "crawl%2FCC-1.warc.gz.tsv.gz"}, // cleaned
		{"/abs/a b%.wat", NDJSON, false, "%2Fabs%2Fa%20b%25.wat.ndjson"},
		{".hidden", TSV, false, "%2Ehidden.tsv"},
		{"../x~y", TSV, false, "%2E.%2Fx%7Ey.tsv"},
		{"http://h/p?q", TSV, false, "http%3A%2F%2Fh%2Fp%3Fq.tsv"},
	}
	for _, c := range cases {
		if got := OutputName(c.in, c.f, c.gzip); got != c.want {
			t.Errorf("outputName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Long paths: bounded, distinct, stable.
	a, b := OutputName(long, TSV, true), OutputName(long+"x", TSV, true)
	if len(a) > 255 || a == b || a != OutputName(long, TSV, true) || !strings.HasPrefix(a, "~") || !strings.HasSuffix(a, "x.warc.gz.tsv.gz") {
		t.Errorf("long names %q, %q", a, b)
	}
	// Names that differ only where escaping could merge them.
	seen := map[string]string{}
	for _, in := range []string{"a/b", "a%2Fb", "a_b", "a%b", "~a", "%7Ea", "a b", "a+b", ".a", "%2Ea"} {
		n := OutputName(in, TSV, false)
		if prev, dup := seen[n]; dup {
			t.Errorf("%q and %q share %q", prev, in, n)
		}
		seen[n] = in
	}
}
