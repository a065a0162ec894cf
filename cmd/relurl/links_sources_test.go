package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLinksContext(t *testing.T) {
	doc := "<a href=g rel=next title=\"T\tx\">Some\n <b>text</b></a><img src=i>"
	// Off: the rows of today, six columns.
	out, _, code := runLinksCmd(t, doc, false, "-url", "http://h/d", "-")
	want := "-\thttp://h/d\tretrieval\ta@href\tg\thttp://h/g\n-\thttp://h/d\tretrieval\timg@src\ti\thttp://h/i\n"
	if code != exitOK || out != want {
		t.Errorf("off: exit %d, %q, want %q", code, out, want)
	}
	out, _, code = runLinksCmd(t, doc, false, "-context", "-header", "-url", "http://h/d", "-")
	want = "document\tbase\tbase_source\telement@attribute\tref\turl\ttext\trel\ttitle\n" +
		"-\thttp://h/d\tretrieval\ta@href\tg\thttp://h/g\tSome text\tnext\tT\\tx\n" +
		"-\thttp://h/d\tretrieval\timg@src\ti\thttp://h/i\t\t\t\n"
	if code != exitOK || out != want {
		t.Errorf("TSV: exit %d, %q, want %q", code, out, want)
	}
	out, _, code = runLinksCmd(t, `<a href=g title=t>x</a>`, false, "-context", "-format", "ndjson", "-url", "http://h/d", "-")
	want = `{"document":"-","base":"http://h/d","base_source":"retrieval","attribute":"a@href","ref":"g","url":"http://h/g","text":"x","rel":"","title":"t"}` + "\n"
	if code != exitOK || out != want {
		t.Errorf("NDJSON: exit %d, %q, want %q", code, out, want)
	}
	if _, errs, code := runLinksCmd(t, "", false, "-context", "-differ", "rfc1808,whatwg", "-"); code != exitUsage || errs == "" {
		t.Errorf("-context -differ: exit %d, %q", code, errs)
	}
}

func TestLinksCSSAndLazy(t *testing.T) {
	// A .css file, and -type css for standard input.
	dir := t.TempDir()
	css := filepath.Join(dir, "s.css")
	if err := os.WriteFile(css, []byte(`@import "a.css"; b { background: url(i.png) }`), 0o666); err != nil {
		t.Fatal(err)
	}
	out, _, code := runLinksCmd(t, "", false, "-url", "http://h/c/s.css", css)
	want := css + "\thttp://h/c/s.css\tretrieval\tcss@import\ta.css\thttp://h/c/a.css\n" + css + "\thttp://h/c/s.css\tretrieval\tcss@url\ti.png\thttp://h/c/i.png\n"
	if code != exitOK || out != want {
		t.Errorf(".css: exit %d, %q, want %q", code, out, want)
	}
	out, _, code = runLinksCmd(t, "x{y:url(z)}", false, "-type", "css", "-url", "http://h/", "-")
	if want := "-\thttp://h/\tretrieval\tcss@url\tz\thttp://h/z\n"; code != exitOK || out != want {
		t.Errorf("-type css: exit %d, %q, want %q", code, out, want)
	}
	doc := `<img data-src=l src=s>`
	out, _, _ = runLinksCmd(t, doc, false, "-url", "http://h/", "-")
	if want := "-\thttp://h/\tretrieval\timg@src\ts\thttp://h/s\n"; out != want {
		t.Errorf("no -lazy: %q", out)
	}
	out, _, _ = runLinksCmd(t, doc, false, "-lazy", "-url", "http://h/", "-")
	if want := "-\thttp://h/\tretrieval\timg@data-src\tl\thttp://h/l\n-\thttp://h/\tretrieval\timg@src\ts\thttp://h/s\n"; out != want {
		t.Errorf("-lazy: %q", out)
	}
}
