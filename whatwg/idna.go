package whatwg

import (
	"strings"

	"github.com/relurl/relurl/whatwg/idna"
)

// profile is UTS #46 ToASCII with the flags of the URL Standard's "domain to
// ASCII" when beStrict is false (section 3.3): CheckHyphens false, CheckBidi
// true, CheckJoiners true, UseSTD3ASCIIRules false, Transitional_Processing
// false, VerifyDnsLength false.
var profile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.BidiRule(),
	idna.CheckJoiners(true),
	idna.CheckHyphens(false),
	idna.StrictDomainName(false),
	idna.VerifyDNSLength(false),
)

// domainToASCII runs UTS #46 ToASCII on a non-ASCII domain.
func domainToASCII(d string) (string, bool) {
	a, err := profile.ToASCII(d)
	if err != nil {
		return "", false
	}
	return a, true
}

// strictProfile is UTS #46 ToASCII with the flags of the domain parser's
// strictResult (section 3.3, "domain parser ToASCII" with beStrict true):
// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set. The parser
// runs it only for a Trace, whose domain-to-ASCII validation error it
// decides.
var strictProfile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.BidiRule(),
	idna.CheckJoiners(true),
	idna.CheckHyphens(true),
	idna.StrictDomainName(true),
	idna.VerifyDNSLength(true),
)

// strictDomainToASCII reports whether strict ToASCII succeeds on d, which
// is UTF-8 decoded first (invalid sequences become U+FFFD).
func strictDomainToASCII(d string) bool {
	_, err := strictProfile.ToASCII(strings.ToValidUTF8(d, "\uFFFD"))
	return err == nil
}
