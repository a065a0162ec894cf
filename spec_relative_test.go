package relurl

import "testing"

func TestSpecRelative(t *testing.T) {
	bases := []string{"http://a/b/c/d;p?q#f", "http://a", "http://a/b/c/", "foo:a/b", "http://a/b;p/c"}
	targets := []string{"http://a/b/c/g", "http://a/b/c/;x", "http://a/b/c/d;x", "http://a/g", "http://b/g",
		"https://a/g", "http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "http://a/../g", "http://a/b/c/this:that",
		"http://a/b/c/g?", "http://a/b/c/g#", "http://a/./g", "g", ""}
	for _, s := range Specs {
		for _, b := range bases {
			for _, tg := range targets {
				r := s.Relative(b, tg)
				if got := s.Resolve(b, r); got != tg && r != tg {
					t.Errorf("%s: Relative(%q, %q) = %q, which resolves to %q", s, b, tg, r, got)
				}
				if len(r) > len(tg) {
					t.Errorf("%s: Relative(%q, %q) = %q is longer than the target", s, b, tg, r)
				}
			}
		}
	}
	// Where RFC 1808's answer means something else by RFC 3986, a longer
	// form is taken.
	if got := RFC3986.Relative("http://a/b/c/d;p?q", "http://a/b/c/d;x"); got != "/b/c/d;x" {
		t.Errorf(`RFC3986.Relative(..., "http://a/b/c/d;x") = %q, want "/b/c/d;x"`, got)
	}
}

func FuzzSpecRelative(f *testing.F) {
	f.Add(uint8(2), "http://a/b/c/d;p?q", "http://a/b/c/d;x")
	f.Add(uint8(1), "http://a/b/c/d;p?q", "http://a/b/c/?y")
	f.Fuzz(func(t *testing.T, n uint8, base, target string) {
		s := Specs[int(n)%len(Specs)]
		r := s.Relative(base, target)
		if r != target && s.Resolve(base, r) != target {
			t.Fatalf("%s: Relative(%q, %q) = %q resolves to %q", s, base, target, r, s.Resolve(base, r))
		}
	})
}
