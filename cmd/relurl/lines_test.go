package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

func TestNextLines(t *testing.T) {
	long := strings.Repeat("x", 3*ioBufferSize+17) // longer than the buffer
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"\n", []string{""}},
		{"a", []string{"a"}},
		{"a\nb\n", []string{"a", "b"}},
		{"a\r\nb\r\n\r\n", []string{"a", "b", ""}},
		{"a\rb\n", []string{"a\rb"}}, // a lone CR inside a line stays
		{"a\r", []string{"a"}},       // a CRLF cut short at the end
		{"\x00\xff\n\xfe", []string{"\x00\xff", "\xfe"}},
		{long + "\r\n" + long, []string{long, long}},
	} {
		l := newLineIO(&env{stdin: iotestOneByte(tc.in), stdout: io.Discard, stderr: io.Discard})
		var got []string
		for {
			line, ok, err := l.next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			got = append(got, string(line))
			if l.lineNo() != len(got) {
				t.Errorf("lineNo %d after %d lines", l.lineNo(), len(got))
			}
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("%.40q: got %d lines %.80q, want %d", tc.in, len(got), got, len(tc.want))
		}
	}
}

// iotestOneByte returns a reader that gives s in small pieces, as a pipe
// may.
func iotestOneByte(s string) io.Reader {
	if len(s) > 1000 {
		return strings.NewReader(s)
	}
	return &smallReader{s}
}

type smallReader struct{ s string }

func (r *smallReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:1], r.s)
	r.s = r.s[n:]
	return n, nil
}

// TestPauseFlushInProcess runs the resolve filter over an io.Pipe and
// checks that each answer comes out while the input is still open.
func TestPauseFlushInProcess(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- run(&env{stdin: inR, stdout: outW, stderr: io.Discard}, []string{"resolve", "http://a/b/c"})
		outW.Close()
	}()
	rd := bufio.NewReader(outR)
	for _, tc := range [][2]string{{"g", "http://a/b/g"}, {"../x", "http://a/x"}} {
		go inW.Write([]byte(tc[0] + "\n"))
		got := make(chan string, 1)
		go func() { s, _ := rd.ReadString('\n'); got <- s }()
		select {
		case s := <-got:
			if s != tc[1]+"\n" {
				t.Errorf("got %q, want %q", s, tc[1])
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("no answer to %q while the input is open", tc[0])
		}
	}
	inW.Close()
	if st := <-done; st != exitOK {
		t.Errorf("status %d", st)
	}
}

type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	w.n++
	return 0, errors.New("disk full")
}

// TestWriteError checks that a failing standard output is reported once,
// ends the run with status 1, and stops the reading, the same for every
// filter in each of its input forms (they share one exit path): no false
// "reading standard input" error before the real one.
func TestWriteError(t *testing.T) {
	lines := strings.Repeat("g\n", 200000)                     // more than one buffer of output
	pairs := strings.Repeat("http://a/b\thttp://a/c\n", 50000) // the same, as BASE<TAB>X
	for _, c := range []struct {
		args []string
		in   string
	}{
		{[]string{"resolve", "http://a/"}, lines},
		{[]string{"resolve"}, pairs},
		{[]string{"resolve", "http://a/", "g", "h"}, ""},
		{[]string{"rel", "http://a/"}, strings.Repeat("http://a/g\n", 200000)},
		{[]string{"rel"}, pairs},
		{[]string{"rel", "http://a/", "http://a/g"}, ""},
		{[]string{"compare", "http://a/"}, lines},
		{[]string{"compare"}, pairs},
		{[]string{"compare", "-json", "http://a/", "g"}, ""},
		{[]string{"parse"}, lines},
		{[]string{"parse", "-json", "a"}, ""},
		{[]string{"check"}, lines},
		{[]string{"check", "a"}, ""},
		{[]string{"examples"}, ""},
	} {
		args := c.args
		var errb bytes.Buffer
		w := &failWriter{}
		st := run(&env{stdin: strings.NewReader(c.in), stdout: w, stderr: &errb}, args)
		if st != exitRejected || !strings.Contains(errb.String(), "writing standard output: disk full") ||
			strings.Contains(errb.String(), "reading") || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%v: status %d, stderr %.300q", args, st, errb.String())
		}
		if w.n > 2 {
			t.Errorf("%v: %d writes after the output failed", args, w.n)
		}
	}
}
