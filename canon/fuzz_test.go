package canon

import (
	"errors"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/percent"
)

// slowDecodeRepeatedly is urlcanon's pct_decode_repeatedly as it is
// written: decode the whole string, again, until nothing changes. It is the
// reference appendDecodedRepeatedly is checked against.
func slowDecodeRepeatedly(s string) string {
	for {
		d := string(percent.AppendDecoded(nil, s))
		if d == s {
			return s
		}
		s = d
	}
}

func FuzzDecodeRepeatedly(f *testing.F) {
	for _, s := range []string{
		"%2541",         // decodes to "%41", then "A"
		"%%341",         // "%34" is "4", which completes "%41"
		"%2%2541",       // three rounds
		"%25%32%35",     // "%"
		"%!A%21%21%25",  // invalid escapes stay
		"%252525252525", // the quadratic case of the repeated passes
		"%e2%98%83",     // UTF-8
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(appendDecodedRepeatedly(nil, s)), slowDecodeRepeatedly(s); got != want {
			t.Fatalf("appendDecodedRepeatedly(%q) = %q, repeated passes give %q", s, got, want)
		}
	})
}

func TestDecodeRepeatedly(t *testing.T) {
	for in, want := range map[string]string{
		"%2541": "A", "%%341": "A", "%2%2541": "*", "%": "%", "%2": "%2", "%25%": "%%",
	} {
		if got := string(appendDecodedRepeatedly(nil, in)); got != want {
			t.Errorf("appendDecodedRepeatedly(%q) = %q, want %q", in, got, want)
		}
		if got := slowDecodeRepeatedly(in); got != want {
			t.Errorf("slowDecodeRepeatedly(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzCanonicalize holds the promises of the package on any input:
//   - a canonicalizer fails on an input only with an *Error naming it, and
//     the WHATWG canonicalizer fails exactly when the URL Standard's parser
//     does; the others never fail on what the parser accepts;
//   - every urlcanon canonicalizer is idempotent;
//   - SURTs keep the order of URLs of one origin, and a subdomain's SURT
//     starts with its domain's SURT prefix;
//   - CDXKey fails only as the surt library does.
func FuzzCanonicalize(f *testing.F) {
	for _, s := range [][2]string{
		{"http://www.Example.com/a/./b/../c?b=2&a=1#f", "http://www.example.com/a/d"},             // the everyday case
		{"HTTPS://user:pa%20ss@Bücher.example:443/p?q", "https://sub.bücher.example/"},            // IDNA, userinfo
		{"http://host/%2525252e%252e/x", "http://host/x"},                                         // decoding reveals dots
		{"foo://%2F%41@h%2Fx/%2e%2e/a", "foo://h/a"},                                              // opaque host, decoded "/"
		{"mailto:%2Fx%3Fy", "mailto:x"},                                                           // opaque path starting "/" once decoded
		{"http://0x7f.1../", "http://127.0.0.1/"},                                                 // dots, then an IPv4 address
		{"https://www.example.com:80/a//b/?&&sid=0123456789abcdef0123&a", "https://example.com/"}, // aggressive
		{"file:///C%7C/x", "file:///C:/x"},                                                        // drive letter
		{"foo:/.//a/%2e%2e", "foo://h/"},                                                          // "/." before "//"
		{"http://example.com/a%3Fb%23c", "http://example.com/a"},                                  // encoded "?" and "#"
		{"www.example.com", "example.com/path"},                                                   // no scheme
		{"http://[::1]:8080/", "http://[::1]:8080/x"},                                             // IPv6
		{"http://www.www.example.com/", "foo:///%2F"},                                             // www twice; a decoded "/" after an empty host
		{"http://a..b.../x%2F..%2Fy", "http://a.b/y"},                                             // host dots; a decoded "/.."
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, s := range []string{a, b} {
			checkCanonicalize(t, s)
		}
		checkSURTOrder(t, a, b)
	})
}

func checkCanonicalize(t *testing.T, s string) {
	perr := parseError(s)
	for _, c := range All {
		if c == IA {
			continue
		}
		got, err := c.Canonicalize(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Input != s || e.Op != c.Name() {
				t.Fatalf("%s(%q): error %v is not an *Error naming the input", c.Name(), s, err)
			}
			if perr == nil {
				t.Fatalf("%s(%q) fails (%v), but the URL Standard's parser accepts it", c.Name(), s, err)
			}
			continue
		}
		if c == WHATWG && perr != nil {
			t.Fatalf("whatwg(%q) = %q, but the parser rejects it: %v", s, got, perr)
		}
		buf, err := c.AppendCanonical([]byte("x"), s)
		if err != nil || string(buf) != "x"+got {
			t.Fatalf("%s.AppendCanonical(%q) = %q, %v; Canonicalize gives %q", c.Name(), s, buf, err, got)
		}
		again, err := c.Canonicalize(got)
		if err != nil || again != got {
			t.Fatalf("%s not idempotent: %q -> %q -> %q (%v)", c.Name(), s, got, again, err)
		}
		if _, err := c.SURT(s, SURTOptions{}); err != nil {
			t.Fatalf("%s.SURT(%q): %v", c.Name(), s, err)
		}
		if _, err := c.SSURT(s); err != nil {
			t.Fatalf("%s.SSURT(%q): %v", c.Name(), s, err)
		}
	}
	if _, err := CDXKey(s); err != nil && !errors.Is(err, errBlank) && !errors.Is(err, errPort) {
		t.Fatalf("CDXKey(%q): %v", s, err)
	}
}

// checkSURTOrder: for URLs of one scheme, host and port (canonicalized by
// WHATWG), the SURTs sort as the URLs do; for a host and one of its
// subdomains, the subdomain's SURT starts with the host's "(reversed,".
func checkSURTOrder(t *testing.T, a, b string) {
	pa, err1 := WHATWG.canonParts(a)
	pb, err2 := WHATWG.canonParts(b)
	if err1 != nil || err2 != nil || !pa.hasHost || !pb.hasHost {
		return
	}
	sa := string(pa.appendSURT(nil, SURTOptions{}))
	sb := string(pb.appendSURT(nil, SURTOptions{}))
	if pa.scheme == pb.scheme && pa.host == pb.host && pa.port == pb.port && pa.user == pb.user && pa.pass == pb.pass {
		if c1, c2 := strings.Compare(pa.href, pb.href), strings.Compare(sa, sb); c1 != c2 {
			t.Fatalf("order: %q vs %q compare %d, their SURTs %q vs %q compare %d", pa.href, pb.href, c1, sa, sb, c2)
		}
	}
	if pa.scheme == pb.scheme && pa.host != "" && pa.host[0] != '[' && !isIPv4(pa.host) &&
		strings.HasSuffix(pb.host, "."+pa.host) {
		prefix := pa.scheme + "://(" + ReverseHost(pa.host)
		if !strings.HasPrefix(sb, prefix) {
			t.Fatalf("%q is a subdomain of %q, but its SURT %q does not start with %q", pb.host, pa.host, sb, prefix)
		}
	}
}
