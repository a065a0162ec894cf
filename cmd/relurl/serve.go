package main

// The "serve" command: its flags, its listener and its life. The other
// concerns of the server are in serve_*.go: the guard of the connections
// (serve_guard.go), routing (serve_routes.go), the API's plumbing
// (serve_api.go), the playground (serve_static.go), the JSON error
// (serve_errors.go) and the rate limit (serve_limit.go).

import (
	"context"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

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
429 over the rate, 417 for an Expect other than 100-continue, 505 for an
HTTP version other than 1.x. The server takes no request body: a request
with one is answered, and is the last of its connection.`

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
	if cfg.maxQuery < 1 || !(*rateFlag >= 0) || cfg.burst < 1 || cfg.maxClients < 1 { // !(>= 0): NaN too
		e.errorf("serve: -max-query, -burst and -max-clients must be at least 1, -rate at least 0")
		return exitUsage
	}
	if err := checkListenAddr(*addr); err != nil {
		e.errorf("serve: -addr %q: %v", *addr, err)
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
		// The guard answers a request head over its limit with the
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

// checkListenAddr tells a usage error in -addr from a failure to listen:
// the form HOST:PORT, and a port that is a number from 0 to 65535 or a
// service name. A host that does not resolve, or a port in use, is a
// failure of the run (net.Listen's error).
func checkListenAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if port == "" {
		return nil // as 0
	}
	if n, err := strconv.ParseUint(port, 10, 64); err == nil {
		if n > 65535 {
			return &net.AddrError{Err: "port out of range (0 to 65535)", Addr: port}
		}
		return nil
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return err
	}
	return nil
}
