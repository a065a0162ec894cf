// Package ipv6 writes IPv6 addresses as the URL Standard's IPv6
// serializer does (section 3.6), which is also the text RFC 5952 section
// 4 recommends and Python's ipaddress gives: eight groups of lower-case
// hex without leading zeros, the first longest run of two or more zero
// groups written "::", no dotted IPv4 tail. The whatwg package serializes
// hosts with it, and canon's urlcanon reading too.
package ipv6

import "strconv"

// Append appends the address of the eight 16-bit pieces a to dst.
func Append(dst []byte, a *[8]uint16) []byte {
	// The first longest run of two or more zero pieces: "::" (RFC 5952
	// section 4.2.2 and 4.2.3).
	best, bestLen := -1, 1
	for i := 0; i < 8; {
		if a[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j
	}
	for i := 0; i < 8; i++ {
		if i == best {
			dst = append(dst, "::"...)
			i += bestLen - 1
			continue
		}
		if i > 0 && i != best+bestLen {
			dst = append(dst, ':')
		}
		dst = strconv.AppendUint(dst, uint64(a[i]), 16)
	}
	return dst
}
