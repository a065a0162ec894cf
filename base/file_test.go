package base

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/fileurl"
)

func TestFileURL(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, want string }{
		{"a.html", "a.html"},
		{"sp ace;p?q#f%.html", "sp%20ace%3Bp%3Fq%23f%25.html"},
		{"é.html", "%C3%A9.html"},
		{"ok$-_.+!*'(),:@&=.html", "ok$-_.+!*'(),:@&=.html"},
	}
	for _, tt := range tests {
		p := filepath.Join(dir, tt.name)
		got, err := FileURL(p)
		if err != nil {
			t.Fatal(err)
		}
		want := "file://" + fileurl.EscapePath(dir) + "/" + tt.want
		if got != want {
			t.Errorf("FileURL(%q) = %q, want %q", p, got, want)
		}
		// The file name is a single path segment of the URL: params,
		// query and fragment stay absent (section 2.4).
		u := relurl.Parse(got)
		if u.HasParams() || u.HasQuery() || u.HasFragment() || u.NetLoc() != "" || !u.HasNetLoc() {
			t.Errorf("FileURL(%q) = %q parses with extra components", p, got)
		}
		if err := relurl.Validate(got); err != nil {
			t.Errorf("FileURL(%q) = %q: %v", p, got, err)
		}
	}
	// A relative path is made absolute.
	wd, _ := os.Getwd()
	got, _ := FileURL("x.html")
	if want := "file://" + fileurl.EscapePath(wd) + "/x.html"; got != want {
		t.Errorf("FileURL(x.html) = %q, want %q", got, want)
	}
}
