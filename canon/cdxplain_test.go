package canon

import (
	"testing"

	"github.com/relurl/relurl/internal/benchmix"
	"github.com/relurl/relurl/whatwg"
)

// cdxOptionSets are the option sets the plain path is held to: the
// defaults and each option.
var cdxOptionSets = []CDXOptions{
	{},
	{WithScheme: true},
	{TrailingComma: true},
	{KeepWWW: true},
	{KeepIPOrder: true},
	{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true},
}

// checkCDXPlain: AppendKey (plain path first) gives the library's key
// (appendKey) for s, after what dst held, under every option set; it
// reports whether the plain path took s.
func checkCDXPlain(t *testing.T, s string) (plain bool) {
	t.Helper()
	for _, o := range cdxOptionSets {
		want, werr := o.appendKey([]byte("prefix "), s)
		got, gerr := o.AppendKey([]byte("prefix "), s)
		if string(got) != string(want) || (gerr == nil) != (werr == nil) {
			t.Fatalf("%+v AppendKey(%q) = %q, %v; the library's way %q, %v", o, s, got, gerr, want, werr)
		}
		b, ok := o.appendPlainKey([]byte("prefix "), s)
		if !ok && string(b) != "prefix " {
			t.Fatalf("%+v appendPlainKey(%q) declined but changed dst to %q", o, s, b)
		}
		plain = plain || ok
	}
	return plain
}

// TestCDXPlainCrawlMix: on the crawl mix (each link resolved against its
// page, as "relurl links" keys them) the plain path gives the library's
// key, and takes most URLs (else it would not be worth having).
func TestCDXPlainCrawlMix(t *testing.T) {
	mix := benchmix.CrawlMix(4096)
	plain := 0
	for _, l := range mix {
		for _, s := range []string{l.Base, l.Ref} {
			checkCDXPlain(t, s)
		}
		u, err := whatwg.Resolve(l.Base, l.Ref)
		if err != nil {
			continue
		}
		if checkCDXPlain(t, u) {
			plain++
		}
	}
	if plain < len(mix)/2 {
		t.Errorf("the plain path took %d of %d resolved URLs of the crawl mix; want at least half", plain, len(mix))
	}
}

// TestCDXPlainDeclines: inputs the plain path must leave to the library
// (each is a step the plain path skips), and inputs it takes.
func TestCDXPlainDeclines(t *testing.T) {
	for _, s := range []string{
		"http://https://example.com/", "http://ex ample.com/", "http://example.com/%41",
		"http://bücher.example/", "http://user@example.com/", "http://example.com:80/",
		"http://[::1]/", "http://.example.com/", "http://example.com./", "http://a..b/",
		"http://127.0.0.1/", "http://2130706433/", "http://example.com/a//b",
		"http://example.com/a/./b", "http://example.com/a/../b", "http://example.com/x.ASPX",
		"http://example.com/?SID=1", "http://example.com/?cfid=1&cftoken=2", "HTTP://example.com/",
		"ftp://example.com/", "http:///a", "http://www./",
		"http://e.com/?" + "a&b&c&d&e&f&g&h&i&j&k&l&m&n&o&p&q&r&s&t&u&v&w&x&y&z&0&1&2&3&4&5&6",
	} {
		if checkCDXPlain(t, s) {
			t.Errorf("the plain path took %q", s)
		}
	}
	for _, s := range []string{
		"http://www.Example.com/A?b=1&a=2", "https://example.com", "http://example.com?b&a=&a",
		"http://www2.example.com/a/#f", "http://localhost/", "https://e.com/a/b/?z=1&z&y#x?",
		"http://www.1.2.3.4/", "http://e.com/?&", "http://e.com/?=&=",
	} {
		if !checkCDXPlain(t, s) {
			t.Errorf("the plain path declined %q", s)
		}
	}
}

// TestAppendCDXKeyAllocs: keying a plain URL into a buffer with room
// allocates nothing (issue 22: the cost of keys in "relurl links").
func TestAppendCDXKeyAllocs(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, s := range benchURLs {
		if _, ok := (CDXOptions{}).appendPlainKey(nil, s); !ok {
			continue
		}
		if n := testing.AllocsPerRun(100, func() { buf, _ = AppendCDXKey(buf[:0], s) }); n != 0 {
			t.Errorf("AppendCDXKey(%q): %v allocations, want 0", s, n)
		}
	}
}

// FuzzCDXPlain holds the plain path of AppendKey equal to the library's
// way (appendKey) on any input, under each option set.
func FuzzCDXPlain(f *testing.F) {
	for _, s := range []string{
		"http://www.Example.com/A?b=1&a=2", "https://www3.EX.com/a/B/?z&y=&y=1#f",
		"http://e.com/x.aspx", "http://www.1.2.3.4/", "http://e.com/?a&a=", "http://a.b.c/?&&",
		"http://e.com/a/.b/", "https://https://e.com/", "http://e..com/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkCDXPlain(t, s) })
}
