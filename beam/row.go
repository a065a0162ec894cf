package relurlbeam

import (
	"strings"

	"github.com/relurl/relurl/links"
)

// formatRow returns the output line of a link: the TSV row of "relurl
// links".
func formatRow(doc string, k links.Link) string {
	attr := escape(k.Element)
	if k.Attr != "" {
		attr += "@" + escape(k.Attr)
	}
	return escape(doc) + "\t" + escape(k.Base.URL) + "\t" + k.Base.Source.String() + "\t" + attr + "\t" + escape(k.Ref) + "\t" + escape(k.URL)
}

// escape writes tab, CR, LF and backslash as \t, \r, \n and \\.
func escape(s string) string {
	if !strings.ContainsAny(s, "\t\r\n\\") {
		return s
	}
	return strings.NewReplacer("\\", `\\`, "\t", `\t`, "\r", `\r`, "\n", `\n`).Replace(s)
}
