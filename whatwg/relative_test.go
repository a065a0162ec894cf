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
