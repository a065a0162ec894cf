package crawl

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// TestWHATWGBaseRejected checks that under -spec whatwg a document whose
// BASE href the URL Standard rejects has its links resolved against the
// base outside it (the retrieval URL here), every one written, and that
// the rejection is reported on standard error as one line naming the
// document: from an HTML input, and from a WARC and a WAT record.
func TestWHATWGBaseRejected(t *testing.T) {
	var out, errs bytes.Buffer
	c := &Config{Stdin: strings.NewReader(`<link href=s><base href="http://a:99999/"><a href="g">`), Stdout: &out, Stderr: &errs, Prefix: "x: ",
		URL: "http://a/b", Type: HTML, Spec: relurl.WHATWG}
	s, err := c.Run([]string{"-"})
	if err != nil || !s.Failed || s.Links != 2 || s.Errors != 1 {
		t.Fatalf("stats %+v, err %v, stderr %q", s, err, errs.String())
	}
	if want := "-\thttp://a/b\tretrieval\tlink@href\ts\thttp://a/s\n-\thttp://a/b\tretrieval\ta@href\tg\thttp://a/g\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	if want := "x: -: at byte 13: BASE href not used (whatwg: parse \"http://a:99999/\": port-out-of-range at offset 9); the base is the one outside it: retrieval \"http://a/b\"\n"; errs.String() != want {
		t.Errorf("stderr %q, want %q", errs.String(), want)
	}

	// Archives: the document names are FILE#OFFSET.
	dir := t.TempDir()
	var b bytes.Buffer
	w := warctest.NewWriter(&b, false)
	for _, rec := range []warctest.Record{
		warctest.HTML("http://h/d/p", `<head><base href="http://[::1"></head><a href="g">`),
		{Type: "metadata", TargetURI: "http://w/d/p", ContentType: "application/json", Block: []byte(
			`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://w/d/p"},"Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=response","HTTP-Response-Metadata":` +
				`{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Head":{"Base":"http://"},"Links":[{"path":"A@/href","url":"k"}]}}}}}`)},
	} {
		if _, err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	name := filepath.Join(dir, "a.warc")
	if err := os.WriteFile(name, b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errs.Reset()
	c = &Config{Stdout: &out, Stderr: &errs, Spec: relurl.WHATWG}
	s, err = c.Run([]string{name})
	if err != nil || !s.Failed || s.Links != 2 || s.Errors != 2 {
		t.Fatalf("archive: stats %+v, err %v, stderr %q", s, err, errs.String())
	}
	doc := func(i int) string { return fmt.Sprintf("%s#%d", name, w.Offsets[i]) }
	if want := doc(0) + "\thttp://h/d/p\tretrieval\ta@href\tg\thttp://h/d/g\n" + doc(1) + "\thttp://w/d/p\tretrieval\ta@href\tk\thttp://w/d/k\n"; out.String() != want {
		t.Errorf("archive: got %q, want %q", out.String(), want)
	}
	lines := strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n")
	if len(lines) != 2 ||
		!strings.HasPrefix(lines[0], doc(0)+": at byte 6: BASE href not used") || !strings.Contains(lines[0], "IPv6-unclosed at offset 7") ||
		!strings.HasPrefix(lines[1], doc(1)+": WAT Head.Base not used") || !strings.Contains(lines[1], "host-missing at offset 7") {
		t.Errorf("archive: stderr %q", errs.String())
	}
}

// TestJoinedErrorsOneLineEach: a document whose reading ends with an
// error after a warning kept for its end (a BASE not used, then a token
// past the limit) gives both, each on a line of its own naming the
// document, counted as two errors: errors.Join's one message put the
// second on a line of its own with no name.
func TestJoinedErrorsOneLineEach(t *testing.T) {
	var out, errs bytes.Buffer
	doc := `<base href="http://[::1"><a href=x><a title="` + strings.Repeat("y", 300) + `" href=z>`
	c := &Config{Stdin: strings.NewReader(doc), Stdout: &out, Stderr: &errs, Prefix: "x: ", URL: "http://a/b", Type: HTML, Spec: relurl.WHATWG}
	c.Limits.Token = 100
	s, err := c.Run([]string{"-"})
	lines := strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n")
	if err != nil || s.Errors != 2 || len(lines) != 2 {
		t.Fatalf("stats %+v, err %v, stderr %q", s, err, errs.String())
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "x: -: ") {
			t.Errorf("line %q does not name the document", l)
		}
	}
	if !strings.Contains(lines[0], "Token limit") || !strings.Contains(lines[1], "BASE href not used") {
		t.Errorf("stderr %q", errs.String())
	}
}
