package main

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/relurl/relurl"
	"golang.org/x/time/rate"
)

func init() {
	register(&command{
		name:     "serve",
		synopsis: "serve a local page and JSON API that explain resolutions",
		run:      runServe,
	})
}

const serveHelp = `
Serves a web page where you type a base URL and references and see, as
you type, the six components of each (absent apart from empty), the steps
of RFC 1808 section 4 that applied and the answers of each specification
side by side. Its files are built into the binary: it works offline.

The same server answers JSON:

  GET /api/resolve?base=BASE&ref=REF[&spec=NAME]   the trace, as "relurl explain -json"
  GET /api/parse?url=URL                           the components and section 2.2 validity

It listens on loopback unless -addr says otherwise, prints its address on
standard error and stops cleanly on SIGINT or SIGTERM. Requests are
limited in size and, per client address, in rate (a token bucket); a
request over a limit gets a JSON error with status 414 or 429.`

// serveConfig holds the limits of the server, from the flags.
type serveConfig struct {
	maxQuery   int        // bytes of a request's raw query string
	rate       rate.Limit // requests per second per client; 0: no limit
	burst      int        // requests a client may make at once
	maxClients int        // clients whose buckets are remembered
}

var defaultServeConfig = serveConfig{maxQuery: 8 << 10, rate: 20, burst: 60, maxClients: 10000}

func runServe(e *env, args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, e, args)
}

// serve runs the server until ctx is done, then shuts it down.
func serve(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "serve", "[-addr HOST:PORT] [-max-query N] [-rate R] [-burst N]", serveHelp)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`; port 0 picks a free one")
	cfg := defaultServeConfig
	fs.IntVar(&cfg.maxQuery, "max-query", cfg.maxQuery, "largest query string accepted, in bytes (larger: 414)")
	rateFlag := fs.Float64("rate", float64(cfg.rate), "requests per second allowed per client address; 0 for no limit (over it: 429)")
	fs.IntVar(&cfg.burst, "burst", cfg.burst, "size of a client's token bucket: requests it may make at once before -rate applies")
	fs.IntVar(&cfg.maxClients, "max-clients", cfg.maxClients, "client addresses whose rate is tracked at once")
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
		// The request line holds the query: room for it and the headers.
		MaxHeaderBytes: cfg.maxQuery + 16<<10,
		ErrorLog:       log.New(e.stderr, "relurl: serve: ", 0),
	}
	if ip := ln.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		e.errorf("serve: listening on %s, which is not loopback: other machines can reach it", ip)
	}
	e.errorf("serve: listening on http://%s/ (SIGINT or SIGTERM stops)", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
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
}

func newServer(cfg serveConfig) *server {
	sub, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // the embedded tree always has web/
	}
	return &server{cfg: cfg, limiter: newLimiter(cfg), static: http.FileServerFS(sub)}
}

func (s *server) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/resolve", s.apiResolve)
	mux.HandleFunc("/api/parse", s.apiParse)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "", "no such API: %s (there are /api/resolve and /api/parse)", r.URL.Path)
	})
	mux.Handle("/", s.static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		// Everything the page needs comes from this server.
		h.Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
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

// apiResolve answers GET /api/resolve?base=...&ref=...[&spec=...].
func (s *server) apiResolve(w http.ResponseWriter, r *http.Request) {
	q, ok := queryParams(w, r, []string{"base", "ref"}, []string{"spec"})
	if !ok {
		return
	}
	resp, ok := newResolveResponse(q["base"], q["ref"], q["spec"])
	if !ok {
		writeError(w, http.StatusBadRequest, "spec", "unknown spec %q: this server has %s", q["spec"], specNames())
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// parseResponse is the JSON of /api/parse.
type parseResponse struct {
	URL relurl.Components `json:"url"`
	// Valid tells whether the URL matches the BNF of RFC 1808 section
	// 2.2; Error says where it does not.
	Valid bool             `json:"valid"`
	Error *validationError `json:"error"`
}

type validationError struct {
	Offset  int    `json:"offset"`
	Rule    string `json:"rule"`
	Reason  string `json:"reason"`
	Message string `json:"message"`
}

// apiParse answers GET /api/parse?url=....
func (s *server) apiParse(w http.ResponseWriter, r *http.Request) {
	q, ok := queryParams(w, r, []string{"url"}, nil)
	if !ok {
		return
	}
	resp := parseResponse{URL: splitComponents(q["url"]), Valid: true}
	if err := relurl.Validate(q["url"]); err != nil {
		resp.Valid = false
		var ve *relurl.ValidationError
		if errors.As(err, &ve) {
			resp.Error = &validationError{ve.Offset, ve.Err.Error(), ve.Reason, ve.Error()}
		} else {
			resp.Error = &validationError{Offset: -1, Message: err.Error()}
		}
	}
	writeJSON(w, http.StatusOK, resp)
}

// queryParams decodes the query of r, which must hold each required
// parameter and may hold the optional ones, each once, as valid UTF-8. It
// writes a 400 error and returns false otherwise: nothing is ignored.
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
		if err := checkUTF8("parameter "+strconv.Quote(name), v[0]); err != nil {
			writeError(w, http.StatusBadRequest, name, "%v: JSON cannot carry it (use \"relurl explain\" for raw bytes)", err)
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

// apiError is the JSON of every error the server answers.
type apiError struct {
	Error struct {
		Status  int    `json:"status"`
		Param   string `json:"param,omitempty"` // the query parameter at fault
		Message string `json:"message"`
	} `json:"error"`
}

func writeError(w http.ResponseWriter, status int, param, format string, args ...any) {
	var e apiError
	e.Error.Status, e.Error.Param, e.Error.Message = status, param, fmt.Sprintf(format, args...)
	writeJSON(w, status, e)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		// Every value written is plain data with valid UTF-8: this is a
		// bug, reported as one rather than as a half-written body.
		http.Error(w, `{"error":{"status":500,"message":"encoding the answer failed"}}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
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
