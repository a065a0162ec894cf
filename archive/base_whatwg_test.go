package archive

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/whatwg"
)

// TestReaderBaseWHATWG checks that under WHATWG a BASE href the URL
// Standard rejects, recorded by a WAT file (Head.Base) or in an HTML
// response, leaves the base outside the document (the HTML Standard's
// fallback base URL, section 4.2.3), with a *DocError naming the document
// and the reason, and that the document's links are all given. The RFCs
// take the same hrefs as the base, with no error.
func TestReaderBaseWHATWG(t *testing.T) {
	data, offs := write(t, false,
		// 0: WAT, the retrieval URL outside.
		watRecord("http://w/d/p", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Head":{"Base":" http://a:99999/ "},"Links":[{"path":"A@/href","url":"g"},{"path":"IMG@/src","url":"/i"}]}}`),
		// 1: WAT, a Content-Base header outside.
		watRecord("http://w/q", `{"Response-Message":{"Status":"200"},"Headers":{"Content-Base":"http://cb/e/"},"HTML-Metadata":{"Head":{"Base":"http://[::1"},"Links":[{"path":"A@/href","url":"k"}]}}`),
		// 2: HTML, a Content-Base header outside.
		warctest.Response("http://h/r", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Base", "http://cb/f/"}},
			`<head><base href="http://a b/"></head><a href="m">`),
		// 3: WAT, an accepted relative Head.Base.
		watRecord("http://w/d/p", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Head":{"Base":"../x/"},"Links":[{"path":"A@/href","url":"n"}]}}`),
	)
	d := func(i int) string { return fmt.Sprintf("b.warc#%d", offs[i]) }
	for _, tc := range []struct {
		spec relurl.Spec
		want []string
		errs []whatwg.Reason
	}{
		{relurl.WHATWG, []string{
			d(0) + "|http://w/d/p|retrieval|a@href|g|http://w/d/g",
			d(0) + "|http://w/d/p|retrieval|img@src|/i|http://w/i",
			d(1) + "|http://cb/e/|header|a@href|k|http://cb/e/k",
			d(2) + "|http://cb/f/|header|a@href|m|http://cb/f/m",
			d(3) + "|http://w/x/|html|a@href|n|http://w/x/n",
		}, []whatwg.Reason{whatwg.PortOutOfRange, whatwg.IPv6Unclosed, whatwg.DomainInvalidCodePoint}},
		{relurl.RFC3986, []string{
			d(0) + "|http://a:99999/|html|a@href|g|http://a:99999/g",
			d(0) + "|http://a:99999/|html|img@src|/i|http://a:99999/i",
			d(1) + "|http://[::1|html|a@href|k|http://[::1/k",
			d(2) + "|http://a b/|html|a@href|m|http://a b/m",
			d(3) + "|http://w/x/|html|a@href|n|http://w/x/n",
		}, nil},
	} {
		var got []string
		var errs []error
		a := Reader{
			File:      "b.warc",
			Extractor: &links.Extractor{Spec: tc.spec},
			Link: func(d *Document, k *links.LinkBytes) error {
				got = append(got, linkString(d.Name, k.Link()))
				return nil
			},
			Error: func(err error) { errs = append(errs, err) },
		}
		a.Read(bytes.NewReader(data))
		equal(t, tc.spec.String(), got, tc.want)
		if len(errs) != len(tc.errs) {
			t.Fatalf("%v: errors %v, want %d", tc.spec, errs, len(tc.errs))
		}
		for i, err := range errs {
			var de *DocError
			var we *whatwg.Error
			if !errors.As(err, &de) || de.Doc != d(i) || !errors.As(err, &we) || we.Base || !errors.Is(err, tc.errs[i]) ||
				!strings.HasPrefix(err.Error(), d(i)+": ") || !strings.Contains(err.Error(), "not used") {
				t.Errorf("%v: error %d: %v, want a *DocError for %s: %v", tc.spec, i, err, d(i), tc.errs[i])
			}
		}
		// Every source gives the one warning, a *base.FallbackError: the
		// HTML document's with the offset of its BASE tag, wrapped by the
		// links package's warning.
		for i, err := range errs {
			var fe *base.FallbackError
			if !errors.As(err, &fe) || fe.Source != base.HTML {
				t.Errorf("%v: error %d: %v, want a *base.FallbackError", tc.spec, i, err)
			}
		}
		var be *links.BaseError
		if len(errs) == 3 && (!errors.As(errs[2], &be) || be.Offset != int64(len("<head>")) || be.Value != `"http://a b/"`) {
			t.Errorf("%v: %v, want a *links.BaseError at offset 6", tc.spec, errs[2])
		}
	}
}
