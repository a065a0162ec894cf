package bytestr

import "testing"

func TestView(t *testing.T) {
	for _, b := range [][]byte{nil, {}, []byte("a"), []byte("h\xffé")} {
		if got := View(b); got != string(b) {
			t.Errorf("View(%q) = %q", b, got)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = View([]byte("abc")[:2]) }); n != 0 {
		t.Errorf("View allocates %v times", n)
	}
}
