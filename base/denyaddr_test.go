package base

import (
	"net/netip"
	"testing"
)

// TestDeniedAddr takes an address in each special-use range, with the
// entry of the IANA registry (or the RFC) it comes from, and addresses
// that must stay reachable.
func TestDeniedAddr(t *testing.T) {
	for _, c := range []struct {
		addr   string
		denied bool
		source string
	}{
		// IPv4 Special-Purpose Address Registry, one line per entry.
		{"0.0.0.0", true, "0.0.0.0/32 this host on this network, RFC 1122"},
		{"0.1.2.3", true, "0.0.0.0/8 this network, RFC 791"},
		{"10.1.2.3", true, "10.0.0.0/8 private use, RFC 1918"},
		{"100.64.0.1", true, "100.64.0.0/10 shared address space, RFC 6598"},
		{"100.127.255.255", true, "100.64.0.0/10 shared address space, RFC 6598 (last)"},
		{"127.0.0.1", true, "127.0.0.0/8 loopback, RFC 1122"},
		{"127.255.0.9", true, "127.0.0.0/8 loopback, RFC 1122"},
		{"169.254.169.254", true, "169.254.0.0/16 link local, RFC 3927"},
		{"172.16.0.1", true, "172.16.0.0/12 private use, RFC 1918"},
		{"172.31.255.255", true, "172.16.0.0/12 private use, RFC 1918 (last)"},
		{"192.0.0.1", true, "192.0.0.0/24 IETF protocol assignments, RFC 6890"},
		{"192.0.0.8", true, "192.0.0.8/32 IPv4 dummy address, RFC 7600"},
		{"192.0.0.9", true, "192.0.0.9/32 port control protocol anycast, RFC 7723"},
		{"192.0.0.10", true, "192.0.0.10/32 traversal using relays around NAT anycast, RFC 8155"},
		{"192.0.0.170", true, "192.0.0.170/32 NAT64/DNS64 discovery, RFC 7050"},
		{"192.0.2.1", true, "192.0.2.0/24 documentation (TEST-NET-1), RFC 5737"},
		{"192.31.196.1", true, "192.31.196.0/24 AS112-v4, RFC 7535"},
		{"192.52.193.1", true, "192.52.193.0/24 AMT, RFC 7450"},
		{"192.88.99.1", true, "192.88.99.0/24 deprecated 6to4 relay anycast, RFC 7526"},
		{"192.168.1.1", true, "192.168.0.0/16 private use, RFC 1918"},
		{"192.175.48.1", true, "192.175.48.0/24 direct delegation AS112 service, RFC 7534"},
		{"198.18.0.1", true, "198.18.0.0/15 benchmarking, RFC 2544"},
		{"198.19.255.255", true, "198.18.0.0/15 benchmarking, RFC 2544 (last)"},
		{"198.51.100.1", true, "198.51.100.0/24 documentation (TEST-NET-2), RFC 5737"},
		{"203.0.113.1", true, "203.0.113.0/24 documentation (TEST-NET-3), RFC 5737"},
		{"240.0.0.1", true, "240.0.0.0/4 reserved, RFC 1112"},
		{"255.255.255.255", true, "255.255.255.255/32 limited broadcast, RFC 8190"},
		// IPv4 multicast, RFC 5771.
		{"224.0.0.1", true, "224.0.0.0/4 multicast, RFC 5771"},
		{"239.255.255.255", true, "224.0.0.0/4 multicast, RFC 5771 (last)"},

		// IPv6 Special-Purpose Address Registry, one line per entry.
		{"::1", true, "::1/128 loopback, RFC 4291"},
		{"::", true, "::/128 unspecified, RFC 4291"},
		{"::ffff:127.0.0.1", true, "::ffff:0:0/96 IPv4-mapped, RFC 4291, of loopback"},
		{"::ffff:10.0.0.1", true, "::ffff:0:0/96 IPv4-mapped, RFC 4291, of private use"},
		{"64:ff9b::7f00:1", true, "64:ff9b::/96 IPv4-IPv6 translation, RFC 6052, of loopback"},
		{"64:ff9b::a9fe:a9fe", true, "64:ff9b::/96 IPv4-IPv6 translation, RFC 6052, of link local"},
		{"64:ff9b:1::808:808", true, "64:ff9b:1::/48 IPv4-IPv6 translation (local use), RFC 8215"},
		{"64:ff9b:1::7f00:1", true, "64:ff9b:1::/48 IPv4-IPv6 translation (local use), RFC 8215"},
		{"100::1", true, "100::/64 discard only, RFC 6666"},
		{"100:0:0:1::1", true, "100:0:0:1::/64 dummy IPv6 prefix, RFC 9780"},
		{"2001::1", true, "2001::/23 IETF protocol assignments, RFC 2928"},
		{"2001:0:4136:e378:8000:63bf:3fff:fdd2", true, "2001::/32 TEREDO, RFC 4380"},
		{"2001:1::1", true, "2001:1::1/128 port control protocol anycast, RFC 7723"},
		{"2001:1::2", true, "2001:1::2/128 traversal using relays around NAT anycast, RFC 8155"},
		{"2001:1::3", true, "2001:1::3/128 DNS-SD service registration protocol anycast, RFC 9665"},
		{"2001:2::1", true, "2001:2::/48 benchmarking, RFC 5180"},
		{"2001:3::1", true, "2001:3::/32 AMT, RFC 7450"},
		{"2001:4:112::1", true, "2001:4:112::/48 AS112-v6, RFC 7535"},
		{"2001:10::1", true, "2001:10::/28 deprecated (previously ORCHID), RFC 4843"},
		{"2001:20::1", true, "2001:20::/28 ORCHIDv2, RFC 7343"},
		{"2001:30::1", true, "2001:30::/28 drone remote ID protocol entity tags, RFC 9374"},
		{"2001:1ff:ffff::1", true, "2001::/23 IETF protocol assignments, RFC 2928 (last /32)"},
		{"2001:db8::1", true, "2001:db8::/32 documentation, RFC 3849"},
		{"2002:7f00:1::", true, "2002::/16 6to4, RFC 3056, of loopback"},
		{"2002:808:808::", true, "2002::/16 6to4, RFC 3056, of a public address (deprecated relays, RFC 7526)"},
		{"2620:4f:8000::1", true, "2620:4f:8000::/48 direct delegation AS112 service, RFC 7534"},
		{"3fff::1", true, "3fff::/20 documentation, RFC 9637"},
		{"5f00::1", true, "5f00::/16 segment routing (SRv6) SIDs, RFC 9602"},
		{"fd00::1", true, "fc00::/7 unique local, RFC 4193"},
		{"fc00::1", true, "fc00::/7 unique local, RFC 4193"},
		{"fe80::1", true, "fe80::/10 link-local unicast, RFC 4291"},
		{"fe80::1%eth0", true, "fe80::/10 link-local unicast, RFC 4291, with a zone"},
		// Beside the registry.
		{"::127.0.0.1", true, "::/96 IPv4-compatible, deprecated, RFC 4291 section 2.5.5.1"},
		{"::8.8.8.8", true, "::/96 IPv4-compatible, deprecated, RFC 4291 section 2.5.5.1"},
		{"::ffff:0:127.0.0.1", true, "::ffff:0:0:0/96 IPv4-translated, RFC 2765"},
		{"fec0::1", true, "fec0::/10 site-local, deprecated, RFC 3879"},
		{"ff02::1", true, "ff00::/8 multicast, RFC 4291"},
		{"ff0e::1", true, "ff00::/8 multicast, RFC 4291"},

		// Reachable: public addresses, and the forms that are one.
		{"8.8.8.8", false, "public"},
		{"93.184.216.34", false, "public"},
		{"172.32.0.1", false, "just past 172.16.0.0/12"},
		{"100.128.0.1", false, "just past 100.64.0.0/10"},
		{"192.0.1.1", false, "between 192.0.0.0/24 and 192.0.2.0/24"},
		{"223.255.255.255", false, "just below 224.0.0.0/4"},
		{"::ffff:8.8.8.8", false, "IPv4-mapped public address"},
		{"64:ff9b::808:808", false, "well-known NAT64 of a public address (DNS64)"},
		{"2606:4700::1111", false, "public"},
		{"2001:200::1", false, "just past 2001::/23"},
		{"2003::1", false, "just past 2002::/16"},
	} {
		if got := DeniedAddr(netip.MustParseAddr(c.addr)); got != c.denied {
			t.Errorf("DeniedAddr(%s) = %v, want %v (%s)", c.addr, got, c.denied, c.source)
		}
	}
	if !DeniedAddr(netip.Addr{}) {
		t.Error("the zero Addr is not refused")
	}
}

// TestSpecialRangesWhole checks both ends of every range: an embedding
// range is refused at its ends too (0.0.0.0 and 255.255.255.255).
func TestSpecialRangesWhole(t *testing.T) {
	for _, r := range specialRanges {
		first := r.prefix.Masked().Addr()
		last := first
		b := last.AsSlice()
		for i := r.prefix.Bits(); i < len(b)*8; i++ {
			b[i/8] |= 0x80 >> (i % 8)
		}
		last, _ = netip.AddrFromSlice(b)
		for _, a := range []netip.Addr{first, last} {
			if !DeniedAddr(a) {
				t.Errorf("%s of %s is not refused", a, r.prefix)
			}
		}
	}
}
