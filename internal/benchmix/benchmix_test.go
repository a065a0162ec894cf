package benchmix

import (
	"strings"
	"testing"
)

func TestCrawlMixIsFixedAndVaried(t *testing.T) {
	a, b := CrawlMix(1000), CrawlMix(1000)
	if a[999] != b[999] {
		t.Fatalf("two mixes differ: %v vs %v", a[999], b[999])
	}
	bases := map[string]bool{}
	kinds := map[byte]int{}
	for _, l := range a {
		if !strings.HasPrefix(l.Base, "https://") {
			t.Fatalf("base %q is not a page URL", l.Base)
		}
		bases[l.Base] = true
		if l.Ref != "" {
			kinds[l.Ref[0]]++
		}
	}
	// Many bases, and references of every form: fragments, queries,
	// absolute paths and network paths, dot paths and plain segments.
	if len(bases) < 32 || kinds['#'] == 0 || kinds['?'] == 0 || kinds['/'] == 0 || kinds['.'] == 0 || kinds['h'] == 0 {
		t.Fatalf("mix lacks variety: %d bases, first bytes %v", len(bases), kinds)
	}
}

func BenchmarkRatioReportsBothSides(b *testing.B) {
	n := 0
	Ratio(b, 1, func() { n++ }, func() { n += 2 }, "self")
	if n == 0 {
		b.Fatal("neither side ran")
	}
}
