package whatwg

import "testing"

func TestRelative(t *testing.T) {
	for _, c := range []struct{ base, target, want string }{
		{"https://h/a/b/c", "https://h/a/b/d", "d"},
		{"https://h/a/b/c", "https://h/a/x/y", "../x/y"},
		{"https://h/a/b/c", "https://h/a/b/", "./"},
		{"https://h/a/b/c?q#f", "https://h/a/b/c?q", ""},
		{"https://h/a/b/c", "https://h/a/b/c#f", "#f"},
		{"https://h/a/b/c", "https://h/a/b/c?x", "?x"},
		{"https://h/a/b/c?x", "https://h/a/b/c", "c"},
		{"https://h/a/b/c", "https://h/z", "/z"},
		{"https://h/a/b/c", "https://g/a/b/c", "//g/a/b/c"},
		{"https://h/a/b/c", "http://h/a/b/c", "http://h/a/b/c"},
		{"https://h/a/", "https://h/a/b:c", "./b:c"},
		{"sc:x", "sc:x#f", "#f"},
		// A base with an empty path (a non-special URL with a host): a
		// relative path "g" gives the path "/g" (path state, then the
		// serializer's "/" before each segment). Was the href.
		{"sc://a", "sc://a/b", "b"},
		{"mailto://a#", "mailto://a/;p/c:#", ";p/c:#"},
		{"sc://a", "sc://a/b:c", "/b:c"},
		// A target with an empty path: only a network-path reference gives
		// it (a path or query reference keeps the base's path). Was the href.
		{"sc://a/x", "sc://a?q", "//a?q"},
		// The file state keeps the base's drive letter ("/" gives
		// "file:///a:/"): only a network-path reference gives "/".
		{"file:///a:/D:?#", "file:///?", "///?"},
		{"file:///C:?", "file:///C:/b", "/C:/b"},
		// Shorter forms: "/C:" rather than "./C:" from the root; ".." rather
		// than "../" (path state: ".." at the end pops and keeps the "/");
		// "./" only before a first segment that reads as a scheme (the
		// scheme state) or, in a file URL, as a drive letter (the file
		// state's "starts with a Windows drive letter").
		{"https://a/#f", "https://a/C:?x", "/C:?x"},
		{"https://c/x/d/", "https://c/x/#f", "..#f"},
		{"https://c/x/d/e", "https://c/x/", ".."},
		{"mailto://a/%2f//b", `mailto://a/%2f//b\c:/`, `b\c:/`},
		{"sc://a/b/", "sc://a/b/a+b:c", "./a+b:c"},
		{"file:///x/y/z", "file:///x/y/C|/w", "./C|/w"},
	} {
		b, err := Parse(c.base)
		if err != nil {
			t.Fatal(err)
		}
		u, err := Parse(c.target)
		if err != nil {
			t.Fatal(err)
		}
		if got := Relative(&b, &u); got != c.want {
			t.Errorf("Relative(%q, %q) = %q, want %q", c.base, c.target, got, c.want)
		}
	}
	// Without allocation when dst has room.
	b, _ := Parse("https://www.example.com/news/2024/index.html")
	u, _ := Parse("https://www.example.com/news/img/logo.png?x#y")
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(10, func() { buf = AppendRelative(buf[:0], &b, &u) }); n != 0 || string(buf) != "../img/logo.png?x#y" {
		t.Errorf("AppendRelative: %q with %v allocations", buf, n)
	}
}
