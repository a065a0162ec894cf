package whatwg

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/growth"
)

// Resolutions where the WHATWG URL Standard and the RFCs part ways (issue
// 15), each checked against the standard's algorithm by hand.
func TestResolveDifferences(t *testing.T) {
	for _, c := range []struct{ base, ref, want string }{
		{"http://a/b/c/d;p?q", "http:g", "http://a/b/c/g"},                 // RFC 1808 keeps "http:g"
		{"http://a/b/c/d;p?q", "g\\h", "http://a/b/c/g/h"},                 // "\" is "/" in a special URL
		{"http://a/b/c/d;p?q", "//EXAMPLE.com:80/", "http://example.com/"}, // host lower-cased, default port dropped
		{"http://a/b/c/d;p?q", "//0x7F.1/", "http://127.0.0.1/"},           // IPv4 number forms
		{"http://a/b/c/d;p?q", "g h?i j#k l", "http://a/b/c/g%20h?i%20j#k%20l"},
		{"http://a/b/c/d;p?q", "//bücher.example/", "http://xn--bcher-kva.example/"},
		{"http://a/b/c/d;p?q", "../../../../g", "http://a/g"},
		{"http://a/b/c/d;p?q", "%2e%2E/g", "http://a/b/g"}, // encoded dot segments
		{"http://a/b/c/d;p?q", "", "http://a/b/c/d;p?q"},
		{"http://a/b/c/d;p?q", "#s", "http://a/b/c/d;p?q#s"},
		{"file:///C:/a/b", "/x", "file:///C:/x"}, // the drive letter stays
		{"sc://h/a", "//x:1/y", "sc://x:1/y"},    // non-special: opaque host, port kept
		{"", "mailto:a b@c", "mailto:a b@c"},     // opaque path; no base
	} {
		var got string
		var err error
		if c.base == "" {
			var u URL
			u, err = Parse(c.ref)
			got = u.Href()
		} else {
			got, err = Resolve(c.base, c.ref)
		}
		if err != nil || got != c.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", c.base, c.ref, got, err, c.want)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		input  string
		reason Reason
		offset int
	}{
		{"https://exa mple.org", DomainInvalidCodePoint, 11},
		{"  \thttps://exa mple.org", DomainInvalidCodePoint, 14}, // offsets count what the parser removed
		{"https://ex\tample.org:99999/", PortOutOfRange, 21},
		{"http://h:8a/", PortInvalid, 10},
		{"http://[::1/", IPv6Unclosed, 7},
		{"http://[1:::2]/", IPv6MultipleCompression, 11},
		{"http://1.2.3.4.5/", IPv4TooManyParts, 7},
		{"http://256.256.256.256/", IPv4OutOfRangePart, 7},
		{"http://user@/", HostMissing, 12},
		{"http:///", HostMissing, 8},
		{"sc://a b/", HostInvalidCodePoint, 6},
		{"relative", MissingSchemeNonRelativeURL, 0},
		{"http://xn--a.ß/", DomainToASCII, 7},
		// Bytes that are not UTF-8 before a removed tab: each is U+FFFD
		// (three bytes) in the cleaned input, one byte in the input.
		{"sc://\xff\t@h:99999/", PortOutOfRange, 10},
		{"sc://\xff\xfe\xfd\t@h:99999/", PortOutOfRange, 12},
		{"sc://\xe2\x82\t@h:99999/", PortOutOfRange, 11},
	} {
		_, err := Parse(c.input)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q): %v, want an *Error", c.input, err)
			continue
		}
		if !errors.Is(err, c.reason) || e.Offset != c.offset || e.Input != c.input {
			t.Errorf("Parse(%q): %#v, want reason %v at %d", c.input, e, c.reason, c.offset)
		}
		if !strings.Contains(err.Error(), c.reason.Error()) {
			t.Errorf("Parse(%q): message %q does not name %q", c.input, err, c.reason.Error())
		}
	}
	// A base that fails is reported as such.
	_, err := Resolve("http://[", "a")
	if e := (*Error)(nil); !errors.As(err, &e) || !e.Base || e.Reason != IPv6Unclosed || !strings.Contains(err.Error(), "parse base") {
		t.Errorf("Resolve with a bad base: %v, want the base's IPv6-unclosed", err)
	}
	// The message quotes at most an excerpt and the length.
	long := "http://h:x/" + strings.Repeat("a", 1000)
	_, err = Parse(long)
	if msg := err.Error(); len(msg) > 250 || !strings.Contains(msg, "(1011 bytes)") {
		t.Errorf("message for a long input: %q", msg)
	}
	// AppendResolve leaves dst as it was.
	dst := []byte("keep")
	out, err := AppendResolve(dst, nil, "nope")
	if err == nil || string(out) != "keep" {
		t.Errorf("AppendResolve on failure: %q, %v", out, err)
	}
}

func TestZeroURL(t *testing.T) {
	var u URL
	for name, got := range map[string]string{
		"Href": u.Href(), "Protocol": u.Protocol(), "Username": u.Username(), "Password": u.Password(),
		"Host": u.Host(), "Hostname": u.Hostname(), "Port": u.Port(), "Pathname": u.Pathname(),
		"Search": u.Search(), "Hash": u.Hash(),
	} {
		if got != "" {
			t.Errorf("zero URL: %s = %q, want \"\"", name, got)
		}
	}
	if u.Origin() != "null" {
		t.Errorf("zero URL: Origin = %q", u.Origin())
	}
	// A zero base is no base.
	if _, err := u.Parse("a"); !errors.Is(err, MissingSchemeNonRelativeURL) {
		t.Errorf("Parse against the zero URL: %v", err)
	}
}

func TestTrace(t *testing.T) {
	base, _ := Parse("http://example.org/a/b")
	var tr Trace
	u, err := ParseTrace("//user@h:81/x?q#f", &base, &tr)
	if err != nil || u.Href() != "http://user@h:81/x?q#f" {
		t.Fatalf("ParseTrace: %q, %v", u.Href(), err)
	}
	want := []State{SchemeStartState, NoSchemeState, RelativeState, RelativeSlashState,
		SpecialAuthorityIgnoreSlashesState, AuthorityState, HostState, PortState, PathStartState,
		PathState, QueryState, FragmentState}
	var got []State
	for _, s := range tr.Steps {
		got = append(got, s.State)
	}
	if len(got) != len(want) {
		t.Fatalf("states %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("states %v, want %v", got, want)
		}
	}
	if s := tr.Steps[len(tr.Steps)-1]; s.Offset != strings.IndexByte(tr.Input, '#')+1 || s.State.String() != "fragment state" {
		t.Errorf("last step %+v (%s)", s, s.State)
	}
	// A nil trace is the fast path and gives the same URL.
	v, _ := base.Parse("//user@h:81/x?q#f")
	if v != u {
		t.Errorf("with and without a trace: %q, %q", v.Href(), u.Href())
	}
}

// TestLinear parses pathological inputs of 4 and 8 MB: the time for 8 MB
// must stay within a generous factor of twice the time for 4 MB (the best of
// a few runs each, to damp the noise of a shared machine).
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	const n = 4 << 20
	gens := map[string]func(n int) string{
		"dot segments":     func(n int) string { return "http://h/" + strings.Repeat("a/", n/4) + strings.Repeat("../", n/6) },
		"encoded dots":     func(n int) string { return "http://h/" + strings.Repeat("%2e%2E/", n/7) },
		"at signs":         func(n int) string { return "http://" + strings.Repeat("@", n) + "h/" },
		"long domain":      func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "0x1/" },
		"unicode domain":   func(n int) string { return "http://" + strings.Repeat("\u00e4\u4e00", n/5) + "/" },
		"percent domain":   func(n int) string { return "http://" + strings.Repeat("%41", n/3) + "/" },
		"ipv6":             func(n int) string { return "http://[" + strings.Repeat("1:", n/2) + "]/" },
		"opaque spaces":    func(n int) string { return "sc:" + strings.Repeat(" ?", n/2) + "x" },
		"query controls":   func(n int) string { return "http://h/?" + strings.Repeat("\x01", n) },
		"tabs":             func(n int) string { return "http://h/" + strings.Repeat("\ta", n/2) },
		"credentials":      func(n int) string { return "http://" + strings.Repeat("u:p:", n/4) + "@h/" },
		"file drive loops": func(n int) string { return "file:///C:/" + strings.Repeat("../", n/3) },
	}
	// Bytes allocated always, CPU time when RELURL_TIMING=1
	// (internal/growth).
	for name, gen := range gens {
		growth.Linear(t, name, n, func(n int) func() {
			s := gen(n)
			return func() { _, _ = Parse(s) }
		})
	}
}

// TestUnicodeDomainBound: the one departure from the standard, a bound on
// the non-ASCII domains given to UTS #46 (doc.go).
func TestUnicodeDomainBound(t *testing.T) {
	label := strings.Repeat("\u00e4", 30) // 60 bytes
	var in strings.Builder
	for in.Len()+len(label)+1 <= maxUnicodeDomain {
		in.WriteString(label + ".")
	}
	ok := in.String()
	if _, err := Parse("http://" + ok + "/"); err != nil {
		t.Errorf("a %d-byte domain: %v", len(ok), err)
	}
	long := ok + strings.Repeat("\u00e4", (maxUnicodeDomain-len(ok))/2+1)
	if _, err := Parse("http://" + long + "/"); !errors.Is(err, DomainToASCII) {
		t.Errorf("a %d-byte domain: %v, want DomainToASCII", len(long), err)
	}
	// ASCII domains have no bound.
	ascii := strings.Repeat("a", 4*maxUnicodeDomain)
	if u, err := Parse("http://" + ascii + "/"); err != nil || u.Hostname() != ascii {
		t.Errorf("a %d-byte ASCII domain: %v", len(ascii), err)
	}
}

// TestTabBetweenIllFormedBytes: the standard's input is a scalar value
// string, so a byte that is not UTF-8 is U+FFFD before the tabs and
// newlines are removed; removing them first would join "\xc3" and "\xa9"
// around a tab into "é".
func TestTabBetweenIllFormedBytes(t *testing.T) {
	for in, want := range map[string]string{
		"http://h/\xc3\t\xa9":                "http://h/%EF%BF%BD%EF%BF%BD",
		"http://h/\xc3\r\n\xa9":              "http://h/%EF%BF%BD%EF%BF%BD",
		"http://h/\xc3\xa9\t":                "http://h/%C3%A9",
		"http://h/\xc3\t\xa9?\xe2\n\x82\xac": "http://h/%EF%BF%BD%EF%BF%BD?%EF%BF%BD%EF%BF%BD%EF%BF%BD",
	} {
		u, err := Parse(in)
		if err != nil || u.String() != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, u.String(), err, want)
		}
	}
}

// TestIllFormedUTF8 holds every way a string reaches a URL to one reading
// of bytes that are not UTF-8: the Encoding Standard's UTF-8 decoder, which
// makes each maximal ill-formed subsequence one U+FFFD (TextDecoder's
// counts, below), as SearchParams reads its names and values.
func TestIllFormedUTF8(t *testing.T) {
	const fffd = "%EF%BF%BD"
	enc, _ := LookupEncoding("windows-1252")
	sjis, _ := LookupEncoding("iso-2022-jp")
	for _, c := range []struct {
		bytes string
		n     int // U+FFFD that TextDecoder gives
	}{
		{"\xe2\x82", 1}, {"\xf0\x9f\x98", 1}, {"\xe0\x80", 2}, {"\xff", 1},
		{"\xf0\x9f\x98\xe2\x82x", 2}, {"\xed\xa0\x80", 3}, {"\xc0\xaf", 2},
		{"\xf4\x90\x80\x80", 4}, {"\xf4\x8f", 1},
	} {
		s := c.bytes
		count := func(what, got, unit string) {
			t.Helper()
			if k := strings.Count(got, unit); k != c.n {
				t.Errorf("%s of %q: %q has %d U+FFFD, want %d", what, s, got, k, c.n)
			}
		}
		for _, in := range []string{"sc://h/" + s, "sc://h/\t" + s, "sc://h/" + s + "\t"} {
			u, err := Parse(in)
			if err != nil {
				t.Fatal(err)
			}
			count("path "+strconv.Quote(in), u.Pathname(), fffd)
		}
		u := MustParse("sc://h/p")
		count("opaque path", MustParse("sc:"+s).Pathname(), fffd)
		count("opaque host", MustParse("sc://"+s+"/").Hostname(), fffd)
		count("query", MustParse("sc://h/?"+s).Search(), fffd)
		count("fragment", MustParse("sc://h/#"+s).Hash(), fffd)
		count("userinfo", MustParse("sc://"+s+":"+s+"@h/").Username(), fffd)
		count("SetUsername", u.SetUsername(s).Username(), fffd)
		count("SetPassword", u.SetPassword(s).Password(), fffd)
		count("SetPathname", u.SetPathname(s).Pathname(), fffd)
		count("SetSearch", u.SetSearch(s).Search(), fffd)
		count("SetSearch with a tab", u.SetSearch(s+"\t").Search(), fffd)
		count("SetHash", u.SetHash(s).Hash(), fffd)
		count("SetHost", u.SetHost(s).Hostname(), fffd)
		v := u
		v.SearchParams().Append("n", s)
		count("SearchParams.Append", v.Search(), fffd)
		h := MustParse("http://h/")
		w, err := h.ParseEncoded("?"+s, enc)
		if err != nil {
			t.Fatal(err)
		}
		count("windows-1252 query", w.Search(), "%26%2365533%3B")
		w, err = h.ParseEncoded("?"+s, sjis)
		if err != nil {
			t.Fatal(err)
		}
		count("ISO-2022-JP query", w.Search(), "%26%2365533%3B")
	}
}
