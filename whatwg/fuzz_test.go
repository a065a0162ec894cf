package whatwg

import (
	"errors"
	"testing"
)

// serialize rebuilds the href from the getters, as the URL serializer
// (URL Standard section 4.5) writes it from the record's components.
func serialize(u *URL) string {
	s := u.Protocol()
	if u.HasHost() {
		s += "//"
		if u.Username() != "" || u.Password() != "" {
			s += u.Username()
			if u.Password() != "" {
				s += ":" + u.Password()
			}
			s += "@"
		}
		s += u.Host()
	} else if !u.HasOpaquePath() && len(u.Pathname()) >= 2 && u.Pathname()[:2] == "//" {
		s += "/."
	}
	s += u.Pathname()
	if q, ok := u.Query(); ok {
		s += "?" + q
	}
	if f, ok := u.Fragment(); ok {
		s += "#" + f
	}
	return s
}

// checkURL asserts what holds of every parsed URL: the components rebuild
// the href, and the href re-parses to the same URL (the standard's
// idempotence of parse and serialize).
func checkURL(t *testing.T, what string, u *URL) {
	t.Helper()
	if u.Href() == "" {
		t.Fatalf("%s: success with an empty href", what)
	}
	if s := serialize(u); s != u.Href() {
		t.Fatalf("%s: components give %q, href is %q (%s)", what, s, u.Href(), u.debug())
	}
	v, err := Parse(u.Href())
	if err != nil {
		t.Fatalf("%s: href %q does not re-parse: %v", what, u.Href(), err)
	}
	if v != *u {
		t.Fatalf("%s: href %q re-parses to %s, was %s", what, u.Href(), v.debug(), u.debug())
	}
}

func checkErr(t *testing.T, what, input string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Reason == 0 || e.Input != input || e.Offset < 0 || e.Offset > len(input) {
		t.Fatalf("%s: not a proper *Error for %q: %#v", what, input, err)
	}
	if !errors.Is(err, e.Reason) {
		t.Fatalf("%s: errors.Is(err, %v) is false", what, e.Reason)
	}
}

func FuzzResolve(f *testing.F) {
	// Each seed is (base, reference).
	f.Add("https://www.example.com/a/b/index.html", "../c/./d?x#y")                   // the crawl mix's common case
	f.Add("http://example.org/foo/bar", "http:g")                                     // same special scheme: relative
	f.Add("http://example.org/", "\\\\server\\share\\..\\x")                          // backslashes in a special URL
	f.Add("http://example.org/", "//user:pa:ss@h@ost:0080/%2e%2E/x")                  // credentials, "@" twice, port zeros, encoded dots
	f.Add("http://example.org/", "http://0x7f.1.0300/")                               // IPv4 number forms
	f.Add("http://example.org/", "http://[::ffff:1.2.3.4]:65535/")                    // IPv6 with an embedded IPv4 address
	f.Add("http://example.org/", "https://faß.ExAmPlE/ \t\n")                         // a non-ASCII domain, tabs and spaces
	f.Add("file:///C:/a/b", "..\\..\\..\\D|\\x")                                      // Windows drive letters in file URLs
	f.Add("file://host/a", "file://localhost/x")                                      // localhost as the empty host
	f.Add("sc:/.//p", "..//q/")                                                       // the serializer's "/." prefix
	f.Add("sc:opaque path ?q", "#frag")                                               // an opaque base and a fragment
	f.Add("web+demo:/a", "//h:99/p?q'#f`")                                            // a non-special authority and opaque host
	f.Add("http://example.org/", "https://ex ample.org/")                             // failure: a space in a domain
	f.Add("about:blank", "a")                                                         // failure: relative to an opaque path
	f.Add("http://example.org/", "http://xn--a.ß/")                                   // failure: invalid Punycode with non-ASCII
	f.Add("non-spec:/.//", "..")                                                      // a path that empties after "/."
	f.Add("A:/.//", "/")                                                              // a "/."-prefixed base under an absolute path (found by fuzzing)
	f.Add("https://h/", "//%C3%A4%2Ecom/")                                            // a percent-encoded non-ASCII domain
	f.Add("https://h/", "//a\u200db.example/")                                        // a joiner that CheckJoiners rejects
	f.Add("https://h/", "//\xff/")                                                    // invalid UTF-8 in a domain
	f.Add("sc://h/", "sc://\xff\u00e4@h\xfb/\xfe?\xfd#\xfc")                          // invalid UTF-8 in every component of a non-special URL
	f.Add("https://h/", "//u@0x7F.01.65535./")                                        // the IPv4 parser's validation errors, credentials
	f.Add("https://h/", "//[0:01::00ff]/")                                            // IPv6 pieces with leading zeros
	f.Add("sc://h/", "sc://a`b%z{%41/")                                               // invalid URL units in an opaque host
	f.Add("file:///c:/a", "c|/x")                                                     // a reference that starts with a drive letter
	f.Add("https://h/", "file://c:/x")                                                // a drive letter as the host of a file URL
	f.Add("https://h/", "//ex_am%70le-.org../")                                       // strict domain to ASCII, a percent-encoded byte
	f.Add("https://h/", "sc://\xff\xe2\x82\t@h:99999/")                               // a failure's offset after bytes not UTF-8 and a tab
	f.Add("https://h/", "sc://\xf0\x9f\x98\t\xe2\x82@h/\xf4\x8f?\xe0\x80#\xc3\t\xa9") // each maximal ill-formed subsequence one U+FFFD
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, errB := Parse(base)
		var bp *URL
		if errB != nil {
			checkErr(t, "base", base, errB)
		} else {
			checkURL(t, "base", &b)
			bp = &b
		}
		u, err := ParseTrace(ref, bp, nil)
		var tr Trace
		if v, errT := ParseTrace(ref, bp, &tr); v != u || (err == nil) != (errT == nil) {
			t.Fatalf("ParseTrace gives %q, %v; Parse %q, %v", v.Href(), errT, u.Href(), err)
		}
		for _, s := range tr.Steps {
			if s.State >= numStates || s.Offset < 0 || s.Offset > len(tr.Input) {
				t.Fatalf("step %+v outside the input %q", s, tr.Input)
			}
		}
		for _, v := range tr.Validation {
			if v.Kind == 0 || v.Kind >= numValidationKinds || v.Offset < 0 || v.Offset > len(tr.Input) {
				t.Fatalf("validation error %+v outside the input %q", v, tr.Input)
			}
		}
		if c := CanParse(ref, base); c != (errB == nil && err == nil) {
			t.Fatalf("CanParse(%q, %q) = %v; Parse errors %v, %v", ref, base, c, errB, err)
		}
		out, err2 := AppendResolve([]byte("prefix"), bp, ref)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("Parse error %v, AppendResolve error %v", err, err2)
		}
		if err != nil {
			checkErr(t, "ref", ref, err)
			if string(out) != "prefix" {
				t.Fatalf("AppendResolve changed dst on failure: %q", out)
			}
			return
		}
		checkURL(t, "ref", &u)
		if string(out) != "prefix"+u.Href() {
			t.Fatalf("AppendResolve gives %q, Parse %q", out, u.Href())
		}
		// The parsed-base path equals the string path.
		if errB == nil {
			s, err := Resolve(base, ref)
			if err != nil || s != u.Href() {
				t.Fatalf("Resolve(%q, %q) = %q, %v; with the parsed base %q", base, ref, s, err, u.Href())
			}
		}
	})
}

func FuzzRelative(f *testing.F) {
	// Each seed is (base, target).
	f.Add("https://www.example.com/a/b/index.html", "https://www.example.com/a/c/d?x#y") // "../c/d?x#y"
	f.Add("https://h/a/b", "https://h/a/b?q")                                            // query only
	f.Add("https://h/a/b?q", "https://h/a/b#f")                                          // same path, query dropped
	f.Add("https://h/a/b", "https://other/a/b")                                          // network-path reference
	f.Add("http://h/a/b", "https://h/a/b")                                               // another scheme
	f.Add("file:///C:/a/b", "file:///C:/x")                                              // a drive letter
	f.Add("sc:/.//a/b", "sc:/.//c")                                                      // the "/." prefix
	f.Add("sc:opaque", "sc:opaque#f")                                                    // an opaque base
	f.Add("http://h/a/", "http://h/a:b/c")                                               // a colon in the first segment
	f.Add("http://h/x/y", "http://h//z")                                                 // a path starting "//"
	f.Add("sc:/0//", "sc:/.//")                                                          // only a longer reference keeps the dot path: found by fuzzing
	f.Add("sc://a", "sc://a/b")                                                          // an empty base path: "b"
	f.Add("sc://a/x", "sc://a?q")                                                        // an empty target path: "//a?q"
	f.Add("file:///a:/D:?#", "file:///?")                                                // the base's drive letter is kept: "///?"
	f.Add("file:///x/y/z", "file:///x/y/C|/w")                                           // a drive letter first: "./C|/w"
	f.Add("mailto://a/%2f//b", `mailto://a/%2f//b\c:/`)                                  // a ":" after no scheme: "b\c:/"
	f.Fuzz(func(t *testing.T, base, target string) {
		b, err := Parse(base)
		if err != nil {
			return
		}
		u, err := b.Parse(target)
		if err != nil {
			return
		}
		r := Relative(&b, &u)
		v, err := b.Parse(r)
		if err != nil || v.Href() != u.Href() {
			t.Fatalf("Relative(%q, %q) = %q, which resolves to %q, %v", b.Href(), u.Href(), r, v.Href(), err)
		}
		if len(r) > len(u.Href()) {
			t.Fatalf("Relative(%q, %q) = %q, longer than the href", b.Href(), u.Href(), r)
		}
	})
}

// setterFuncs are the setters FuzzSetters chooses from.
var setterFuncs = []func(URL, string) URL{
	func(u URL, v string) URL {
		if w, err := u.SetHref(v); err == nil {
			return w
		}
		return u
	},
	URL.SetProtocol, URL.SetUsername, URL.SetPassword, URL.SetHost, URL.SetHostname,
	URL.SetPort, URL.SetPathname, URL.SetSearch, URL.SetHash,
}

// FuzzSetters: every setter, on any URL and any value, returns a valid URL
// (its components rebuild its href, which re-parses to it) and is
// idempotent (setting the same value again changes nothing).
func FuzzSetters(f *testing.F) {
	f.Add("https://user:pw@example.org:8080/a/b?q#f", uint8(4), "other.example:99") // host and port
	f.Add("http://localhost/x", uint8(1), "file")                                   // the record no parse gives
	f.Add("sc:/a", uint8(4), "h")                                                   // a host for a null host
	f.Add("sc:/.//x", uint8(7), "//y")                                              // the "/." prefix
	f.Add("sc:opaque", uint8(8), "a b#c")                                           // a query on an opaque path
	f.Add("file:///C:/x", uint8(7), "D|/y?z")                                       // drive letters, "?" in a path
	f.Add("http://h/", uint8(6), "8080junk")                                        // digits then junk
	f.Add("http://h/", uint8(5), "[::1]:80")                                        // hostname with a port
	f.Add("sc://h/", uint8(2), "@:/\x00é")                                          // userinfo encoding
	f.Add("http://h/p", uint8(9), "#\t#x y")                                        // tabs removed, "#" kept
	f.Fuzz(func(t *testing.T, href string, which uint8, value string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		set := setterFuncs[int(which)%len(setterFuncs)]
		v := set(u, value)
		if v.kind == kindFile && v.Hostname() == "localhost" {
			// SetProtocol("file") on http://localhost/: a record the
			// standard's setter makes and no parse gives.
			return
		}
		checkURL(t, "setter", &v)
		if w := set(v, value); w != v {
			t.Fatalf("setter %d with %q: %q, then %q", int(which)%len(setterFuncs), value, v.Href(), w.Href())
		}
	})
}

// FuzzSearchParams: the application/x-www-form-urlencoded serialization
// round-trips (parse, serialize, parse gives the same list and text), and a
// SearchParams bound to a URL keeps it valid and in step.
func FuzzSearchParams(f *testing.F) {
	f.Add("a=b&c=d", "n", "v")             // plain pairs
	f.Add("a+b=%20&&=x&y", "", "")         // "+", empty sequences, no "="
	f.Add("%zz%C3%A9%FF%E2%82=", "é", "%") // bad escapes, ill-formed UTF-8
	f.Add("😀=1&\uff61=2&a=3", "b", "")     // sort by UTF-16 code units
	f.Fuzz(func(t *testing.T, s, name, value string) {
		p := ParseSearchParams(s)
		text := p.String()
		q := ParseSearchParams(text)
		if q.String() != text || q.Size() != p.Size() {
			t.Fatalf("%q serializes to %q, which parses to %q", s, text, q.String())
		}
		u, err := Parse("https://h/p?" + s + "#f")
		if err != nil {
			t.Fatal(err)
		}
		b := u.SearchParams()
		b.Append(name, value)
		b.Sort()
		checkURL(t, "after Append and Sort", &u)
		if again := u.SearchParams(); again.String() != b.String() {
			t.Fatalf("URL %q: its params %q, the bound ones %q", u.Href(), again.String(), b.String())
		}
		if v, ok := b.Get(name); !ok || !b.Has(name) || v != toScalars(value) && b.GetAll(name)[0] != v {
			t.Fatalf("Get(%q) = %q, %v after Append", name, v, ok)
		}
		b.Delete(name)
		if b.Has(name) {
			t.Fatalf("Has(%q) after Delete", name)
		}
		checkURL(t, "after Delete", &u)
	})
}

// checkFastPath asserts that the fast path, when it takes input, gives the
// URL the state machine gives (ParseTrace with a Trace always runs the
// machine).
func checkFastPath(t *testing.T, input string) bool {
	t.Helper()
	u, slash, ok := fastParse(input)
	if !ok {
		return false
	}
	u.href = input
	if slash {
		u.href += "/"
	}
	var tr Trace
	v, err := ParseTrace(input, nil, &tr)
	if err != nil || u != v {
		t.Fatalf("fast path on %q: %s; the state machine: %s, %v", input, u.debug(), v.debug(), err)
	}
	return true
}

// FuzzFastPath: the fast path agrees with the state machine on every input
// it takes.
func FuzzFastPath(f *testing.F) {
	f.Add("https://www.example.com/a/b.html?x=1#top") // the common case
	f.Add("file://node.gypi")                         // an empty path gets "/"
	f.Add("http://a/%2e/b")                           // an encoded dot segment
	f.Add("http://0x7f.1/")                           // a host that ends in a number
	f.Add("file:///C|/x")                             // a drive letter with "|"
	f.Add("http://h/a?b'c#d`e")                       // bytes each component encodes
	f.Fuzz(func(t *testing.T, input string) { checkFastPath(t, input) })
}

// TestFastPathDatasets: the fast path agrees with the state machine on
// every line of both datasets it takes, and takes most of them.
func TestFastPathDatasets(t *testing.T) {
	for _, name := range []string{"kasztp", "node_files"} {
		lines := readLines(t, name)
		fast := 0
		for _, l := range lines {
			if checkFastPath(t, l) {
				fast++
			}
		}
		t.Logf("%s: %d of %d lines take the fast path", name, fast, len(lines))
		if fast < len(lines)*9/10 {
			t.Errorf("%s: only %d of %d lines take the fast path", name, fast, len(lines))
		}
	}
}
