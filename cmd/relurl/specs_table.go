package main

import "github.com/relurl/relurl"

// specAnswers lists the specifications whose answers "relurl explain", the
// page of "relurl serve" and its API show side by side. The first entry is
// RFC 1808, which the trace follows and the others are compared with.
//
// Every entry is shown, and differences from the first entry are marked.
var specAnswers = []struct {
	Name    string
	Resolve func(base, ref string) string
}{
	{"rfc1808", relurl.Resolve},
	{"rfc2396", relurl.RFC2396.Resolve},
	{"rfc3986", relurl.RFC3986.Resolve},
}
