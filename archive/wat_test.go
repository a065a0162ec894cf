package archive

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
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

// TestWATLateHeaderLinks: Link and Refresh values that come after the
// first HTML link are given after the HTML links, not lost, and named in
// the late-field warning.
func TestWATLateHeaderLinks(t *testing.T) {
	data, _ := write(t, false,
		watRecord("http://w/p", `{"Headers":{"Link":"<early>"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"g"}]},"Headers":{"Link":["<late>"],"Refresh":"0; url=r"}}`))
	res := read("F", data)
	var got []string
	for _, l := range res.links {
		f := strings.Split(l, "|")
		got = append(got, f[3]+" "+f[5])
	}
	equal(t, "links", got, []string{"http@link http://w/early", "a@href http://w/g", "http@link http://w/late", "http@refresh http://w/r"})
	if len(res.errors) != 1 || !strings.Contains(res.errors[0].Error(), "WAT field Link comes after the first link") {
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

// TestWATSameAsWARC: a WAT record gives the rows the WARC record it
// describes gives (warctest.WAT writes it as Common Crawl's writer does):
// the http@link and http@refresh links of any response's header, against
// the header's base, before its body's links or its redirect's Location
// (docs/design.md#wat-header-links), repeated fields in order, the same
// error for a malformed link-value; and the warc@revisit link of a
// revisit record, with or without WARC-Refers-To-Target-URI, its header
// not read (docs/links.md).
func TestWATSameAsWARC(t *testing.T) {
	type pair struct {
		rec  warctest.Record
		html string // the HTML-Metadata Common Crawl's writer records for its body
	}
	pairs := []pair{
		{warctest.Response("http://a/b/page.html", 200, [][2]string{
			{"Content-Type", "text/html"}, {"Content-Base", "http://h/d/"},
			{"Link", `<style.css>; rel=stylesheet, </next>; rel="next"`}, {"Link", "<../up>"}, {"Refresh", "3; url=later"},
		}, `<base href="http://body/"><a href="k">`), `{"Head":{"Base":"http://body/"},"Links":[{"path":"A@/href","url":"k"}]}`},
		{warctest.Response("http://a/b/moved", 302, [][2]string{
			{"Location", "there"}, {"Content-Base", "http://h/d/"}, {"Link", "<canon>; rel=canonical"},
		}, ``), ``},
		{warctest.Response("http://a/b/doc.pdf", 200, [][2]string{{"Content-Type", "application/pdf"}, {"Link", `<doc.html>; rel="alternate"`}}, `%PDF`), ``},
		{warctest.Response("http://a/b/bad.html", 200, [][2]string{{"Content-Type", "text/html"}, {"Link", `junk, <ok>`}, {"Refresh", "0;url='x y'"}, {"Refresh", "1; url=z"}}, `<a href="k">`),
			`{"Links":[{"path":"A@/href","url":"k"}]}`},
		{warctest.Record{Type: "revisit", TargetURI: "http://a/p", ContentType: "application/http; msgtype=response",
			Fields: [][2]string{
				{"WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"},
				{"WARC-Refers-To-Target-URI", "http://a/original"},
				{"WARC-Refers-To-Date", "2020-01-02T03:04:05Z"},
			},
			Block: warctest.HTTPResponse(200, [][2]string{{"Content-Type", "text/html"}, {"Link", "<not-read>"}}, "")}, ``},
		{warctest.Record{Type: "revisit", TargetURI: "http://a/r", Fields: [][2]string{
			{"WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/server-not-modified"},
		}}, ``},
	}
	var warcRecs, watRecs []warctest.Record
	for _, p := range pairs {
		warcRecs = append(warcRecs, p.rec)
		watRecs = append(watRecs, warctest.WAT(p.rec, p.html))
	}
	want := []string{
		"|http://h/d/|header|http@link|style.css|http://h/d/style.css",
		"|http://h/d/|header|http@link|/next|http://h/next",
		"|http://h/d/|header|http@link|../up|http://h/up",
		"|http://h/d/|header|http@refresh|later|http://h/d/later",
		"|http://body/|html|a@href|k|http://body/k",
		"|http://h/d/|header|http@link|canon|http://h/d/canon",
		"|http://a/b/moved|retrieval|http@location|there|http://a/b/there",
		"|http://a/b/doc.pdf|retrieval|http@link|doc.html|http://a/b/doc.html",
		"|http://a/b/bad.html|retrieval|http@link|ok|http://a/b/ok",
		"|http://a/b/bad.html|retrieval|http@refresh|x y|http://a/b/x y",
		"|http://a/b/bad.html|retrieval|http@refresh|z|http://a/b/z",
		"|http://a/b/bad.html|retrieval|a@href|k|http://a/b/k",
		"|http://a/p|retrieval|warc@revisit|2020-01-02T03:04:05Z|http://a/original",
		"|http://a/r|retrieval|warc@revisit||http://a/r",
	}
	type seen struct {
		links, docs, kinds, errs []string
	}
	readAll := func(recs []warctest.Record) seen {
		data, _ := write(t, true, recs...)
		res := read("f", data)
		var s seen
		for i, l := range res.links {
			_, rest, _ := strings.Cut(l, "|") // the document's name differs
			s.links = append(s.links, "|"+rest)
			s.docs = append(s.docs, res.docs[i].URI+" "+res.docs[i].Date)
		}
		for _, k := range res.kinds {
			s.kinds = append(s.kinds, fmt.Sprint(k))
		}
		for _, err := range res.errors {
			var he *links.HeaderError
			var de *DocError
			if !errors.As(err, &de) || !errors.As(err, &he) {
				t.Errorf("error %v", err)
				continue
			}
			s.errs = append(s.errs, he.Error())
		}
		return s
	}
	w, wt := readAll(warcRecs), readAll(watRecs)
	equal(t, "WARC links", w.links, want)
	equal(t, "WAT links", wt.links, want)
	equal(t, "documents", wt.docs, w.docs)
	equal(t, "kinds", wt.kinds, w.kinds)
	equal(t, "errors", wt.errs, w.errs)
	if len(w.errs) != 1 {
		t.Errorf("errors %q, want the one malformed link-value", w.errs)
	}
}

// TestWATHeaderLimits: a Link value over Limits.HeaderLine (its line
// "Link: value", as a WARC record holds it) is reported once for its
// record, a *DocError wrapping the *limits.Error; the header links before
// it and the record's HTML links are given, the values after it are not.
func TestWATHeaderLimits(t *testing.T) {
	long := "<" + strings.Repeat("x", 80) + ">"
	data, offs := write(t, false, watRecord("http://w/p", `{"Response-Message":{"Status":"200"},"Headers":{"Link":["<a>","`+long+`","<b>"],"Refresh":"0; url=r"},`+
		`"HTML-Metadata":{"Links":[{"path":"A@/href","url":"k"}]}}`))
	var got []string
	var errs []error
	a := Reader{File: "F", Limits: limits.Limits{HeaderLine: 70},
		Link: func(d *Document, k *links.LinkBytes) error {
			got = append(got, k.Element+"@"+k.Attr+" "+string(k.URL))
			return nil
		},
		Error: func(err error) { errs = append(errs, err) },
	}
	a.Read(strings.NewReader(string(data)))
	equal(t, "links", got, []string{"http@link http://w/a", "a@href http://w/k"})
	var de *DocError
	var le *limits.Error
	if len(errs) != 1 || !errors.As(errs[0], &de) || de.Doc != fmt.Sprintf("F#%d", offs[0]) || !errors.As(errs[0], &le) || le.Limit != "HeaderLine" || le.Max != 70 {
		t.Errorf("errors %v", errs)
	}
}

// TestWATLinkFields: the header fields the WAT decoder keeps every value
// of are those the links package reads links from.
func TestWATLinkFields(t *testing.T) {
	for _, name := range wat.LinkFields {
		if !links.HasHeaderLinks(map[string][]string{name: {"<x>"}}) {
			t.Errorf("wat.LinkFields holds %s, which gives no links", name)
		}
	}
	h := map[string][]string{}
	for _, name := range wat.Fields {
		h[name] = []string{"<x>"}
	}
	if links.HasHeaderLinks(h) {
		t.Errorf("a header of wat.Fields only gives links: a field is missing from wat.LinkFields")
	}
}

// TestWATTargetURIAngles: the WAT record of a WARC/1.0 record whose
// WARC-Target-URI is in angle brackets gives the links the WARC record
// gives: resolved against the URI inside the brackets (RFC 1808 section
// 3.3), which is its Document's URI.
func TestWATTargetURIAngles(t *testing.T) {
	data, _ := write(t, false, watRecord("<http://a/b/c>", `{"Response-Message":{"Status":"200"},"Headers":{"Content-Type":"text/html"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"../x"}]}}`))
	res := read("F.wat", data)
	equal(t, "links", res.links, []string{"F.wat#0|http://a/b/c|retrieval|a@href|../x|http://a/x"})
	if len(res.errors) != 0 || len(res.docs) != 1 || res.docs[0].URI != "http://a/b/c" {
		t.Errorf("errors %v, documents %+v; want none, and URI http://a/b/c", res.errors, res.docs)
	}
}
