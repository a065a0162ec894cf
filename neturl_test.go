package relurl

import (
	"errors"
	"net/url"
	"testing"
)

func TestNetURL(t *testing.T) {
	// Where net/url holds everything, the round trip is exact.
	for _, s := range []string{"http://a/b/c/d;p?q#f", "http://a/b?", "http:///x", "mailto:x@y", "g", "../g?y"} {
		nu, err := Parse(s).NetURL()
		if err != nil {
			t.Errorf("NetURL(%q): %v", s, err)
			continue
		}
		if got := FromNetURL(nu); got.String() != s {
			t.Errorf("FromNetURL(NetURL(%q)) = %q", s, got)
		}
	}
	// Where it does not, NetURL says so, naming the input.
	_, err := Parse("http://a/%zz").NetURL()
	var ue *url.Error
	if !errors.As(err, &ue) || ue.URL != "http://a/%zz" {
		t.Errorf(`NetURL("http://a/%%zz") = %v, want a *url.Error`, err)
	}
	if !FromNetURL(nil).IsZero() {
		t.Error("FromNetURL(nil) is not the zero URL")
	}
}
