package ipv6

import (
	"net/netip"
	"strings"
	"testing"
)

// The serializations of RFC 5952 section 4 and the URL Standard's
// examples (section 3.6: "[2001:db8::1]", "[::1]"), and edge cases of the
// zero runs.
func TestAppend(t *testing.T) {
	for _, c := range []struct {
		a    [8]uint16
		want string
	}{
		{[8]uint16{0x2001, 0xdb8, 0, 0, 0, 0, 0, 1}, "2001:db8::1"},
		{[8]uint16{0, 0, 0, 0, 0, 0, 0, 1}, "::1"},
		{[8]uint16{}, "::"},
		{[8]uint16{1, 0, 0, 0, 0, 0, 0, 0}, "1::"},
		{[8]uint16{0x2001, 0xdb8, 0, 1, 1, 1, 1, 1}, "2001:db8:0:1:1:1:1:1"}, // one zero is no run (4.2.2)
		{[8]uint16{0x2001, 0, 0, 1, 0, 0, 0, 1}, "2001:0:0:1::1"},            // the longest run (4.2.3)
		{[8]uint16{0x2001, 0xdb8, 0, 0, 1, 0, 0, 1}, "2001:db8::1:0:0:1"},    // the first of equals
		{[8]uint16{0xABCD, 0xEF, 0, 0, 0, 0, 0xFFFF, 0x102}, "abcd:ef::ffff:102"},
		{[8]uint16{0, 0, 0, 0, 0, 0xffff, 0x102, 0x304}, "::ffff:102:304"}, // no dotted tail
		{[8]uint16{1, 2, 3, 4, 5, 6, 7, 8}, "1:2:3:4:5:6:7:8"},
	} {
		if got := string(Append([]byte("x"), &c.a)); got != "x"+c.want {
			t.Errorf("Append(%x) = %q, want %q", c.a, got, "x"+c.want)
		}
	}
}

// FuzzAppend: net/netip parses back the address written, and writes it
// the same way unless it is IPv4-mapped (netip gives a dotted tail).
func FuzzAppend(f *testing.F) {
	f.Add([]byte{0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1})
	f.Add(make([]byte, 16))
	f.Fuzz(func(t *testing.T, b []byte) {
		var raw [16]byte
		copy(raw[:], b)
		var a [8]uint16
		for i := range a {
			a[i] = uint16(raw[2*i])<<8 | uint16(raw[2*i+1])
		}
		s := string(Append(nil, &a))
		ip, err := netip.ParseAddr(s)
		if err != nil || ip != netip.AddrFrom16(raw) {
			t.Fatalf("%x: %q reads back as %v, %v", raw, s, ip, err)
		}
		if !ip.Is4In6() && ip.String() != s {
			t.Errorf("%x: %q, netip writes %q", raw, s, ip.String())
		}
		if strings.Count(s, "::") > 1 {
			t.Errorf("%x: %q has two \"::\"", raw, s)
		}
	})
}
