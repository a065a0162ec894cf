package main

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/jsonline"
	"golang.org/x/time/rate"
)

const serveHelp = `
Serves a web page where you type a base URL and references and see, as
you type, the components of each by the specification chosen, the steps
of its algorithm that applied and the answers of each specification side
by side. Its files are built into the binary: it works offline.

The same server answers JSON:

  GET /api/resolve?base=BASE&ref=REF[&spec=NAME]   the trace, as "relurl explain -json"
  GET /api/parse?url=URL[&spec=NAME]               the components (and by RFC 1808
                                                   section 2.2 validity), as
                                                   "relurl parse -json"

Each answer is one JSON object on one line, with the same members as the
command's; NAME is rfc1808 (the default), rfc2396, rfc3986 or whatwg, in
any case.
The page keeps what is typed in its address (#base=...&refs=...&spec=...):
a link to it reopens the same view.

It listens on loopback unless -addr says otherwise, prints its address on
standard error and stops cleanly on SIGINT or SIGTERM. Requests are
limited in size and, per client address, in rate (a token bucket). Every
error is answered as JSON, {"error":{"status":N,"param":...,"message":...}}:
400 for a bad parameter or a malformed request, 404 for an unknown path,
405 for a method other than GET or HEAD, 414 for a query over -max-query,
431 for a request line and header fields over -max-query plus 16 KiB,
429 over the rate.`

// serveConfig holds the limits of the server, from the flags.
type serveConfig struct {
	maxQuery   int        // bytes of a request's raw query string
	rate       rate.Limit // requests per second per client; 0: no limit
	burst      int        // requests a client may make at once
	maxClients int        // clients whose buckets are remembered
}

// maxHead is the largest request head (request line and header fields)
// served: the request line holds the query, so room for -max-query and
// 16 KiB of header fields.
func (c serveConfig) maxHead() int { return c.maxQuery + 16<<10 }

var defaultServeConfig = serveConfig{maxQuery: 8 << 10, rate: 20, burst: 60, maxClients: 10000}

func runServe(e *env, args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, e, args)
}

// serve runs the server until ctx is done, then shuts it down.
func serve(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "serve", "[-addr HOST:PORT] [-max-query N] [-rate R] [-burst N] [-max-clients N]", serveHelp)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`; port 0 picks a free one")
	cfg := defaultServeConfig
	fs.IntVar(&cfg.maxQuery, "max-query", cfg.maxQuery, "largest query string accepted, in bytes (larger: 414)")
	rateFlag := fs.Float64("rate", float64(cfg.rate), "requests per second allowed per client address; 0 for no limit (over it: 429)")
	fs.IntVar(&cfg.burst, "burst", cfg.burst, "size of a client's token bucket: requests it may make at once before -rate applies")
	fs.IntVar(&cfg.maxClients, "max-clients", cfg.maxClients, "client addresses whose rate is tracked at once; past it, the idle ones are forgotten first")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if fs.NArg() != 0 {
		e.errorf("serve: unexpected argument %q", fs.Arg(0))
		return exitUsage
	}
	cfg.rate = rate.Limit(*rateFlag)
	if cfg.maxQuery < 1 || *rateFlag < 0 || cfg.burst < 1 || cfg.maxClients < 1 {
		e.errorf("serve: -max-query, -burst and -max-clients must be at least 1, -rate at least 0")
		return exitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		e.errorf("serve: %v", err)
		return exitRejected
	}
	srv := &http.Server{
		Handler:           newServer(cfg).handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       60 * time.Second,
		// headGuard answers a request head over its limit with the
		// server's JSON error; net/http's own limit, above it, is never
		// reached first.
		MaxHeaderBytes: 2 * cfg.maxHead(),
		ErrorLog:       log.New(e.stderr, "relurl: serve: ", 0),
	}
	if ip := ln.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		e.errorf("serve: listening on %s, which is not loopback: other machines can reach it", ip)
	}
	e.errorf("serve: listening on http://%s/ (SIGINT or SIGTERM stops)", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(guardListener{ln, cfg.maxHead()}) }()
	select {
	case err := <-errc:
		e.errorf("serve: %v", err)
		return exitRejected
	case <-ctx.Done():
	}
	e.errorf("serve: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		e.errorf("serve: shutdown: %v", err)
		return exitRejected
	}
	return exitOK
}

//go:embed web
var webFiles embed.FS

// server is the handler of "relurl serve".
type server struct {
	cfg     serveConfig
	limiter *limiter
	static  http.Handler
	files   fs.FS
}

func newServer(cfg serveConfig) *server {
	sub, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // the embedded tree always has web/
	}
	return &server{cfg: cfg, limiter: newLimiter(cfg), static: http.FileServerFS(sub), files: sub}
}

func (s *server) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/resolve", s.apiResolve)
	mux.HandleFunc("/api/parse", s.apiParse)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "", "no such API: %s (there are /api/resolve and /api/parse)", r.URL.Path)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		// The file server's own 404 is plain text: answer it here.
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name == "" {
			name = "."
		}
		if _, err := fs.Stat(s.files, name); err != nil {
			writeError(w, http.StatusNotFound, "", "no such page: %s", r.URL.Path)
			return
		}
		s.static.ServeHTTP(w, r)
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		setSecurityHeaders(h)
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, "", "method %s not allowed: use GET", r.Method)
			return
		}
		if ok, wait := s.limiter.allow(clientKey(r), time.Now()); !ok {
			h.Set("Retry-After", strconv.Itoa(int(wait/time.Second)+1))
			writeError(w, http.StatusTooManyRequests, "", "too many requests from %s: at most %g a second, %d at once; retry in %v",
				clientKey(r), float64(s.cfg.rate), s.cfg.burst, wait.Round(time.Millisecond))
			return
		}
		if n := len(r.URL.RawQuery); n > s.cfg.maxQuery {
			writeError(w, http.StatusRequestURITooLong, "", "query string of %d bytes is over the limit of %d (-max-query)", n, s.cfg.maxQuery)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// setSecurityHeaders sets the headers of every answer, errors included.
func setSecurityHeaders(h http.Header) {
	// Everything the page needs comes from this server.
	h.Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
}

// apiResolve answers GET /api/resolve?base=...&ref=...[&spec=...].
func (s *server) apiResolve(w http.ResponseWriter, r *http.Request) {
	q, ok := queryParams(w, r, []string{"base", "ref"}, []string{"spec"})
	if !ok {
		return
	}
	spec, ok := specParam(w, q)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, appendResolveJSON(nil, newResolveResponse(q["base"], q["ref"], spec)))
}

// specParam reads the optional parameter spec, RFC 1808 when absent, or
// answers 400.
func specParam(w http.ResponseWriter, q map[string]string) (relurl.Spec, bool) {
	name, ok := q["spec"]
	if !ok {
		return relurl.RFC1808, true
	}
	// In any case, as -spec takes it.
	spec, err := relurl.ParseSpec(name)
	if err != nil {
		writeError(w, http.StatusBadRequest, "spec", "%v", err)
		return spec, false
	}
	return spec, true
}

// apiParse answers GET /api/parse?url=...[&spec=...].
func (s *server) apiParse(w http.ResponseWriter, r *http.Request) {
	q, ok := queryParams(w, r, []string{"url"}, []string{"spec"})
	if !ok {
		return
	}
	spec, ok := specParam(w, q)
	if !ok {
		return
	}
	// The same object as a line of "relurl parse -json -spec NAME".
	writeJSON(w, http.StatusOK, appendParseJSON(nil, spec, q["url"]))
}

// queryParams decodes the query of r, which must hold each required
// parameter and may hold the optional ones, each once, as valid UTF-8. It
// writes a 400 error and returns false otherwise: nothing is ignored. A
// value may hold any bytes: the answer carries them (NAME_base64).
func queryParams(w http.ResponseWriter, r *http.Request, required, optional []string) (map[string]string, bool) {
	vs, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		writeError(w, http.StatusBadRequest, "", "malformed query string: %v (percent-encode the values, as encodeURIComponent does)", err)
		return nil, false
	}
	known := map[string]bool{}
	for _, n := range required {
		known[n] = true
	}
	for _, n := range optional {
		known[n] = false
	}
	out := map[string]string{}
	for name, v := range vs {
		if _, ok := known[name]; !ok {
			writeError(w, http.StatusBadRequest, name, "unknown parameter %q", name)
			return nil, false
		}
		if len(v) > 1 {
			writeError(w, http.StatusBadRequest, name, "parameter %q given %d times", name, len(v))
			return nil, false
		}
		out[name] = v[0]
	}
	for _, n := range required {
		if _, ok := out[n]; !ok {
			writeError(w, http.StatusBadRequest, n, "missing parameter %q (give %s= for an empty one)", n, n)
			return nil, false
		}
	}
	return out, true
}

// writeError answers the JSON of every error the server gives:
//
//	{"error":{"status":400,"param":"spec","message":"..."}}
//
// with "param" only when a query parameter is at fault.
func writeError(w http.ResponseWriter, status int, param, format string, args ...any) {
	writeJSON(w, status, appendErrorJSON(nil, status, param, fmt.Sprintf(format, args...)))
}

func appendErrorJSON(dst []byte, status int, param, msg string) []byte {
	dst = append(dst, `{"error":{`...)
	dst = jsonline.AppendName(dst, true, "status")
	dst = strconv.AppendInt(dst, int64(status), 10)
	if param != "" {
		dst = jsonline.AppendField(dst, false, "param", param)
	}
	dst = jsonline.AppendField(dst, false, "message", msg)
	return append(dst, "}}"...)
}

// writeJSON answers one JSON object, body, on one line.
func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// clientKey is the address a client's requests are counted under: the
// remote IP. Headers such as X-Forwarded-For are not trusted.
func clientKey(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limiter is a token bucket per client address. It remembers at most
// cfg.maxClients buckets: when full, it forgets the buckets that are full
// again (an idle client's is the same as a new one), or else the one seen
// longest ago.
type limiter struct {
	mu      sync.Mutex
	cfg     serveConfig
	clients map[string]*bucket
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiter(cfg serveConfig) *limiter {
	return &limiter{cfg: cfg, clients: map[string]*bucket{}}
}

// allow takes a token from key's bucket at now, or reports how long until
// one is there.
func (l *limiter) allow(key string, now time.Time) (bool, time.Duration) {
	if l.cfg.rate == 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.clients[key]
	if b == nil {
		if len(l.clients) >= l.cfg.maxClients {
			l.evict(now)
		}
		b = &bucket{lim: rate.NewLimiter(l.cfg.rate, l.cfg.burst)}
		l.clients[key] = b
	}
	b.seen = now
	if b.lim.AllowN(now, 1) {
		return true, 0
	}
	need := 1 - b.lim.TokensAt(now)
	return false, time.Duration(need / float64(l.cfg.rate) * float64(time.Second))
}

func (l *limiter) evict(now time.Time) {
	var oldest string
	for k, b := range l.clients {
		if b.lim.TokensAt(now) >= float64(l.cfg.burst) {
			delete(l.clients, k)
		} else if oldest == "" || b.seen.Before(l.clients[oldest].seen) {
			oldest = k
		}
	}
	if len(l.clients) >= l.cfg.maxClients {
		delete(l.clients, oldest)
	}
}

// A guardListener's connections answer a request head longer than max
// bytes with the server's JSON error (431, RFC 6585 section 5) and its
// headers, then close. Without it net/http answers such a request itself,
// in plain text, without them.
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

// guardConn counts the bytes of each request head as the server reads
// them: from the first byte read after a response was written (or from the
// start) to the empty line that ends the head (RFC 9112 section 2.1). A
// body is not counted: the server takes none (only GET and HEAD).
type guardConn struct {
	net.Conn
	max      int
	inHead   bool // reading a head, not a body
	n        int  // bytes of the head so far
	lineLen  int  // bytes of the current line, CR excluded
	answered bool // the 431 is written: nothing more goes out
}

var errHeadTooLarge = errors.New("request head too large")

func (c *guardConn) Read(p []byte) (int, error) {
	if c.answered {
		return 0, errHeadTooLarge
	}
	n, err := c.Conn.Read(p)
	for i := 0; i < n; i++ {
		if !c.inHead && c.n == 0 {
			c.inHead = true
		}
		if !c.inHead {
			continue
		}
		c.n++
		switch p[i] {
		case '\n':
			if c.lineLen == 0 && c.n > 2 {
				c.inHead = false // the empty line: the head is complete
			}
			c.lineLen = 0
		case '\r':
		default:
			c.lineLen++
		}
		if c.inHead && c.n > c.max {
			c.answer431()
			return 0, errHeadTooLarge
		}
	}
	return n, err
}

func (c *guardConn) Write(p []byte) (int, error) {
	if c.answered {
		// net/http answers the read error with its own 400: it is dropped,
		// the 431 was the answer.
		return len(p), nil
	}
	if status, msg, ok := netHTTPError(p); ok {
		// A request net/http refuses before any handler runs (a malformed
		// request line, no Host): the same error, as the server's JSON.
		c.answered = true
		c.writeError(status, msg)
		return len(p), nil
	}
	// A response: the next byte read begins a new head.
	c.n, c.lineLen, c.inHead = 0, 0, false
	return c.Conn.Write(p)
}

// netHTTPErrorHeaders are the headers net/http writes, and only it, with
// the plain-text errors it answers before a handler runs (net/http's
// conn.serve writes "HTTP/1.1 " + status + these + status or message).
const netHTTPErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// netHTTPError recognises such an answer in p and returns its status and
// text.
func netHTTPError(p []byte) (status int, msg string, ok bool) {
	const prefix = "HTTP/1.1 "
	if !bytes.HasPrefix(p, []byte(prefix)) || len(p) < len(prefix)+3 {
		return 0, "", false
	}
	i := bytes.Index(p, []byte(netHTTPErrorHeaders))
	if i < 0 {
		return 0, "", false
	}
	status, err := strconv.Atoi(string(p[len(prefix) : len(prefix)+3]))
	if err != nil || status < 400 || status > 599 {
		return 0, "", false
	}
	// The text repeats the status line, with the reason after ": " when
	// net/http gives one.
	msg = strings.TrimPrefix(string(p[i+len(netHTTPErrorHeaders):]), strconv.Itoa(status)+" "+http.StatusText(status))
	msg = strings.TrimPrefix(msg, ": ")
	if msg == "" {
		msg = "malformed HTTP request"
	}
	return status, msg, true
}

// answer431 writes the server's JSON error for a head over the limit,
// with the headers of every answer, and marks the connection done.
func (c *guardConn) answer431() {
	c.answered = true
	c.writeError(http.StatusRequestHeaderFieldsTooLarge,
		fmt.Sprintf("request head (request line and header fields) over the limit of %d bytes; a query string may have at most %d (-max-query)", c.max, c.max-16<<10))
}

// writeError writes the server's JSON error on the connection, with the
// headers of every answer, then ends it.
func (c *guardConn) writeError(status int, msg string) {
	body := appendErrorJSON(nil, status, "", msg)
	body = append(body, '\n')
	h := http.Header{}
	setSecurityHeaders(h)
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Connection", "close")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	var b bytes.Buffer
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", status, http.StatusText(status))
	h.Write(&b)
	b.WriteString("\r\n")
	b.Write(body)
	c.Conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	c.Conn.Write(b.Bytes())
	// Closing with unread input would reset the connection, and the client
	// lose the answer: end the output, then drain the input a short while,
	// as net/http does for its own errors.
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		cw.CloseWrite()
	}
	c.Conn.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	io.Copy(io.Discard, io.LimitReader(c.Conn, 16<<20))
}
