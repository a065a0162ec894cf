package base

// DenyPrivate: the addresses a fetch refuses to connect to, checked on
// the address dialled.

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// denyPrivate returns a copy of t (nil: http.DefaultTransport) whose every
// connection is checked by denyControl, and which uses no proxy.
func denyPrivate(t http.RoundTripper) (http.RoundTripper, error) {
	if t == nil {
		t = http.DefaultTransport
	}
	ht, ok := t.(*http.Transport)
	if !ok {
		return nil, fmt.Errorf("DenyPrivate needs an *http.Transport, not %T", t)
	}
	ht = ht.Clone()
	ht.Proxy = nil
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: denyControl}
	ht.DialContext = d.DialContext
	ht.DialTLSContext = nil
	ht.Dial, ht.DialTLS = nil, nil //lint:ignore SA1019 a caller's deprecated dialers must not bypass the check
	return ht, nil
}

// denyControl is a net.Dialer Control function: it runs after name
// resolution, on the address about to be connected to.
func denyControl(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: cannot check %q: %v", ErrDeniedAddr, address, err)
	}
	if deniedAddrPort(ap) {
		return fmt.Errorf("%w: %s", ErrDeniedAddr, ap.Addr())
	}
	return nil
}

// deniedAddrPort is DeniedAddr on the address of ap; a variable so that
// a test can deny one loopback server and allow another.
var deniedAddrPort = func(ap netip.AddrPort) bool { return DeniedAddr(ap.Addr()) }

// A specialRange is a range of addresses DenyPrivate refuses, or, when
// embedded, judges by the IPv4 address in its last 32 bits.
type specialRange struct {
	prefix   netip.Prefix
	embedded bool
}

func refused(p string) specialRange  { return specialRange{netip.MustParsePrefix(p), false} }
func embedsV4(p string) specialRange { return specialRange{netip.MustParsePrefix(p), true} }

// specialRanges are every entry of the IANA IPv4 and IPv6 Special-Purpose
// Address Registries (RFC 6890; iana.org/assignments/iana-ipv4-special-registry
// and iana-ipv6-special-registry, as of 2026-11), the globally reachable
// ones included, and the multicast and deprecated ranges beside them.
// Every IPv6 form that carries an IPv4 address is refused whole, except
// two that are that IPv4 address on the wire: IPv4-mapped addresses (the
// dialler connects over IPv4) and the well-known NAT64 prefix (DNS64
// networks give public IPv4 hosts such addresses), judged by the IPv4
// address.
var specialRanges = []specialRange{
	// IPv4 Special-Purpose Address Registry.
	refused("0.0.0.0/8"),          // "this network", RFC 791 (0.0.0.0/32 "this host", RFC 1122)
	refused("10.0.0.0/8"),         // private use, RFC 1918
	refused("100.64.0.0/10"),      // shared address space (carrier-grade NAT), RFC 6598
	refused("127.0.0.0/8"),        // loopback, RFC 1122
	refused("169.254.0.0/16"),     // link local, RFC 3927 (cloud metadata services)
	refused("172.16.0.0/12"),      // private use, RFC 1918
	refused("192.0.0.0/24"),       // IETF protocol assignments, RFC 6890 (DS-Lite, PCP and TURN anycast, NAT64 discovery...)
	refused("192.0.2.0/24"),       // documentation (TEST-NET-1), RFC 5737
	refused("192.31.196.0/24"),    // AS112-v4, RFC 7535
	refused("192.52.193.0/24"),    // AMT, RFC 7450
	refused("192.88.99.0/24"),     // deprecated 6to4 relay anycast, RFC 7526
	refused("192.168.0.0/16"),     // private use, RFC 1918
	refused("192.175.48.0/24"),    // direct delegation AS112 service, RFC 7534
	refused("198.18.0.0/15"),      // benchmarking, RFC 2544
	refused("198.51.100.0/24"),    // documentation (TEST-NET-2), RFC 5737
	refused("203.0.113.0/24"),     // documentation (TEST-NET-3), RFC 5737
	refused("240.0.0.0/4"),        // reserved, RFC 1112
	refused("255.255.255.255/32"), // limited broadcast, RFC 919 and RFC 8190 (inside 240.0.0.0/4)
	// IPv4 multicast (its own registry), RFC 5771.
	refused("224.0.0.0/4"),

	// IPv6 Special-Purpose Address Registry.
	refused("::1/128"),           // loopback, RFC 4291
	refused("::/128"),            // unspecified, RFC 4291
	embedsV4("::ffff:0:0/96"),    // IPv4-mapped, RFC 4291: the IPv4 address itself
	embedsV4("64:ff9b::/96"),     // IPv4-IPv6 translation (well-known NAT64 prefix), RFC 6052
	refused("64:ff9b:1::/48"),    // IPv4-IPv6 translation, local use, RFC 8215
	refused("100::/64"),          // discard only, RFC 6666
	refused("100:0:0:1::/64"),    // dummy IPv6 prefix, RFC 9780
	refused("2001::/23"),         // IETF protocol assignments, RFC 2928: Teredo 2001::/32 (RFC 4380), PCP/TURN/DNS-SD anycast, benchmarking 2001:2::/48, AMT 2001:3::/32, AS112-v6 2001:4:112::/48, ORCHID, ORCHIDv2, DETs
	refused("2001:db8::/32"),     // documentation, RFC 3849
	refused("2002::/16"),         // 6to4, RFC 3056 (deprecated relays, RFC 7526): refused whatever IPv4 address it embeds
	refused("2620:4f:8000::/48"), // direct delegation AS112 service, RFC 7534
	refused("3fff::/20"),         // documentation, RFC 9637
	refused("5f00::/16"),         // segment routing (SRv6) SIDs, RFC 9602
	refused("fc00::/7"),          // unique local, RFC 4193
	refused("fe80::/10"),         // link-local unicast, RFC 4291
	// Beside the registry: IPv6 forms that embed an IPv4 address, and
	// deprecated or multicast ranges.
	refused("::/96"),           // IPv4-compatible (::a.b.c.d), deprecated by RFC 4291 section 2.5.5.1
	refused("::ffff:0:0:0/96"), // IPv4-translated (::ffff:0:a.b.c.d), RFC 2765
	refused("fec0::/10"),       // site-local, deprecated by RFC 3879
	refused("ff00::/8"),        // multicast, RFC 4291
}

// DeniedAddr reports whether DenyPrivate refuses a connection to a: an
// address in any range of the IANA IPv4 and IPv6 Special-Purpose Address
// Registries (loopback, private, link-local, unspecified, documentation,
// benchmarking, shared, reserved...), multicast, a deprecated IPv6 range
// (site-local, IPv4-compatible) or an IPv6 form embedding an IPv4 address
// (6to4, Teredo, local-use NAT64, IPv4-translated); an IPv4-mapped
// address or one of the well-known NAT64 prefix is judged as the IPv4
// address it carries. The invalid zero Addr is refused.
func DeniedAddr(a netip.Addr) bool {
	if !a.IsValid() {
		return true
	}
	for _, r := range specialRanges {
		if !r.prefix.Contains(a.WithZone("")) {
			continue
		}
		if r.embedded {
			b := a.As16()
			return DeniedAddr(netip.AddrFrom4([4]byte(b[12:16])))
		}
		return true
	}
	return false
}
