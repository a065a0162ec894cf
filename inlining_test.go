package relurl

import (
	"runtime"
	"testing"

	"github.com/relurl/relurl/internal/inlining"
)

// TestInlining fails when a hot function stops being inlinable, as
// net/netip's test of the same name does: their speed comes from costing
// nothing at the call site. ParsedBase.AppendResolve inlines so that the
// base is not copied for each call; recorder.note and dotsDone so that a
// nil recorder (every resolution but Explain's) costs a test, not a call.
func TestInlining(t *testing.T) {
	got := inlining.Inlinable(t)
	want := []string{
		"URL.String", "URL.Scheme", "URL.HasScheme", "URL.NetLoc", "URL.HasNetLoc", "URL.Path",
		"URL.Params", "URL.HasParams", "URL.Query", "URL.HasQuery", "URL.Fragment", "URL.HasFragment",
		"URL.IsZero", "ParsedBase.AppendResolve", "ParsedBase.String", "ParsedBase.Spec", "Spec.String",
		"swar.Load64[go.shape.string]", "pick", "topIsDotDot", "isHex", "stepRoot", "recorder.note", "recorder.dotsDone",
		// The accessors of baseView, through which appendURI reads a parsed
		// base as cheaply as its fields.
		"baseView.schemeEnd", "baseView.authorityEnd", "baseView.pathEnd", "baseView.queryEnd",
		"baseView.dirEnd", "baseView.hasAuthority", "baseView.dirDots",
	}
	for _, fn := range want {
		if !got[fn] {
			t.Errorf("%s is not inlinable (%s)", fn, runtime.Version())
		}
	}
}
