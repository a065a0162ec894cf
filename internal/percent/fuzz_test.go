package percent

import "testing"

// FuzzRoundTrip: decoding what Append encoded gives the input back, for
// every named set that escapes "%", and the output holds no byte of the set but in escapes.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"", "a b", "%", "%25", "caf\xc3\xa9", "\x00\x7f\xff", "/x;y?z#w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, set := range []*Set{&RFC1808Path, &Controls, &NotAlnum} {
			enc := Append(nil, s, set)
			for i := 0; i < len(enc); i++ {
				if enc[i] == '%' {
					i += 2
					continue
				}
				if set.Contains(enc[i]) {
					t.Fatalf("%q: byte %#x left unescaped in %q", s, enc[i], enc)
				}
			}
			// Where "%" is in the set, decoding is exact.
			if !set.Contains('%') {
				continue
			}
			if dec := string(AppendDecoded(nil, string(enc))); dec != s {
				t.Fatalf("%q encodes to %q, which decodes to %q", s, enc, dec)
			}
		}
	})
}
