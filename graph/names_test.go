package graph

import (
	"bytes"
	"testing"
)

// TestNamesOutOfRange: a Level or Format that names none of the
// constants prints as Level(N) or Format(N), as rows.Format does,
// instead of panicking (fmt would print %!v(PANIC=...)); Builder.Write
// refuses such a Format rather than write TSV for it.
func TestNamesOutOfRange(t *testing.T) {
	if got := Level(7).String(); got != "Level(7)" {
		t.Errorf("Level(7).String() = %q", got)
	}
	if got := Format(9).String(); got != "Format(9)" {
		t.Errorf("Format(9).String() = %q", got)
	}
	g := &Builder{Level: Host}
	defer g.Close()
	var b bytes.Buffer
	if err := g.Write(&b, Format(9)); err == nil || err.Error() != "graph: unknown format Format(9)" || b.Len() != 0 {
		t.Errorf("Write(Format(9)): %v, wrote %q", err, b.String())
	}
}
