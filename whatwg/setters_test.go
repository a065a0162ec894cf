package whatwg_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/relurl/relurl/whatwg"
)

// getters maps the URL API's attribute names to the package's getters.
var getters = map[string]func(whatwg.URL) string{
	"href":     whatwg.URL.Href,
	"origin":   whatwg.URL.Origin,
	"protocol": whatwg.URL.Protocol,
	"username": whatwg.URL.Username,
	"password": whatwg.URL.Password,
	"host":     whatwg.URL.Host,
	"hostname": whatwg.URL.Hostname,
	"port":     whatwg.URL.Port,
	"pathname": whatwg.URL.Pathname,
	"search":   whatwg.URL.Search,
	"hash":     whatwg.URL.Hash,
}

// setters maps the attribute names to the package's setters.
var setters = map[string]func(whatwg.URL, string) whatwg.URL{
	"href": func(u whatwg.URL, v string) whatwg.URL {
		w, err := u.SetHref(v)
		if err != nil {
			return u // the href setter throws; the URL is unchanged
		}
		return w
	},
	"protocol": whatwg.URL.SetProtocol,
	"username": whatwg.URL.SetUsername,
	"password": whatwg.URL.SetPassword,
	"host":     whatwg.URL.SetHost,
	"hostname": whatwg.URL.SetHostname,
	"port":     whatwg.URL.SetPort,
	"pathname": whatwg.URL.SetPathname,
	"search":   whatwg.URL.SetSearch,
	"hash":     whatwg.URL.SetHash,
}

// TestSettersTests runs web-platform-tests' setters_tests.json
// (testdata/README.md) through the public API: every case, every attribute
// the case expects, and the setter's result parses back to itself.
func TestSettersTests(t *testing.T) {
	data, err := os.ReadFile("testdata/setters_tests.json")
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	type setterCase struct {
		Comment  string            `json:"comment"`
		Href     string            `json:"href"`
		NewValue string            `json:"new_value"`
		Expected map[string]string `json:"expected"`
	}
	n := 0
	for attr, raw := range all {
		if attr == "comment" {
			continue
		}
		set := setters[attr]
		if set == nil {
			t.Errorf("no setter for %q", attr)
			continue
		}
		var cases []setterCase
		if err := json.Unmarshal(raw, &cases); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			n++
			u, err := whatwg.Parse(c.Href)
			if err != nil {
				t.Errorf("%s: Parse(%q): %v", attr, c.Href, err)
				continue
			}
			v := set(u, c.NewValue)
			if len(c.Expected) == 0 {
				t.Errorf("%s %q = %q: the case expects nothing", attr, c.Href, c.NewValue)
			}
			for name, want := range c.Expected {
				get := getters[name]
				if get == nil {
					t.Errorf("no getter for %q", name)
					continue
				}
				if got := get(v); got != want {
					t.Errorf("%s: Parse(%q).Set(%q): %s = %q, want %q (%s)", attr, c.Href, c.NewValue, name, got, want, c.Comment)
				}
			}
			checkValid(t, v)
		}
	}
	t.Logf("%d setter cases", n)
	if n < 250 {
		t.Errorf("ran %d cases, want the whole file", n)
	}
}

// checkValid checks a URL a setter returned: its href parses to the same
// components (the one record a setter gives that no parse does, a file
// URL with host "localhost", is allowed to lose the host).
func checkValid(t *testing.T, v whatwg.URL) {
	t.Helper()
	w, err := whatwg.Parse(v.Href())
	if err != nil {
		t.Errorf("setter result %q does not parse: %v", v.Href(), err)
		return
	}
	if w == v {
		return
	}
	if v.Protocol() == "file:" && v.Hostname() == "localhost" {
		return
	}
	for name, get := range getters {
		if get(w) != get(v) {
			t.Errorf("setter result %q: %s %q, but %q when parsed again", v.Href(), name, get(v), get(w))
		}
	}
}

// TestNoAllocs: parsing into a reused Buffer and reading any getter
// allocate nothing (Origin allocates only for a URL with credentials or a
// blob URL), and Parse allocates nothing for a URL in serialized form.
func TestNoAllocs(t *testing.T) {
	inputs := []string{
		"https://www.example.com/a/b.html?x=1#top",
		"HTTP://EXAMPLE.org:8080/./a/../b?q r#f g",
		"file:///C:/x/y",
		"sc://h:1/p?q#f",
		"mailto:someone@example.org",
		"http://[::1]:99/",
	}
	var buf whatwg.Buffer
	for _, in := range inputs {
		buf.Parse(in) // grow the Buffer
	}
	for _, in := range inputs {
		var u whatwg.URL
		if a := testing.AllocsPerRun(20, func() { u, _ = buf.Parse(in) }); a != 0 {
			t.Errorf("Buffer.Parse(%q): %v allocations", in, a)
		}
		u = u.Clone()
		for _, g := range urlGetters {
			if a := testing.AllocsPerRun(20, func() { _ = g.get(u) }); a != 0 {
				t.Errorf("%s of %q: %v allocations", g.name, in, a)
			}
		}
	}
	if a := testing.AllocsPerRun(20, func() { _, _ = whatwg.Parse(inputs[0]) }); a != 0 {
		t.Errorf("Parse(%q): %v allocations, want 0 (the input is its href)", inputs[0], a)
	}
}

// TestBufferParseRefOwnBase: a base the Buffer itself returned stays
// readable through ParseRef (it is copied before the Buffer is written).
func TestBufferParseRefOwnBase(t *testing.T) {
	var buf whatwg.Buffer
	base, err := buf.Parse("HTTPS://Example.ORG/a/b/c?q")
	if err != nil {
		t.Fatal(err)
	}
	u, err := buf.ParseRef(&base, "../d?x#y")
	if err != nil || u.Href() != "https://example.org/a/d?x#y" {
		t.Errorf("ParseRef against the Buffer's own URL: %q, %v", u.Href(), err)
	}
	other := whatwg.MustParse("https://example.net/p/")
	if a := testing.AllocsPerRun(20, func() { u, _ = buf.ParseRef(&other, "q?r") }); a != 0 || u.Href() != "https://example.net/p/q?r" {
		t.Errorf("ParseRef: %q, %v allocations", u.Href(), a)
	}
}
