package main

import (
	"strings"
	"testing"
)

// TestSpecFlag runs the built command with -spec on each command that
// resolves.
func TestSpecFlag(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	relurlRun(t, "", "resolve", "-spec", "rfc3986", base, ";x", "../../../g", "/./g").
		want(t, lines("http://a/b/c/;x", "http://a/g", "http://a/g"), 0)
	relurlRun(t, "", "resolve", "-spec", "RFC2396", base, "?y").
		want(t, lines("http://a/b/c/?y"), 0)
	relurlRun(t, "", "resolve", base, ";x").
		want(t, lines("http://a/b/c/d;x"), 0) // the default is RFC 1808
	relurlRun(t, base+"\t;x\n", "resolve", "-spec", "rfc3986").
		want(t, lines("http://a/b/c/;x"), 0)

	// rel: the reference must resolve back by the chosen rules.
	relurlRun(t, "", "rel", "-spec", "rfc3986", base, "http://a/b/c/d;x", "http://a/b/g").
		want(t, lines("/b/c/d;x", "../g"), 0)
	relurlRun(t, "", "rel", base, "http://a/b/c/d;x").
		want(t, lines(";x"), 0)

	// explain: the chosen specification's trace and answer.
	r := relurlRun(t, "", "explain", "-spec", "rfc3986", base, ";x")
	if r.status != 0 || !strings.Contains(r.stdout, "steps (RFC 3986 section 5.2)") || !strings.Contains(r.stdout, "result     `http://a/b/c/;x`\n") {
		t.Errorf("explain -spec rfc3986: status %d, output %q", r.status, r.stdout)
	}
	r = relurlRun(t, "", "explain", "-json", "-spec", "rfc2396", base, "?y")
	if r.status != 0 || !strings.Contains(r.stdout, `"result":"http://a/b/c/?y"`) {
		t.Errorf("explain -json -spec rfc2396: status %d, output %q", r.status, r.stdout)
	}

	// Usage errors: an unknown name, and -strict (RFC 1808's grammar)
	// with another specification.
	for _, args := range [][]string{
		{"resolve", "-spec", "rfc9999", base, "g"},
		{"resolve", "-strict", "-spec", "rfc3986", base, "g"},
		{"rel", "-strict", "-spec", "rfc2396", base, "http://a/g"},
	} {
		r := relurlRun(t, "", args...)
		if r.status != 2 || r.stdout != "" || r.stderr == "" {
			t.Errorf("relurl %q: status %d, stdout %q, stderr %q; want a usage error", args, r.status, r.stdout, r.stderr)
		}
	}
}

// TestLinksSpecFlag checks that "relurl links -spec" resolves the links of
// a document by the chosen specification.
func TestLinksSpecFlag(t *testing.T) {
	doc := `<base href="http://a/b/c/d;p?q"><a href=";x"><a href="../../../g">`
	row := func(ref, url string) string {
		return "-\thttp://a/b/c/d;p?q\thtml\ta@href\t" + ref + "\t" + url
	}
	relurlRun(t, doc, "links", "-").
		want(t, lines(row(";x", "http://a/b/c/d;x"), row("../../../g", "http://a/../g")), 0)
	relurlRun(t, doc, "links", "-spec", "rfc3986", "-").
		want(t, lines(row(";x", "http://a/b/c/;x"), row("../../../g", "http://a/g")), 0)
}
