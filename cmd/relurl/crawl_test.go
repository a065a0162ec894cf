package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// row returns one TSV output row.
func row(doc, base, src, attr, ref, url string) string {
	return strings.Join([]string{doc, base, src, attr, ref, url}, "\t") + "\n"
}

// member returns rec as one gzip member, as a .warc.gz holds it.
func member(t *testing.T, rec warctest.Record) []byte {
	var b bytes.Buffer
	if _, err := warctest.NewWriter(&b, true).Write(rec); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// crawlRecords are the records of the test WARC files, each testing one
// rule; see wantCrawlRows for the rows they give.
func crawlRecords() []warctest.Record {
	return []warctest.Record{
		warctest.Warcinfo(),
		{Type: "request", TargetURI: "http://a/b/c/d;p?q", ContentType: "application/http; msgtype=request", Block: []byte("GET /b/c/d;p?q HTTP/1.1\r\nHost: a\r\n\r\n")},
		// 1: the retrieval URL is the base (3.3); RFC 1808 section 5 cases.
		warctest.HTML("http://a/b/c/d;p?q", `<p><a href="g">g</a> <a href=";x">x</a> <img src="../../../g">`),
		// 2: a BASE element (3.1).
		warctest.HTML("http://a/page.html", `<html><head><base href="http://x/y/"></head><a href="z">`),
		// 3: a Content-Base header (3.1) and, inside it, a relative BASE.
		warctest.Response("http://a/hdr.html", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Base", "http://hdr/dir/"}},
			`<head><base href="sub/"></head><a href="k">`),
		// 4: a redirect: its Location, resolved against the target URI.
		warctest.Response("http://a/b/c/d", 301, [][2]string{{"Location", "../elsewhere"}, {"Content-Type", "text/html"}}, `<a href="body-of-redirect">`),
		// 5: not HTML: skipped.
		warctest.Response("http://a/logo.png", 200, [][2]string{{"Content-Type", "image/png"}}, `<a href="not-html">`),
		// 6: no WARC-Target-URI: an error, skipped.
		warctest.HTML("", `<a href="no-uri">`),
		// 7: after the error, the rest is read; a resource record.
		{Type: "resource", TargetURI: "http://r/dir/file.html", ContentType: "text/html", Block: []byte(`<a href="../up">`)},
		{Type: "metadata", TargetURI: "http://a/b/c/d;p?q", ContentType: "application/warc-fields", Block: []byte("fetchTimeMs: 1\r\n")},
	}
}

// wantCrawlRows returns the rows of the test WARC file named file, whose
// records are at offs.
func wantCrawlRows(file string, offs []int64) string {
	d := func(i int) string { return fmt.Sprintf("%s#%d", file, offs[i]) }
	return row(d(2), "http://a/b/c/d;p?q", "retrieval", "a@href", "g", "http://a/b/c/g") +
		row(d(2), "http://a/b/c/d;p?q", "retrieval", "a@href", ";x", "http://a/b/c/d;x") +
		row(d(2), "http://a/b/c/d;p?q", "retrieval", "img@src", "../../../g", "http://a/../g") +
		row(d(3), "http://x/y/", "html", "a@href", "z", "http://x/y/z") +
		row(d(4), "http://hdr/dir/sub/", "html", "a@href", "k", "http://hdr/dir/sub/k") +
		row(d(5), "http://a/b/c/d", "retrieval", "http@location", "../elsewhere", "http://a/b/elsewhere") +
		row(d(8), "http://r/dir/file.html", "retrieval", "a@href", "../up", "http://r/up")
}

// writeCrawl writes the test records to dir/name in form ("plain",
// "gzip": a member a record, "zstd": a frame a record, "zstd dict": with
// a dictionary) and returns the path and the records' offsets.
func writeCrawl(t *testing.T, dir, name, form string) (string, []int64) {
	var b bytes.Buffer
	w := warctest.NewWriter(&b, form == "gzip")
	if strings.HasPrefix(form, "zstd") {
		var dict []byte
		if form == "zstd dict" {
			var samples [][]byte
			for i, rec := range crawlRecords() {
				var s bytes.Buffer
				warctest.AppendRecord(&s, rec, i)
				samples = append(samples, s.Bytes())
			}
			var err error
			if dict, err = warctest.Dict(1<<16, samples...); err != nil {
				t.Fatal(err)
			}
		}
		var err error
		if w, err = warctest.NewZstdWriter(&b, dict, false); err != nil {
			t.Fatal(err)
		}
	}
	for _, rec := range crawlRecords() {
		if _, err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	return path, w.Offsets
}

func TestLinksWARC(t *testing.T) {
	dir := t.TempDir()
	for _, form := range []string{"plain", "gzip", "zstd", "zstd dict"} {
		name := map[string]string{"plain": "crawl.warc", "gzip": "crawl.warc.gz", "zstd": "crawl.warc.zst", "zstd dict": "dict.warc.zst"}[form]
		path, offs := writeCrawl(t, dir, name, form)
		out, errs, code := runLinksCmd(t, "", false, "-stats", path)
		if want := wantCrawlRows(path, offs); out != want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", name, out, want)
		}
		if code != exitRejected {
			t.Errorf("%s: exit %d, want %d (a record lacks WARC-Target-URI)", name, code, exitRejected)
		}
		wantErr := fmt.Sprintf("relurl: links: warc: %s: offset %d: missing WARC-Target-URI", path, offs[7])
		if !strings.Contains(errs, wantErr) || strings.Count(errs, "\n") != 2 {
			t.Errorf("%s: stderr\n%s\nwant one error %q and the counts", name, errs, wantErr)
		}
		// warcinfo, request, 3 pages, redirect, image, resource, metadata
		// (the record without target URI is an error, not counted).
		wantStats := "relurl: links: 1 inputs (0 skipped: output present), 9 records: 4 HTML pages, 1 redirects, 4 other; 7 links; 1 errors\n"
		if !strings.HasSuffix(errs, wantStats) {
			t.Errorf("%s: stats\n%s\nwant %s", name, errs, wantStats)
		}

		// Detected by content: under another name, and on standard input.
		other := filepath.Join(dir, "crawl.bin")
		data, _ := os.ReadFile(path)
		os.WriteFile(other, data, 0o666)
		if out, _, _ := runLinksCmd(t, "", false, other); out != wantCrawlRows(other, offs) {
			t.Errorf("%s detected by content:\n%s", name, out)
		}
		if out, _, _ := runLinksCmd(t, string(data), false, "-"); out != wantCrawlRows("-", offs) {
			t.Errorf("%s on standard input:\n%s", name, out)
		}
	}
}

func TestLinksWARCWholeGzip(t *testing.T) {
	// A WARC gzipped whole: every record has offset 0, so documents are
	// numbered within it.
	var plain, gz bytes.Buffer
	w := warctest.NewWriter(&plain, false)
	w.Write(warctest.HTML("http://a/1", `<a href=x>`))
	w.Write(warctest.HTML("http://a/2", `<a href=y>`))
	zw := gzip.NewWriter(&gz)
	zw.Write(plain.Bytes())
	zw.Close()
	path := filepath.Join(t.TempDir(), "whole.warc.gz")
	os.WriteFile(path, gz.Bytes(), 0o666)
	out, errs, code := runLinksCmd(t, "", false, path)
	want := row(path+"#0", "http://a/1", "retrieval", "a@href", "x", "http://a/x") +
		row(path+"#0+1", "http://a/2", "retrieval", "a@href", "y", "http://a/y")
	if out != want || code != exitOK {
		t.Errorf("exit %d, stderr %q\ngot\n%s\nwant\n%s", code, errs, out, want)
	}
}

func TestLinksWARCDamaged(t *testing.T) {
	dir := t.TempDir()
	good := func(i int) warctest.Record {
		return warctest.HTML(fmt.Sprintf("http://a/%d", i), fmt.Sprintf(`<a href="l%d">`, i))
	}
	wantRow := func(path string, off int64, i int) string {
		u := fmt.Sprintf("http://a/%d", i)
		return row(fmt.Sprintf("%s#%d", path, off), u, "retrieval", "a@href", fmt.Sprintf("l%d", i), fmt.Sprintf("http://a/l%d", i))
	}

	// .warc.gz: good, truncated member, good, member with a bad CRC, good.
	var b bytes.Buffer
	var offs []int64
	add := func(m []byte) { offs = append(offs, int64(b.Len())); b.Write(m) }
	add(member(t, good(0)))
	m := member(t, good(1))
	add(m[:len(m)/2])
	add(member(t, good(2)))
	m = member(t, good(3))
	m[len(m)-8] ^= 0xff // CRC-32 (RFC 1952 section 2.3.1)
	add(m)
	add(member(t, good(4)))
	m = member(t, good(5))
	add(m[:len(m)-10]) // the file ends inside the last member
	gzPath := filepath.Join(dir, "damaged.warc.gz")
	os.WriteFile(gzPath, b.Bytes(), 0o666)

	out, errs, code := runLinksCmd(t, "", false, gzPath)
	// The record of the bad-CRC member is read before its trailer is
	// checked, so its row is written, then the error reported.
	// So is the last one's, whose block is whole: only the member's
	// trailer is cut off.
	want := wantRow(gzPath, offs[0], 0) + wantRow(gzPath, offs[2], 2) + wantRow(gzPath, offs[3], 3) + wantRow(gzPath, offs[4], 4) + wantRow(gzPath, offs[5], 5)
	if out != want {
		t.Errorf("gzip: got\n%s\nwant\n%s", out, want)
	}
	// A member cut short and followed by another is corrupt deflate data
	// (the decoder reads on into the next member); one cut by the end of
	// the file is truncated.
	for _, w := range []string{
		fmt.Sprintf("warc: %s: offset %d: corrupt gzip member", gzPath, offs[1]),
		fmt.Sprintf("warc: %s: offset %d: corrupt gzip member: gzip: invalid checksum", gzPath, offs[3]),
		fmt.Sprintf("warc: %s: offset %d: truncated record", gzPath, offs[5]),
	} {
		if !strings.Contains(errs, w) {
			t.Errorf("gzip: stderr lacks %q:\n%s", w, errs)
		}
	}
	if code != exitRejected {
		t.Errorf("gzip: exit %d", code)
	}

	// Plain: good, garbage, good, then a record cut off by the end of
	// the file.
	b.Reset()
	offs = offs[:0]
	var rb bytes.Buffer
	warctest.AppendRecord(&rb, good(0), 0)
	add(rb.Bytes())
	add([]byte("garbage line\r\n"))
	rb.Reset()
	warctest.AppendRecord(&rb, good(2), 2)
	add(rb.Bytes())
	rb.Reset()
	warctest.AppendRecord(&rb, good(3), 3)
	add(rb.Bytes()[:rb.Len()-40])
	plainPath := filepath.Join(dir, "damaged.warc")
	os.WriteFile(plainPath, b.Bytes(), 0o666)
	out, errs, code = runLinksCmd(t, "", false, plainPath)
	if want := wantRow(plainPath, offs[0], 0) + wantRow(plainPath, offs[2], 2); !strings.HasPrefix(out, want) {
		t.Errorf("plain: got\n%s\nwant\n%s", out, want)
	}
	for _, w := range []string{
		fmt.Sprintf("warc: %s: offset %d: record does not begin with a WARC/ version line", plainPath, offs[1]),
		fmt.Sprintf("%s: offset %d: truncated record", plainPath, offs[3]),
	} {
		if !strings.Contains(errs, w) {
			t.Errorf("plain: stderr lacks %q:\n%s", w, errs)
		}
	}
	if code != exitRejected {
		t.Errorf("plain: exit %d", code)
	}
}

// watRecord returns a WAT metadata record describing a response for uri.
func watRecord(uri, payload string) warctest.Record {
	return warctest.Record{Type: "metadata", TargetURI: uri, ContentType: "application/json", Block: []byte(
		`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"` + uri + `"},"Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=response","HTTP-Response-Metadata":` + payload + `}}}`)}
}

func TestLinksWAT(t *testing.T) {
	var b bytes.Buffer
	w := warctest.NewWriter(&b, true)
	w.Write(warctest.Warcinfo())
	// A page with a relative BASE, head and body links.
	w.Write(watRecord("http://w/x/y", `{"Response-Message":{"Status":"200"},"Headers":{"Content-Type":"text/html"},"HTML-Metadata":{"Head":{"Base":"../b/;p","Link":[{"path":"LINK@/href","url":"st.css","rel":"stylesheet"}]},"Links":[{"path":"A@/href","url":" g ","text":"g"},{"path":"IMG@/src","url":"../i.png"},{"path":"STYLE/#text","url":"s.css"}]}}`))
	// A page without BASE but with a Content-Base header.
	w.Write(watRecord("http://w/p", `{"Response-Message":{"Status":200},"Headers":{"Content-Base":"http://cb/d/"},"HTML-Metadata":{"Head":{},"Links":[{"path":"A@/href","url":"q"}]}}`))
	// A redirect.
	w.Write(watRecord("http://w/old/", `{"Response-Message":{"Status":"302"},"Headers":{"Location":"../new"}}`))
	// Not HTML.
	w.Write(watRecord("http://w/i.png", `{"Response-Message":{"Status":"200"},"Headers":{"Content-Type":"image/png"}}`))
	// Broken JSON, then a page without a BASE.
	w.Write(warctest.Record{Type: "metadata", TargetURI: "http://w/z", ContentType: "application/json", Block: []byte(`{"Envelope":`)})
	w.Write(watRecord("http://w/last", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"?q"}]}}`))
	path := filepath.Join(t.TempDir(), "crawl.wat.gz")
	os.WriteFile(path, b.Bytes(), 0o666)

	out, errs, code := runLinksCmd(t, "", false, path)
	d := func(i int) string { return fmt.Sprintf("%s#%d", path, w.Offsets[i]) }
	want := row(d(1), "http://w/b/;p", "html", "link@href", "st.css", "http://w/b/st.css") +
		row(d(1), "http://w/b/;p", "html", "a@href", "g", "http://w/b/g") +
		row(d(1), "http://w/b/;p", "html", "img@src", "../i.png", "http://w/i.png") +
		row(d(1), "http://w/b/;p", "html", "style/#text", "s.css", "http://w/b/s.css") +
		row(d(2), "http://cb/d/", "header", "a@href", "q", "http://cb/d/q") +
		row(d(3), "http://w/old/", "retrieval", "http@location", "../new", "http://w/new") +
		row(d(6), "http://w/last", "retrieval", "a@href", "?q", "http://w/last?q")
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	wantErr := fmt.Sprintf("warc: %s: offset %d: malformed WAT JSON", path, w.Offsets[5])
	if code != exitRejected || !strings.Contains(errs, wantErr) {
		t.Errorf("exit %d, stderr %q, want %q", code, errs, wantErr)
	}
	// The same in NDJSON: an attribute without "@".
	out, _, _ = runLinksCmd(t, "", false, "-format", "ndjson", path)
	if !strings.Contains(out, `"attribute":"style/#text","ref":"s.css"`) {
		t.Errorf("ndjson:\n%s", out)
	}
}

// TestLinksWATNoTarget: a WAT page with no target URI anywhere is an
// error naming the file and offset, with the "links:" prefix of every
// other error (it lacked it before archive).
func TestLinksWATNoTarget(t *testing.T) {
	var b bytes.Buffer
	w := warctest.NewWriter(&b, false)
	w.Write(watRecord("", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"lost"}]}}`))
	w.Write(watRecord("http://w/", `{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"k"}]}}`))
	out, errs, code := runLinksCmd(t, b.String(), false, "-")
	if want := row(fmt.Sprintf("-#%d", w.Offsets[1]), "http://w/", "retrieval", "a@href", "k", "http://w/k"); out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	wantErr := fmt.Sprintf("relurl: links: warc: -: offset %d: missing WARC-Target-URI in WAT record ", w.Offsets[0])
	if code != exitRejected || !strings.HasPrefix(errs, wantErr) || strings.Count(errs, "\n") != 1 {
		t.Errorf("exit %d, stderr %q, want one error %q", code, errs, wantErr)
	}
}

// TestLinksWARCFormat: an archive in a compression format relurl does not
// read is reported, not read as a document of no link (issue 21: a
// .warc.zst printed nothing and exited 0 before zstd was read).
func TestLinksWARCFormat(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "crawl.warc.bz2")
	os.WriteFile(path, []byte("BZh91AY&SY\x00\x01"), 0o666)
	out, errs, code := runLinksCmd(t, "", false, path)
	want := "relurl: links: warc: " + path + ": offset 0: archive format not read: the file is compressed with bzip2\n"
	if out != "" || errs != want || code != exitRejected {
		t.Errorf("bzip2 archive: out %q, stderr %q, exit %d; want stderr %q, exit %d", out, errs, code, want, exitRejected)
	}
}
