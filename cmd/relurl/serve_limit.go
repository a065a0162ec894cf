package main

// The rate limit of "relurl serve": a token bucket per client address.

import (
	"net"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

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
