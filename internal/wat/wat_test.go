package wat_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/internal/wat"
	"github.com/relurl/relurl/limits"
)

// pageJSON is a WAT document for an HTML page with a BASE element, written
// by hand after the layout of Common Crawl's WAT files (see the package
// comment for its source): the fields this package ignores are there too.
const pageJSON = `{"Container":{"Filename":"CC-MAIN-20261121000000-00000.warc.gz","Compressed":true,"Offset":"1234",
"Gzip-Metadata":{"Deflate-Length":"4321","Header-Length":"10","Footer-Length":"8","Inflated-Length":"9876","Inflated-CRC":"-123"}},
"Envelope":{"Format":"WARC","WARC-Header-Length":"512","Actual-Content-Length":"9000","Block-Digest":"sha1:AAAA",
"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Date":"2026-11-21T00:00:00Z","WARC-Record-ID":"<urn:uuid:1>",
"Content-Length":"9000","Content-Type":"application/http; msgtype=response","WARC-Target-URI":"http://a/b/c/d;p?q",
"WARC-IP-Address":"192.0.2.1"},
"Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=response",
"HTTP-Response-Metadata":{"Response-Message":{"Version":"HTTP/1.1","Status":"200","Reason":"OK"},
"Headers":{"Content-Type":"text/html; charset=UTF-8","Server":"nginx","Set-Cookie":["a=1","b=2"]},"Headers-Length":"300",
"Entity-Length":"8700","Entity-Digest":"sha1:BBBB",
"HTML-Metadata":{"Head":{"Title":"A page","Base":"http://base.example/x/","Metas":[{"name":"viewport","content":"width=device-width"}],
"Link":[{"path":"LINK@/href","url":"/style.css","rel":"stylesheet","type":"text/css"}],
"Scripts":[{"path":"SCRIPT@/src","url":"../app.js","type":"text/javascript"}]},
"Links":[{"path":"A@/href","url":"g;x?y#s","text":"first"},{"path":"IMG@/src","url":"../../img.png","alt":"logo"},
{"path":"A@/href","url":"//g","title":"t","rel":"nofollow","text":"second"},{"path":"FORM@/action","url":"?q","method":"get"}],
"Text":"A page first second"}}}}}`

// redirectJSON is a 301 response without HTML metadata, Status a number.
const redirectJSON = `{"Envelope":{"Format":"WARC","WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://h/old"},
"Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=response",
"HTTP-Response-Metadata":{"Response-Message":{"Version":"HTTP/1.1","Status":301,"Reason":"Moved"},"Headers":{"Location":"/new;p"}}}}}`

// requestJSON describes a request record.
const requestJSON = `{"Envelope":{"Format":"WARC","WARC-Header-Metadata":{"WARC-Type":"request","WARC-Target-URI":"http://h/old"},
"Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=request","HTTP-Request-Metadata":{"Request-Message":{"Method":"GET","Path":"/old","Version":"HTTP/1.1"}}}}}`

// noURIJSON is an HTML page whose envelope and WAT record lack a target URI.
const noURIJSON = `{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response"},"Payload-Metadata":{"HTTP-Response-Metadata":{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"x"}]}}}}}`

func watRecord(uri, js string) warctest.Record {
	return warctest.Record{Type: "metadata", TargetURI: uri, ContentType: "application/json", Block: []byte(js)}
}

func TestReader(t *testing.T) {
	recs := []warctest.Record{
		warctest.Warcinfo(),
		watRecord("http://a/b/c/d;p?q", pageJSON),
		watRecord("http://h/old", requestJSON),
		watRecord("http://h/old", redirectJSON),
		watRecord("http://h/bad", `{"Envelope":{"WARC-Header-Metadata":`), // cut JSON
		watRecord("", noURIJSON),
		watRecord("http://h/last", `{"Envelope":{"Payload-Metadata":{"HTTP-Response-Metadata":{"HTML-Metadata":{}}}}}`), // URI from the WAT header
	}
	for _, gz := range []bool{false, true} {
		var buf bytes.Buffer
		w := warctest.NewWriter(&buf, gz)
		for _, rec := range recs {
			w.Write(rec)
		}
		r := wat.NewReader(bytes.NewReader(buf.Bytes()), "t.wat.gz")
		var got []string
		var links, head int
		r.Link = func(_ *wat.Record, l *wat.Link) error {
			if l.Head {
				head++
			} else {
				links++
			}
			return nil
		}
		for {
			links, head = 0, 0
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var e *warc.Error
				if !errors.As(err, &e) {
					t.Fatalf("%v is not a *warc.Error", err)
				}
				kind := "json"
				if errors.Is(err, warc.ErrMissingTargetURI) {
					kind = "nouri"
				} else if !errors.Is(err, wat.ErrJSON) {
					kind = err.Error()
				}
				got = append(got, fmt.Sprintf("error %s @%d", kind, e.Offset))
				continue
			}
			loc, _ := rec.Redirect()
			got = append(got, fmt.Sprintf("%s %s %d html=%v base=%q/%v links=%d head=%d loc=%q @%d",
				rec.Type, rec.TargetURI, rec.Status, rec.HTML, rec.Base, rec.HasBase, links, head, loc, rec.Offset))
		}
		o := w.Offsets
		want := []string{
			fmt.Sprintf(`response http://a/b/c/d;p?q 200 html=true base="http://base.example/x/"/true links=4 head=1 loc="" @%d`, o[1]),
			fmt.Sprintf(`request http://h/old 0 html=false base=""/false links=0 head=0 loc="" @%d`, o[2]),
			fmt.Sprintf(`response http://h/old 301 html=false base=""/false links=0 head=0 loc="/new;p" @%d`, o[3]),
			fmt.Sprintf(`error json @%d`, o[4]),
			fmt.Sprintf(`error nouri @%d`, o[5]),
			fmt.Sprintf(` http://h/last 0 html=true base=""/false links=0 head=0 loc="" @%d`, o[6]), // no type in the envelope
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("gzip=%v: got\n%q\nwant\n%q", gz, got, want)
		}
	}
}

func TestDecodePage(t *testing.T) {
	var got []wat.Link
	var bases []string
	rec, err := wat.Decode(bytes.NewReader([]byte(pageJSON)), limits.Limits{}, func(r *wat.Record, l *wat.Link) error {
		l.Offset = 0
		got = append(got, *l)
		bases = append(bases, r.Base)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	u := func(s string) int64 { return int64(len(s)) }
	want := []wat.Link{
		{Path: "LINK@/href", URL: "/style.css", Rel: "stylesheet", Head: true, URLLen: u("/style.css")},
		{Path: "A@/href", URL: "g;x?y#s", Text: "first", URLLen: u("g;x?y#s")},
		{Path: "IMG@/src", URL: "../../img.png", URLLen: u("../../img.png")},
		{Path: "A@/href", URL: "//g", Text: "second", Rel: "nofollow", URLLen: u("//g")},
		{Path: "FORM@/action", URL: "?q", URLLen: u("?q")},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("links %+v, want %+v", got, want)
	}
	// Each link is given with the base read before it.
	for _, b := range bases {
		if b != "http://base.example/x/" {
			t.Errorf("a link given with the base %q", b)
		}
	}
	if rec.Links != 5 || rec.Late != "" {
		t.Errorf("Links %d, Late %q", rec.Links, rec.Late)
	}
	// Only the fields that make a base or a redirect are kept.
	if _, ok := rec.Header["Set-Cookie"]; ok || len(rec.Header) != 1 {
		t.Errorf("header %v: fields kept that no base needs", rec.Header)
	}
	if rec.Header.Get("Content-Type") != "text/html; charset=UTF-8" || rec.ContentType != "application/http; msgtype=response" {
		t.Errorf("header %v, content type %q", rec.Header, rec.ContentType)
	}
}

// FuzzDecode decodes arbitrary bytes as a WAT document, and a WAT file
// holding them: no panic, errors typed.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(pageJSON))                                                                                                                                                                                                     // a full page document
	f.Add([]byte(redirectJSON))                                                                                                                                                                                                 // numeric status, Location
	f.Add([]byte(noURIJSON))                                                                                                                                                                                                    // HTML without target URI
	f.Add([]byte(`{"Envelope":{"Payload-Metadata":{"HTTP-Response-Metadata":{"Headers":{"A":[1,2]},"HTML-Metadata":{"Head":{"Base":null}}}}}}`))                                                                                // odd types
	f.Add([]byte(`{"Envelope":{"Payload-Metadata":{"X":[[[{"a":[1,{"b":null}]}]]],"HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[null,{"url":["x"],"path":{}},{"url":"y"}]}}}}}`))                                         // skipped nesting, odd links
	f.Add([]byte(`{"Envelope":{"Payload-Metadata":{"HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[{"url":"` + strings.Repeat("x", 300) + `"}]}}}}}`))                                                                      // over fuzzLimits.Record: cut JSON
	f.Add([]byte(`{"Envelope":{"Payload-Metadata":{"HTTP-Response-Metadata":{"Headers":{"Location":["` + strings.Repeat(`\u00e9`, 70) + `","b"]},"HTML-Metadata":{"Links":[{"url":"` + strings.Repeat(`a\"`, 40) + `"}]}}}}}`)) // strings cut inside escapes (fuzz limits: URL 16, 64 characters kept)
	f.Add([]byte(`{"Envelope":{"Offset":` + strings.Repeat("9", 70) + `}}`))                                                                                                                                                    // a number longer than the strings kept
	// Revisit fields, link fields over the fuzz HeaderLine.
	f.Add([]byte(`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":["revisit","x"],"WARC-Refers-To-Target-URI":["http://a/"],"WARC-Refers-To-Date":"2020"},"Payload-Metadata":{"HTTP-Response-Metadata":{"Headers":{"Link":["<a>; rel=x","` + strings.Repeat(`\u00e9`, 30) + `"],"refresh":"0; url=b","LINK":[1,{"a":[]},"<c>"]}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := limits.Limits{URL: 16, HeaderLine: 24, HeaderBlock: 60}
		rec, err := wat.Decode(bytes.NewReader(data), lim, func(*wat.Record, *wat.Link) error { return nil })
		if err == nil {
			// The values kept are within the header limits, each as its
			// line "Name: value" and CRLF; one over them is reported.
			block := 0
			for _, name := range wat.LinkFields {
				for _, v := range rec.Header[name] {
					if len(name)+2+len(v) > lim.HeaderLine {
						t.Fatalf("%s value of %d bytes kept", name, len(v))
					}
					block += len(name) + 4 + len(v)
				}
			}
			var le *limits.Error
			if block > lim.HeaderBlock || rec.HeaderErr != nil && !errors.As(rec.HeaderErr, &le) {
				t.Fatalf("block %d, error %v", block, rec.HeaderErr)
			}
		}
		var buf bytes.Buffer
		warctest.NewWriter(&buf, true).Write(watRecord("http://h/", string(data)))
		r := wat.NewReader(bytes.NewReader(buf.Bytes()), "f")
		if len(data)%2 == 1 {
			r.Limits = limits.Limits{Record: 200} // small, so that fuzzing reaches it
		}
		for i := 0; ; i++ {
			if i > 3 {
				t.Fatal("more records than written")
			}
			_, err := r.Next()
			if err == io.EOF {
				return
			}
			var e *warc.Error
			if err != nil && !errors.As(err, &e) {
				t.Fatalf("%v is not a *warc.Error", err)
			}
		}
	})
}

// Example reads the links of a one-page WAT file.
func Example() {
	var buf bytes.Buffer
	w := warctest.NewWriter(&buf, true)
	w.Write(warctest.Warcinfo())
	w.Write(watRecord("http://a/b/c/d;p?q", pageJSON))

	r := wat.NewReader(&buf, "example.wat.gz")
	r.Link = func(rec *wat.Record, l *wat.Link) error {
		if !l.Head {
			fmt.Println(l.Path, l.URL)
		}
		return nil
	}
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("page", rec.TargetURI, "base", rec.Base, "links", rec.Links)
	}
	// Output:
	// A@/href g;x?y#s
	// IMG@/src ../../img.png
	// A@/href //g
	// FORM@/action ?q
	// page http://a/b/c/d;p?q base http://base.example/x/ links 5
}
