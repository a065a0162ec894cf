package media

import "testing"

// TestType: the MIME Sniffing Standard's "parse a MIME type", each
// expected value worked out by its steps: the value trimmed of HTTP
// whitespace, a type of token characters up to "/", a subtype up to ";"
// trimmed at its end; a malformed parameter does not fail the type.
func TestType(t *testing.T) {
	for _, c := range []struct{ ct, want string }{
		{"text/html", "text/html"},
		{"Text/HTML; charset=UTF-8", "text/html"},
		{"application/xhtml+xml;charset=utf-16", "application/xhtml+xml"},
		{"text/plain", "text/plain"},
		{"", ""},
		{" \tTEXT/HTML \r\n", "text/html"},
		{"text/html ;charset=x", "text/html"},
		// Malformed parameters, which browsers pass over.
		{"text/html; charset=\"", "text/html"},
		{"text/html; =", "text/html"},
		{"text/html; charset", "text/html"},
		{"text/html;;charset=utf-8", "text/html"},
		{"text/html; charset:utf-8", "text/html"},
		// No media type.
		{"text", ""},
		{"text/", ""},
		{"/html", ""},
		{"text /html", ""},
		{"text/ html", ""},
		{"text/h tml", ""},
		{"te;xt/html", ""},
		{"text/html\x00", ""},
		{"t\u00e9xt/html", ""},
		{"application/json", "application/json"},
	} {
		if got := Type(c.ct); got != c.want {
			t.Errorf("Type(%q) = %q, want %q", c.ct, got, c.want)
		}
	}
}

// TestParam: parameters as "parse a MIME type" reads them: names in any
// case, the first well-formed one of a name kept, quoted strings with
// their quoted-pairs undone, white space after "=" kept, a malformed
// parameter passed over.
func TestParam(t *testing.T) {
	for _, c := range []struct {
		ct, want string
		ok       bool
	}{
		{"text/html; charset=UTF-16", "UTF-16", true},
		{`text/html;charset="utf-16be"`, "utf-16be", true},
		{"text/html", "", false},
		{"", "", false},
		{"text/html; charset", "", false},
		{"text/html;;charset=utf-8", "utf-8", true},
		{"text/html; charset:utf-8", "", false},
		{"text/html; charset:utf-8; charset=koi8-r", "koi8-r", true},
		{"text/html; charset=a; charset=b", "a", true},
		{"text/html; CHARSET=x", "x", true},
		{"text/html; charset =x", "", false}, // the name holds a space
		{"text/html; charset= gbk", " gbk", true},
		{"text/html; charset=gbk ; a=b", "gbk", true},
		{"text/html; charset=;charset=x", "x", true}, // an empty value passes over
		{`text/html; charset=""`, "", true},
		{`text/html; charset="`, "", true},
		{`text/html; charset="utf-\8"x; a=b`, "utf-8", true},
		{`text/html; charset="a;b"`, "a;b", true},
		{`text/html; charset="x\`, "x\\", true},
		{"text/html; charset=x\x01; charset=y", "y", true}, // a control byte: not a value
		{"text/html; =x; charset=y", "y", true},
		{"text/html; ch@rset=x; charset=y", "y", true},
		{"te xt/html; charset=x", "", false},
	} {
		if got, ok := Param(c.ct, "charset"); got != c.want || ok != c.ok {
			t.Errorf("Param(%q, charset) = %q, %v; want %q, %v", c.ct, got, ok, c.want, c.ok)
		}
	}
	if got, ok := Param("application/http; msgtype=response", "msgtype"); got != "response" || !ok {
		t.Errorf("msgtype: %q, %v", got, ok)
	}
}

func TestCharset(t *testing.T) {
	for ct, want := range map[string]string{
		"text/html; charset=UTF-16": "UTF-16", `text/html;charset="utf-16be"`: "utf-16be",
		"text/html": "", "": "", `text/html; charset="`: "", "text/html; charset": "",
	} {
		if got := Charset(ct); got != want {
			t.Errorf("Charset(%q) = %q, want %q", ct, got, want)
		}
	}
}

func TestIsHTML(t *testing.T) {
	for mt, want := range map[string]bool{
		"text/html": true, "application/xhtml+xml": true, "TEXT/HTML": true,
		"text/plain": false, "text/html5": false, "": false, "application/xml": false,
	} {
		if IsHTML(mt) != want {
			t.Errorf("IsHTML(%q) = %v", mt, !want)
		}
	}
}

func TestRedirect(t *testing.T) {
	for _, c := range []struct {
		status int
		loc    []string
		want   string
		ok     bool
	}{
		{301, []string{"/new"}, "/new", true},
		{399, []string{"a", "b"}, "a", true}, // the first of a repeated field
		{300, []string{""}, "", true},        // an empty Location is still one
		{200, []string{"/new"}, "", false},
		{400, []string{"/new"}, "", false},
		{302, nil, "", false},
	} {
		got, ok := Redirect(c.status, c.loc)
		if got != c.want || ok != c.ok {
			t.Errorf("Redirect(%d, %q) = %q, %v; want %q, %v", c.status, c.loc, got, ok, c.want, c.ok)
		}
	}
}

func TestRobotsSitemap(t *testing.T) {
	for _, c := range []struct {
		mt, url string
		robots  bool
	}{
		{"text/plain", "http://e/robots.txt", true},
		{"TEXT/plain", "http://e/sub/robots.txt?x", true},
		{"text/html", "http://e/robots.txt", false},
		{"text/plain", "http://e/robots.txt.bak", false},
		{"text/plain", "http://e/notes.txt", false},
	} {
		if got := isRobots(c.mt, c.url); got != c.robots {
			t.Errorf("isRobots(%q, %q) = %v", c.mt, c.url, got)
		}
	}
	for mt, want := range map[string]bool{"application/xml": true, "Text/XML": true, "application/gzip": true, "application/x-gzip": true,
		"application/rss+xml": false, "text/plain": false, "": false} {
		if got := maySitemap(mt); got != want {
			t.Errorf("maySitemap(%q) = %v", mt, got)
		}
	}
}

// TestKindOf: the kind of each media type a reader meets, parameters
// removed by Type first.
func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		ct, url string
		want    Kind
	}{
		{"text/html; charset=utf-8", "http://e/", HTML},
		{"application/xhtml+xml", "http://e/", HTML},
		{"text/css", "http://e/s.css", CSS},
		{"text/plain", "http://e/robots.txt", Robots},
		{"text/plain", "http://e/a.txt", Other},
		{"application/xml", "http://e/sitemap.xml", Sitemap},
		{"application/x-gzip", "http://e/sitemap.xml.gz", Sitemap},
		{"text/xml", "http://e/robots.txt", Sitemap},
		{"image/png", "http://e/robots.txt", Other},
		{"", "http://e/", Other},
		{"TEXT/CSS", "http://e/s.css", CSS},
	} {
		if got := KindOf(Type(c.ct), c.url); got != c.want {
			t.Errorf("KindOf(%q, %q) = %d, want %d", c.ct, c.url, got, c.want)
		}
	}
}

// TestASCIICase: media types are matched in any ASCII case (RFC 2045
// section 5.1), and only so: U+017F, which Unicode folds to "s", is not
// one.
func TestASCIICase(t *testing.T) {
	if !isCSS("Text/CSS") || isCSS("text/c\u017f\u017f") || !isRobots("TEXT/PLAIN", "http://e/robots.txt") {
		t.Error("a media type matched in a case other than ASCII's")
	}
}
