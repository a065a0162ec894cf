package canon

import "testing"

// benchURLs are URLs as crawls hold them: tracking parameters, escapes,
// upper case, a session id, a default port.
var benchURLs = []string{
	"https://www.example.com/news/2024/article-123.html?utm_source=feed&id=42",
	"http://Example.COM:80/a/./b/../c/%7Euser/index.php?PHPSESSID=0123456789abcdef0123456789abcdef&page=2",
	"https://cdn3.example.net/static/css/site.css",
	"http://www.site7.example.com/search?q=caf%C3%A9+au+lait&sort=date#results",
}

// BenchmarkCanonicalize: each canonicalizer, in both readings, and the CDX
// key from strings (the ratio against a peer is peers' BenchmarkCanonVsNlnwa).
func BenchmarkCanonicalize(b *testing.B) {
	for _, c := range append(All[:len(All):len(All)], AllURLCanon...) {
		b.Run(c.Name(), func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 256)
			for b.Loop() {
				for _, s := range benchURLs {
					buf, _ = c.AppendCanonical(buf[:0], s)
				}
			}
		})
	}
	b.Run("cdx", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 256)
		for b.Loop() {
			for _, s := range benchURLs {
				buf, _ = AppendCDXKey(buf[:0], s)
			}
		}
	})
}
