package main

import (
	"bufio"
	"bytes"
	"io"
	"unsafe"
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
	in   *bufio.Reader
	out  *bufio.Writer
	line []byte // holds a line longer than the input buffer
	n    int    // number of the line last read, from 1
}

const ioBufferSize = 64 << 10

func newLineIO(e *env) *lineIO {
	out := bufio.NewWriterSize(e.stdout, ioBufferSize)
	return &lineIO{
		in:  bufio.NewReaderSize(flushingReader{e.stdin, out}, ioBufferSize),
		out: out,
	}
}

// flushingReader flushes the output before each read of the input. The
// bufio.Reader above it reads only when its buffer is empty, so output
// waits in the buffer only while input is at hand.
type flushingReader struct {
	r io.Reader
	w *bufio.Writer
}

func (f flushingReader) Read(p []byte) (int, error) {
	if err := f.w.Flush(); err != nil {
		return 0, err
	}
	return f.r.Read(p)
}

// next returns the next line without its "\n" or "\r\n", and false at the
// end of the input. A last line without a newline is still a line. The
// returned slice is valid until the next call. Lines may be of any length
// and hold any bytes.
func (l *lineIO) next() ([]byte, bool, error) {
	l.line = l.line[:0]
	for {
		frag, err := l.in.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
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
		frag = bytes.TrimSuffix(frag, []byte("\n"))
		frag = bytes.TrimSuffix(frag, []byte("\r"))
		return frag, true, nil
	}
}

// lineNo returns the number of the line last returned by next, from 1.
func (l *lineIO) lineNo() int { return l.n }

// flush writes out what is buffered.
func (l *lineIO) flush() error { return l.out.Flush() }

// unsafeString returns b as a string without copying. The string is valid
// only as long as b is not changed: use it for values that do not outlive
// the current line.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
