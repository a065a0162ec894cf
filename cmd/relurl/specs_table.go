package main

import "github.com/relurl/relurl"

// specAnswers lists the specifications whose answers "relurl explain", the
// page of "relurl serve" and its API show side by side, each marked where
// it differs from the specification chosen.
// Resolve is ResolveErr: the URL Standard (whatwg) can fail, and its
// failure is shown as such, not as an empty answer.
var specAnswers = []struct {
	Name    string
	Resolve func(base, ref string) (string, error)
}{
	{"rfc1808", relurl.RFC1808.ResolveErr},
	{"rfc2396", relurl.RFC2396.ResolveErr},
	{"rfc3986", relurl.RFC3986.ResolveErr},
	{"whatwg", relurl.WHATWG.ResolveErr},
}
