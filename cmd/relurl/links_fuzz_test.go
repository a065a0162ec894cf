package main

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// unescapeTSV undoes appendTSV.
func unescapeTSV(s string) string {
	return strings.NewReplacer(`\\`, `\`, `\t`, "\t", `\n`, "\n", `\r`, "\r").Replace(s)
}

func FuzzOutputEscaping(f *testing.F) {
	f.Add("plain")
	f.Add("tab\there\nnewline\r\\back")   // every TSV escape
	f.Add("\xff\xfe invalid \u2028 \x00") // not UTF-8, line separator, NUL
	f.Add(`"quoted" \u0041`)
	f.Fuzz(func(t *testing.T, s string) {
		tsv := string(appendTSV(nil, s))
		if strings.ContainsAny(tsv, "\t\n\r") || unescapeTSV(tsv) != s {
			t.Fatalf("TSV %q for %q", tsv, s)
		}
		var got string
		js := appendJSONString(nil, s)
		if err := json.Unmarshal(js, &got); err != nil {
			t.Fatalf("JSON %s for %q: %v", js, s, err)
		}
		var want strings.Builder
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			want.WriteRune(r) // RuneError for each invalid byte
			i += size
		}
		if got != want.String() || strings.ContainsAny(string(js), "\n\r") {
			t.Fatalf("JSON %s decodes to %q, want %q", js, got, want.String())
		}
	})
}

func FuzzSniff(f *testing.F) {
	f.Add("Subject: x\r\n\r\nbody") // a message
	f.Add("<html>")                 // HTML
	f.Add("\xef\xbb\xbfFrom: a")    // a BOM, then a header
	f.Add("text: with colon later") // a header-like first line
	f.Add("<x:y>")                  // markup that a header name could be
	f.Fuzz(func(t *testing.T, s string) {
		k := sniff(bufio.NewReader(strings.NewReader(s)))
		if k != kindHTML && k != kindMessage {
			t.Fatalf("sniff(%q) = %d", s, k)
		}
		if strings.HasPrefix(strings.TrimLeft(strings.TrimPrefix(s, "\xef\xbb\xbf"), " \t\r\n\f"), "<") && k != kindHTML {
			t.Fatalf("sniff(%q): markup taken for a message", s)
		}
	})
}
