package wpt

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "d.json")
	os.WriteFile(p, []byte(`["a comment", {"input": "x"}, "another", {"input": "y"}]`), 0o666)
	cases, err := Load[struct{ Input string }](p)
	if err != nil || len(cases) != 2 || cases[0].Input != "x" || cases[1].Input != "y" {
		t.Errorf("%+v, %v", cases, err)
	}
	os.WriteFile(p, []byte(`[{"input": 1}]`), 0o666)
	if _, err := Load[struct{ Input string }](p); err == nil {
		t.Error("a case of the wrong type: no error")
	}
	if _, err := Load[struct{}](filepath.Join(dir, "none.json")); err == nil {
		t.Error("a missing file: no error")
	}
}
