package base

import (
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/limits"
)

func TestSourceString(t *testing.T) {
	for s, want := range map[Source]string{None: "none", Retrieval: "retrieval", Enclosing: "enclosing", Header: "header", HTML: "html", 9: "Source(9)"} {
		if got := s.String(); got != want {
			t.Errorf("Source(%d).String() = %q, want %q", s, got, want)
		}
	}
}

func TestWithin(t *testing.T) {
	tests := []struct {
		outer Base
		href  string
		want  Base
	}{
		// An absolute embedded base stands as written.
		{Retrieved("http://r/x"), "http://a/b/c/d;p?q", Base{"http://a/b/c/d;p?q", HTML}},
		// A relative one is resolved against the next layer out
		// (section 4 applied to the enclosing base).
		{Retrieved("http://r/x/y"), "../z/", Base{"http://r/z/", HTML}},
		{Base{"http://a/b/c/d;p?q", Enclosing}, "g;x", Base{"http://a/b/c/g;x", HTML}},
		// With no outer base a relative href is taken as it is (step 1).
		{Base{}, "rel/", Base{"rel/", HTML}},
	}
	for _, tt := range tests {
		if got, err := tt.outer.Within(tt.href, HTML, relurl.RFC1808, limits.Limits{}); got != tt.want || err != nil {
			t.Errorf("%v.Within(%q) = %v, %v, want %v", tt.outer, tt.href, got, err, tt.want)
		}
	}
}

func TestEnclosedBase(t *testing.T) {
	tests := []struct{ in, want Base }{
		{Base{"http://h/", Header}, Base{"http://h/", Enclosing}},
		{Base{"http://h/", HTML}, Base{"http://h/", Enclosing}},
		{Base{"http://h/", Enclosing}, Base{"http://h/", Enclosing}},
		{Base{"file:///m.eml", Retrieval}, Base{"file:///m.eml", Retrieval}},
		{Base{}, Base{}},
	}
	for _, tt := range tests {
		if got := tt.in.enclosed(); got != tt.want {
			t.Errorf("%v.enclosed() = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestRetrieved(t *testing.T) {
	if got := Retrieved(""); got != (Base{}) {
		t.Errorf("Retrieved(\"\") = %v, want no base", got)
	}
	if got := Retrieved("http://a/"); got != (Base{"http://a/", Retrieval}) {
		t.Errorf("Retrieved = %v", got)
	}
}
