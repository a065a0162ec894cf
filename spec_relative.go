package relurl

// Relative returns a reference that resolves to target against base by the
// specification s: s.Resolve(base, r) == target, byte for byte, whenever
// such a reference is found.
//
// For RFC1808 it is Relative, the shortest such reference. For the later
// specifications it tries, shortest first, RFC 1808's answer (which most
// often resolves the same way), the absolute-path form and the
// network-path form of target, and returns the first that s resolves back
// to target; otherwise target itself, which resolves to itself when it has
// a scheme. Every answer but that last one is checked by s.Resolve.
func (s Spec) Relative(base, target string) string {
	if s == RFC1808 {
		return Relative(base, target)
	}
	t := Parse(target)
	candidates := [3]string{Relative(base, target)}
	if t.HasScheme() {
		rest := target[t.scheme:] // "//net_loc/path..." or "/path..."
		if t.HasNetLoc() {
			candidates[2] = rest
			candidates[1] = target[t.netloc:]
		}
	}
	for _, c := range candidates {
		if c != "" && len(c) < len(target) && s.Resolve(base, c) == target {
			return c
		}
	}
	return target
}
