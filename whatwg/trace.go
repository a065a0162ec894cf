package whatwg

// State is a state of the basic URL parser's state machine (URL Standard
// section 4.4), recorded by a Trace.
type State uint8

// The states, named and ordered as in the standard.
const (
	SchemeStartState State = iota
	SchemeState
	NoSchemeState
	SpecialRelativeOrAuthorityState
	PathOrAuthorityState
	RelativeState
	RelativeSlashState
	SpecialAuthoritySlashesState
	SpecialAuthorityIgnoreSlashesState
	AuthorityState
	HostState
	PortState
	FileState
	FileSlashState
	FileHostState
	PathStartState
	PathState
	OpaquePathState
	QueryState
	FragmentState
	numStates
)

var stateNames = [numStates]string{
	"scheme start state",
	"scheme state",
	"no scheme state",
	"special relative or authority state",
	"path or authority state",
	"relative state",
	"relative slash state",
	"special authority slashes state",
	"special authority ignore slashes state",
	"authority state",
	"host state",
	"port state",
	"file state",
	"file slash state",
	"file host state",
	"path start state",
	"path state",
	"opaque path state",
	"query state",
	"fragment state",
}

// String is the standard's name of the state, such as "scheme start state".
func (s State) String() string {
	if s < numStates {
		return stateNames[s]
	}
	return "unknown state"
}

// Step is one entry of a Trace: the parser entered State with its pointer
// at Offset, a byte offset in the input after the standard's removal of
// leading and trailing C0 controls and spaces and of tabs and newlines.
type Step struct {
	State  State
	Offset int
}

// Trace records the states the parser went through, one Step each time the
// state changes, for an explanation of a resolution, and the non-fatal
// validation errors it met (the standard's "validation error" that does not
// return failure). A nil *Trace records nothing and costs nothing: this is
// how a caller asks for validation errors.
type Trace struct {
	// Input is the input as the state machine saw it (Step offsets index it).
	Input      string
	Steps      []Step
	Validation []Validation
}

// ValidationKind names a validation error of the URL Standard that does not
// end the parse (the table of validation errors, section 1.1 "Writing";
// the ones that do are Reasons). Two rows of the table are both: domain-to-ASCII and
// IPv4-out-of-range-part fail only in some cases, and are recorded as
// StrictDomainToASCII and IPv4PartAbove255 wherever the standard's
// algorithm meets them, also when the Reason of the failure follows.
type ValidationKind uint8

// The non-fatal validation errors a Trace records: every row of the
// standard's table that is not always a failure, in the table's order.
// Each is recorded where the standard's algorithm says: at the offset of
// the parser's pointer then, except the host parser's (which runs on the
// whole host): at the start of the host, or at the code point of the host
// concerned where the error names one (DomainPercentEncoded,
// IPv6PieceLeadingZero).
const (
	_ ValidationKind = iota
	// StrictDomainToASCII (domain-to-ASCII): UTS #46 ToASCII with
	// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set (the
	// domain parser's strictResult, section 3.3) fails on a domain the
	// parser goes on with ("ex_ample.org", "a..b", a trailing "."). When
	// the relaxed ToASCII fails too, the parse fails with DomainToASCII.
	// A domain of more than 1024 bytes is not given to ToASCII (doc.go)
	// and is reported as failing it.
	StrictDomainToASCII
	// DomainPercentEncoded: the host of a special URL holds a
	// percent-encoded byte (reported once, at the first).
	DomainPercentEncoded
	// IPv4EmptyPart: an IPv4 address ends with ".".
	IPv4EmptyPart
	// IPv4TooFewParts: an IPv4 address has fewer than four parts.
	IPv4TooFewParts
	// IPv4NonDecimalPart: an IPv4 part is hexadecimal or octal (once per
	// such part).
	IPv4NonDecimalPart
	// IPv4PartAbove255 (IPv4-out-of-range-part): an IPv4 part exceeds
	// 255. The parse fails with IPv4OutOfRangePart unless it is the last
	// part and fits in what the other parts leave.
	IPv4PartAbove255
	// IPv6PieceLeadingZero: an IPv6 piece has a leading "0" (each such
	// piece, at its first digit).
	IPv6PieceLeadingZero
	// InvalidURLUnit: a code point that is not a URL code point, a "%" not
	// followed by two hex digits, in the path, query, fragment or opaque
	// host (there at most one of each of the two, at the first); or
	// leading or trailing C0 controls or spaces removed from the input,
	// and tabs or newlines removed (each of the two once, at offset 0).
	InvalidURLUnit
	// SpecialSchemeMissingFollowingSolidus: a special scheme not followed
	// by "//" (or followed by more slashes, or by "\").
	SpecialSchemeMissingFollowingSolidus
	// InvalidReverseSolidus: "\" used as "/" in a special URL.
	InvalidReverseSolidus
	// InvalidCredentials: the input holds credentials (each "@" in the
	// authority).
	InvalidCredentials
	// FileInvalidWindowsDriveLetter: a reference that starts with a
	// Windows drive letter ("c:/x"), against a file base.
	FileInvalidWindowsDriveLetter
	// FileInvalidWindowsDriveLetterHost: a file URL's host is a Windows
	// drive letter ("file://c:"), which the parser reads as the path.
	FileInvalidWindowsDriveLetterHost
	numValidationKinds
)

var validationNames = [numValidationKinds]string{
	StrictDomainToASCII:                  "domain-to-ASCII",
	DomainPercentEncoded:                 "domain-percent-encoded",
	IPv4EmptyPart:                        "IPv4-empty-part",
	IPv4TooFewParts:                      "IPv4-too-few-parts",
	IPv4NonDecimalPart:                   "IPv4-non-decimal-part",
	IPv4PartAbove255:                     "IPv4-out-of-range-part",
	IPv6PieceLeadingZero:                 "IPv6-piece-leading-zero",
	InvalidURLUnit:                       "invalid-URL-unit",
	SpecialSchemeMissingFollowingSolidus: "special-scheme-missing-following-solidus",
	InvalidReverseSolidus:                "invalid-reverse-solidus",
	InvalidCredentials:                   "invalid-credentials",
	FileInvalidWindowsDriveLetter:        "file-invalid-Windows-drive-letter",
	FileInvalidWindowsDriveLetterHost:    "file-invalid-Windows-drive-letter-host",
}

// String is the standard's name of the validation error.
func (k ValidationKind) String() string {
	if k < numValidationKinds && validationNames[k] != "" {
		return validationNames[k]
	}
	return "unknown validation error"
}

// Validation is one non-fatal validation error a Trace records: its kind
// and the byte offset in Trace.Input where the parser met it.
type Validation struct {
	Kind   ValidationKind
	Offset int
}

// add records a validation error; on a nil Trace it does nothing, so that
// the parser's callers that pass none pay one comparison.
func (t *Trace) add(k ValidationKind, at int) {
	if t != nil {
		t.Validation = append(t.Validation, Validation{k, max(at, 0)})
	}
}
