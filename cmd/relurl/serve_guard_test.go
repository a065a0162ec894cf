package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// chunkConn is a connection that reads data in chunks of the sizes given
// (cycling), and records what is written.
type chunkConn struct {
	net.Conn // nil: only the methods below are used
	data     []byte
	sizes    []byte
	i        int
	out      bytes.Buffer
}

func (c *chunkConn) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := len(p)
	if len(c.sizes) > 0 {
		n = min(n, int(c.sizes[c.i%len(c.sizes)])+1)
		c.i++
	}
	n = copy(p[:min(n, len(c.data))], c.data)
	c.data = c.data[n:]
	return n, nil
}

func (c *chunkConn) Write(p []byte) (int, error)      { return c.out.Write(p) }
func (c *chunkConn) Close() error                     { return nil }
func (c *chunkConn) CloseWrite() error                { return nil }
func (c *chunkConn) SetReadDeadline(time.Time) error  { return nil }
func (c *chunkConn) SetWriteDeadline(time.Time) error { return nil }

// guardedServer starts the server as "relurl serve" runs it: on a real
// listener on 127.0.0.1, through the guard.
func guardedServer(t *testing.T, cfg serveConfig) string {
	t.Helper()
	srv := httptest.NewUnstartedServer(newServer(cfg).handler())
	srv.Listener = guardListener{srv.Listener, cfg.maxHead()}
	srv.Config.MaxHeaderBytes = 2 * cfg.maxHead()
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().String()
}

// exchange sends raw on a new connection, then reads every response until
// the server closes it (no request of raw may be a HEAD: its answer has no
// body to read).
func exchange(t *testing.T, addr, raw string) []*http.Response {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(20 * time.Second))
	go func() {
		io.WriteString(c, raw)
		c.(*net.TCPConn).CloseWrite() // the end of the requests
	}()
	br := bufio.NewReader(c)
	var out []*http.Response
	for {
		if _, err := br.Peek(1); err == io.EOF {
			return out
		}
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%.40q... (%d bytes): after %d responses: %v", raw, len(raw), len(out), err)
		}
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatalf("response %d: %v", len(out), err)
		}
		res.Body = io.NopCloser(bytes.NewReader(body))
		out = append(out, res)
	}
}

// isJSONError reports whether res is the server's JSON error with status.
func isJSONError(res *http.Response, status int, msg string) bool {
	body, _ := io.ReadAll(res.Body)
	res.Body = io.NopCloser(bytes.NewReader(body))
	var e jsonError
	return res.StatusCode == status && json.Unmarshal(body, &e) == nil && e.Error.Status == status && strings.Contains(e.Error.Message, msg) &&
		res.Header.Get("Content-Security-Policy") != "" && res.Header.Get("Content-Type") == "application/json; charset=utf-8"
}

// TestServeRawErrors sends requests that net/http would refuse before any
// handler runs, over a real listener: each is answered with the server's
// JSON error and its headers, once, and nothing else is written.
func TestServeRawErrors(t *testing.T) {
	addr := guardedServer(t, noLimit)
	for _, tc := range []struct {
		req    string
		status int
		msg    string
	}{
		{"GET / HTTP/1.1\r\n\r\n", 400, "missing required Host header"},
		{"nonsense\r\n\r\n", 400, "malformed HTTP request"},
		{"GET * HTTP/1.1\r\nHost: x\r\n\r\n", 400, "request target *"},
		{"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", 400, "request target *"},
		{"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400, "too many Host headers"},
		{"GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400, "malformed Host header"},
		{"GET http://x/ HTTP/1.1\r\n\r\n", 400, "missing required Host header"},
		{"GET / HTTP/1.1\r\nHost: x\r\nX: a\x01b\r\n\r\n", 400, "malformed MIME header line"},
		{"GET / HTTP/1.1\r\nHost: x\r\nX: a\x7fb\r\n\r\n", 400, "malformed MIME header line"},
		{"GET / HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n", 417, "expectation"},
		{"GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nExpect: x\r\n\r\n", 417, "expectation"},
		{"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "HTTP version HTTP/2.0"},
		{"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505, "HTTP version"},
		{"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 400, "malformed HTTP request"},
		{"GET / HTTP/1.1\r\nHost: x\r\nX: " + strings.Repeat("y", noLimit.maxHead()) + "\r\n\r\n", 431, "over the limit"},
		{"GET /" + strings.Repeat("y", 1<<20) + " HTTP/1.1\r\n", 431, "over the limit"},
	} {
		rs := exchange(t, addr, tc.req)
		if len(rs) != 1 || !isJSONError(rs[0], tc.status, tc.msg) || !rs[0].Close {
			for _, r := range rs {
				b, _ := io.ReadAll(r.Body)
				t.Logf("  %d %v %s", r.StatusCode, r.Header, b)
			}
			t.Errorf("%.50q: %d responses, want one JSON %d with %q", tc.req, len(rs), tc.status, tc.msg)
		}
	}
}

// TestServeConnection checks what a connection carries: several requests
// one after the other (keep-alive, pipelined), a refused one after good
// ones, and requests with bodies, which the server does not read: each
// request gets one answer, and none comes unasked.
func TestServeConnection(t *testing.T) {
	addr := guardedServer(t, noLimit)
	get := "GET /api/parse?url=a HTTP/1.1\r\nHost: x\r\n\r\n"
	chunked := func(n int) string {
		return fmt.Sprintf("GET /api/parse?url=a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n", n, strings.Repeat("b", n))
	}
	withLength := func(method string, n int) string {
		return fmt.Sprintf("%s /api/parse?url=a HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s", method, n, strings.Repeat("b", n))
	}
	for _, tc := range []struct {
		name, raw string
		statuses  []int
	}{
		{"three pipelined", get + get + get, []int{200, 200, 200}},
		{"empty lines between", get + "\r\n\r\n" + get, []int{200, 200}},
		{"then refused", get + "GET * HTTP/1.1\r\nHost: x\r\n\r\n" + get, []int{200, 400}},
		{"then too long", get + "GET /" + strings.Repeat("a", 100<<10) + " HTTP/1.1\r\nHost: x\r\n\r\n", []int{200, 431}},
		// The defect of issue 23 item 8: a chunked body over 256 KiB
		// got its 200, then an unsolicited 431.
		{"chunked 300 KiB", chunked(300<<10) + get, []int{200}},
		{"chunked small", chunked(10) + get, []int{200}},
		{"chunked 300 KiB after one", get + chunked(300<<10), []int{200, 200}},
		{"Content-Length 300 KiB", withLength("GET", 300<<10) + get, []int{200}},
		{"POST", withLength("POST", 10) + get, []int{405}},
		{"Content-Length 0", withLength("GET", 0) + get, []int{200, 200}},
	} {
		rs := exchange(t, addr, tc.raw)
		var got []int
		for _, r := range rs {
			got = append(got, r.StatusCode)
			if r.StatusCode >= 400 && !isJSONError(r, r.StatusCode, "") {
				b, _ := io.ReadAll(r.Body)
				t.Errorf("%s: %d not the JSON error: %s", tc.name, r.StatusCode, b)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.statuses) {
			t.Errorf("%s: statuses %v, want %v", tc.name, got, tc.statuses)
		}
	}
}

// TestGuardAgreesWithNetHTTP sends net/http's server, through the guard,
// request heads damaged byte by byte: every answer must be the server's
// (its headers, and for an error its JSON), never one net/http writes
// itself, which would mean the guard handed on a head net/http refuses.
func TestGuardAgreesWithNetHTTP(t *testing.T) {
	addr := guardedServer(t, noLimit)
	seeds := []string{
		"GET /api/parse?url=a HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n",
		"GET / HTTP/1.0\r\n\r\n",
		"GET http://x/api/parse?url=a HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\nz",
		"GET / HTTP/1.1\r\nHost: [::1]:80\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
		"OPTIONS /a HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n",
	}
	var cases []string
	for _, s := range seeds {
		cases = append(cases, s)
		for i := 0; i < len(s); i += 3 {
			for _, b := range []byte{' ', 0, '\r', '\n', ':', 0x7f, '*', 0x80, '\t', '/'} {
				m := []byte(s)
				m[i] = b
				cases = append(cases, string(m))
			}
		}
	}
	for _, raw := range cases {
		if strings.HasPrefix(raw, "HEAD") {
			continue // its answer has no body to find the next by
		}
		for i, res := range exchange(t, addr, raw) {
			if res.Header.Get("Content-Security-Policy") == "" || (res.StatusCode >= 400 && !isJSONError(res, res.StatusCode, "")) {
				body, _ := io.ReadAll(res.Body)
				t.Errorf("%q: answer %d not the server's: %d %v %q", raw, i, res.StatusCode, res.Header, body)
			}
		}
	}
}
