package whatwg

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"testing"
)

// TestValidation: the non-fatal validation errors a Trace records. Each
// expected kind and offset is derived by hand, reading the standard's
// algorithms (shared/specs/whatwg-url.bs: the basic URL parser, section
// 4.4; the host, IPv4, IPv6 and opaque-host parsers, section 3.5; the
// domain parser, section 3.3), not by running the code: the comment of a
// case says which step records what. Offsets are in Trace.Input.
func TestValidation(t *testing.T) {
	type v = Validation
	for _, c := range []struct {
		base, in string
		want     []Validation
		fails    Reason // the parse fails with this Reason, after want
	}{
		{in: "https://h/ok?q=1#f"},
		// Steps 1 and 2: leading/trailing C0 controls or spaces (the
		// trailing tab is one), then tabs or newlines inside.
		{in: " https://h/\t", want: []v{{InvalidURLUnit, 0}}},
		{in: " https://h/\ta", want: []v{{InvalidURLUnit, 0}, {InvalidURLUnit, 0}}},
		{in: "https://h/\na", want: []v{{InvalidURLUnit, 0}}},
		// Special authority slashes state at 5 (one "/"), then special
		// authority ignore slashes state at 5 again ("/").
		{in: "http:/a/b", want: []v{{SpecialSchemeMissingFollowingSolidus, 5}, {SpecialSchemeMissingFollowingSolidus, 5}}},
		// Ignore slashes state meets the third "/" at 7.
		{in: "http:///a", want: []v{{SpecialSchemeMissingFollowingSolidus, 7}}},
		// Scheme state: remaining after "file:" does not start with "//".
		{in: "file:/x", want: []v{{SpecialSchemeMissingFollowingSolidus, 5}}},
		// Special authority slashes state at 6 ("\"), ignore slashes state
		// at 6 and 7; the "\\" there are not invalid-reverse-solidus. Path
		// start state at 9: "\".
		{in: `https:\\h\a`, want: []v{{SpecialSchemeMissingFollowingSolidus, 6}, {SpecialSchemeMissingFollowingSolidus, 6},
			{SpecialSchemeMissingFollowingSolidus, 7}, {InvalidReverseSolidus, 9}}},
		// Path start state at 8.
		{in: `http://h\a`, want: []v{{InvalidReverseSolidus, 8}}},
		// Path state: the "\" that ends the segment "a", at 10.
		{in: `http://h/a\b`, want: []v{{InvalidReverseSolidus, 10}}},
		// Relative state at 0, relative slash state at 1, path start at 3.
		{base: "http://h/", in: `\\x\y`, want: []v{{InvalidReverseSolidus, 0}, {InvalidReverseSolidus, 1}, {InvalidReverseSolidus, 3}}},
		// File state at 0, file slash state at 1, path start at 3.
		{base: "file:///c:/", in: `\\h\x`, want: []v{{InvalidReverseSolidus, 0}, {InvalidReverseSolidus, 1}, {InvalidReverseSolidus, 3}}},
		// Authority state: each "@".
		{in: "https://user@h/", want: []v{{InvalidCredentials, 12}}},
		{in: "https://a@b@h/", want: []v{{InvalidCredentials, 9}, {InvalidCredentials, 11}}},
		// Path, query, fragment and opaque path states: not URL code
		// points (" ", "#" in a fragment, "<", U+FDD0) and "%" without two
		// hex digits.
		{in: "https://h/a b", want: []v{{InvalidURLUnit, 11}}},
		{in: "https://h/%zz?%4", want: []v{{InvalidURLUnit, 10}, {InvalidURLUnit, 14}}},
		{in: "https://h/a#b#c", want: []v{{InvalidURLUnit, 13}}},
		{in: "sc:a<b", want: []v{{InvalidURLUnit, 4}}},
		{in: "https://h/\u00e9\ufdd0", want: []v{{InvalidURLUnit, 12}}},
		// Opaque-host parser: "contains" a non-URL code point ("`" at 6,
		// "{" at 10 not reported again), then "contains" a bad "%" (8).
		{in: "sc://a`b%z{/", want: []v{{InvalidURLUnit, 6}, {InvalidURLUnit, 8}}},
		// Host parser step 4: a percent-encoded byte, the first at 12.
		{in: "https://exam%70le.org/", want: []v{{DomainPercentEncoded, 12}}},
		// Domain parser step 2: strict ToASCII fails (UseSTD3ASCIIRules:
		// "_"; CheckHyphens: a label ending in "-"; VerifyDnsLength: an
		// empty label, and the empty root label, which UTS #46 disallows
		// with VerifyDnsLength since Unicode 15.0), at the host's start.
		{in: "https://ex_ample.org/", want: []v{{StrictDomainToASCII, 8}}},
		{in: "https://a-.org/", want: []v{{StrictDomainToASCII, 8}}},
		{in: "https://a..org/", want: []v{{StrictDomainToASCII, 8}}},
		{in: "https://u@example.org./", want: []v{{InvalidCredentials, 9}, {StrictDomainToASCII, 10}}},
		// IPv4 parser: an empty last part (after domain-to-ASCII's empty
		// root label).
		{in: "https://127.0.0.1./", want: []v{{StrictDomainToASCII, 8}, {IPv4EmptyPart, 8}}},
		// IPv4 parser: three parts.
		{in: "https://1.2.3/", want: []v{{IPv4TooFewParts, 8}}},
		// IPv4 number parser: "0x0" hexadecimal; "0x7f" and "01" each.
		{in: "https://127.0.0x0.1", want: []v{{IPv4NonDecimalPart, 8}}},
		{in: "https://0x7f.01.0.1/", want: []v{{IPv4NonDecimalPart, 8}, {IPv4NonDecimalPart, 8}}},
		// Two parts, the last 65535 > 255 but < 256^3: not a failure.
		{in: "https://1.65535/", want: []v{{IPv4TooFewParts, 8}, {IPv4PartAbove255, 8}}},
		// A part above 255 but the last: the error, then failure.
		{in: "https://255.255.4000.1", want: []v{{IPv4PartAbove255, 8}}, fails: IPv4OutOfRangePart},
		// Five parts: failure before any part is parsed.
		{in: "https://1.x.3.4.5/", fails: IPv4TooManyParts},
		// IPv6 parser: the piece "01" (at 11), "0002" (at 14); not "0".
		{in: "https://[::01:0002:0]/", want: []v{{IPv6PieceLeadingZero, 11}, {IPv6PieceLeadingZero, 14}}},
		// File state, base file: the reference starts with a Windows
		// drive letter ("c|", not a scheme: "|" ends the scheme state);
		// then the path state reads "|", not a URL code point.
		{base: "file:///c:/a", in: "c|/x", want: []v{{FileInvalidWindowsDriveLetter, 0}, {InvalidURLUnit, 1}}},
		// File host state: the buffer "c:" (at 7) is a drive letter.
		{in: "file://c:/x", want: []v{{FileInvalidWindowsDriveLetterHost, 7}}},
	} {
		var bp *URL
		if c.base != "" {
			b := MustParse(c.base)
			bp = &b
		}
		var tr Trace
		_, err := ParseTrace(c.in, bp, &tr)
		if c.fails != 0 {
			if !errors.Is(err, c.fails) {
				t.Errorf("%q: %v, want %v", c.in, err, c.fails)
			}
		} else if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if fmt.Sprint(tr.Validation) != fmt.Sprint(c.want) {
			t.Errorf("%q: validation errors %v, want %v", c.in, tr.Validation, c.want)
		}
	}
}

// TestValidationNames: the kinds' and Reasons' names are the standard's,
// read from its "Validation errors" table (testdata/validation-errors.bs,
// copied from shared/specs/whatwg-url.bs). A row whose Failure column is
// "·" is a ValidationKind; "Yes" a Reason; "Yes" with a condition
// ("Yes<br>(when ...)") both. domain-invalid-code-point, a Reason, is a
// name of earlier versions of the standard: this one fails there without
// naming an error, strict domain-to-ASCII having recorded one.
func TestValidationNames(t *testing.T) {
	data, err := os.ReadFile("testdata/validation-errors.bs")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?s)<td><dfn[^>]*>([^<]+)</dfn>.*?<td class=(yes|no)>(Yes<br>)?`)
	kinds, reasons := map[string]bool{}, map[string]bool{}
	for k := ValidationKind(1); k < numValidationKinds; k++ {
		kinds[k.String()] = true
	}
	for r := Reason(1); r < numReasons; r++ {
		reasons[r.Error()] = true
	}
	if len(kinds) != int(numValidationKinds)-1 || len(reasons) != int(numReasons)-1 {
		t.Fatalf("names not distinct: %v %v", kinds, reasons)
	}
	rows := row.FindAllStringSubmatch(string(data), -1)
	if len(rows) != 30 {
		t.Fatalf("%d rows in the table, want 30", len(rows))
	}
	seen := map[string]bool{}
	for _, m := range rows {
		name, fatal, conditional := m[1], m[2] == "yes", m[3] != ""
		seen[name] = true
		if wantKind := !fatal || conditional; kinds[name] != wantKind {
			t.Errorf("%s: a ValidationKind: %v, want %v", name, kinds[name], wantKind)
		}
		if reasons[name] != fatal {
			t.Errorf("%s: a Reason: %v, want %v", name, reasons[name], fatal)
		}
	}
	for name := range kinds {
		if !seen[name] {
			t.Errorf("kind %s is not in the standard's table", name)
		}
	}
	for name := range reasons {
		if !seen[name] && name != "domain-invalid-code-point" {
			t.Errorf("reason %s is not in the standard's table", name)
		}
	}
}
