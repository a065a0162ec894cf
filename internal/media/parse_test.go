package media

import (
	"strings"
	"testing"
)

// slowParse is the MIME Sniffing Standard's "parse a MIME type" written
// out step by step, position by position, over bytes (a header value's
// bytes are its code points U+0000 to U+00FF): the reference of Type and
// Param. ok is false for failure.
func slowParse(input string) (essence string, params map[string]string, ok bool) {
	isWS := func(c byte) bool { return c == '\n' || c == '\r' || c == '\t' || c == ' ' }
	isToken := func(s string) bool {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
				return false
			}
		}
		return true
	}
	isQuoted := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if c := s[i]; !(c == '\t' || c >= 0x20 && c <= 0x7e || c >= 0x80) {
				return false
			}
		}
		return true
	}
	lower := func(s string) string {
		b := []byte(s)
		for i, c := range b {
			if c >= 'A' && c <= 'Z' {
				b[i] = c + 0x20
			}
		}
		return string(b)
	}
	// 1. Remove any leading and trailing HTTP whitespace.
	for len(input) > 0 && isWS(input[0]) {
		input = input[1:]
	}
	for len(input) > 0 && isWS(input[len(input)-1]) {
		input = input[:len(input)-1]
	}
	pos := 0
	collect := func(stop func(byte) bool) string {
		start := pos
		for pos < len(input) && !stop(input[pos]) {
			pos++
		}
		return input[start:pos]
	}
	// 3-4. The type.
	typ := collect(func(c byte) bool { return c == '/' })
	if typ == "" || !isToken(typ) {
		return "", nil, false
	}
	// 5-6.
	if pos >= len(input) {
		return "", nil, false
	}
	pos++
	// 7-9. The subtype.
	sub := collect(func(c byte) bool { return c == ';' })
	for len(sub) > 0 && isWS(sub[len(sub)-1]) {
		sub = sub[:len(sub)-1]
	}
	if sub == "" || !isToken(sub) {
		return "", nil, false
	}
	essence, params = lower(typ+"/"+sub), map[string]string{}
	// 11. The parameters.
	for pos < len(input) {
		pos++ // ";"
		collect(func(c byte) bool { return !isWS(c) })
		name := lower(collect(func(c byte) bool { return c == ';' || c == '=' }))
		if pos < len(input) {
			if input[pos] == ';' {
				continue
			}
			pos++ // "="
		}
		if pos >= len(input) {
			break
		}
		var value string
		if input[pos] == '"' {
			// Collect an HTTP quoted string, extracting the value.
			pos++
			for {
				value += collect(func(c byte) bool { return c == '"' || c == '\\' })
				if pos >= len(input) {
					break
				}
				q := input[pos]
				pos++
				if q == '\\' {
					if pos >= len(input) {
						value += "\\"
						break
					}
					value += input[pos : pos+1]
					pos++
				} else {
					break
				}
			}
			collect(func(c byte) bool { return c == ';' })
		} else {
			value = collect(func(c byte) bool { return c == ';' })
			for len(value) > 0 && isWS(value[len(value)-1]) {
				value = value[:len(value)-1]
			}
			if value == "" {
				continue
			}
		}
		if _, seen := params[name]; name != "" && isToken(name) && isQuoted(value) && !seen {
			params[name] = value
		}
	}
	return essence, params, true
}

// FuzzParse holds Type and Param to the standard's algorithm written out
// slowly, for every parameter name the value holds and a few others.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"text/html", "Text/HTML; charset=UTF-8", "text/html; charset", "text/html;;charset=utf-8",
		"text/html; charset:utf-8; charset=koi8-r", `text/html; charset="utf-\8"x; a=b`, `text/html; charset="x\`,
		"text/html; charset= gbk", " text/html ;charset=a;charset=b ", "text /html", "te;xt/html", "text/html; =x; CHARSET=y",
		"application/http; msgtype=response", "text/html; charset=;charset=x", "text/html; charset=x\x01", "x/y;\t a=\"\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		essence, params, ok := slowParse(s)
		if got := Type(s); got != essence {
			t.Fatalf("Type(%q) = %q, want %q", s, got, essence)
		}
		names := []string{"charset", "msgtype", "", "a"}
		for _, part := range strings.Split(s, ";") {
			name, _, _ := strings.Cut(part, "=")
			names = append(names, strings.ToLower(strings.TrimLeft(name, "\t\n\r ")))
		}
		for _, name := range names {
			want, wantOK := params[name]
			if got, gotOK := Param(s, name); got != want || gotOK != wantOK || !ok && gotOK {
				t.Fatalf("Param(%q, %q) = %q, %v; want %q, %v", s, name, got, gotOK, want, wantOK)
			}
		}
	})
}
