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
	// A Builder of such a Level counts nothing: no level's nodes are
	// made for it.
	lb := &Builder{Level: Level(7)}
	defer lb.Close()
	if err := lb.Add("http://a/", "http://b/", ""); err == nil || err.Error() != "graph: unknown level Level(7)" {
		t.Errorf("Add at Level(7): %v", err)
	}
	g := &Builder{Level: Host}
	defer g.Close()
	var b bytes.Buffer
	if err := g.Write(&b, Format(9)); err == nil || err.Error() != "graph: unknown format Format(9)" || b.Len() != 0 {
		t.Errorf("Write(Format(9)): %v, wrote %q", err, b.String())
	}
}

// TestParseNamesASCII: names are matched in any ASCII case, and only so:
// letters that Unicode folds to ASCII ones (U+017F to "s", the Kelvin
// sign to "k") name nothing.
func TestParseNamesASCII(t *testing.T) {
	if l, err := ParseLevel("HOST"); err != nil || l != Host {
		t.Errorf("ParseLevel(HOST) = %v, %v", l, err)
	}
	if f, err := ParseFormat("GraphML"); err != nil || f != GraphML {
		t.Errorf("ParseFormat(GraphML) = %v, %v", f, err)
	}
	if l, err := ParseLevel("ho\u017ft"); err == nil {
		t.Errorf("ParseLevel(ho\u017ft) = %v, want an error", l)
	}
	if f, err := ParseFormat("t\u017fv"); err == nil {
		t.Errorf("ParseFormat(t\u017fv) = %v, want an error", f)
	}
}
