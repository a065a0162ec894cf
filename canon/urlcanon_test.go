package canon

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The test vectors of IIPC urlcanon (testdata/urlcanon/README.md gives their
// origin and licence). In the URL Standard reading (TestURLCanonVectors)
// each vector passes, or is listed with the value we give and the reason in
// testdata/urlcanon-differences.txt; a listed vector that passes, or gives
// another value than the one listed, fails the test. Read as urlcanon
// parses (TestURLCanonReading), every vector passes.

// loadLatin1JSON reads a urlcanon JSON file as urlcanon's Python tests do
// (load_json_bytes): the file's bytes as Latin-1 text, each string then
// turned back into bytes, so that "\u00bb" is the byte 0xBB and raw UTF-8
// stays the bytes it is.
func loadLatin1JSON(t *testing.T, name string, v any) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "urlcanon", name))
	if err != nil {
		t.Fatal(err)
	}
	rs := make([]rune, len(raw))
	for i, b := range raw {
		rs[i] = rune(b)
	}
	if err := json.Unmarshal([]byte(string(rs)), v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// bytesOf turns a string of Latin-1 runes back into bytes; a rune above
// U+00FF (a \u escape of a higher code point) is written in UTF-8.
func bytesOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 256 {
			b.WriteByte(byte(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// A vector is one case: the file and section it comes from, the input, the
// expected value and what we give.
type vector struct {
	file, section, input, want, got string
}

func (v vector) key() string {
	return v.file + "\t" + v.section + "\t" + strconv.Quote(v.input)
}

// differences reads testdata/urlcanon-differences.txt: lines
// "FILE<TAB>SECTION<TAB>"INPUT"<TAB>"OURS"", each under a "# reason: "
// line saying why we differ.
func differences(t *testing.T) map[string][2]string {
	f, err := os.Open(filepath.Join("testdata", "urlcanon-differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][2]string{}
	reason := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# reason: "):
			reason = strings.TrimPrefix(line, "# reason: ")
			continue
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || reason == "" {
			t.Fatalf("urlcanon-differences.txt:%d: want FILE, SECTION, INPUT, OURS under a reason: %q", n, line)
		}
		in, err1 := strconv.Unquote(f[2])
		got, err2 := strconv.Unquote(f[3])
		if err1 != nil || err2 != nil {
			t.Fatalf("urlcanon-differences.txt:%d: input and ours must be Go-quoted", n)
		}
		out[f[0]+"\t"+f[1]+"\t"+strconv.Quote(in)] = [2]string{got, reason}
	}
	return out
}

// result is what a function gives as a vector's value: the string, or
// "ERROR: ..." (the canonicalizer rejects the input).
func result(s string, err error) string {
	if err != nil {
		return "ERROR: " + err.Error()
	}
	return s
}

func TestURLCanonVectors(t *testing.T) {
	var vs []vector
	add := func(file, section string, m map[string]*string, f func(string) string) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			in := bytesOf(k)
			want := "null"
			if m[k] != nil {
				want = bytesOf(*m[k])
			}
			vs = append(vs, vector{file, section, in, want, f(in)})
		}
	}
	canonWith := func(c *Canonicalizer) func(string) string {
		return func(s string) string { return result(c.Canonicalize(s)) }
	}

	var flat map[string]*string
	loadLatin1JSON(t, "supplemental_whatwg.json", &flat)
	add("supplemental_whatwg.json", "whatwg", flat, canonWith(WHATWG))
	flat = nil
	loadLatin1JSON(t, "semantic_precise.json", &flat)
	add("semantic_precise.json", "semantic_precise", flat, canonWith(SemanticPrecise))
	flat = nil
	loadLatin1JSON(t, "aggressive.json", &flat)
	add("aggressive.json", "aggressive", flat, canonWith(Aggressive))

	var surt map[string]map[string]*string
	loadLatin1JSON(t, "surt.json", &surt)
	// Tests of the surt library, which urlcanon runs on its google
	// canonicalizer; we run them on both.
	add("surt.json", "google", surt["google"], canonWith(Google))
	iaGoogle := func(s string) string {
		h, err := iaParse(s)
		if err != nil {
			return result("", err)
		}
		h.googleCanonicalize()
		return string(h.appendURL(nil))
	}
	add("surt.json", "google(surt library)", surt["google"], iaGoogle)
	add("surt.json", "googleSupplementalFromSurt", surt["googleSupplementalFromSurt"], iaGoogle)
	add("surt.json", "Canonicalizer.DefaultIA", surt["Canonicalizer.DefaultIA"], canonWith(IA))
	add("surt.json", "Canonicalizer.IA", surt["Canonicalizer.IA"], func(s string) string {
		h, err := iaParse(s)
		if err != nil {
			return result("", err)
		}
		h.iaCanonicalize(true)
		return string(h.appendURL(nil))
	})
	add("surt.json", "unescapeRepeatedly", surt["unescapeRepeatedly"], func(s string) string {
		return string(appendDecodedRepeatedly(nil, s))
	})
	add("surt.json", "alphaRorderQuery", surt["alphaRorderQuery"], alphaReorderQuery)
	add("surt.json", "massageHost", surt["massageHost"], stripWWW)
	add("surt.json", "stripPathSessionId", surt["stripPathSessionId"], stripIAPathSessionID)
	add("surt.json", "defaultIASurt", surt["defaultIASurt"], func(s string) string { return result(CDXKey(s)) })

	var ssurt map[string]map[string]*string
	loadLatin1JSON(t, "ssurt.json", &ssurt)
	add("ssurt.json", "ssurtHost", ssurt["ssurtHost"], SSURTHost)
	add("ssurt.json", "reverseHost", ssurt["reverseHost"], ReverseHost)
	add("ssurt.json", "ssurt", ssurt["ssurt"], func(s string) string { return result(WHATWG.SSURT(s)) })
	add("ssurt.json", "surt", ssurt["surt"], func(s string) string { return result(WHATWG.SURT(s, SURTOptions{})) })
	add("ssurt.json", "surtWithoutScheme", ssurt["surtWithoutScheme"], func(s string) string {
		return result(WHATWG.SURT(s, SURTOptions{OmitScheme: true}))
	})
	add("ssurt.json", "surtWithoutTrailingComma", ssurt["surtWithoutTrailingComma"], func(s string) string {
		return result(WHATWG.SURT(s, SURTOptions{OmitTrailingComma: true}))
	})

	flat = nil
	loadLatin1JSON(t, "funky_ipv4.json", &flat)
	add("funky_ipv4.json", "ipv4", flat, func(s string) string {
		// urlcanon's null: not an IPv4 address (a domain, or nothing).
		if !isIPv4(s) {
			return "null"
		}
		h, _ := reparseHost("http", s)
		return h
	})

	var dots map[string]map[string]*string
	loadLatin1JSON(t, "path_dots.json", &dots)
	pathOf := func(prefix string) func(string) string {
		return func(s string) string {
			pre := prefix
			if !strings.HasPrefix(s, "/") && !strings.HasPrefix(prefix, "http:") {
				// urlcanon leaves such a path as it is; so does the
				// URL Standard's opaque path.
				pre = "foo:"
			}
			var p parts
			if err := parseParts(pre+s, &p); err != nil {
				return result("", err)
			}
			return p.path
		}
	}
	add("path_dots.json", "special", dots["special"], pathOf("http://example.com"))
	add("path_dots.json", "nonspecial", dots["nonspecial"], pathOf("foo://example.com"))

	var parsing map[string]map[string]any
	loadLatin1JSON(t, "parsing.json", &parsing)
	pm := map[string]*string{}
	for in, fields := range parsing {
		// urlcanon's components, in the URL Standard's terms.
		s := fmt.Sprintf("scheme=%q user=%q pass=%q host=%q port=%q path=%q query=%q fragment=%q",
			fields["scheme"], fields["username"], fields["password"], fields["host"],
			fields["port"], fields["path"], fields["query"], fields["fragment"])
		pm[in] = &s
	}
	add("parsing.json", "components", pm, func(s string) string {
		var p parts
		if err := parseParts(s, &p); err != nil {
			return result("", err)
		}
		return fmt.Sprintf("scheme=%q user=%q pass=%q host=%q port=%q path=%q query=%q fragment=%q",
			p.scheme, p.user, p.pass, p.host, p.port, p.path, p.query, p.frag)
	})

	known := differences(t)
	seen := map[string]bool{}
	passed, listed := 0, 0
	var unlisted []string
	for _, v := range vs {
		k := v.key()
		seen[k] = true
		d, isListed := known[k]
		switch {
		case v.got == v.want && isListed:
			t.Errorf("%s %s %q: passes but is listed as a difference (%s): remove it from the list", v.file, v.section, v.input, d[1])
		case v.got == v.want:
			passed++
		case !isListed:
			unlisted = append(unlisted, fmt.Sprintf("%s\t%s\t%q\t%q", v.file, v.section, v.input, v.got))
			t.Errorf("%s %s %q: got %q, want %q", v.file, v.section, v.input, v.got, v.want)
		case d[0] != v.got:
			t.Errorf("%s %s %q: got %q, the list says %q (want %q)", v.file, v.section, v.input, v.got, d[0], v.want)
		default:
			listed++
		}
	}
	for k := range known {
		if !seen[k] {
			t.Errorf("urlcanon-differences.txt lists %s, which is no vector", k)
		}
	}
	if len(unlisted) > 0 && os.Getenv("CANON_PRINT_UNLISTED") != "" {
		// For writing a reason for each: the lines to add, with our value.
		fmt.Println(strings.Join(unlisted, "\n"))
	}
	t.Logf("%d vectors: %d pass, %d listed differences", len(vs), passed, listed)
}

// TestIdempotenceVectors: urlcanon's parser round-trip inputs; for us,
// every canonicalizer is idempotent on them, and an input the URL Standard
// rejects gets an *Error naming it.
func TestIdempotenceVectors(t *testing.T) {
	var inputs []string
	loadLatin1JSON(t, "idempotence.json", &inputs)
	for _, in := range inputs {
		in = bytesOf(in)
		for _, c := range All {
			if c != IA {
				checkIdempotent(t, c, in)
			}
		}
	}
}

func checkIdempotent(t *testing.T, c *Canonicalizer, in string) {
	t.Helper()
	once, err := c.Canonicalize(in)
	if err != nil {
		e, ok := err.(*Error)
		if !ok || e.Input != in || e.Op != c.Name() {
			t.Errorf("%s(%q): error %v is not an *Error naming the input", c.Name(), in, err)
		}
		return
	}
	twice, err := c.Canonicalize(once)
	if err != nil {
		t.Errorf("%s(%q) = %q, which it rejects: %v", c.Name(), in, once, err)
		return
	}
	if twice != once {
		t.Errorf("%s not idempotent on %q: %q, then %q", c.Name(), in, once, twice)
	}
}

// TestNotes: urlcanon's notes.txt lists inputs its authors found no
// canonical form for (the URL Standard rejects most). Each canonicalizer
// rejects each with an *Error naming it, or canonicalizes it idempotently.
func TestNotes(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "urlcanon", "notes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(line, "http") {
			continue
		}
		// The file writes two control bytes as Python escapes.
		in := strings.NewReplacer(`\x01`, "\x01", `\x80`, "\x80").Replace(line)
		for _, c := range All {
			if c != IA {
				checkIdempotent(t, c, in)
			}
		}
		n++
	}
	if n < 10 {
		t.Fatalf("read %d inputs from notes.txt", n)
	}
}

// TestURLCanonReading: read as urlcanon parses (URLCanon, ParseURLCanon),
// every vector urlcanon's own tests run passes, with no exception: the
// canonicalizers' (supplemental_whatwg, semantic_precise, aggressive, and
// surt.json's google, which urlcanon runs on its google canonicalizer),
// the parser's pieces (parsing.json) and round trip (idempotence.json),
// SURT and SSURT of the parsed pieces (ssurt.json), IPv4 hosts
// (funky_ipv4.json) and dot segments (path_dots.json).
func TestURLCanonReading(t *testing.T) {
	n := 0
	check := func(file, section, in, got, want string) {
		t.Helper()
		n++
		if got != want {
			t.Errorf("%s %s %q: got %q, want %q", file, section, in, got, want)
		}
	}
	flat := func(file string) map[string]*string {
		var m map[string]*string
		loadLatin1JSON(t, file, &m)
		return m
	}
	run := func(file, section string, m map[string]*string, f func(string) string) {
		t.Helper()
		if len(m) == 0 {
			t.Fatalf("%s %s: no vectors", file, section)
		}
		for k, v := range m {
			want := "null"
			if v != nil {
				want = bytesOf(*v)
			}
			in := bytesOf(k)
			check(file, section, in, f(in), want)
		}
	}
	canonWith := func(c *Canonicalizer) func(string) string {
		u := URLCanon(c)
		return func(s string) string {
			got, err := u.Canonicalize(s)
			if err != nil {
				t.Errorf("%s(%q): %v; the urlcanon reading accepts every string", u.Name(), s, err)
			}
			return got
		}
	}
	run("supplemental_whatwg.json", "whatwg", flat("supplemental_whatwg.json"), canonWith(WHATWG))
	run("semantic_precise.json", "semantic_precise", flat("semantic_precise.json"), canonWith(SemanticPrecise))
	run("aggressive.json", "aggressive", flat("aggressive.json"), canonWith(Aggressive))
	var surt map[string]map[string]*string
	loadLatin1JSON(t, "surt.json", &surt)
	run("surt.json", "google", surt["google"], canonWith(Google))

	var ssurt map[string]map[string]*string
	loadLatin1JSON(t, "ssurt.json", &ssurt)
	run("ssurt.json", "ssurt", ssurt["ssurt"], func(s string) string { return ParseURLCanon(s).SSURT() })
	run("ssurt.json", "surt", ssurt["surt"], func(s string) string { return ParseURLCanon(s).SURT(SURTOptions{}) })
	run("ssurt.json", "surtWithoutScheme", ssurt["surtWithoutScheme"], func(s string) string {
		return ParseURLCanon(s).SURT(SURTOptions{OmitScheme: true})
	})
	run("ssurt.json", "surtWithoutTrailingComma", ssurt["surtWithoutTrailingComma"], func(s string) string {
		return ParseURLCanon(s).SURT(SURTOptions{OmitTrailingComma: true})
	})
	run("ssurt.json", "ssurtHost", ssurt["ssurtHost"], func(s string) string {
		p := parts{urlcanon: true}
		return string(p.appendSSURTHost(nil, s, true))
	})
	run("ssurt.json", "reverseHost", ssurt["reverseHost"], ReverseHost)

	run("funky_ipv4.json", "ipv4", flat("funky_ipv4.json"), func(s string) string {
		n, ok := ucParseIPv4(s)
		if !ok {
			return "null"
		}
		a, _ := ucAddress(s)
		if n < 0 || !a.Is4() {
			t.Errorf("ucParseIPv4(%q) = %d: no address", s, n)
		}
		return a.String()
	})
	var dots map[string]map[string]*string
	loadLatin1JSON(t, "path_dots.json", &dots)
	run("path_dots.json", "special", dots["special"], func(s string) string { return resolvePathDots(s, true) })
	run("path_dots.json", "nonspecial", dots["nonspecial"], func(s string) string { return resolvePathDots(s, false) })

	var parsing map[string]map[string]any
	loadLatin1JSON(t, "parsing.json", &parsing)
	for in, want := range parsing {
		in := bytesOf(in)
		u := ParseURLCanon(in)
		str := func(b bool, s string) string {
			if b {
				return s
			}
			return ""
		}
		got := map[string]string{
			"leading_junk": u.LeadingJunk, "scheme": u.Scheme, "colon_after_scheme": str(u.Scheme != "", ":"),
			"slashes": u.Slashes, "username": u.Username, "colon_before_password": str(u.ColonBeforePassword, ":"),
			"password": u.Password, "at_sign": str(u.AtSign, "@"), "host": u.Host,
			"colon_before_port": str(u.ColonBeforePort, ":"), "port": u.Port, "path": u.Path,
			"question_mark": str(u.QuestionMark, "?"), "query": u.Query, "hash_sign": str(u.HashSign, "#"),
			"fragment": u.Fragment, "trailing_junk": u.TrailingJunk,
			"ip4": "null", "ip6": "null",
			"surt_ancestry": fmt.Sprintf("%q", u.SURTAncestry()),
		}
		if u.Addr.Is4() {
			b := u.Addr.As4()
			got["ip4"] = strconv.FormatUint(uint64(b[0])<<24|uint64(b[1])<<16|uint64(b[2])<<8|uint64(b[3]), 10)
		} else if u.Addr.Is6() {
			b := u.Addr.As16()
			got["ip6"] = new(big.Int).SetBytes(b[:]).String()
		}
		for field, w := range want {
			var ws string
			switch w := w.(type) {
			case nil:
				ws = "null"
			case string:
				ws = bytesOf(w)
			case float64:
				ws = strconv.FormatFloat(w, 'f', -1, 64)
			case []any:
				ws = fmt.Sprintf("%q", bytesOfAll(w))
			default:
				t.Fatalf("parsing.json %q: field %s is a %T", in, field, w)
			}
			g, ok := got[field]
			if !ok {
				t.Fatalf("parsing.json %q: unknown field %s", in, field)
			}
			check("parsing.json", field, in, g, ws)
		}
		if u.String() != in {
			t.Errorf("ParseURLCanon(%q).String() = %q", in, u.String())
		}
	}

	var inputs []string
	loadLatin1JSON(t, "idempotence.json", &inputs)
	for _, in := range inputs {
		in = bytesOf(in)
		check("idempotence.json", "round trip", in, ParseURLCanon(in).String(), in)
	}
	t.Logf("%d vectors pass read as urlcanon parses", n)
}

// bytesOfAll is bytesOf on each string of a JSON list.
func bytesOfAll(l []any) []string {
	out := make([]string, 0, len(l))
	for _, v := range l {
		s, _ := v.(string)
		out = append(out, bytesOf(s))
	}
	return out
}

// TestURLCanonIDNA: hosts by urlcanon's IDNA step, the expected values
// urlcanon's Python code gives (punycode_special_host): IDNA 2008 when it
// accepts the host, else IDNA 2003 label by label, else the host as it is.
func TestURLCanonIDNA(t *testing.T) {
	for in, want := range map[string]string{
		"Example.COM":                    "example.com",
		"foo_bar.com":                    "foo_bar.com",                    // IDNA 2003 takes "_"
		"a..b":                           "a..b",                           // an empty label: neither takes it
		"EXAMPLE.com.":                   "example.com.",                   // IDNA 2008 takes the root's "."
		"Foo_Bar.com.":                   "Foo_Bar.com.",                   // ... IDNA 2003 does not
		strings.Repeat("x", 64) + ".com": strings.Repeat("x", 64) + ".com", // a label too long
		"\u2603.net":                     "xn--n3h.net",                    // not IDNA 2008, IDNA 2003
		"B\u00fccher.ch":                 "xn--bcher-kva.ch",
		"FA\u00df.de":                    "xn--fa-hia.de",  // IDNA 2008 keeps "ß"
		"\u00dffoo\u2603":                "xn--ssfoo-nb1c", // IDNA 2003 maps it to "ss"
		"1%25 1|\u00df":                  "1%25 1|ss",
		"\u2488.com":                     "\u2488.com", // disallowed by both
		"xn--n3h.neWWW.":                 "xn--n3h.neWWW.",
		"a\u3002B\u00fc":                 "a.xn--b-eha", // U+3002 is a dot
	} {
		if got := urlcanonIDNA(in); got != want {
			t.Errorf("urlcanonIDNA(%q) = %q, want %q", in, got, want)
		}
	}
}
