package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// TestLinksDecode: UTF-16 and gzip-compressed HTML give their links from
// every input form: a file, a file in a directory, standard input, a WARC
// record, a MIME part, a fetched URL (issue 23, defect 4).
func TestLinksDecode(t *testing.T) {
	const page = `<a href="é/g">x</a>`
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o666); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// One link, to http://a/é/g, whatever the form.
	check := func(name string, stdin []byte, args ...string) {
		t.Helper()
		out, errs, code := runLinksCmd(t, string(stdin), false, append([]string{"-url", "http://a/"}, args...)...)
		if code != exitOK || errs != "" || !strings.HasSuffix(out, "\ta@href\té/g\thttp://a/é/g\n") || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q, rows %q", name, code, errs, out)
		}
	}
	check("UTF-16LE file with BOM", nil, write("le.html", warctest.UTF16(page, false, true)))
	check("UTF-16BE file, sniffed", nil, write("be.html", warctest.UTF16(page, true, false)))
	check(".html.gz file", nil, write("page.html.gz", warctest.Encode([]byte(page), "gzip")))
	check("gzip UTF-16 file", nil, write("both.htm.gz", warctest.Encode(warctest.UTF16(page, false, true), "gzip")))
	check("gzip on standard input", warctest.Encode([]byte(page), "gzip"), "-")
	check("UTF-16 on standard input", warctest.UTF16(page, false, true), "-")
	check("gzip MIME message on standard input", warctest.Encode([]byte("Content-Type: text/html\r\n\r\n"+page), "gzip"), "-")

	// A directory walk finds the .html.gz file too.
	sub := filepath.Join(dir, "tree")
	os.Mkdir(sub, 0o777)
	os.WriteFile(filepath.Join(sub, "p.html.gz"), warctest.Encode([]byte(page), "gzip"), 0o666)
	check("directory", nil, sub)

	// A MIME part in UTF-16, declared by its charset (no BOM).
	msg := "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/html; charset=utf-16\r\n\r\n" +
		string(warctest.UTF16(page, false, false)) + "\r\n--b--\r\n"
	out, errs, code := runLinksCmd(t, "", false, "-url", "http://a/", write("m.eml", []byte(msg)))
	if code != exitOK || errs != "" || !strings.Contains(out, "\tretrieval\ta@href\té/g\thttp://a/é/g\n") {
		t.Errorf("MIME part: exit %d, stderr %q, rows %q", code, errs, out)
	}

	// WARC records: a resource declared UTF-16 (no BOM), a response
	// declared UTF-16BE, a gzip body without Content-Encoding.
	var w bytes.Buffer
	ww := warctest.NewWriter(&w, true)
	ww.Write(warctest.Record{Type: "resource", TargetURI: "http://r/", ContentType: "text/html; charset=UTF-16", Block: warctest.UTF16(page, false, false)})
	http16 := "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-16be\r\n\r\n" + string(warctest.UTF16(page, true, false))
	ww.Write(warctest.Record{Type: "response", TargetURI: "http://s/", ContentType: "application/http; msgtype=response", Block: []byte(http16)})
	ww.Write(warctest.Record{Type: "resource", TargetURI: "http://t/", ContentType: "text/html", Block: warctest.Encode([]byte(page), "gzip")})
	out, errs, code = runLinksCmd(t, "", false, write("r.warc.gz", w.Bytes()))
	for _, h := range []string{"r", "s", "t"} {
		if !strings.Contains(out, fmt.Sprintf("\thttp://%s/\tretrieval\ta@href\té/g\thttp://%s/é/g\n", h, h)) {
			t.Errorf("WARC record %s lost: exit %d, stderr %q, rows %q", h, code, errs, out)
		}
	}

	// Fetched: UTF-16 declared by the server, gzip without Content-Encoding.
	mux := http.NewServeMux()
	mux.HandleFunc("/u16", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-16le")
		w.Write(warctest.UTF16(page, false, false))
	})
	mux.HandleFunc("/gz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write(warctest.Encode([]byte(page), "gzip"))
	})
	s := httptest.NewServer(mux)
	defer s.Close()
	for _, p := range []string{"/u16", "/gz"} {
		out, errs, code := runLinksCmd(t, "", false, s.URL+p)
		if code != exitOK || errs != "" || !strings.HasSuffix(out, "\ta@href\té/g\t"+s.URL+"/é/g\n") {
			t.Errorf("fetched %s: exit %d, stderr %q, rows %q", p, code, errs, out)
		}
	}
}

// TestLinksDecodeErrors: a gzip body that cannot be decoded is reported,
// naming the document; the other inputs are read.
func TestLinksDecodeErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.html.gz")
	os.WriteFile(bad, append([]byte{0x1f, 0x8b, 8, 0xff}, make([]byte, 30)...), 0o666)
	good := filepath.Join(dir, "good.html")
	os.WriteFile(good, []byte(`<a href=g>`), 0o666)
	out, errs, code := runLinksCmd(t, "", false, bad, good)
	if code != exitRejected || !strings.Contains(errs, bad+": gzip-compressed document") || !strings.Contains(out, "\ta@href\tg\tfile://") {
		t.Errorf("exit %d, stderr %q, rows %q", code, errs, out)
	}
	// A gzip body that decompresses past the Record limit.
	big := filepath.Join(dir, "big.html.gz")
	os.WriteFile(big, warctest.Encode([]byte(strings.Repeat("<a href=g>", 1000)), "gzip"), 0o666)
	_, errs, code = runLinksCmd(t, "", false, "-max-record", "5000", "-url", "http://a/", big)
	if code != exitRejected || !strings.Contains(errs, "Record limit of 5000") {
		t.Errorf("over the limit: exit %d, stderr %q", code, errs)
	}
}
