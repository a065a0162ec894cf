package relurl

import (
	"strings"
	"testing"
)

// comps is a URL's components in a form that shows presence: an absent
// component is "-", a present one is its value in brackets.
func comps(u URL) string {
	show := func(has bool, v string) string {
		if !has {
			return "-"
		}
		return "[" + v + "]"
	}
	return strings.Join([]string{
		show(u.HasScheme(), u.Scheme()),
		show(u.HasNetLoc(), u.NetLoc()),
		"[" + u.Path() + "]",
		show(u.HasParams(), u.Params()),
		show(u.HasQuery(), u.Query()),
		show(u.HasFragment(), u.Fragment()),
	}, " ")
}

var parseCases = []struct{ in, want string }{
	// scheme net_loc path params query fragment
	{"", "- - [] - - -"},
	{"http://a/b/c/d;p?q#f", "[http] [a] [/b/c/d] [p] [q] [f]"},
	{"http://a/b?#", "[http] [a] [/b] - [] []"},
	{"HTTP://A", "[HTTP] [A] [] - - -"},
	{"mailto:?x", "[mailto] - [] - [x] -"},
	{"g:h", "[g] - [h] - - -"},
	{"1a:b", "[1a] - [b] - - -"},           // NOTES 2.4.2: digits may start a scheme
	{":x", "- - [:x] - - -"},               // a leading colon is no scheme
	{"this:that", "[this] - [that] - - -"}, // hence section 5.3's "./this:that"
	{"./this:that", "- - [./this:that] - - -"},
	{"a/b:c", "- - [a/b:c] - - -"},
	{"a b:c", "- - [a b:c] - - -"},
	{"http://a?q", "[http] [a?q] [] - - -"}, // NOTES: net_loc may hold "?"
	{"http://a;p/b", "[http] [a;p] [/b] - - -"},
	{"/b;p/c", "- - [/b] [p/c] - -"}, // NOTES: params may hold "/"
	{"/b?q;p", "- - [/b] - [q;p] -"}, // "?" is taken before ";"
	{"/b;p?q;r", "- - [/b] [p] [q;r] -"},
	{"#a#b", "- - [] - - [a#b]"},
	{"a#b:c", "- - [a] - - [b:c]"}, // the fragment goes first: no scheme
	{"//", "- [] [] - - -"},
	{"///g", "- [] [/g] - - -"},
	{"http:", "[http] - [] - - -"},
	{"http:///", "[http] [] [/] - - -"},
	{";", "- - [] [] - -"},
	{"?", "- - [] - [] -"},
	{"#", "- - [] - - []"},
	{"a\x00b\xff:c", "- - [a\x00b\xff:c] - - -"},
	{"http://a/%zz", "[http] [a] [/%zz] - - -"},
}

func TestParse(t *testing.T) {
	for _, tc := range parseCases {
		u := Parse(tc.in)
		if got := comps(u); got != tc.want {
			t.Errorf("Parse(%q) = %s, want %s", tc.in, got, tc.want)
		}
		if u.String() != tc.in {
			t.Errorf("Parse(%q).String() = %q", tc.in, u.String())
		}
		if got, want := comps(u), slowComps(slowParse(tc.in)); got != want {
			t.Errorf("Parse(%q) = %s, literal reading gives %s", tc.in, got, want)
		}
	}
}

func slowComps(u slowURL) string {
	show := func(has bool, v string) string {
		if !has {
			return "-"
		}
		return "[" + v + "]"
	}
	return strings.Join([]string{
		show(u.hasScheme, u.scheme), show(u.hasNetLoc, u.netLoc), "[" + u.path + "]",
		show(u.hasParams, u.params), show(u.hasQuery, u.query), show(u.hasFrag, u.fragment),
	}, " ")
}

func TestZeroURL(t *testing.T) {
	var z URL
	if z != Parse("") || !z.IsZero() || z.String() != "" || comps(z) != "- - [] - - -" {
		t.Errorf("zero URL is not Parse(\"\"): %s", comps(z))
	}
	if Parse("x").IsZero() {
		t.Error(`Parse("x").IsZero()`)
	}
}

func TestComparable(t *testing.T) {
	m := map[URL]int{Parse("http://a/b"): 1}
	if m[Parse("http://a/b")] != 1 || Parse("http://a/b") == Parse("http://a/b?") {
		t.Error("URLs parsed from equal strings must be equal, and only those")
	}
}

func TestTextMarshaling(t *testing.T) {
	for _, tc := range parseCases {
		u := Parse(tc.in)
		b, err := u.MarshalText()
		if err != nil || string(b) != tc.in {
			t.Errorf("MarshalText(%q) = %q, %v", tc.in, b, err)
		}
		var v URL
		if err := v.UnmarshalText(b); err != nil || v != u {
			t.Errorf("UnmarshalText(%q) = %v, %v", b, v, err)
		}
		if b, _ := u.AppendText([]byte("x")); string(b) != "x"+tc.in {
			t.Errorf("AppendText(%q) = %q", tc.in, b)
		}
	}
}
