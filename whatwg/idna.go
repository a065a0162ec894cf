package whatwg

import "github.com/relurl/relurl/whatwg/idna"

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
