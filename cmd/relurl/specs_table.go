package main

import "github.com/relurl/relurl"

// specAnswers lists the specifications whose answers "relurl explain", the
// page of "relurl serve" and its API show side by side. The first entry is
// RFC 1808, which the trace follows and the others are compared with.
//
// The lead extends this table with rfc2396 and rfc3986 once relurl.Spec is
// merged, for example {"rfc3986", relurl.RFC3986.Resolve}; nothing else
// needs to change: every entry present is shown, and differences from the
// first entry are marked.
var specAnswers = []struct {
	Name    string
	Resolve func(base, ref string) string
}{
	{"rfc1808", relurl.Resolve},
}
