package graph

import (
	"testing"

	"github.com/relurl/relurl/whatwg"
)

// checkFastHost holds fastHost to the URL Standard's parser: where it
// answers, the parser must give the same host name.
func checkFastHost(t *testing.T, url string) (answered bool) {
	t.Helper()
	h, ok := fastHost(url)
	if !ok {
		return false
	}
	u, err := whatwg.Parse(url)
	if err != nil {
		t.Fatalf("fastHost(%q) = %q, but the URL Standard rejects it: %v", url, h, err)
	}
	if want := u.Hostname(); h != want {
		t.Fatalf("fastHost(%q) = %q, the URL Standard's host is %q", url, h, want)
	}
	return true
}

func TestFastHost(t *testing.T) {
	answered := []string{
		"http://example.com/", "https://WWW.Example.COM:443/x", "http://a.b.c:8080", "ws://x-y.z?q",
		"ftp://files.example.org#f", "http://example.com.", "http://a..b/", "http://e.com:/", "http://e.com\\x",
		"http://1a.example", "http://0xg.example", "http://a.b.c1/",
	}
	for _, u := range answered {
		if !checkFastHost(t, u) {
			t.Errorf("fastHost(%q) left to the parser", u)
		}
	}
	left := []string{
		"http://127.0.0.1/", "http://0x7f.1/", "http://a.1/", "http://a.0x/", "http://[::1]/", "http://u@h/",
		"http://xn--nxa.example/", "http://XN--nxa.example/", "http://h%41/", "http://h:99999/", "http://h:8a/",
		"http://h:000080/", "HTTP://h/", "http:/h", "http:///h", "file://h/x", "mailto:a@b", "http://", "http://h .com",
		"http://\u00e9.com/", " http://h/", "http://h\t/", "http://./", "http://.",
	}
	for _, u := range left {
		if checkFastHost(t, u) {
			t.Errorf("fastHost(%q) answered; the parser should decide", u)
		}
	}
}

// FuzzFastHost: wherever fastHost answers, the URL Standard agrees.
func FuzzFastHost(f *testing.F) {
	for _, s := range []string{"http://example.com/", "https://A.b:1/", "http://1.2.3.4/", "ws://a.0x1", "http://a:65535", "http://a.b.c.d.e9/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, url string) { checkFastHost(t, url) })
}
