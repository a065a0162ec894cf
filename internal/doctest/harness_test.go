package doctest

import (
	"strings"
	"testing"
)

// TestHarness checks that the convention catches what it must: a wrong
// output, a failing command, a block that is neither run nor checked, a
// go block that is not an Example's body.
func TestHarness(t *testing.T) {
	doc := strings.Join([]string{
		"```sh",
		"$ printf 'a\\nb\\n'",
		"a",
		"b",
		"",
		"$ echo right",
		"wrong",
		"$ false",
		"```",
		"```text",
		"shown only",
		"```",
		"```go example=doctest.ExampleNone",
		"x := 1",
		"```",
		"```console",
		"$ curl http://example.com/",
		"```",
		"```txt file=sub/f.txt",
		"hello",
		"```",
		"```sh",
		"$ cat sub/f.txt",
		"hello",
		"```",
		"    $ indented",
	}, "\n")
	errs, ran, shown := checkDoc("t.md", doc, t.TempDir(), map[string]string{})
	if ran != 4 || shown != 1 {
		t.Errorf("ran %d commands and showed %d console blocks, want 4 and 1", ran, shown)
	}
	want := []string{
		"line 26: an indented example",
		"t.md:6: $ echo right",
		"t.md:8: $ false\nexited",
		"t.md:10: a ```text block",
		"t.md:13: no Example function doctest.ExampleNone",
	}
	if len(errs) != len(want) {
		t.Errorf("got %d errors, want %d:\n%s", len(errs), len(want), strings.Join(errs, "\n---\n"))
	}
	for i := 0; i < len(errs) && i < len(want); i++ {
		if !strings.Contains(errs[i], want[i]) {
			t.Errorf("error %d is\n%s\nwant it to hold %q", i, errs[i], want[i])
		}
	}
}

// TestHeadingAnchors checks the anchors GitHub gives headings, which code
// and docs cite as docs/design.md#anchor.
func TestHeadingAnchors(t *testing.T) {
	a := headingAnchors("# relurl\n## Step 6: `..` and the root (4)\n```\n# not a heading\n```\n## Limits\n## Limits\n")
	for _, want := range []string{"relurl", "step-6--and-the-root-4", "limits", "limits-1"} {
		if !a[want] {
			t.Errorf("no anchor %q in %v", want, a)
		}
	}
	if a["not-a-heading"] {
		t.Error("a line in a fenced block was taken for a heading")
	}
}
