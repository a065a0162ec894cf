package whatwg_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/wpt"
	. "github.com/relurl/relurl/whatwg"
)

// The web-platform-tests URL data (testdata/README.md). Every case runs;
// a case listed in knownFailures must fail, with the reason given, and any
// other failing case fails the test.

// knownFailures maps "file: input (base)" to why the case cannot pass.
var knownFailures = map[string]string{}

type urlCase struct {
	Input        string  `json:"input"`
	Base         *string `json:"base"`
	Failure      bool    `json:"failure"`
	RelativeTo   string  `json:"relativeTo"`
	Href         *string `json:"href"`
	Origin       *string `json:"origin"`
	Protocol     *string `json:"protocol"`
	Username     *string `json:"username"`
	Password     *string `json:"password"`
	Host         *string `json:"host"`
	Hostname     *string `json:"hostname"`
	Port         *string `json:"port"`
	Pathname     *string `json:"pathname"`
	Search       *string `json:"search"`
	SearchParams *string `json:"searchParams"`
	Hash         *string `json:"hash"`
}

func loadCases[T any](t *testing.T, name string) []T {
	t.Helper()
	cases, err := wpt.Load[T]("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// tally counts passing cases and enforces the knownFailures list.
type tally struct {
	t      *testing.T
	file   string
	pass   int
	failed int
	seen   map[string]bool
}

func (ty *tally) result(key string, problems []string) {
	key = ty.file + ": " + key
	reason, known := knownFailures[key]
	if known {
		ty.seen[key] = true
	}
	switch {
	case len(problems) == 0 && known:
		ty.t.Errorf("%s passes but is listed as a known failure (%s): remove it from the list", key, reason)
	case len(problems) == 0:
		ty.pass++
	case known:
		ty.failed++
	default:
		ty.failed++
		ty.t.Errorf("%s:\n\t%s", key, strings.Join(problems, "\n\t"))
	}
}

func (ty *tally) done(total int) {
	ty.t.Logf("%s: %d of %d cases pass, %d known failures", ty.file, ty.pass, total, len(ty.seen))
	if ty.pass+ty.failed != total {
		ty.t.Errorf("%s: %d cases counted, want %d", ty.file, ty.pass+ty.failed, total)
	}
}

func newTally(t *testing.T, file string) *tally {
	return &tally{t: t, file: file, seen: map[string]bool{}}
}

func check(problems *[]string, what, got string, want *string) {
	if want != nil && got != *want {
		*problems = append(*problems, what+": got "+jsonQuote(got)+", want "+jsonQuote(*want))
	}
}

func jsonQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// nonOpaqueBases are bases without an opaque path that a "relativeTo" case
// must parse against (one with the input's special scheme, when it has one,
// so that "http:..." is relative as the data means).
var nonOpaqueBases = []string{"https://example.org/dir/file", "http://example.org/dir/file", "file:///dir/file"}

func TestURLTestData(t *testing.T) {
	cases := loadCases[urlCase](t, "urltestdata.json")
	ty := newTally(t, "urltestdata.json")
	for _, c := range cases {
		base := "null"
		if c.Base != nil {
			base = *c.Base
		}
		key := jsonQuote(c.Input) + " (" + base + ")"
		var problems []string
		var bp *URL
		if c.Base != nil {
			b, err := Parse(*c.Base)
			if err != nil {
				problems = append(problems, "base: "+err.Error())
				ty.result(key, problems)
				continue
			}
			bp = &b
		}
		u, err := ParseTrace(c.Input, bp, nil)
		out, err2 := AppendResolve(make([]byte, 0, 8), bp, c.Input)
		if (err == nil) != (err2 == nil) || err == nil && string(out) != u.Href() {
			problems = append(problems, "AppendResolve "+jsonQuote(string(out))+" differs from Parse "+jsonQuote(u.Href()))
		}
		switch {
		case c.Failure:
			var e *Error
			if err == nil {
				problems = append(problems, "got "+jsonQuote(u.Href())+", want failure")
			} else if !errors.As(err, &e) || e.Reason == 0 || e.Input != c.Input {
				problems = append(problems, "error is not a proper *Error: "+err.Error())
			}
			if c.RelativeTo != "" {
				ok := false
				for _, bs := range nonOpaqueBases {
					b, _ := Parse(bs)
					if _, err := b.Parse(c.Input); err == nil {
						ok = true
					}
				}
				if c.RelativeTo == "any-base" {
					b, _ := Parse("sc:opaque")
					if _, err := b.Parse(c.Input); err != nil {
						ok = false
					}
				}
				if !ok {
					problems = append(problems, "does not parse relative to "+c.RelativeTo)
				}
			}
		case err != nil:
			problems = append(problems, "unexpected failure: "+err.Error())
		default:
			check(&problems, "href", u.Href(), c.Href)
			check(&problems, "protocol", u.Protocol(), c.Protocol)
			check(&problems, "username", u.Username(), c.Username)
			check(&problems, "password", u.Password(), c.Password)
			check(&problems, "host", u.Host(), c.Host)
			check(&problems, "hostname", u.Hostname(), c.Hostname)
			check(&problems, "port", u.Port(), c.Port)
			check(&problems, "pathname", u.Pathname(), c.Pathname)
			check(&problems, "search", u.Search(), c.Search)
			check(&problems, "hash", u.Hash(), c.Hash)
			check(&problems, "origin", u.Origin(), c.Origin)
			if c.SearchParams != nil {
				check(&problems, "searchParams", u.SearchParams().String(), c.SearchParams)
			}
			// The standard's idempotence: the href parses to itself.
			if v, err := Parse(u.Href()); err != nil || v != u {
				problems = append(problems, "href does not re-parse to the same URL")
			}
		}
		ty.result(key, problems)
	}
	ty.done(len(cases))
}

type hostCase struct {
	Comment string  `json:"comment"`
	Input   string  `json:"input"`
	Output  *string `json:"output"`
}

// runHostCases parses "https://" + input + "/x" as web-platform-tests'
// toascii.window.js and IdnaTestV2.window.js do: failure where output is
// null, else host and hostname equal to output.
func runHostCases(t *testing.T, file string) {
	cases := loadCases[hostCase](t, file)
	ty := newTally(t, file)
	n := 0
	for _, c := range cases {
		if c.Input == "" {
			// The harness cannot pass an empty host through new URL():
			// "https:///x" has the host "x".
			continue
		}
		n++
		var problems []string
		u, err := Parse("https://" + c.Input + "/x")
		switch {
		case c.Output == nil && err == nil:
			problems = append(problems, "got host "+jsonQuote(u.Host())+", want failure")
		case c.Output != nil && err != nil:
			problems = append(problems, "unexpected failure: "+err.Error())
		case c.Output != nil:
			check(&problems, "host", u.Host(), c.Output)
			check(&problems, "hostname", u.Hostname(), c.Output)
			check(&problems, "pathname", u.Pathname(), ptr("/x"))
			check(&problems, "href", u.Href(), ptr("https://"+*c.Output+"/x"))
		}
		ty.result(jsonQuote(c.Input), problems)
	}
	ty.done(n)
}

func ptr(s string) *string { return &s }

func TestToASCII(t *testing.T)    { runHostCases(t, "toascii.json") }
func TestIdnaTestV2(t *testing.T) { runHostCases(t, "IdnaTestV2.json") }

// TestPercentEncoding runs every column of percent-encoding.json (UTF-8
// and the legacy encodings) as web-platform-tests' percent-encoding.window.js
// does, through the query of a special URL parsed with that encoding.
func TestPercentEncoding(t *testing.T) {
	type pcase struct {
		Input  string            `json:"input"`
		Output map[string]string `json:"output"`
	}
	cases := loadCases[pcase](t, "percent-encoding.json")
	ty := newTally(t, "percent-encoding.json")
	for _, c := range cases {
		var problems []string
		// Every encoding of the data, as the query of a document in that
		// encoding: u.ParseEncoded with the encoding's label.
		for label, output := range c.Output {
			enc, err := LookupEncoding(label)
			if err != nil {
				problems = append(problems, label+": "+err.Error())
				continue
			}
			u, err := URL{}.ParseEncoded("https://doesnotmatter.invalid/?"+c.Input+"#", enc)
			if err != nil {
				problems = append(problems, label+": "+err.Error())
				continue
			}
			want := "?" + output
			check(&problems, label+" search", u.Search(), &want)
			// A non-special URL's query is UTF-8 whatever the encoding.
			v, err := URL{}.ParseEncoded("sc://doesnotmatter.invalid/?"+c.Input+"#", enc)
			if w, _ := Parse("sc://doesnotmatter.invalid/?" + c.Input + "#"); err != nil || v != w {
				problems = append(problems, label+": a non-special URL's query is not UTF-8")
			}
		}
		ty.result(jsonQuote(c.Input), problems)
	}
	ty.done(len(cases))
}

func TestKnownFailuresExist(t *testing.T) {
	// Every listed case must belong to a data file and fail there: the
	// tally of each file reports listed cases that pass. This test checks
	// that each key names a file.
	for k := range knownFailures {
		f, _, _ := strings.Cut(k, ": ")
		if _, err := os.Stat("testdata/" + f); err != nil {
			t.Errorf("known failure %q names no data file", k)
		}
	}
}

// TestBlobOrigin: the origin of blob: URLs, which have no blob URL entry
// here (doc.go). TestURLTestData checks every case's origin; this test
// makes sure the data's blob cases are there and adds the standard's own
// example (section 4.7) and a file URL in the path.
func TestBlobOrigin(t *testing.T) {
	n := 0
	for _, c := range loadCases[urlCase](t, "urltestdata.json") {
		if !strings.HasPrefix(c.Input, "blob:") || c.Origin == nil {
			continue
		}
		n++
		u, err := Parse(c.Input)
		if err != nil || u.Origin() != *c.Origin {
			t.Errorf("%q: origin %q, %v; want %q", c.Input, u.Origin(), err, *c.Origin)
		}
	}
	if n < 11 {
		t.Errorf("%d blob: cases with an origin in urltestdata.json, want at least 11", n)
	}
	for in, want := range map[string]string{
		"blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f": "https://whatwg.org",
		"blob:file:///tmp/x": "null",
		"BLOB:http://h:80/":  "http://h",
	} {
		if got := MustParse(in).Origin(); got != want {
			t.Errorf("%q: origin %q, want %q", in, got, want)
		}
	}
}
