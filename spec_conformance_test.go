package relurl

import (
	"strconv"
	"strings"
	"testing"
)

// The suites under testdata/conformance (origins and licences in
// testdata/conformance/SOURCES.md) label each row with the specification
// it follows. These tests run the rows labelled rfc2396 and rfc3986 in
// that mode.

// loadSpecConformance returns the rows labelled spec.
func loadSpecConformance(t *testing.T, spec string) []conformanceRow {
	t.Helper()
	var rows []conformanceRow
	for _, r := range loadConformance(t) {
		if r.spec == spec {
			rows = append(rows, r)
		}
	}
	return rows
}

// nonStrictRows are the rfc3986 rows that SOURCES.md lists as holding only
// for the non-strict option of RFC 3986 section 5.2.2 ("http:g" as
// "http://a/b/c/g"): by file, the source path and its line ranges.
var nonStrictRows = map[string]map[string][][2]int{
	"python2-urlparse.tsv":        {"Lib/test/test_urlparse.py": {{356, 356}, {363, 364}, {386, 390}}},
	"python3-urlparse.tsv":        {"Lib/test/test_urlparse.py": {{514, 514}, {540, 542}, {592, 601}}},
	"uriparser-addbase.tsv":       {"test/test.cpp": {{1249, 1250}}},
	"amara-4suite-absolutize.tsv": {"test/lib/test_iri.py": {{89, 90}}},
	"perl-uri-old.tsv":            {"t/old-base.t": {{920, 924}}, "t/old-absconf.t": {{24, 24}, {29, 29}}},
}

func (r conformanceRow) isNonStrict() bool {
	f := strings.Fields(r.source) // owner/repo path line
	if len(f) != 3 {
		return false
	}
	line, err := strconv.Atoi(f[2])
	if err != nil {
		return false
	}
	for _, rg := range nonStrictRows[r.file][f[1]] {
		if rg[0] <= line && line <= rg[1] {
			return true
		}
	}
	return false
}

// nonStrictResolve3986 is the backward-compatible option of section
// 5.2.2: a reference's scheme is ignored when it is the base's.
func nonStrictResolve3986(base, ref string) string {
	bs, rs := schemeEnd(base), schemeEnd(ref)
	if rs != 0 && bs != 0 && ref[:rs] == base[:bs] {
		ref = ref[rs:]
	}
	return RFC3986.Resolve(base, ref)
}

// TestConformanceRFC3986 runs every rfc3986 row in RFC3986 mode. The rows
// SOURCES.md lists as non-strict must fail in strict mode only because
// they are non-strict: they must give the suite's answer once the
// reference's scheme, equal to the base's, is dropped.
func TestConformanceRFC3986(t *testing.T) {
	rows := loadSpecConformance(t, "rfc3986")
	if len(rows) < 400 {
		t.Fatalf("only %d rfc3986 rows loaded", len(rows))
	}
	var nonStrict int
	for _, r := range rows {
		got := RFC3986.Resolve(r.base, r.ref)
		if got == r.expected {
			continue
		}
		if r.isNonStrict() {
			if ns := nonStrictResolve3986(r.base, r.ref); ns != r.expected {
				t.Errorf("%s: non-strict row: non-strict resolution of (%q, %q) gives %q, want %q", r, r.base, r.ref, ns, r.expected)
			}
			nonStrict++
			continue
		}
		t.Errorf("%s: RFC3986.Resolve(%q, %q) = %q, want %q", r, r.base, r.ref, got, r.expected)
	}
	t.Logf("%d rfc3986 rows: %d pass in strict mode, %d are the documented non-strict rows", len(rows), len(rows)-nonStrict, nonStrict)
	if nonStrict == 0 || nonStrict > 40 {
		t.Errorf("%d non-strict rows differ; SOURCES.md lists 30", nonStrict)
	}
}

// TestConformanceRFC2396 runs every rfc2396 row in RFC2396 mode. Step 6g
// lets an implementation keep or remove ".." segments left above the
// root; this package keeps them (uri.go says why). Rows that remove
// them are the other valid choice: they must give the suite's answer when
// the leading ".." segments are removed, and nothing else may differ.
func TestConformanceRFC2396(t *testing.T) {
	rows := loadSpecConformance(t, "rfc2396")
	if len(rows) < 200 {
		t.Fatalf("only %d rfc2396 rows loaded", len(rows))
	}
	var other int
	for _, r := range rows {
		got := RFC2396.Resolve(r.base, r.ref)
		if got == r.expected {
			continue
		}
		if strip := stripLeadingDotDots(got); strip != got && strip == r.expected {
			other++
			t.Logf("%s: (%q, %q): the suite removes \"..\" above the root (%q); kept here: %q", r, r.base, r.ref, r.expected, got)
			continue
		}
		t.Errorf("%s: RFC2396.Resolve(%q, %q) = %q, want %q", r, r.base, r.ref, got, r.expected)
	}
	t.Logf("%d rfc2396 rows: %d as this package chooses, %d with the other choice of step 6g", len(rows), len(rows)-other, other)
}

// stripLeadingDotDots removes the ".." segments that start the path of the
// absolute URI s: the other choice of RFC 2396 step 6g.
func stripLeadingDotDots(s string) string {
	u := parseURI(s)
	p := u.Path()
	lead := ""
	if strings.HasPrefix(p, "/") {
		lead, p = "/", p[1:]
	}
	for {
		switch {
		case strings.HasPrefix(p, "../"):
			p = p[3:]
			continue
		case p == "..":
			p = ""
		}
		break
	}
	return s[:u.netloc] + lead + p + s[u.path:]
}
