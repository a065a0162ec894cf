package archive

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/wat"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/links"
)

// TestWATLongStrings: a WAT link url, Head.Base or Location longer than
// the URL limit (issue 23, defect 1), cut by the decoder before it is
// held: the links are not given, counted in one warning naming the limit
// and the length in the JSON; the long base falls back to the outer base,
// reported with its length; the long Location is reported, not given.
func TestWATLongStrings(t *testing.T) {
	long := "http://l/" + strings.Repeat("a", limits.DefaultURL+100)
	data, offs := write(t, true,
		watRecord("http://w/p", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Head":{"Base":"`+long+`"},"Links":[{"path":"A@/href","url":"`+long+`"},{"path":"A@/href","url":"g"},{"path":"IMG@/src","url":"`+long+`"}]}}`),
		watRecord("http://w/r", `{"Response-Message":{"Status":"301"},"Headers":{"Location":"`+long+`"}}`),
	)
	res := read("F", data)
	d := func(i int) string { return fmt.Sprintf("F#%d", offs[i]) }
	if len(res.links) != 1 || res.links[0] != d(0)+"|http://w/p|retrieval|a@href|g|http://w/g" {
		t.Fatalf("links %q", res.links)
	}
	if len(res.errors) != 3 {
		t.Fatalf("errors %q, want 3", res.errors)
	}
	var le *limits.Error
	if !errors.As(res.errors[0], &le) || le.Limit != "URL" || !strings.Contains(res.errors[0].Error(), "WAT Head.Base") ||
		!strings.Contains(res.errors[0].Error(), fmt.Sprintf("%d bytes", len(long))) {
		t.Errorf("base error %q", res.errors[0])
	}
	var lim *links.LimitError
	if !errors.As(res.errors[1], &lim) || lim.Element != "a" || lim.Length != int64(len(long)) || lim.More != 1 || lim.Offset != -1 {
		t.Errorf("link error %q", res.errors[1])
	}
	var de *DocError
	if !errors.As(res.errors[2], &de) || de.Doc != d(1) || !errors.As(res.errors[2], &lim) || lim.Element != "http" {
		t.Errorf("redirect error %q", res.errors[2])
	}
}

// TestWATOrder: links are given as read, against what came before them;
// a base field that comes after the first link is reported.
func TestWATOrder(t *testing.T) {
	data, _ := write(t, false,
		watRecord("http://w/p", `{"HTML-Metadata":{"Links":[{"path":"A@/href","url":"g"}],"Head":{"Base":"http://b/"}}}`))
	res := read("F", data)
	if len(res.links) != 1 || !strings.HasSuffix(res.links[0], "|http://w/g") {
		t.Errorf("links %q", res.links)
	}
	if len(res.errors) != 1 || !strings.Contains(res.errors[0].Error(), "WAT field Head.Base comes after the first link") {
		t.Errorf("errors %q", res.errors)
	}
}

// TestWATLinkError: an error from Link stops the record's links, is
// reported once, and the next record is read; a JSON error after links
// keeps them and is reported.
func TestWATLinkError(t *testing.T) {
	data, offs := write(t, false,
		watRecord("http://w/p", `{"HTML-Metadata":{"Links":[{"url":"stop"},{"url":"after"}]}}`),
		watRecord("http://w/q", `{"HTML-Metadata":{"Links":[{"url":"x"}]}}`),
	)
	cut := []byte(`{"Envelope":{"WARC-Header-Metadata":{"WARC-Target-URI":"http://w/c"},"Payload-Metadata":{"HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[{"url":"y"},{"url":`)
	data = append(data, fmt.Appendf(nil, "WARC/1.0\r\nWARC-Type: metadata\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", len(cut), cut)...)
	var got []string
	var errs []error
	var kinds []Kind
	a := Reader{File: "F",
		Link: func(d *Document, k *links.LinkBytes) error {
			got = append(got, string(k.Ref))
			if string(k.Ref) == "stop" {
				return errors.New("stopped")
			}
			return nil
		},
		Error:  func(err error) { errs = append(errs, err) },
		Record: func(k Kind) { kinds = append(kinds, k) },
	}
	a.Read(strings.NewReader(string(data)))
	if fmt.Sprint(got) != "[stop x y]" || fmt.Sprint(kinds) != fmt.Sprint([]Kind{Page, Page, Page}) {
		t.Errorf("links %q kinds %v", got, kinds)
	}
	var de *DocError
	var we *warc.Error
	if len(errs) != 2 || !errors.As(errs[0], &de) || de.Doc != fmt.Sprintf("F#%d", offs[0]) ||
		!errors.As(errs[1], &we) || !errors.Is(errs[1], wat.ErrJSON) {
		t.Errorf("errors %q", errs)
	}
}
