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
	f.Add("https://www.example.com/a/b/index.html", "../c/./d?x#y")  // the crawl mix's common case
	f.Add("http://example.org/foo/bar", "http:g")                    // same special scheme: relative
	f.Add("http://example.org/", "\\\\server\\share\\..\\x")         // backslashes in a special URL
	f.Add("http://example.org/", "//user:pa:ss@h@ost:0080/%2e%2E/x") // credentials, "@" twice, port zeros, encoded dots
	f.Add("http://example.org/", "http://0x7f.1.0300/")              // IPv4 number forms
	f.Add("http://example.org/", "http://[::ffff:1.2.3.4]:65535/")   // IPv6 with an embedded IPv4 address
	f.Add("http://example.org/", "https://faß.ExAmPlE/ \t\n")        // a non-ASCII domain, tabs and spaces
	f.Add("file:///C:/a/b", "..\\..\\..\\D|\\x")                     // Windows drive letters in file URLs
	f.Add("file://host/a", "file://localhost/x")                     // localhost as the empty host
	f.Add("sc:/.//p", "..//q/")                                      // the serializer's "/." prefix
	f.Add("sc:opaque path ?q", "#frag")                              // an opaque base and a fragment
	f.Add("web+demo:/a", "//h:99/p?q'#f`")                           // a non-special authority and opaque host
	f.Add("http://example.org/", "https://ex ample.org/")            // failure: a space in a domain
	f.Add("about:blank", "a")                                        // failure: relative to an opaque path
	f.Add("http://example.org/", "http://xn--a.ß/")                  // failure: invalid Punycode with non-ASCII
	f.Add("non-spec:/.//", "..")                                     // a path that empties after "/."
	f.Add("A:/.//", "/")                                             // a "/."-prefixed base under an absolute path (found by fuzzing)
	f.Add("https://h/", "//%C3%A4%2Ecom/")                           // a percent-encoded non-ASCII domain
	f.Add("https://h/", "//a\u200db.example/")                       // a joiner that CheckJoiners rejects
	f.Add("https://h/", "//\xff/")                                   // invalid UTF-8 in a domain
	f.Add("sc://h/", "sc://\xff\u00e4@h\xfb/\xfe?\xfd#\xfc")         // invalid UTF-8 in every component of a non-special URL
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
