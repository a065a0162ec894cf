package canon

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/growth"
)

// TestLinear: the cost of every canonicalizer, SURT and the CDX key grows
// linearly with the URL, on the inputs where the rules as written are
// quadratic, in both readings (decoding "%252525..." again and again, "/./././...", runs of
// dots and slashes, many query parameters, long hosts).
func TestLinear(t *testing.T) {
	shapes := map[string]func(n int) string{
		"nested escapes": func(n int) string { return "http://h/" + strings.Repeat("%25", n/3) + "41" },
		"dot segments":   func(n int) string { return "http://h" + strings.Repeat("/%252e", n/6) + "/x" },
		"slashes":        func(n int) string { return "http://h/" + strings.Repeat("/", n) + "x" },
		"host dots":      func(n int) string { return "http://a" + strings.Repeat(".", n) + "b/" },
		"query args":     func(n int) string { return "http://h/?" + strings.Repeat("b=%2541&a&", n/10) },
		"session ids":    func(n int) string { return "http://h/?" + strings.Repeat("sid=0123456789abcdef&", n/21) },
		"long host":      func(n int) string { return "http://" + strings.Repeat("a", n) + ".com/" },
		"opaque host":    func(n int) string { return "foo://" + strings.Repeat("%2541", n/5) + "/" },
		"aspx": func(n int) string {
			return "http://h" + strings.Repeat("/(0123456789abcdef01234567)", n/27) + "/x.aspx"
		},
		"www": func(n int) string { return "http://" + strings.Repeat("www.", n/4) + "example.com/" },
		// Shapes of urlcanon's parser: many "@" and ":" in the
		// authority, tabs and backslashes everywhere, ".." segments
		// written "%2e" in a path without a scheme.
		"userinfo": func(n int) string { return "http://" + strings.Repeat("a@:", n/3) + "h/" },
		"tabs":     func(n int) string { return "h\tt\tp:" + strings.Repeat("\t\\", n/2) + "h/" },
		"no scheme": func(n int) string {
			return "//h" + strings.Repeat("/a/%2e%2E", n/9) + "?" + strings.Repeat("&", n/4)
		},
	}
	for name, shape := range shapes {
		for _, c := range append(All[:len(All):len(All)], AllURLCanon...) {
			growth.Linear(t, c.Name()+" "+name, 1<<16, func(n int) func() {
				s := shape(n)
				return func() { c.Canonicalize(s) }
			})
		}
		growth.Linear(t, "surt "+name, 1<<16, func(n int) func() {
			s := shape(n)
			return func() { Semantic.SURT(s, SURTOptions{}) }
		})
		growth.Linear(t, "urlcanon surt "+name, 1<<16, func(n int) func() {
			s := shape(n)
			return func() { ParseURLCanon(s).SURT(SURTOptions{}) }
		})
		growth.Linear(t, "cdx "+name, 1<<16, func(n int) func() {
			s := shape(n)
			return func() { CDXKey(s) }
		})
	}
}
