package links

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/growth"
	"github.com/relurl/relurl/limits"
)

// The examples of the sitemaps.org protocol page (0.9): "Sample XML
// Sitemap", "Sample XML Sitemap Index" and the entity-escaping example.
const (
	sitemapExample = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
   <url>
      <loc>http://www.example.com/</loc>
      <lastmod>2005-01-01</lastmod>
      <changefreq>monthly</changefreq>
      <priority>0.8</priority>
   </url>
   <url>
      <loc>http://www.example.com/catalog?item=12&amp;desc=vacation_hawaii</loc>
      <changefreq>weekly</changefreq>
   </url>
   <url>
      <loc>http://www.example.com/catalog?item=73&amp;desc=vacation_new_zealand</loc>
      <lastmod>2004-12-23</lastmod>
      <changefreq>weekly</changefreq>
   </url>
   <url>
      <loc>http://www.example.com/catalog?item=74&amp;desc=vacation_newfoundland</loc>
      <lastmod>2004-12-23T18:00:15+00:00</lastmod>
      <priority>0.3</priority>
   </url>
   <url>
      <loc>http://www.example.com/catalog?item=83&amp;desc=vacation_usa</loc>
      <lastmod>2004-11-23</lastmod>
   </url>
</urlset>`
	sitemapIndexExample = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
   <sitemap>
      <loc>http://www.example.com/sitemap1.xml.gz</loc>
      <lastmod>2004-10-01T18:23:17+00:00</lastmod>
   </sitemap>
   <sitemap>
      <loc>http://www.example.com/sitemap2.xml.gz</loc>
      <lastmod>2005-01-01</lastmod>
   </sitemap>
</sitemapindex>`
)

func sitemapLinks(t *testing.T, doc string, outer string) ([]string, error) {
	t.Helper()
	var x Extractor
	var got []string
	err := x.ExtractSitemap(strings.NewReader(doc), base.Retrieved(outer), func(l Link) error {
		got = append(got, l.Element+"@"+l.Attr+" "+l.URL)
		return nil
	})
	return got, err
}

func TestSitemapExamples(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      []string
	}{
		{"urlset", sitemapExample, []string{
			"url@loc http://www.example.com/",
			"url@loc http://www.example.com/catalog?item=12&desc=vacation_hawaii",
			"url@loc http://www.example.com/catalog?item=73&desc=vacation_new_zealand",
			"url@loc http://www.example.com/catalog?item=74&desc=vacation_newfoundland",
			"url@loc http://www.example.com/catalog?item=83&desc=vacation_usa",
		}},
		{"sitemapindex", sitemapIndexExample, []string{
			"sitemap@loc http://www.example.com/sitemap1.xml.gz",
			"sitemap@loc http://www.example.com/sitemap2.xml.gz",
		}},
		{"entity escaping", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://www.example.com/%C3%BCmlat.php&amp;q=name</loc></url></urlset>`,
			[]string{"url@loc http://www.example.com/%C3%BCmlat.php&q=name"}},
		{"prefix, CDATA, comment, relative, extension loc left out",
			`<?xml version="1.0"?><!-- c --><sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">` +
				`<sm:url><sm:loc> <![CDATA[/a?b&c]]><!-- x -->d </sm:loc><image:image><image:loc>http://i/x.png</image:loc></image:image></sm:url>` +
				`<sm:url><loc>rel</loc></sm:url></sm:urlset>`,
			[]string{"url@loc http://s/a?b&cd", "url@loc http://s/d/rel"}},
	} {
		got, err := sitemapLinks(t, c.doc, "http://s/d/sitemap.xml")
		if err != nil || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
		}
		if !IsSitemap([]byte(c.doc)) {
			t.Errorf("%s: IsSitemap false", c.name)
		}
	}
}

// TestSitemapDeclaredEncoding: a sitemap whose XML declaration names an
// encoding other than UTF-8 (XML 1.0 section 4.3.3) is told a sitemap by
// IsSitemap and SniffSitemap, as ExtractSitemap reads it: its root
// element is <urlset> whatever the encoding of its text.
func TestSitemapDeclaredEncoding(t *testing.T) {
	for _, enc := range []string{"ISO-8859-1", "windows-1252", "utf-8", "US-ASCII"} {
		doc := `<?xml version="1.0" encoding="` + enc + `"?>` + "\n<urlset><url><loc>http://h/caf\xe9</loc></url></urlset>"
		if !IsSitemap([]byte(doc)) {
			t.Errorf("%s: IsSitemap false", enc)
		}
		if !SniffSitemap(bufio.NewReader(strings.NewReader(doc))) {
			t.Errorf("%s: SniffSitemap false", enc)
		}
	}
	doc := `<?xml version="1.0" encoding="ISO-8859-1"?><urlset><url><loc>http://h/caf` + "\xe9" + `</loc></url></urlset>`
	if got, err := sitemapLinks(t, doc, "http://s/"); err != nil || fmt.Sprint(got) != "[url@loc http://h/caf\u00e9]" {
		t.Errorf("ISO-8859-1: got %q, %v", got, err)
	}
	// Not a sitemap in any encoding.
	if IsSitemap([]byte(`<?xml version="1.0" encoding="ISO-8859-1"?><rss/>`)) {
		t.Errorf("rss: IsSitemap true")
	}
}

func TestSitemapErrors(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      []string
		is        error
		text      string
	}{
		{"not a sitemap", `<?xml version="1.0"?><rss><channel><link>http://x/</link></channel></rss>`, nil, ErrNotSitemap, ""},
		{"empty", ``, nil, ErrNotSitemap, ""},
		{"bad XML after a link", `<urlset><url><loc>http://a/</loc></url><url><loc>x</lo></url></urlset>`, []string{"url@loc http://a/"}, nil, "reading XML sitemap: XML syntax error on line 1"},
		{"cut at EOF", `<urlset><url><loc>http://a/</loc></url><url><loc>http://b/`, []string{"url@loc http://a/"}, nil, "reading XML sitemap: XML syntax error on line 1: unexpected EOF"},
	} {
		got, err := sitemapLinks(t, c.doc, "http://s/")
		if fmt.Sprint(got) != fmt.Sprint(c.want) || err == nil || c.is != nil && !errors.Is(err, c.is) || !strings.HasPrefix(err.Error(), c.text) {
			t.Errorf("%s: got %q, %v", c.name, got, err)
		}
		if IsSitemap([]byte(c.doc)) && c.is != nil {
			t.Errorf("%s: IsSitemap true", c.name)
		}
	}
}

// TestSitemapLimits: a <loc> over the URL limit is a warning, not a link;
// a text over the Token limit ends the reading with a *LimitError, the
// links before it passed on; memory stays within the limit.
func TestSitemapLimits(t *testing.T) {
	doc := `<urlset><url><loc>http://a/` + strings.Repeat("x", 10000) + `</loc></url><url><loc>http://b/</loc></url></urlset>`
	var x Extractor
	x.Limits = limits.Limits{URL: 1000}
	var got []string
	err := x.ExtractSitemap(strings.NewReader(doc), base.Base{}, func(l Link) error { got = append(got, l.URL); return nil })
	var le *LimitError
	if fmt.Sprint(got) != "[http://b/]" || !errors.As(err, &le) || le.Err.Limit != "URL" {
		t.Errorf("URL limit: got %q, %v", got, err)
	}
	x.Limits = limits.Limits{Token: 1 << 16}
	got = got[:0]
	long := io.MultiReader(strings.NewReader(`<urlset><url><loc>http://a/</loc></url><url><loc>`), strings.NewReader(strings.Repeat("y", 1<<20)))
	a := growth.Allocated(func() {
		err = x.ExtractSitemap(long, base.Base{}, func(l Link) error { got = append(got, l.URL); return nil })
	})
	if fmt.Sprint(got) != "[http://a/]" || !errors.As(err, &le) || le.Err.Limit != "Token" {
		t.Errorf("Token limit: got %q, %v", got, err)
	}
	if a > 1<<19 {
		t.Errorf("Token limit: %d bytes allocated for a text of 1 MiB, limit 64 KiB", a)
	}
}

// TestSitemapTokenLimit: a token longer than Limits.Token ends the
// reading with a *LimitError at its offset that names an XML token,
// however small the limit; one of the limit's length is read.
func TestSitemapTokenLimit(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
		off  int64
	}{
		{300, "[http://a/]", 49}, {100, "[http://a/ " + strings.Repeat("b", 100) + "]", -1}, {101, "[http://a/]", 49},
		// A tag of 100 bytes, then of 101: its last byte is its own.
		{-100, "[http://a/ http://c/]", -1}, {-101, "[http://a/]", 39},
	} {
		var doc string
		if c.n >= 0 {
			doc = `<urlset><url><loc>http://a/</loc></url><url><loc>` + strings.Repeat("b", c.n) + `</loc></url></urlset>`
		} else {
			doc = `<urlset><url><loc>http://a/</loc></url><url a="` + strings.Repeat("b", -c.n-len(`<url a="">`)) + `"><loc>http://c/</loc></url></urlset>`
		}
		for _, wrap := range []func(io.Reader) io.Reader{func(r io.Reader) io.Reader { return r }, iotest.OneByteReader} {
			x := Extractor{Limits: limits.Limits{Token: 100}}
			var got []string
			err := x.ExtractSitemap(wrap(strings.NewReader(doc)), base.Base{}, func(l Link) error { got = append(got, l.URL); return nil })
			var le *LimitError
			if c.off < 0 {
				if fmt.Sprint(got) != c.want || err != nil {
					t.Errorf("token of %d bytes: got %q, %v", c.n, got, err)
				}
				continue
			}
			if fmt.Sprint(got) != c.want || !errors.As(err, &le) || le.Err.Limit != "Token" || le.Offset != c.off || !strings.Contains(err.Error(), "XML token") {
				t.Errorf("token of %d bytes: got %q, %v", c.n, got, err)
			}
		}
	}
}

// TestSitemapLinear: a sitemap of many <loc> (200,000 in the larger run;
// the protocol allows 50,000) costs linear memory and time
// (RELURL_TIMING=1), and so does deep nesting.
func TestSitemapLinear(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 20000
	}
	growth.Linear(t, "sitemap", n, func(n int) func() {
		doc := "<urlset>" + strings.Repeat("<url><loc>http://example.com/p</loc></url>", n) + "</urlset>"
		return func() {
			var x Extractor
			k := 0
			if err := x.ExtractSitemapBytes(strings.NewReader(doc), base.Base{}, func(*LinkBytes) error { k++; return nil }); err != nil || k != n {
				t.Fatalf("%d links, %v", k, err)
			}
		}
	})
	growth.Linear(t, "sitemap nesting", n, func(n int) func() {
		doc := "<urlset>" + strings.Repeat("<a>", n) + strings.Repeat("</a>", n) + "</urlset>"
		return func() {
			var x Extractor
			x.ExtractSitemap(strings.NewReader(doc), base.Base{}, func(Link) error { return nil })
		}
	})
}

func TestRobots(t *testing.T) {
	doc := "\ufeffUser-agent: *\nDisallow: /private/ # no\n\nSitemap: http://www.example.com/sitemap.xml\r\n" +
		"  SITEMAP :https://example.com/s2.xml.gz  # comment\nsitemap:/relative.xml\nSitemaps: http://no/\n# Sitemap: http://commented/\n" +
		"\u017fitemap: http://long-s/\n" + // RFC 9309's case-insensitive names are ASCII's: U+017F is no "s"
		"sitemap: http://last/ "
	var x Extractor
	var got []string
	err := x.ExtractRobots(strings.NewReader(doc), base.Retrieved("http://r/robots.txt"), func(l Link) error {
		got = append(got, l.Element+"@"+l.Attr+" "+l.URL)
		return nil
	})
	want := []string{"robots@sitemap http://www.example.com/sitemap.xml", "robots@sitemap https://example.com/s2.xml.gz",
		"robots@sitemap http://r/relative.xml", "robots@sitemap http://last/"}
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
	// A long line: its Sitemap is a warning; the lines after it are read.
	got = got[:0]
	x.Limits = limits.Limits{URL: 100}
	doc = "Sitemap: http://a/" + strings.Repeat("x", 100000) + "\nDisallow: " + strings.Repeat("y", 1000) + "\nSitemap: http://b/\n"
	err = x.ExtractRobots(strings.NewReader(doc), base.Base{}, func(l Link) error { got = append(got, l.URL); return nil })
	var le *LimitError
	if fmt.Sprint(got) != "[http://b/]" || !errors.As(err, &le) || le.Element != "robots" || le.Offset != 0 {
		t.Errorf("long line: got %q, %v", got, err)
	}
}

// TestRobotsLineEnds: a line of robots.txt ends with LF, CR or CR LF
// (RFC 9309 section 2.2, EOL = %x0A / %x0D / %x0D.0A): a file written
// with CR alone holds as many records as lines, its Sitemap lines
// among them, and a long line's end is found by its CR as by its LF.
func TestRobotsLineEnds(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      []string
		long      bool
	}{
		{"CR", "User-agent: *\rSitemap: http://a/s.xml\rDisallow: /\rsitemap: http://b/\r", []string{"http://a/s.xml", "http://b/"}, false},
		{"CR at the end of the file", "Disallow: /x\rSitemap: http://c/", []string{"http://c/"}, false},
		{"CR, LF and CR LF mixed", "Sitemap: http://a/\r\nDisallow: /\rSitemap: http://b/\nSitemap: http://c/\r", []string{"http://a/", "http://b/", "http://c/"}, false},
		{"a long line ended by CR", "Sitemap: http://long/" + strings.Repeat("x", 300) + "\rSitemap: http://d/\r", []string{"http://d/"}, true},
		{"a long comment ended by CR", "# " + strings.Repeat("x", 300) + "\rSitemap: http://e/\r", []string{"http://e/"}, false},
	} {
		x := Extractor{Limits: limits.Limits{URL: 100}}
		var got []string
		err := x.ExtractRobots(strings.NewReader(c.doc), base.Retrieved("http://r/robots.txt"), func(l Link) error {
			got = append(got, l.URL)
			return nil
		})
		var le *LimitError
		if fmt.Sprint(got) != fmt.Sprint(c.want) || c.long != errors.As(err, &le) || !c.long && err != nil {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
		}
	}
}

// FuzzSitemap reads any input as a sitemap and as robots.txt: no panic,
// every link passed on within the URL limit, and a sitemap's links the
// <loc> encoding/xml's Unmarshal finds in a urlset.
func FuzzSitemap(f *testing.F) {
	for _, s := range []string{sitemapExample, sitemapIndexExample, "Sitemap: http://a/\n", "Disallow: /\rSitemap: http://a/\r\nSitemap: b\r", "<urlset><url><loc>&#x41;</loc></url></urlset>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><urlset><url><loc>\xe9</loc></url></urlset>", "<urlset><url><loc>a</loc><loc>b</loc></url></urlset>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		x := Extractor{Limits: limits.Limits{URL: 256, Token: 4096}}
		check := func(l Link) error {
			if len(l.URL) > 256 || len(l.Ref) > 256 {
				t.Fatalf("link over the URL limit: %q", l.URL)
			}
			return nil
		}
		x.ExtractSitemap(strings.NewReader(doc), base.Base{}, check)
		x.ExtractRobots(strings.NewReader(doc), base.Base{}, check)
	})
}
