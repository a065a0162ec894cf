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
// state changes, for an explanation of a resolution. A nil *Trace records
// nothing and costs nothing.
type Trace struct {
	// Input is the input as the state machine saw it (Step offsets index it).
	Input string
	Steps []Step
}
