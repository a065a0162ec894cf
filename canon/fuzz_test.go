package canon

import (
	"errors"
	"regexp"
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
		checkSURTOrder(t, WHATWG, a, b)
		checkSURTOrder(t, URLCanon(WHATWG), a, b)
		checkSURTOrder(t, URLCanon(Semantic), a, b)
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
	if _, err := CDXKey(s); err != nil && !errors.Is(err, ErrBlank) && !errors.Is(err, ErrPort) {
		t.Fatalf("CDXKey(%q): %v", s, err)
	}
	checkURLCanon(t, s)
}

// checkURLCanon holds the reading as urlcanon parses: it accepts every
// string, its parser gives the input back, and the canonical forms are
// the same through every entry point. Unlike the URL Standard reading it
// is not idempotent, as urlcanon is not ("www.www.h" loses one "www" a
// round).
func checkURLCanon(t *testing.T, s string) {
	if got := ParseURLCanon(s).String(); got != s {
		t.Fatalf("ParseURLCanon(%q).String() = %q", s, got)
	}
	for _, c := range AllURLCanon {
		got, err := c.Canonicalize(s)
		if err != nil {
			t.Fatalf("%s(%q): %v; the urlcanon reading accepts every string", c.Name(), s, err)
		}
		buf, err := c.AppendCanonical([]byte("x"), s)
		if err != nil || string(buf) != "x"+got {
			t.Fatalf("%s.AppendCanonical(%q) = %q, %v; Canonicalize gives %q", c.Name(), s, buf, err, got)
		}
		p, _ := c.canonParts(s)
		if u := string(p.appendTo(nil)); u != got {
			t.Fatalf("%s(%q): canonParts gives %q, Canonicalize %q", c.Name(), s, u, got)
		}
		if _, err := c.SURT(s, SURTOptions{}); err != nil {
			t.Fatalf("%s.SURT(%q): %v", c.Name(), s, err)
		}
		if _, err := c.SSURT(s); err != nil {
			t.Fatalf("%s.SSURT(%q): %v", c.Name(), s, err)
		}
	}
}

// checkSURTOrder: for URLs of one scheme, host and port (canonicalized by
// c), the SURTs sort as the URLs do; for a host and one of its
// subdomains, the subdomain's SURT starts with the host's "(reversed,".
func checkSURTOrder(t *testing.T, c *Canonicalizer, a, b string) {
	pa, err1 := c.canonParts(a)
	pb, err2 := c.canonParts(b)
	if err1 != nil || err2 != nil || pa.slashes == "" || pb.slashes == "" {
		return
	}
	sa := string(pa.appendSURT(nil, SURTOptions{}))
	sb := string(pb.appendSURT(nil, SURTOptions{}))
	if pa.scheme == pb.scheme && pa.slashes == pb.slashes && pa.host == pb.host && pa.portColon == pb.portColon &&
		pa.port == pb.port && pa.at == pb.at && pa.user == pb.user && pa.passColon == pb.passColon && pa.pass == pb.pass {
		ua, ub := string(pa.appendTo(nil)), string(pb.appendTo(nil))
		if c1, c2 := strings.Compare(ua, ub), strings.Compare(sa, sb); c1 != c2 {
			t.Fatalf("%s order: %q vs %q compare %d, their SURTs %q vs %q compare %d", c.Name(), ua, ub, c1, sa, sb, c2)
		}
	}
	reversed := func(p *parts) bool {
		return p.host != "" && string(p.appendSSURTHost(nil, p.host, true)) == ReverseHost(p.host)
	}
	if pa.scheme == pb.scheme && pa.slashes == pb.slashes && reversed(&pa) && reversed(&pb) &&
		strings.HasSuffix(pb.host, "."+pa.host) {
		prefix := pa.scheme + ":" + pa.slashes + "(" + ReverseHost(pa.host)
		if !strings.HasPrefix(sb, prefix) {
			t.Fatalf("%s: %q is a subdomain of %q, but its SURT %q does not start with %q", c.Name(), pb.host, pa.host, sb, prefix)
		}
	}
}

// slowResolvePathDots is urlcanon's resolve_path_dots as it is written:
// the path split into a list of separators and segments, and a new list
// built by appending and popping. It is the reference resolvePathDots is
// checked against.
func slowResolvePathDots(path string, special bool) string {
	seps := "/"
	if special {
		seps = "/\\"
	}
	if path == "" || !strings.ContainsRune(seps, rune(path[0])) {
		return path
	}
	var old []string
	for i := 0; i < len(path); i++ {
		if strings.IndexByte(seps, path[i]) >= 0 {
			old = append(old, path[i:i+1], "")
		} else {
			old[len(old)-1] += path[i : i+1]
		}
	}
	var out []string
	for i := 0; i < len(old); i++ {
		if m := pathDotsRE.FindStringSubmatch(old[i]); m != nil {
			if m[2] != "" {
				for k := 0; k < 2 && len(out) > 1; k++ {
					out = out[:len(out)-1]
				}
			}
			i++
			continue
		}
		out = append(out, old[i])
	}
	return strings.Join(out, "")
}

var pathDotsRE = regexp.MustCompile(`(?i)^([.]|%2e)([.]|%2e)?$`)

func FuzzResolvePathDots(f *testing.F) {
	for _, s := range []string{
		"/a/b/../c/./d",     // the everyday case
		"//..//",            // empty segments stay; ".." never takes the first "/"
		"/%2e%2E/.%2e/x/..", // dots written as escapes
		"\\a\\..\\b/.",      // backslashes, separators when special
		"/.../..../x",       // three dots are a name
		"a/../b",            // no "/" first: as it is
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, path string, special bool) {
		if got, want := resolvePathDots(path, special), slowResolvePathDots(path, special); got != want {
			t.Fatalf("resolvePathDots(%q, %v) = %q, urlcanon's way gives %q", path, special, got, want)
		}
	})
}
