package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/relurl/relurl"
)

// inputLines splits data as the filters read it: lines end in "\n" or
// "\r\n", a last line may lack its newline, and a final "\r" is dropped.
func inputLines(data []byte) []string {
	if len(data) == 0 {
		return nil
	}
	s := strings.TrimSuffix(string(data), "\n")
	ls := strings.Split(s, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// FuzzFilters feeds arbitrary bytes to every filter as standard input. None
// may panic or hang, and each must write exactly one line per input line:
// resolve writes Resolve(BASE, REF) (or an empty line and an error for a
// line without TAB), parse -json and check -json give back each line's
// bytes exactly.
func FuzzFilters(f *testing.F) {
	f.Add([]byte("http://a/b/c/d;p?q#f\tg\n"))         // a plain pair
	f.Add([]byte("http://a/b\t../../x\r\n\tg\r\n"))    // CRLF, empty base
	f.Add([]byte("no tab\n\n\n"))                      // lines without TAB, empty lines
	f.Add([]byte("a\x00b\t\xff\xfe\n\xc0"))            // NUL, invalid UTF-8, no final newline
	f.Add([]byte("\r\r\n\r"))                          // stray CRs
	f.Add([]byte("h://a b/\t%zz#x#y\n//a//b\t;x?y\n")) // -strict rejects both fields
	f.Fuzz(func(t *testing.T, data []byte) {
		in := inputLines(data)
		runCmd := func(args ...string) []string {
			var out, errb bytes.Buffer
			st := run(&env{stdin: bytes.NewReader(data), stdout: &out, stderr: &errb}, args)
			if st != exitOK && st != exitRejected {
				t.Fatalf("%v: status %d", args, st)
			}
			if out.Len() > 0 && !bytes.HasSuffix(out.Bytes(), []byte{'\n'}) {
				t.Fatalf("%v: output does not end in a newline: %q", args, out.String())
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if out.Len() == 0 {
				got = nil
			}
			if len(got) != len(in) {
				t.Fatalf("%v: %d input lines, %d output lines\nin %q\nout %q", args, len(in), len(got), data, out.String())
			}
			return got
		}

		for i, res := range runCmd("resolve") {
			base, ref, ok := strings.Cut(in[i], "\t")
			if want := relurl.Resolve(base, ref); ok && res != want || !ok && res != "" {
				t.Errorf("resolve line %d %q: got %q, want %q", i+1, in[i], res, want)
			}
		}
		for i, res := range runCmd("resolve", "http://a/b/c") {
			if want := relurl.Resolve("http://a/b/c", in[i]); res != want {
				t.Errorf("resolve BASE line %d: got %q, want %q", i+1, res, want)
			}
		}
		runCmd("resolve", "-strict")
		runCmd("parse")
		runCmd("check")
		for _, args := range [][]string{{"parse", "-json"}, {"check", "-json"}} {
			for i, line := range runCmd(args...) {
				var v map[string]any
				if err := json.Unmarshal([]byte(line), &v); err != nil {
					t.Fatalf("%v line %d: %v: %q", args, i+1, err, line)
				}
				url, _ := v["url"].(string)
				if b, ok := v["url_base64"].(string); ok {
					raw, _ := base64.StdEncoding.DecodeString(b)
					url = string(raw)
				}
				if url != in[i] {
					t.Errorf("%v line %d: url %q, input %q", args, i+1, url, in[i])
				}
			}
		}
	})
}

// The fuzzer also runs the filters on a big input once, as a test: a
// million short lines must come out as a million lines.
func TestFiltersManyLines(t *testing.T) {
	data := bytes.Repeat([]byte("http://a/b/c\t../g\r\n"), 1_000_000)
	var out bytes.Buffer
	if st := run(&env{stdin: bytes.NewReader(data), stdout: &out, stderr: io.Discard}, []string{"resolve"}); st != exitOK {
		t.Fatalf("status %d", st)
	}
	if out.String() != strings.Repeat("http://a/g\n", 1_000_000) {
		t.Errorf("output is not a million resolutions (%d bytes)", out.Len())
	}
}
