package graph

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/whatwg"
)

// A Level is what a node of the graph stands for.
type Level uint8

const (
	// Page: a node is a URL as the links rows write it; an edge goes from
	// the page that holds a link to the link's URL, with the capture
	// date where the input gives one.
	Page Level = iota
	// Host: a node is the host name of a URL, without port, as the URL
	// Standard parses it (lower case, IDNA, IPv4 in dotted decimal, IPv6
	// in brackets).
	Host
	// Domain: a node is the registrable domain of the host (eTLD+1 by the
	// Public Suffix List, golang.org/x/net/publicsuffix); a host that has
	// none (an IP address, a public suffix itself, a name without a dot)
	// is its own node.
	Domain
)

var levelNames = [...]string{Page: "page", Host: "host", Domain: "domain"}

// String returns "page", "host" or "domain" (Level(N) for another
// value, as rows.Format.String does).
func (l Level) String() string {
	if int(l) >= len(levelNames) {
		return "Level(" + strconv.Itoa(int(l)) + ")"
	}
	return levelNames[l]
}

// ParseLevel returns the Level named s.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if ascii.EqualFold(s, n) {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("graph: unknown level %q: want page, host or domain", s)
}

// ErrNoHost is wrapped by the error of a URL that has no host at a host or
// domain level ("mailto:a@b", "data:...", "file:///x").
var ErrNoHost = errors.New("no host")

// NoHostSummary words what a run says once about the n links it left out
// of the graph at level l for having no host (ErrNoHost): one line for
// them all, where other errors get one each (relurl graph, relurl-beam).
func (l Level) NoHostSummary(n int64) string {
	return fmt.Sprintf("%d links have no host (mailto:, data:, file: and the like): no edge at level %v", n, l)
}

// Node returns the node that url stands for at level l. At the page level
// it is url itself; at the host and domain levels, an error names a URL
// the URL Standard rejects or one without a host.
func (l Level) Node(url string) (string, error) {
	if l == Page {
		if strings.IndexByte(url, 0) >= 0 {
			return "", fmt.Errorf("URL %s holds a NUL byte", quote.Quote(url))
		}
		return url, nil
	}
	if l != Host && l != Domain {
		return "", fmt.Errorf("graph: unknown level %v", l)
	}
	u, err := whatwg.Parse(url)
	if err != nil {
		return "", err
	}
	host := u.Hostname()
	if host == "" {
		return "", fmt.Errorf("URL %s: %w", quote.Quote(url), ErrNoHost)
	}
	if l == Host {
		return host, nil
	}
	return domain(host), nil
}

// domain returns the registrable domain of a host, or the host.
func domain(host string) string {
	if strings.HasPrefix(host, "[") {
		return host // IPv6
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return host
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(strings.TrimSuffix(host, "."))
	if err != nil {
		return host
	}
	return d
}
