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
