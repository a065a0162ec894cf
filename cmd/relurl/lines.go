package main

import (
	"bufio"
	"errors"
	"io"

	"github.com/relurl/relurl/internal/bytestr"
)

// lineIO is the streaming core shared by the filters: it reads lines of
// any length from standard input and buffers output to standard output.
//
// Output line N answers input line N: a command writes exactly one line
// (possibly empty) for each line it reads. Output is flushed at the end and
// whenever reading more input might block, that is whenever the input
// buffer is empty, so that a filter works interactively as well as in a
// pipeline of millions of lines.
type lineIO struct {
	e    *env
	in   *bufio.Reader
	out  *bufio.Writer
	line []byte // holds a line longer than the input buffer
	n    int    // number of the line last read, from 1
	// werr is the error met writing the output while flushing it before a
	// read. Reading then stops: there is no one left to answer.
	werr error
}

const ioBufferSize = 64 << 10

func newLineIO(e *env) *lineIO {
	l := &lineIO{e: e, out: bufio.NewWriterSize(e.stdout, ioBufferSize)}
	l.in = bufio.NewReaderSize(flushingReader{e.stdin, l}, ioBufferSize)
	return l
}

// errOutput stops the reading of the input once writing the output has
// failed; lineIO.werr holds the cause.
var errOutput = errors.New("output failed")

// flushingReader flushes the output before each read of the input. The
// bufio.Reader above it reads only when its buffer is empty, so output
// waits in the buffer only while input is at hand: when standard input
// pauses (an interactive user, a slow producer), every answer so far is
// already written.
type flushingReader struct {
	r io.Reader
	l *lineIO
}

func (f flushingReader) Read(p []byte) (int, error) {
	if err := f.l.out.Flush(); err != nil {
		f.l.werr = err
		return 0, errOutput
	}
	return f.r.Read(p)
}

// next returns the next line without its "\n" or "\r\n", and false at the
// end of the input or on an error, which it returns. A last line without a
// newline is still a line, and a "\r" ending the input is dropped as the
// CR of a CRLF cut short. The returned slice is valid until the next call.
// Lines may be of any length and hold any bytes, NUL and invalid UTF-8
// included: they are passed on as they are.
func (l *lineIO) next() ([]byte, bool, error) {
	l.line = l.line[:0]
	for {
		frag, err := l.in.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A line longer than the buffer: gather it. Memory is linear in
			// the longest line.
			l.line = append(l.line, frag...)
			continue
		}
		if len(l.line) > 0 {
			l.line = append(l.line, frag...)
			frag = l.line
		}
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		if len(frag) == 0 && err == io.EOF {
			return nil, false, nil
		}
		l.n++
		if n := len(frag); n > 0 && frag[n-1] == '\n' {
			frag = frag[:n-1]
		}
		if n := len(frag); n > 0 && frag[n-1] == '\r' {
			frag = frag[:n-1]
		}
		return frag, true, nil
	}
}

// lineNo returns the number of the line last returned by next, from 1.
func (l *lineIO) lineNo() int { return l.n }

// flush writes out what is buffered.
func (l *lineIO) flush() error { return l.out.Flush() }

// errorf writes an error line to standard error, as env.errorf does, after
// flushing the output lines before it, so that where both go to one
// terminal or file the error follows the line it is about.
func (l *lineIO) errorf(format string, args ...any) {
	l.out.Flush() // an error here is reported by finish
	l.e.errorf(format, args...)
}

// finish flushes the output and reports on standard error the error that
// ended the input (readErr, as returned by next) or the output, naming the
// command cmd. It reports whether the input and the output went well.
func (l *lineIO) finish(cmd string, readErr error) bool {
	ok := true
	if readErr != nil && readErr != errOutput {
		l.e.errorf("%s: reading standard input after line %d: %v", cmd, l.n, readErr)
		ok = false
	}
	// bufio.Writer keeps its first error, so this also reports one met by
	// flushingReader.
	if err := l.out.Flush(); err != nil {
		l.e.errorf("%s: writing standard output: %v", cmd, err)
		ok = false
	}
	return ok
}

// forEach calls fn with each argument or, when there are none, with each
// line of standard input, in order; s is valid only during the call. It
// returns the error that ended the input, as next does.
func (l *lineIO) forEach(args []string, fn func(s string)) error {
	if len(args) > 0 {
		for _, a := range args {
			fn(a)
		}
		return nil
	}
	for {
		line, ok, err := l.next()
		if !ok {
			return err
		}
		fn(bytestr.View(line))
	}
}
