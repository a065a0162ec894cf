package document

import (
	"errors"
	"strings"
	"testing"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/body"
	"github.com/relurl/relurl/internal/media"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/links"
)

// TestKinds: each kind, plain, gzipped and in UTF-16, gives its links by
// its reading; XML that is no sitemap gives links.ErrNotSitemap; a kind
// read by another's reading would give other links or none.
func TestKinds(t *testing.T) {
	for _, c := range []struct {
		k    media.Kind
		doc  string
		want string // element@attribute url, of each link
		err  error
	}{
		{media.HTML, `<a href="a">`, "a@href http://h/d/a", nil},
		{media.CSS, `p{background:url(b.png)} @import "c.css";`, "css@url http://h/d/b.png css@import http://h/d/c.css", nil},
		{media.Robots, "User-agent: *\nSitemap: /s.xml\n", "robots@sitemap http://h/s.xml", nil},
		{media.Sitemap, `<?xml version="1.0"?><urlset><url><loc>http://h/u</loc></url></urlset>`, "url@loc http://h/u", nil},
		{media.Sitemap, `<?xml version="1.0"?><rss><channel><link>http://h/x</link></channel></rss>`, "", links.ErrNotSitemap},
		{media.Other, `<a href="a">`, "", nil},
	} {
		for form, data := range map[string][]byte{
			"plain": []byte(c.doc), "gzip": warctest.Encode([]byte(c.doc), "gzip"), "UTF-16": warctest.UTF16(c.doc, false, true),
		} {
			var d body.Decoder
			var x links.Extractor
			text, err := Decode(&d, c.k, strings.NewReader(string(data)), "", 1<<20)
			if !errors.Is(err, c.err) {
				t.Errorf("%d %s: Decode error %v, want %v", c.k, form, err, c.err)
				continue
			}
			if err != nil {
				continue
			}
			var got []string
			err = Extract(&x, c.k, text, "", base.Retrieved("http://h/d/p"), func(k *links.LinkBytes) error {
				got = append(got, k.Element+"@"+k.Attr+" "+string(k.URL))
				return nil
			})
			if err != nil || strings.Join(got, " ") != c.want {
				t.Errorf("%d %s: links %q, %v; want %q", c.k, form, got, err, c.want)
			}
		}
	}
}
