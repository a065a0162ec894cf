package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/canon"
)

func runCanonCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut bytes.Buffer
	st := run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}, append([]string{"canon"}, args...))
	return out.String(), errOut.String(), st
}

func TestCanonCommand(t *testing.T) {
	in := "http://www.Example.com/a/../b?y=2&x=1#f\r\nhttp://exa mple.com/\n\nhttps://www.example.com:443/B/?PHPSESSID=0123456789abcdef0123456789abcdef&z\n"
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "http://www.example.com/b?y=2&x=1#f\n\n\nhttps://www.example.com/B/?PHPSESSID=0123456789abcdef0123456789abcdef&z\n"},
		{[]string{"-canon", "semantic"}, "http://www.example.com/b?x=1&y=2\n\n\nhttps://www.example.com/B/?PHPSESSID=0123456789abcdef0123456789abcdef&z\n"},
		{[]string{"-canon", "aggressive"}, "http://example.com/b?x=1&y=2\n\n\nhttp://example.com/b?z\n"},
		{[]string{"-surt"}, "http://(com,example,www,)/b?y=2&x=1#f\n\n\nhttps://(com,example,www,)/B/?PHPSESSID=0123456789abcdef0123456789abcdef&z\n"},
		{[]string{"-form", "surt", "-no-scheme", "-no-trailing-comma", "-strip-www", "-canon", "semantic"}, "com,example)/b?x=1&y=2\n\n\ncom,example)/B/?PHPSESSID=0123456789abcdef0123456789abcdef&z\n"},
		{[]string{"-form", "ssurt"}, "com,example,www,//http:/b?y=2&x=1#f\n\n\ncom,example,www,//https:/B/?PHPSESSID=0123456789abcdef0123456789abcdef&z\n"},
	} {
		out, errOut, st := runCanonCmd(t, in, tt.args...)
		if out != tt.want {
			t.Errorf("canon %v:\n got %q\nwant %q", tt.args, out, tt.want)
		}
		// Lines 2 (a space in the host) and 3 (empty) fail, named.
		if st != exitRejected || !strings.Contains(errOut, "canon: line 2: ") || !strings.Contains(errOut, "canon: line 3: ") ||
			strings.Contains(errOut, "line 1:") || strings.Contains(errOut, "line 4:") {
			t.Errorf("canon %v: status %d, stderr %q; want 1 and errors for lines 2 and 3", tt.args, st, errOut)
		}
	}
	// The CDX key: "-" for the empty line, the space kept (escaped) as the
	// surt library does.
	out, errOut, st := runCanonCmd(t, in, "-form", "cdx")
	want := "com,example)/b?x=1&y=2\ncom,exa%20mple)/\n-\ncom,example)/b?z\n"
	if out != want || st != exitOK || errOut != "" {
		t.Errorf("canon -form cdx: %q, %q, status %d; want %q", out, errOut, st, want)
	}
}

func TestCanonCommandArgsAndUsage(t *testing.T) {
	out, errOut, st := runCanonCmd(t, "", "-canon", "google", "HTTP://Example.com/%7e%2541", "http://[::1")
	if out != "http://example.com/~A\n\n" || st != exitRejected || !strings.Contains(errOut, "argument 2") {
		t.Errorf("canon args: %q, %q, status %d", out, errOut, st)
	}
	for _, args := range [][]string{{"-canon", "nope"}, {"-form", "x"}, {"-surt", "-form", "cdx"}} {
		if _, _, st := runCanonCmd(t, "", args...); st != exitUsage {
			t.Errorf("canon %v: status %d, want %d", args, st, exitUsage)
		}
	}
	// A bad -form or -canon is a bad flag value: the flag and the value
	// named, then the hint every usage error of a flag ends with
	// (parseFlags), in canon and in links -key alike (keyFlags).
	for _, c := range []struct {
		cmd  string
		args []string
		want string
	}{
		{"canon", []string{"-form", "x", "http://a/"}, `invalid value "x" for flag -form: want url, surt, ssurt or cdx`},
		{"canon", []string{"-canon", "nope", "http://a/"}, `invalid value "nope" for flag -canon: want whatwg,`},
		{"links", []string{"-key", "-key-form", "x", "-"}, `invalid value "x" for flag -key-form: want url, surt, ssurt or cdx`},
		{"links", []string{"-key", "-key-canon", "nope", "-"}, `invalid value "nope" for flag -key-canon: want whatwg,`},
	} {
		var out, errOut bytes.Buffer
		st := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, append([]string{c.cmd}, c.args...))
		hint := "\nrun \"relurl " + c.cmd + " -h\" for the flags and details\n"
		if st != exitUsage || !strings.Contains(errOut.String(), c.want) || !strings.HasSuffix(errOut.String(), hint) {
			t.Errorf("%s %v: status %d, stderr %q; want %d, %q and the hint", c.cmd, c.args, st, errOut.String(), exitUsage, c.want)
		}
	}
	// The SURT flags shape a SURT: with another form they would change
	// nothing, so they are refused, in canon and in links -key alike
	// (keyFlags.key).
	for _, args := range [][]string{{"-no-scheme"}, {"-form", "cdx", "-strip-www"}, {"-form", "ssurt", "-reverse-ipv4"}, {"-form", "url", "-no-trailing-comma"}} {
		_, errOut, st := runCanonCmd(t, "", append(args, "http://a/")...)
		if st != exitUsage || !strings.Contains(errOut, "apply to -form surt") {
			t.Errorf("canon %v: status %d, stderr %q; want %d and the SURT flags named", args, st, errOut, exitUsage)
		}
	}
	if _, errOut, st := runLinksCmd(t, "<a href=x>", false, "-key", "-key-no-scheme", "-"); st != exitUsage || !strings.Contains(errOut, "apply to -key-form surt") {
		t.Errorf("links -key -key-no-scheme: status %d, stderr %q; want %d", st, errOut, exitUsage)
	}
}

// FuzzCanonCommand: on any input, relurl canon writes one line per input
// line, the library's answer for that line or an empty line with an error
// naming it, and exits 0 or 1.
func FuzzCanonCommand(f *testing.F) {
	f.Add([]byte("http://www.Example.com/a?b=1&a=2\r\nhttp://exa mple/\n\n"), uint8(0)) // CRLF, a rejected line, an empty one
	f.Add([]byte("a\x00b\n\xff\xfe\nmailto:x"), uint8(3))                               // NUL, invalid UTF-8, no final newline
	f.Add([]byte("http://h:99999/\nfiledesc:x\n"), uint8(7))                            // the surt library's failure and exception
	f.Fuzz(func(t *testing.T, data []byte, pick uint8) {
		forms := []string{"url", "surt", "ssurt", "cdx"}
		c := canon.All[int(pick)%len(canon.All)]
		form := forms[int(pick/8)%len(forms)]
		var out, errb bytes.Buffer
		st := run(&env{stdin: bytes.NewReader(data), stdout: &out, stderr: &errb}, []string{"canon", "-canon", c.Name(), "-form", form})
		in := inputLines(data)
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if out.Len() == 0 {
			got = nil
		}
		if len(got) != len(in) || st != exitOK && st != exitRejected {
			t.Fatalf("%s %s: %d input lines, %d output lines, status %d", c.Name(), form, len(in), len(got), st)
		}
		failed := false
		for i, line := range in {
			var want string
			var err error
			switch form {
			case "url":
				want, err = c.Canonicalize(line)
			case "surt":
				want, err = c.SURT(line, canon.SURTOptions{})
			case "ssurt":
				want, err = c.SSURT(line)
			case "cdx":
				want, err = canon.CDXKey(line)
			}
			if err != nil {
				failed = true
				if !strings.Contains(errb.String(), fmt.Sprintf("line %d: ", i+1)) {
					t.Errorf("%s %s line %d: no error on standard error for %v", c.Name(), form, i+1, err)
				}
			}
			if got[i] != want {
				t.Errorf("%s %s line %d %q: got %q, want %q", c.Name(), form, i+1, line, got[i], want)
			}
		}
		if failed != (st == exitRejected) {
			t.Errorf("%s %s: status %d, a line failed: %v", c.Name(), form, st, failed)
		}
	})
}
