package links

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/htmlbase"
	"golang.org/x/net/html"
)

// sampleDocs returns the HTML pages shipped under testdata/nodejs-api (see
// its README: 16 pages of the Node.js API reference, MIT licence), with
// the URLs they are published at.
func sampleDocs(t testing.TB) []corpusDoc {
	files, err := filepath.Glob(filepath.Join("testdata", "nodejs-api", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/nodejs-api/*.html: %v", err)
	}
	var docs []corpusDoc
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, corpusDoc{url: "https://nodejs.org/api/" + filepath.Base(f), body: b})
	}
	return docs
}

// parsedLinks returns the links of doc found another way: by
// golang.org/x/net/html's parser (the tree a browser without scripts
// builds, in which <noscript> content is elements), walking every
// element of the table, each as "elem@attr ref" (srcset split by
// nextCandidate).
func parsedLinks(t *testing.T, doc []byte) []string {
	root, err := html.ParseWithOptions(bytes.NewReader(doc), html.ParseOptionEnableScripting(false))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		spec := lookup([]byte(n.Data))
		if spec == nil {
			continue
		}
		for _, a := range n.Attr {
			key := a.Key
			if a.Namespace == "xlink" {
				// The parser sets the namespace of SVG's xlink:href.
				key = "xlink:" + key
			} else if a.Namespace != "" {
				continue
			}
			i := spec.match([]byte(key), false)
			if i < 0 || !simpleKind(n.Data, key) {
				continue
			}
			v := []byte(a.Val)
			if spec.attrs[i].kind != kindSrcset {
				out = append(out, n.Data+"@"+a.Key+" "+string(htmlbase.TrimSpace(v)))
				continue
			}
			for u, j, ok := nextCandidate(v, 0); ok; u, j, ok = nextCandidate(v, j) {
				out = append(out, n.Data+"@"+a.Key+" "+string(u))
			}
		}
	}
	return out
}

func TestSample(t *testing.T) {
	// Over real pages: Extract finds the links that the HTML parser's tree
	// holds (as a multiset: the parser may move elements), each resolved
	// against the page's URL by RFC 1808; ExtractBytes agrees with Extract.
	var x Extractor
	total := 0
	for _, d := range sampleDocs(t) {
		total += checkDoc(t, &x, d)
	}
	if total < 4000 {
		t.Errorf("%d links in the sample, want many more", total)
	}
	// Resolved by RFC 3986 the same links differ only where the
	// specifications do.
	x.Spec = relurl.RFC3986
	d := sampleDocs(t)[0]
	x.Extract(bytes.NewReader(d.body), base.Retrieved(d.url), func(l Link) error {
		if want := relurl.RFC3986.Resolve(l.Base.URL, l.Ref); l.URL != want {
			t.Errorf("RFC 3986: %q: %q, want %q", l.Ref, l.URL, want)
		}
		return nil
	})
}

func TestGeneratedSite(t *testing.T) {
	// The benchmark's generated pages (BASE elements, noscript, srcset,
	// references in values) pass the same checks.
	var x Extractor
	for _, d := range generatedSite(60) {
		checkDoc(t, &x, d)
	}
}

// checkDoc checks the links of one document against the parser's tree and
// ExtractBytes against Extract, and returns the number of links.
func checkDoc(t *testing.T, x *Extractor, d corpusDoc) int {
	t.Helper()
	outer := base.Retrieved(d.url)
	links, bytesLinks, errs := linksBoth(x, string(d.body), outer)
	if errs[0] != nil || errs[1] != nil {
		t.Fatalf("%s: %v, %v", d.url, errs[0], errs[1])
	}
	if fmt.Sprint(links) != fmt.Sprint(bytesLinks) {
		t.Errorf("%s: Extract and ExtractBytes differ", d.url)
	}
	var got []string
	for _, l := range links {
		checkLink(t, l)
		if !simpleKind(l.Element, l.Attr) {
			continue
		}
		if l.Base != links[0].Base || l.Base != outer && l.Base.Source != base.HTML {
			t.Errorf("%s: base %v", d.url, l.Base)
		}
		got = append(got, l.Element+"@"+l.Attr+" "+l.Ref)
	}
	want := parsedLinks(t, d.body)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s: %d links, the parser's tree has %d:\n%s", d.url, len(got), len(want), diffSorted(got, want))
	}
	return len(links)
}

// simpleKind reports whether links of elem@attr are the attribute's
// value, or a srcset's candidates: those parsedLinks finds.
func simpleKind(elem, attr string) bool {
	spec := lookup([]byte(elem))
	if spec == nil {
		return false
	}
	i := spec.match([]byte(attr), false)
	return i >= 0 && (spec.attrs[i].kind == kindURL || spec.attrs[i].kind == kindSrcset)
}

// diffSorted lists the first entries found in only one of two sorted
// lists.
func diffSorted(a, b []string) string {
	var s strings.Builder
	n := 0
	for i, j := 0, 0; (i < len(a) || j < len(b)) && n < 10; n++ {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			fmt.Fprintf(&s, "  only Extract: %q\n", a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			fmt.Fprintf(&s, "  only parser:  %q\n", b[j])
			j++
		default:
			i, j, n = i+1, j+1, n-1
		}
	}
	return s.String()
}
