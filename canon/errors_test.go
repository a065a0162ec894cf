package canon_test

import (
	"errors"
	"testing"

	"github.com/relurl/relurl/canon"
)

// TestCDXSentinels: the two failures of the surt library that CDXKey
// reproduces (docs/keys.md#the-cdx-key: a port that is not a number from
// 0 to 65535; an input of only white space) are told apart from outside
// the package with errors.Is, through the *canon.Error naming the input.
func TestCDXSentinels(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want error
	}{
		{"http://example.com:65536/", canon.ErrPort}, // Python: "Port out of range 0-65535"
		{"http://example.com:x/", canon.ErrPort},     // Python: int("x") fails
		{" \t\n", canon.ErrBlank},                    // handyurl.parse: scheme None
	} {
		_, err := canon.CDXKey(tt.in)
		var e *canon.Error
		if !errors.Is(err, tt.want) || !errors.As(err, &e) || e.Input != tt.in {
			t.Errorf("CDXKey(%q): %v, want a *canon.Error wrapping %v", tt.in, err, tt.want)
		}
		if _, err := canon.IA.Canonicalize(tt.in); !errors.Is(err, tt.want) {
			t.Errorf("IA.Canonicalize(%q): %v, want one wrapping %v", tt.in, err, tt.want)
		}
	}
}
