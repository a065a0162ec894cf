package main

// The routing of "relurl serve": what every request goes through (method,
// rate, query size, headers), then the API or the playground.

import (
	"net/http"
	"strconv"
	"time"
)

// server is the handler of "relurl serve".
type server struct {
	cfg     serveConfig
	limiter *limiter
	static  http.Handler
}

func newServer(cfg serveConfig) *server {
	return &server{cfg: cfg, limiter: newLimiter(cfg), static: newPlayground()}
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
		setSecurityHeaders(h)
		if r.ContentLength != 0 {
			// The server takes no body, and the guard passes a request
			// with one and all that follows it on unread (guardConn):
			// this answer is the connection's last.
			h.Set("Connection", "close")
		}
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
