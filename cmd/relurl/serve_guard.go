package main

// The guard of the connections of "relurl serve": the server is handed only
// request heads it will take, so that every error is the server's JSON.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"strings"
	"sync"
	"time"

	"github.com/relurl/relurl/internal/ascii"
	"golang.org/x/net/http/httpguts"
)

// A guardListener's connections are guardConns: each request head is read
// whole, checked and only then handed to the server.
type guardListener struct {
	net.Listener
	max int
}

func (l guardListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &guardConn{Conn: c, max: l.max}, nil
}

// guardConn reads each request head (RFC 9112 section 2.1: the request
// line and the header fields, to the empty line) whole before the server
// sees a byte of it, and checks it as net/http's server would, with the
// same public functions (http.ReadRequest, httpguts): a head over max
// bytes, or one the server would refuse before any handler runs, is never
// handed on. Read then ends the input (io.EOF, which net/http's server
// closes on without a word), and Close, which the server calls once it has
// written every answer it owes, writes the server's JSON error for it.
// So net/http never writes an error of its own, and nothing of net/http's
// output is read or rewritten.
//
// A request without a body is followed by the next head; one with a body
// (Content-Length or Transfer-Encoding) is handed on with all that follows,
// unchecked: the guard does not decode chunked bodies, and the handler
// makes that answer the connection's last (serve_routes.go).
type guardConn struct {
	net.Conn
	max int

	buf  []byte // read from Conn, not yet handed on: the head being read
	seen int    // bytes of buf looked at for the end of the head
	out  []byte // checked bytes the server may read
	pass bool   // a request with a body went on: the rest is passed as is

	mu      sync.Mutex // what Read sets for Close
	refusal []byte     // the JSON error response owed
	unread  bool       // input may be left unread: a refused head, a body
	closed  bool
}

func (c *guardConn) Read(p []byte) (int, error) {
	for {
		if len(c.out) > 0 {
			n := copy(p, c.out)
			if c.out = c.out[n:]; len(c.out) == 0 {
				c.out = nil
			}
			return n, nil
		}
		if c.refused() {
			return 0, io.EOF
		}
		if c.pass {
			if len(c.buf) > 0 {
				n := copy(p, c.buf)
				c.buf = c.buf[n:]
				return n, nil
			}
			return c.Conn.Read(p)
		}
		if c.nextHead() {
			continue
		}
		if err := c.fill(); err != nil {
			// The end of the input inside a head, or a deadline: net/http
			// closes without an answer at the one, and sets the other to
			// stop a read it no longer wants, then reads on (so the error
			// is not kept).
			return 0, err
		}
	}
}

// fill reads more of the head into buf. An error comes with no bytes:
// with bytes, the next read gives it again.
func (c *guardConn) fill() error {
	if cap(c.buf)-len(c.buf) < 512 {
		nb := make([]byte, len(c.buf), min(max(2*cap(c.buf), 4096), c.max+4096))
		copy(nb, c.buf)
		c.buf = nb
	}
	n, err := c.Conn.Read(c.buf[len(c.buf):cap(c.buf)])
	c.buf = c.buf[:len(c.buf)+n]
	if n > 0 {
		return nil
	}
	return err
}

// nextHead looks for the end of the head at the start of buf. It moves a
// complete and acceptable head to out, or records the refusal of a bad or
// long one, and reports whether it did either.
func (c *guardConn) nextHead() bool {
	// RFC 9112 section 2.2: empty lines before the request line are
	// ignored.
	skip := 0
	for skip < len(c.buf) && (c.buf[skip] == '\r' || c.buf[skip] == '\n') {
		skip++
	}
	if skip > 0 {
		c.buf, c.seen = c.buf[skip:], max(c.seen-skip, 0)
	}
	end := -1
	for i := max(c.seen, 1); i < len(c.buf); i++ {
		// The head ends at the empty line: LF, then LF or CRLF.
		if c.buf[i] == '\n' && (c.buf[i-1] == '\n' || (c.buf[i-1] == '\r' && i >= 2 && c.buf[i-2] == '\n')) {
			end = i + 1
			break
		}
	}
	if end < 0 {
		c.seen = len(c.buf)
		if len(c.buf) > c.max {
			c.refuse(http.StatusRequestHeaderFieldsTooLarge, c.tooLarge())
			return true
		}
		return false
	}
	if end > c.max {
		c.refuse(http.StatusRequestHeaderFieldsTooLarge, c.tooLarge())
		return true
	}
	head := c.buf[:end:end]
	req, status, msg := checkHead(head)
	if req == nil {
		c.refuse(status, msg)
		return true
	}
	c.out, c.buf, c.seen = head, c.buf[end:], 0
	if len(c.buf) == 0 {
		c.buf = nil // an idle connection keeps no buffer
	}
	if req.ContentLength != 0 {
		c.pass = true
		c.mu.Lock()
		c.unread = true
		c.mu.Unlock()
	}
	return true
}

func (c *guardConn) tooLarge() string {
	return fmt.Sprintf("request head (request line and header fields) over the limit of %d bytes; a query string may have at most %d (-max-query)",
		c.max, c.max-16<<10)
}

// checkHead reads a request head as net/http's server does and returns the
// request, or the status and message of the server's refusal. The checks
// after http.ReadRequest are those net/http's server makes before any
// handler runs (the source of net/http's conn.readRequest and conn.serve),
// made here with the same public functions, or stricter.
func checkHead(head []byte) (*http.Request, int, string) {
	req, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(head)))
	if err != nil {
		return nil, http.StatusBadRequest, "malformed HTTP request: " + err.Error()
	}
	if req.ProtoMajor != 1 {
		return nil, http.StatusHTTPVersionNotSupported, fmt.Sprintf("HTTP version %s not supported: this server speaks HTTP/1.0 and HTTP/1.1", req.Proto)
	}
	if req.RequestURI == "*" {
		// The asterisk form, for OPTIONS only (RFC 9112 section 3.2.4),
		// which is not served.
		return nil, http.StatusBadRequest, "request target * not served: ask for a path"
	}
	// http.ReadRequest takes Host out of the header fields (one at
	// most): read them again as it does, Host included.
	tp := textproto.NewReader(bufio.NewReader(bytes.NewReader(head)))
	tp.ReadLine()
	fields, err := tp.ReadMIMEHeader()
	if err != nil {
		return nil, http.StatusBadRequest, "malformed HTTP request: " + err.Error()
	}
	hosts := fields["Host"]
	switch {
	case len(hosts) == 0 && req.ProtoAtLeast(1, 1) && req.Method != http.MethodConnect:
		return nil, http.StatusBadRequest, "missing required Host header"
	case len(hosts) == 1 && !httpguts.ValidHostHeader(hosts[0]):
		return nil, http.StatusBadRequest, fmt.Sprintf("malformed Host header %q", hosts[0])
	}
	for k, vs := range fields {
		if !httpguts.ValidHeaderFieldName(k) {
			return nil, http.StatusBadRequest, fmt.Sprintf("invalid header field name %q", k)
		}
		for _, v := range vs {
			if !httpguts.ValidHeaderFieldValue(v) {
				return nil, http.StatusBadRequest, fmt.Sprintf("invalid value of header field %s", k)
			}
		}
	}
	// net/http answers 417 itself to an Expect without 100-continue;
	// stricter here, an Expect is only one 100-continue (RFC 9110
	// section 10.1.1).
	if exp := req.Header.Values("Expect"); len(exp) > 0 && (len(exp) > 1 || !ascii.EqualFold(strings.TrimSpace(exp[0]), "100-continue")) {
		return nil, http.StatusExpectationFailed, fmt.Sprintf("expectation %q not supported", strings.Join(exp, ", "))
	}
	return req, 0, ""
}

func (c *guardConn) refused() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.refusal != nil
}

func (c *guardConn) refuse(status int, msg string) {
	c.mu.Lock()
	c.refusal = appendErrorResponse(nil, status, msg)
	c.unread = true
	c.mu.Unlock()
	c.buf, c.seen = nil, 0
}

// Close writes the refusal owed, if any, then closes the connection. The
// server calls it after the answers of the requests before the refused
// one, so the refusal comes in their place.
func (c *guardConn) Close() error {
	c.mu.Lock()
	refusal, unread := c.refusal, c.unread
	first := !c.closed
	c.closed = true
	c.mu.Unlock()
	if first && refusal != nil {
		c.Conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
		c.Conn.Write(refusal)
	}
	if first && unread {
		// Closing with unread input would reset the connection, and the
		// client lose the answers: end the output, then drain the input
		// a short while, as net/http does for its own errors.
		c.CloseWrite()
		c.Conn.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
		io.Copy(io.Discard, io.LimitReader(c.Conn, 16<<20))
	}
	return c.Conn.Close()
}

// CloseWrite ends the output, as net/http does before closing a
// connection with unread input.
func (c *guardConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
