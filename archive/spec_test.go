package archive

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/links"
)

// TestReaderSpec checks that the links a WAT file records, its BASE href
// and a redirect's Location are resolved by the Extractor's Spec, as the
// links of HTML documents are.
func TestReaderSpec(t *testing.T) {
	data, offs := write(t, false,
		watRecord("http://a/b/c/d;p?q", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Head":{"Base":"../../../x/"},"Links":[{"path":"A@/href","url":";y"},{"path":"A@/href","url":"/./g"}]}}`),
		watRecord("http://a/b/c/d;p?q", `{"Response-Message":{"Status":"301"},"Headers":{"Location":";x"}}`),
	)
	d := func(i int) string { return fmt.Sprintf("s.wat#%d", offs[i]) }
	for _, tc := range []struct {
		spec relurl.Spec
		want []string
	}{
		{relurl.RFC1808, []string{
			d(0) + "|http://a/../x/|html|a@href|;y|http://a/../x/;y",
			d(0) + "|http://a/../x/|html|a@href|/./g|http://a/./g",
			d(1) + "|http://a/b/c/d;p?q|retrieval|http@location|;x|http://a/b/c/d;x",
		}},
		{relurl.RFC3986, []string{
			d(0) + "|http://a/x/|html|a@href|;y|http://a/x/;y",
			d(0) + "|http://a/x/|html|a@href|/./g|http://a/g",
			d(1) + "|http://a/b/c/d;p?q|retrieval|http@location|;x|http://a/b/c/;x",
		}},
	} {
		var got []string
		a := Reader{
			File:      "s.wat",
			Extractor: &links.Extractor{Spec: tc.spec},
			Link: func(d *Document, k *links.LinkBytes) error {
				got = append(got, linkString(d.Name, k.Link()))
				return nil
			},
			Error: func(err error) { t.Errorf("%s: %v", tc.spec, err) },
		}
		a.Read(bytes.NewReader(data))
		equal(t, tc.spec.String(), got, tc.want)
	}
}
