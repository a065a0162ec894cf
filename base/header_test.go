package base

import (
	"errors"
	"fmt"
	"github.com/relurl/relurl"
	"github.com/relurl/relurl/limits"
	"net/textproto"
	"strings"
	"testing"
)

func TestHeaderValue(t *testing.T) {
	tests := []struct{ in, want string }{
		// Section 3.1's form.
		{"<URL:http://a/b/c>", "http://a/b/c"},
		{"  <URL:http://a/b/c>  ", "http://a/b/c"},
		// White space inside the brackets is ignored, as a folded header
		// keeps it once unfolded.
		{"<URL: http://a/ b/\r\n c >", "http://a/b/c"},
		{"< url:http://a/ >", "http://a/"},
		// The wrapper is optional (Content-Base, Content-Location).
		{"<http://a/b>", "http://a/b"},
		{"http://a/b", "http://a/b"},
		{"URL:http://a/b", "http://a/b"},
		{"page.html", "page.html"},
		// "URL:" is stripped once only.
		{"<URL:URL:x>", "URL:x"},
	}
	for _, tt := range tests {
		got, err := HeaderValue(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("HeaderValue(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestHeaderValueErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		reason string
	}{
		{"", 0, "empty URL"},
		{"   ", 3, "empty URL"},
		{"<URL:>", 1, "empty URL"},
		{"< >", 1, "empty URL"},
		{"<URL:http://a/", 0, "no '>'"},
		{"  <x> y", 5, "text after"},
	}
	for _, tt := range tests {
		_, err := HeaderValue(tt.in)
		var he *HeaderError
		if !errors.As(err, &he) {
			t.Errorf("HeaderValue(%q): err = %v, want a *HeaderError", tt.in, err)
			continue
		}
		if he.Offset != tt.offset || !strings.Contains(he.Reason, tt.reason) || he.Value != tt.in {
			t.Errorf("HeaderValue(%q): %+v, want offset %d, reason %q", tt.in, he, tt.offset, tt.reason)
		}
	}
}

func TestMessageHeaderOrder(t *testing.T) {
	outer := Retrieved("http://r/x/y")
	tests := []struct {
		name   string
		header textproto.MIMEHeader
		want   Base
		ok     bool
	}{
		{"Base first", textproto.MIMEHeader{"Base": {"<URL:http://b/>"}, "Content-Base": {"http://cb/"}, "Content-Location": {"http://cl/"}}, Base{"http://b/", Header}, true},
		{"then Content-Base", textproto.MIMEHeader{"Content-Base": {"http://cb/"}, "Content-Location": {"http://cl/"}}, Base{"http://cb/", Header}, true},
		{"then Content-Location", textproto.MIMEHeader{"Content-Location": {"http://cl/"}}, Base{"http://cl/", Header}, true},
		{"relative against outer", textproto.MIMEHeader{"Content-Location": {"z.html"}}, Base{"http://r/x/z.html", Header}, true},
		{"first of two", textproto.MIMEHeader{"Base": {"http://1/", "http://2/"}}, Base{"http://1/", Header}, true},
		{"none", textproto.MIMEHeader{"Subject": {"hi"}}, outer, false},
	}
	for _, tt := range tests {
		b, ok, err := MessageHeader(tt.header, outer, relurl.RFC1808, limits.Limits{})
		if err != nil || b != tt.want || ok != tt.ok {
			t.Errorf("%s: got %v, %v, %v; want %v, %v", tt.name, b, ok, err, tt.want, tt.ok)
		}
	}
	// HTTP: Content-Location does not count.
	b, ok, err := HTTPHeader(textproto.MIMEHeader{"Content-Location": {"http://cl/"}}, outer, relurl.RFC1808, limits.Limits{})
	if b != outer || ok || err != nil {
		t.Errorf("HTTPHeader with Content-Location: %v, %v, %v; want the outer base", b, ok, err)
	}
	// A malformed header is reported with its name and not used.
	b, ok, err = MessageHeader(textproto.MIMEHeader{"Base": {"<URL:http://a/"}}, outer, relurl.RFC1808, limits.Limits{})
	var he *HeaderError
	if !errors.As(err, &he) || he.Name != "Base" || b != outer || ok {
		t.Errorf("malformed Base: %v, %v, %v", b, ok, err)
	}
}

func TestFoldedBaseHeader(t *testing.T) {
	// A Base header folded over three lines, with white space inside the
	// angle brackets (section 3.1), read by net/textproto as a message.
	msg := "From: a@example.org\r\n" +
		"base: <URL:http://www.ics.uci.edu/\r\n" +
		"   Test/a/\r\n" +
		"\tb/c >\r\n" +
		"Content-Type: text/html\r\n" +
		"\r\n" +
		"<a href=\"../x\">x</a>\r\n"
	var parts []*Part
	err := WalkMessage(strings.NewReader(msg), Retrieved("file:///m.eml"), func(p *Part) error {
		parts = append(parts, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 1 {
		t.Fatalf("got %d parts, want 1", len(parts))
	}
	want := Base{"http://www.ics.uci.edu/Test/a/b/c", Header}
	if parts[0].Base != want {
		t.Errorf("base %v, want %v", parts[0].Base, want)
	}
	if got := relurl.Resolve(parts[0].Base.URL, "../x"); got != "http://www.ics.uci.edu/Test/a/x" {
		t.Errorf("../x resolved to %q", got)
	}
}

func TestHeaderErrorLong(t *testing.T) {
	// Issue 11: a malformed 100 MB Base header made a 100 MB message.
	// The message quotes 120 bytes and gives the length.
	v := "<URL:" + strings.Repeat("x", 100<<20)
	_, err := HeaderValue(v)
	var he *HeaderError
	if !errors.As(err, &he) || he.Value != v {
		t.Fatalf("err = %.200v", err)
	}
	he.Name = "Base"
	msg := err.Error()
	if len(msg) > 300 || !strings.Contains(msg, fmt.Sprintf("... (%d bytes)", len(v))) || !strings.HasPrefix(msg, `Base header "<URL:xxx`) {
		t.Errorf("message of %d bytes: %.400s", len(msg), msg)
	}
	// A short value is quoted whole, without a length.
	_, err = HeaderValue("<a> b")
	if got := err.Error(); got != `Base header "<a> b": text after '>' (at byte 3)` && got != ` header "<a> b": text after '>' (at byte 3)` {
		t.Errorf("short value: %q", got)
	}
}
