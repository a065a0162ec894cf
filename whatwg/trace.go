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
// end the parse (section 4.4; the ones that do are Reasons).
type ValidationKind uint8

// The non-fatal validation errors a Trace records. The standard names more
// (of the IPv4 and IPv6 parsers, of Windows drive letters in file URLs, of
// domain to ASCII in strict mode); those are not recorded.
const (
	_ ValidationKind = iota
	// InvalidURLUnit: a code point that is not a URL code point, a "%" not
	// followed by two hex digits, in the path, query or fragment; or
	// leading or trailing C0 controls or spaces, or tabs or newlines,
	// removed from the input (reported once, at offset 0).
	InvalidURLUnit
	// SpecialSchemeMissingFollowingSolidus: a special scheme not followed
	// by "//" (or followed by more slashes).
	SpecialSchemeMissingFollowingSolidus
	// InvalidReverseSolidus: "\" used as "/" in a special URL.
	InvalidReverseSolidus
	// InvalidCredentials: the input holds credentials ("@" in the
	// authority).
	InvalidCredentials
	numValidationKinds
)

var validationNames = [numValidationKinds]string{
	InvalidURLUnit:                       "invalid-URL-unit",
	SpecialSchemeMissingFollowingSolidus: "special-scheme-missing-following-solidus",
	InvalidReverseSolidus:                "invalid-reverse-solidus",
	InvalidCredentials:                   "invalid-credentials",
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
