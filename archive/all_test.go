package archive

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/links"
)

// allRecords are an archive with links, a redirect and errors between
// them: a document whose header base is not used (a *DocError), a record
// without WARC-Target-URI (a *RecordError) and a damaged record; then
// revisits.
var allRecords = []warctest.Record{
	warctest.HTML("http://a/b/c", `<a href="d"> <img src="/e">`),
	warctest.Response("http://a/bad/h", 200, [][2]string{{"Content-Type", "text/html"}, {"Base", "<http://b/"}}, `<a href="k">`),
	warctest.HTML("", `<a href="no-uri">`),
	warctest.Response("http://a/r", 302, [][2]string{{"Location", "/there"}}, ""),
	warctest.HTML("http://a/last", `<a href="z">`),
	// A revisit record and the WAT record of one: All gives their
	// warc@revisit links as Read does.
	{Type: "revisit", TargetURI: "http://a/v", Fields: [][2]string{{"WARC-Refers-To-Target-URI", "http://a/orig"}}},
	warctest.WAT(warctest.Record{Type: "revisit", TargetURI: "http://a/w"}, ""),
}

// TestAllAsRead: All gives the links and errors Read gives Link and
// Error, in the same order, links as values that stay valid.
func TestAllAsRead(t *testing.T) {
	for _, gz := range []bool{false, true} {
		data, _ := write(t, gz, allRecords...)
		var want []string
		a := Reader{File: "f.warc"}
		a.Link = func(d *Document, k *links.LinkBytes) error {
			want = append(want, linkString(fmt.Sprint(*d), k.Link()))
			return nil
		}
		a.Error = func(err error) { want = append(want, "error "+err.Error()) }
		a.Read(bytes.NewReader(data))

		var got []string
		var kept []Link
		var recErr *RecordError
		var docErr *DocError
		b := Reader{File: "f.warc"}
		for k, err := range b.All(bytes.NewReader(data)) {
			if err != nil {
				if k != (Link{}) {
					t.Errorf("gzip %v: error %v with link %+v", gz, err, k)
				}
				got = append(got, "error "+err.Error())
				errors.As(err, &recErr)
				errors.As(err, &docErr)
				continue
			}
			got = append(got, linkString(fmt.Sprint(k.Doc), k.Link))
			kept = append(kept, k)
		}
		equal(t, fmt.Sprint("gzip ", gz), got, want)
		if len(kept) != 7 {
			t.Fatalf("gzip %v: %d links, want 7: %q", gz, len(kept), got)
		}
		// The links kept, looked at after the whole archive was read, are
		// still the links given: values, not views of a buffer.
		var links []string
		for _, w := range want {
			if !strings.HasPrefix(w, "error ") {
				links = append(links, w)
			}
		}
		var after []string
		for _, k := range kept {
			after = append(after, linkString(fmt.Sprint(k.Doc), k.Link))
		}
		equal(t, fmt.Sprint("kept links, gzip ", gz), after, links)
		if kept[0].URL != "http://a/b/d" || kept[1].URL != "http://a/e" || kept[4].URL != "http://a/z" || kept[5].URL != "http://a/orig" || kept[6].URL != "http://a/w" {
			t.Errorf("gzip %v: links %+v", gz, kept)
		}
		if recErr == nil || !errors.Is(recErr, ErrMissingTargetURI) || docErr == nil {
			t.Errorf("gzip %v: errors not reachable by errors.As/Is: %q", gz, got)
		}
	}
}

// TestAllStop: a loop that stops gets nothing more (a yield called after
// it returned false panics), whether it stops at a link inside a
// document, at an error, or at a redirect; the Reader reads again after.
func TestAllStop(t *testing.T) {
	data, _ := write(t, false, allRecords...)
	var n int
	for range (&Reader{File: "f.warc"}).All(bytes.NewReader(data)) {
		n++
	}
	for stop := 1; stop <= n; stop++ {
		a := Reader{File: "f.warc"}
		i := 0
		for range a.All(bytes.NewReader(data)) {
			i++
			if i == stop {
				break
			}
		}
		if i != stop {
			t.Errorf("stop at %d: %d values", stop, i)
		}
		m := 0
		for range a.All(bytes.NewReader(data)) {
			m++
		}
		if m != n {
			t.Errorf("stop at %d, then read again: %d values, want %d", stop, m, n)
		}
	}
}
