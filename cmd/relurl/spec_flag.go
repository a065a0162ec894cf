package main

import (
	"flag"

	"github.com/relurl/relurl"
	// The command offers -spec whatwg: it links the URL Standard's engine
	// (docs/design.md#the-whatwg-seam).
	_ "github.com/relurl/relurl/whatwg"
)

// specFlag defines the -spec flag shared by the commands that resolve:
// the specification whose rules they follow, RFC 1808 by default.
func specFlag(fs *flag.FlagSet) *relurl.Spec {
	spec := new(relurl.Spec)
	fs.TextVar(spec, "spec", relurl.RFC1808, "resolve by the specification `NAME`: rfc1808, rfc2396, rfc3986 or whatwg\n(the URL Standard, as browsers), in any case")
	return spec
}

// specSection names the part of a specification that defines resolution,
// for messages.
func specSection(s relurl.Spec) string {
	switch s {
	case relurl.RFC2396, relurl.RFC3986:
		return "RFC " + s.String()[3:] + " section 5.2"
	case relurl.WHATWG:
		return "URL Standard section 4.4"
	}
	return "RFC 1808 section 4"
}
