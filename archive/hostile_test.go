package archive

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/links"
)

// TestOverrunAttribution: a record whose Content-Length runs over the
// next record (issue 11, defect 4) keeps its own links, the next record's
// links go to the next record, in a plain file and one gzipped whole.
func TestOverrunAttribution(t *testing.T) {
	var b bytes.Buffer
	warctest.AppendRecord(&b, warctest.Record{Type: "resource", TargetURI: "http://a/x", ContentType: "text/html", Block: []byte("<a href=one>")}, 0)
	first := bytes.Replace(b.Bytes(), []byte("Content-Length: 12"), []byte("Content-Length: 5000"), 1)
	b.Reset()
	warctest.AppendRecord(&b, warctest.Record{Type: "resource", TargetURI: "http://b/y", ContentType: "text/html", Block: []byte("<a href=two>")}, 1)
	plain := append(first, b.Bytes()...)
	var whole bytes.Buffer
	warctest.NewWriter(&whole, true).WriteRaw(plain)
	for name, data := range map[string][]byte{"plain": plain, "whole gzip": whole.Bytes()} {
		res := read("F", data)
		var got []string
		for _, l := range res.links {
			f := strings.Split(l, "|")
			got = append(got, f[1]+" "+f[5])
		}
		want := "http://a/x http://a/one|http://b/y http://b/two"
		if strings.Join(got, "|") != want {
			t.Errorf("%s: links %q, want %s", name, got, want)
		}
		if len(res.errors) != 1 || !errors.Is(res.errors[0], warc.ErrOverrun) {
			t.Errorf("%s: errors %v, want one ErrOverrun", name, res.errors)
		}
	}
}

// TestRecordLimit: the links of a record before the Record limit are
// given, then an error naming file, offset and limit, then the next
// record's links.
func TestRecordLimit(t *testing.T) {
	data, offs := write(t, true,
		warctest.Record{Type: "resource", TargetURI: "http://a/", ContentType: "text/html", Block: []byte("<a href=1><a href=2>" + strings.Repeat("x", 5000) + "<a href=3>")},
		warctest.Record{Type: "resource", TargetURI: "http://b/", ContentType: "text/html", Block: []byte("<a href=4>")})
	var res result
	a := Reader{
		File:   "F",
		Limits: limits.Limits{Record: 1000},
		Link: func(d *Document, k *links.LinkBytes) error {
			doc := d.Name
			res.links = append(res.links, doc+" "+string(k.URL))
			return nil
		},
		Error: func(err error) { res.errors = append(res.errors, err) },
	}
	a.Read(bytes.NewReader(data))
	want := "F#0 http://a/1|F#0 http://a/2|F#" + strconv.FormatInt(offs[1], 10) + " http://b/4"
	if strings.Join(res.links, "|") != want {
		t.Errorf("links %q, want %s", res.links, want)
	}
	var le *limits.Error
	var we *warc.Error
	if len(res.errors) != 1 || !errors.As(res.errors[0], &le) || le.Limit != "Record" || !errors.As(res.errors[0], &we) || we.Offset != 0 || we.File != "F" {
		t.Errorf("errors %v, want one Record limit error at F offset 0", res.errors)
	}
}
