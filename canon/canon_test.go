package canon

import (
	"errors"
	"strings"
	"testing"

	"github.com/relurl/relurl/whatwg"
)

func TestByName(t *testing.T) {
	for _, c := range All {
		if got, ok := ByName(c.Name()); !ok || got != c {
			t.Errorf("ByName(%q) = %v, %v", c.Name(), got, ok)
		}
	}
	if c, ok := ByName("Semantic-Precise"); !ok || c != SemanticPrecise {
		t.Errorf("ByName(Semantic-Precise) = %v, %v", c, ok)
	}
	if _, ok := ByName("surt"); ok {
		t.Error(`ByName("surt") found a canonicalizer`)
	}
}

// TestErrors: a URL the URL Standard rejects is an *Error naming the
// canonicalizer and the input, wrapping the parser's *whatwg.Error; the
// appending forms leave dst as it was.
func TestErrors(t *testing.T) {
	in := "http://exa mple.com/"
	for _, c := range All {
		_, err := c.Canonicalize(in)
		if c == IA {
			if err != nil {
				t.Errorf("ia(%q): %v; the surt library takes it", in, err)
			}
			continue
		}
		var e *Error
		var we *whatwg.Error
		if !errors.As(err, &e) || e.Op != c.Name() || e.Input != in || !errors.As(err, &we) {
			t.Fatalf("%s(%q): %v, want an *Error wrapping a *whatwg.Error", c.Name(), in, err)
		}
		if !strings.HasPrefix(err.Error(), "canon: "+c.Name()+` "http://exa mple.com/": whatwg: parse`) {
			t.Errorf("%s: message %q", c.Name(), err)
		}
		dst, err := c.AppendCanonical([]byte("kept"), in)
		if err == nil || string(dst) != "kept" {
			t.Errorf("%s.AppendCanonical: %q, %v", c.Name(), dst, err)
		}
		dst, err = c.AppendSURT([]byte("kept"), in, SURTOptions{})
		if err == nil || string(dst) != "kept" {
			t.Errorf("%s.AppendSURT: %q, %v", c.Name(), dst, err)
		}
		if _, err := c.SSURT(in); !errors.As(err, &e) {
			t.Errorf("%s.SSURT: %v", c.Name(), err)
		}
	}
	// The surt library's canonical URL of a host with a space is no URL
	// to the URL Standard: its SURT fails, naming the input given.
	_, err := IA.SURT(in, SURTOptions{})
	var e *Error
	if !errors.As(err, &e) || e.Input != in || e.Op != "ia" {
		t.Errorf("ia.SURT(%q): %v", in, err)
	}
	long := "http://" + strings.Repeat("a", 200) + " b/"
	if _, err := WHATWG.Canonicalize(long); err == nil || !strings.Contains(err.Error(), "... (") {
		t.Errorf("a long input is quoted in full: %v", err)
	}
}

// TestRules: one case for each rule of docs/keys.md, with the canonicalizer
// that has it and one that has not.
func TestRules(t *testing.T) {
	for _, tt := range []struct {
		c        *Canonicalizer
		in, want string
	}{
		{Google, "www.example.com/a", "http://www.example.com/a"},                            // default scheme
		{WHATWG, "http://u:p@h/#f", "http://u:p@h/#f"},                                       // whatwg keeps all
		{Google, "http://u:p@h/#f", "http://u:p@h/"},                                         // remove fragment
		{SemanticPrecise, "http://u:p@h/#f", "http://h/#f"},                                  // remove userinfo
		{Aggressive, "https://h:80/", "http://h/"},                                           // https to http, port 80
		{Semantic, "https://h:80/", "https://h:80/"},                                         //
		{Google, "http://h/%257e%7E~", "http://h/~~~"},                                       // escapes decoded
		{Google, "http://h/a%3Fb%23c%5Cd", "http://h/a%3Fb%23c%5Cd"},                         // structure stays encoded
		{Google, "http://h/?a%26b=c%3Dd", "http://h/?a&b=c=d"},                               // google decodes the query whole
		{Semantic, "http://h/?a%26b=c%3Dd", "http://h/?a%26b=c%3Dd"},                         // by parameter
		{Google, "http://www.example.com.../", "http://www.example.com/"},                    // host dots
		{Google, "http://0x7f.1../", "http://127.0.0.1/"},                                    // reparsed host
		{Aggressive, "http://www2.example.com/", "http://example.com/"},                      // strip www
		{Google, "http://h//a///b", "http://h/a/b"},                                          // collapse slashes
		{Google, "foo://h//a", "foo://h//a"},                                                 // not in a non-special URL
		{Aggressive, "http://h/A/B/?X=Y", "http://h/a/b?x=y"},                                // lower case, trailing slash
		{Aggressive, "http://h/x;jsessionid=0123456789abcdef0123456789abcdef", "http://h/x"}, // path session id
		{Aggressive, "http://h/?b&&sid=0123456789abcdef&a&", "http://h/?a&b"},                // query session id, &, sort
		{Aggressive, "http://h/?&", "http://h/"},                                             // empty query
		{Semantic, "http://h/?&", "http://h/?&"},                                             //
		{Semantic, "http://h/?b=1&a=2&a=1", "http://h/?a=1&a=2&b=1"},                         // sort
		{Google, "foo://a%2Fb@h%2Fi/", "foo://a%2Fb@h%2Fi/"},                                 // userinfo, opaque host
		{Google, "mailto:%2Fa", "mailto:%2Fa"},                                               // opaque path
	} {
		got, err := tt.c.Canonicalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("%s(%q) = %q, %v; want %q", tt.c.Name(), tt.in, got, err, tt.want)
		}
	}
}

// TestURLCanonNames: each of the five has its reading as urlcanon parses,
// found by ByName as "urlcanon.NAME"; IA and a canonicalizer so read
// already are their own.
func TestURLCanonNames(t *testing.T) {
	if len(AllURLCanon) != 5 {
		t.Fatalf("AllURLCanon has %d canonicalizers", len(AllURLCanon))
	}
	for i, c := range All[:5] {
		u := URLCanon(c)
		if u != AllURLCanon[i] || u == c || u.Name() != "urlcanon."+c.Name() {
			t.Errorf("URLCanon(%s) = %s", c.Name(), u.Name())
		}
		if URLCanon(u) != u {
			t.Errorf("URLCanon(%s) is not itself", u.Name())
		}
		for _, name := range []string{u.Name(), strings.ToUpper(u.Name()), strings.ReplaceAll(u.Name(), "_", "-")} {
			if got, ok := ByName(name); !ok || got != u {
				t.Errorf("ByName(%q) = %v, %v", name, got, ok)
			}
		}
	}
	if URLCanon(IA) != IA {
		t.Error("URLCanon(IA) is not IA")
	}
	if _, ok := ByName("urlcanon.ia"); ok {
		t.Error(`ByName("urlcanon.ia") found one`)
	}
}

// TestAppendSSURT: the Append forms give what SSURT and SSURTHost give,
// after what dst holds, and allocate no more than canonicalizing does
// (AppendSSURTHost nothing for a name or a dotted quad).
func TestAppendSSURT(t *testing.T) {
	inputs := append([]string{"http://user:pw@www.Example.org:81/a/../b?q#f", "0x80", "1.2.3.4", "[::1]", ""}, benchURLs...)
	for _, c := range append(All[:len(All):len(All)], AllURLCanon...) {
		for _, s := range inputs {
			want, err := c.SSURT(s)
			got, err2 := c.AppendSSURT([]byte("x"), s)
			if (err == nil) != (err2 == nil) || err == nil && string(got) != "x"+want || err != nil && string(got) != "x" {
				t.Errorf("%s.AppendSSURT(%q) = %q, %v; SSURT gives %q, %v", c.Name(), s, got, err2, want, err)
			}
			if err != nil || c == IA {
				continue // IA's SSURT parses its canonical URL again
			}
			buf := make([]byte, 0, 256)
			ssurt := testing.AllocsPerRun(20, func() { buf, _ = c.AppendSSURT(buf[:0], s) })
			canonical := testing.AllocsPerRun(20, func() { buf, _ = c.AppendCanonical(buf[:0], s) })
			if ssurt > canonical {
				t.Errorf("%s.AppendSSURT(%q): %v allocations, AppendCanonical %v", c.Name(), s, ssurt, canonical)
			}
		}
	}
	for _, h := range []string{"www.example.org", "1.2.3.4", "[::1]", "a,b.c", ""} {
		buf := make([]byte, 0, 64)
		if got := string(AppendSSURTHost([]byte("x"), h)); got != "x"+SSURTHost(h) {
			t.Errorf("AppendSSURTHost(%q) = %q, SSURTHost %q", h, got, SSURTHost(h))
		}
		if n := testing.AllocsPerRun(20, func() { buf = AppendSSURTHost(buf[:0], h) }); n != 0 {
			t.Errorf("AppendSSURTHost(%q): %v allocations", h, n)
		}
	}
}
