package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/rfcexamples"
)

// runLinksCmd runs "relurl links ARGS" in-process.
func runLinksCmd(t *testing.T, stdin string, terminal bool, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, stderrIsTerminal: terminal}
	code = run(e, append([]string{"links"}, args...))
	return out.String(), errb.String(), code
}

func roytest(n int) string {
	return filepath.Join("..", "..", "testdata", "conformance", fmt.Sprintf("roytest%d.html", n))
}

func TestLinksTSV(t *testing.T) {
	out, errs, code := runLinksCmd(t, "", false, "-header", roytest(1))
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if lines[0] != "document\tbase\tbase_source\telement@attribute\tref\turl" {
		t.Errorf("header %q", lines[0])
	}
	want := roytest(1) + "\thttp://a/b/c/d;p?q\thtml\ta@href\t../g\thttp://a/b/g"
	found := false
	for _, l := range lines[1:] {
		if strings.Count(l, "\t") != 5 {
			t.Errorf("row %q has not 6 columns", l)
		}
		found = found || l == want
	}
	if !found {
		t.Errorf("no row %q in\n%s", want, out)
	}
}

func TestLinksSection10(t *testing.T) {
	// Standard input, with the URL it was retrieved by: the BASE element
	// wins (section 10).
	out, _, code := runLinksCmd(t, rfcexamples.HTMLDocument, false, "-url", "http://elsewhere/x.html", "-")
	want := "-\t" + rfcexamples.HTMLBase + "\thtml\ta@href\t" + rfcexamples.HTMLRef + "\t" + rfcexamples.HTMLWant + "\n"
	if code != exitOK || out != want {
		t.Errorf("exit %d, got %q, want %q", code, out, want)
	}
	// Without BASE and without -url, standard input has no base (3.4).
	out, _, _ = runLinksCmd(t, `<a href="../g">`, false, "-")
	if out != "-\t\tnone\ta@href\t../g\t../g\n" {
		t.Errorf("no base: %q", out)
	}
}

func TestLinksEscaping(t *testing.T) {
	doc := `<base href="http://h/"><a href="a&#9;b&#10;c&#13;d\e">`
	out, _, _ := runLinksCmd(t, doc, false, "-")
	want := "-\thttp://h/\thtml\ta@href\ta\\tb\\nc\\rd\\\\e\thttp://h/a\\tb\\nc\\rd\\\\e\n"
	if out != want {
		t.Errorf("TSV:\ngot  %q\nwant %q", out, want)
	}
	out, _, _ = runLinksCmd(t, doc+"<a href=\"\xff\">", false, "-format", "ndjson", "-")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines: %q", len(lines), out)
	}
	var row map[string]string
	if err := json.Unmarshal([]byte(lines[0]), &row); err != nil {
		t.Fatal(err)
	}
	wantRow := map[string]string{"document": "-", "base": "http://h/", "base_source": "html", "attribute": "a@href", "ref": "a\tb\nc\rd\\e", "url": "http://h/a\tb\nc\rd\\e"}
	if fmt.Sprint(row) != fmt.Sprint(wantRow) {
		t.Errorf("ndjson: got %v, want %v", row, wantRow)
	}
	if err := json.Unmarshal([]byte(lines[1]), &row); err != nil || row["ref"] != "\ufffd" {
		t.Errorf("invalid UTF-8: %v %q", err, row["ref"])
	}
}

func TestLinksErrorsContinue(t *testing.T) {
	out, errs, code := runLinksCmd(t, "", false, "no-such-file.html", roytest(2))
	if code != exitRejected {
		t.Errorf("exit %d, want %d", code, exitRejected)
	}
	if !strings.Contains(errs, "relurl: links: no-such-file.html: ") {
		t.Errorf("stderr %q does not name the file", errs)
	}
	if !strings.Contains(out, roytest(2)+"\thttp://a/b/c/d;p?q=1/2\thtml\t") {
		t.Errorf("the next input was not done:\n%s", out)
	}
}

func TestLinksUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"-format", "xml", "x"}, {"-url", "http://a/", "x", "y"}, {"-max-body", "0", "x"}} {
		if _, _, code := runLinksCmd(t, "", false, args...); code != exitUsage {
			t.Errorf("links %q: exit %d, want %d", args, code, exitUsage)
		}
	}
	// A bad -format or -type is a bad flag value: the flag and the value
	// named, then the hint every usage error of a flag ends with
	// (parseFlags). The names are rows.ParseFormat's, in lower case as
	// always, and crawl.ParseKind's.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-format", "xml", "x"}, `invalid value "xml" for flag -format: rows: unknown format "xml": want tsv, ndjson or parquet`},
		{[]string{"-format", "NDJSON", "x"}, `invalid value "NDJSON" for flag -format: rows: unknown format "NDJSON"`},
		{[]string{"-type", "pdf", "x"}, `invalid value "pdf" for flag -type: unknown input type "pdf": want html, mime, warc, wat, css, sitemap or robots`},
	} {
		const hint = "\nrun \"relurl links -h\" for the flags and details\n"
		if out, errs, code := runLinksCmd(t, "", false, c.args...); code != exitUsage || out != "" || !strings.Contains(errs, c.want) || !strings.HasSuffix(errs, hint) {
			t.Errorf("links %q: exit %d, stderr %q; want %d, %q and the hint", c.args, code, errs, exitUsage, c.want)
		}
	}
	// The key flags choose the key of -key: without it they were ignored.
	for _, args := range [][]string{{"-key-form", "surt"}, {"-key-canon", "google"}, {"-key-form", "surt", "-key-strip-www"}} {
		if _, errs, code := runLinksCmd(t, "<a href=x>", false, append(args, "-")...); code != exitUsage || !strings.Contains(errs, "links: "+args[0]+" applies to -key") {
			t.Errorf("links %q: exit %d, stderr %q, want %d", args, code, errs, exitUsage)
		}
	}
	// The header line is TSV's: with another format -header was ignored.
	for _, f := range []string{"ndjson", "parquet"} {
		if out, errs, code := runLinksCmd(t, "<a href=x>", false, "-header", "-format", f, "-"); code != exitUsage || out != "" || !strings.Contains(errs, "links: -header applies to -format tsv, not "+f) {
			t.Errorf("links -header -format %s: exit %d, %d bytes out, stderr %q, want %d", f, code, len(out), errs, exitUsage)
		}
	}
}

const testMessage = "Base: <URL:http://msg/\r\n  dir/>\r\n" +
	"Content-Type: multipart/mixed; boundary=B\r\n\r\n" +
	"--B\r\nContent-Type: text/plain\r\n\r\n<a href=not-html>\r\n" +
	"--B\r\nContent-Type: multipart/alternative; boundary=C\r\n\r\n" +
	"--C\r\nContent-Type: text/html\r\nContent-Location: sub/page.html\r\n\r\n<a href=x>\r\n" +
	"--C\r\nContent-Type: text/html\r\n\r\n<a href=y><base href=late>\r\n" +
	"--C--\r\n--B--\r\n"

func TestLinksMessage(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "msg.eml")
	os.WriteFile(p, []byte(testMessage), 0o666)
	out, errs, code := runLinksCmd(t, "", false, p)
	want := p + "#2.1\thttp://msg/dir/sub/page.html\theader\ta@href\tx\thttp://msg/dir/sub/x\n" +
		p + "#2.2\thttp://msg/dir/\tenclosing\ta@href\ty\thttp://msg/dir/y\n"
	if code != exitOK || out != want {
		t.Errorf("exit %d, stderr %q\ngot\n%s\nwant\n%s", code, errs, out, want)
	}
	// The same message on standard input, detected from its content.
	out, _, _ = runLinksCmd(t, testMessage, false, "-")
	if !strings.HasPrefix(out, "-#2.1\thttp://msg/dir/sub/page.html\theader\t") {
		t.Errorf("stdin message: %q", out)
	}
	// A malformed base header: reported, and the parts still done with
	// the base from further out.
	bad := strings.Replace(testMessage, "Base: <URL:http://msg/\r\n  dir/>", "Base: <URL:http://msg/", 1)
	out, errs, code = runLinksCmd(t, bad, false, "-url", "http://r/m.eml", "-")
	if code != exitRejected || !strings.Contains(errs, "Base header") || !strings.Contains(out, "-#2.2\thttp://r/m.eml\tretrieval\ta@href\ty\thttp://r/y\n") {
		t.Errorf("bad Base header: exit %d, stderr %q, out %q", code, errs, out)
	}
	// A truncated message: the parts before the cut, then an error.
	cut := testMessage[:strings.Index(testMessage, "--C\r\nContent-Type: text/html\r\n\r\n<a href=y>")]
	out, errs, code = runLinksCmd(t, cut, false, "-")
	if code != exitRejected || !strings.Contains(errs, "relurl: links: -: part 2") || !strings.Contains(out, "-#2.1\t") {
		t.Errorf("truncated: exit %d, stderr %q, out %q", code, errs, out)
	}
}

func TestLinksDirectory(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sub dir"), 0o777)
	os.WriteFile(filepath.Join(dir, "a.html"), []byte(`<a href="b">`), 0o666)
	os.WriteFile(filepath.Join(dir, "sub dir", "c.HTM"), []byte(`<img src="../d.png">`), 0o666)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte(`<a href="skipped">`), 0o666)
	os.WriteFile(filepath.Join(dir, "m.mht"), []byte(testMessage), 0o666)

	out, errs, code := runLinksCmd(t, "", false, dir)
	aURL, _ := base.FileURL(filepath.Join(dir, "a.html"))
	cURL, _ := base.FileURL(filepath.Join(dir, "sub dir", "c.HTM"))
	dirURL, _ := base.FileURL(dir)
	want := filepath.Join(dir, "a.html") + "\t" + aURL + "\tretrieval\ta@href\tb\t" + dirURL + "/b\n" +
		filepath.Join(dir, "m.mht") + "#2.1\thttp://msg/dir/sub/page.html\theader\ta@href\tx\thttp://msg/dir/sub/x\n" +
		filepath.Join(dir, "m.mht") + "#2.2\thttp://msg/dir/\tenclosing\ta@href\ty\thttp://msg/dir/y\n" +
		filepath.Join(dir, "sub dir", "c.HTM") + "\t" + cURL + "\tretrieval\timg@src\t../d.png\t" + dirURL + "/d.png\n"
	if code != exitOK || out != want {
		t.Errorf("exit %d, stderr %q\ngot\n%s\nwant\n%s", code, errs, out, want)
	}
	// With -url, the directory is served at that URL.
	out, _, _ = runLinksCmd(t, "", false, "-url", "http://site/root", dir)
	if !strings.Contains(out, "\thttp://site/root/sub%20dir/c.HTM\tretrieval\timg@src\t../d.png\thttp://site/root/d.png\n") {
		t.Errorf("-url with a directory:\n%s", out)
	}
}

func TestLinksHTTP(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/start", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/moved/page.html", http.StatusFound)
	})
	mux.HandleFunc("/moved/page.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<a href="../g">`)
	})
	mux.HandleFunc("/based", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Base", "http://cb/x/")
		fmt.Fprint(w, `<html><a href="g">`)
	})
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, `<a href="g">`)
	})
	s := httptest.NewServer(mux)
	defer s.Close()

	out, errs, code := runLinksCmd(t, "", false, s.URL+"/start", s.URL+"/based", s.URL+"/text")
	want := s.URL + "/start\t" + s.URL + "/moved/page.html\tretrieval\ta@href\t../g\t" + s.URL + "/g\n" +
		s.URL + "/based\thttp://cb/x/\theader\ta@href\tg\thttp://cb/x/g\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if code != exitRejected || !strings.Contains(errs, s.URL+"/text: Content-Type \"text/plain\"") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestLinksProgress(t *testing.T) {
	_, errs, _ := runLinksCmd(t, "", true, roytest(1), roytest(2))
	if !strings.Contains(errs, "files") || !strings.Contains(errs, "links") || !strings.Contains(errs, "MB/s") || !strings.HasSuffix(errs, "\n") {
		t.Errorf("terminal: progress %q", errs)
	}
	if _, errs, _ = runLinksCmd(t, "", false, roytest(1), roytest(2)); errs != "" {
		t.Errorf("not a terminal: stderr %q, want nothing", errs)
	}
}

func TestLinksHostile(t *testing.T) {
	dir := t.TempDir()
	// 10,000 nested multipart entities: an error naming the limit.
	var b strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n", i, i)
	}
	b.WriteString("Content-Type: text/html\r\n\r\n<a href=x>\r\n")
	deep := filepath.Join(dir, "deep.eml")
	os.WriteFile(deep, []byte(b.String()), 0o666)
	// Binary garbage, named .html and .eml.
	garbage := make([]byte, 1<<16)
	for i := range garbage {
		garbage[i] = byte(i*7919 + i>>3)
	}
	os.WriteFile(filepath.Join(dir, "garbage.html"), garbage, 0o666)
	os.WriteFile(filepath.Join(dir, "garbage.eml"), garbage, 0o666)
	// A message with no boundary parameter.
	os.WriteFile(filepath.Join(dir, "noboundary.mht"), []byte("Content-Type: multipart/related\r\n\r\n--x\r\n\r\n<a href=y>\r\n--x--\r\n"), 0o666)

	_, errs, code := runLinksCmd(t, "", false, dir)
	if code != exitRejected {
		t.Errorf("exit %d, want %d", code, exitRejected)
	}
	for _, want := range []string{"deep.eml: part 1.1.1.", "nested too deep: exceeds the Depth limit of 64", "garbage.eml: message at byte 0: malformed header line", "noboundary.mht: message at byte 35: multipart/related without a boundary"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	// A lower limit by flag.
	_, errs, _ = runLinksCmd(t, "", false, "-max-depth", "3", deep)
	if !strings.Contains(errs, "exceeds the Depth limit of 3") {
		t.Errorf("-max-depth 3: %s", errs)
	}
}

func TestLinksHTTPMessage(t *testing.T) {
	// MHTML served over HTTP: the response header is the entity's, but
	// its Content-Location does not set the base (HTTP), while the parts'
	// do (RFC 2557).
	body := "--B\r\nContent-Type: text/html\r\nContent-Location: http://orig/page.html\r\n\r\n<a href=x>\r\n" +
		"--B\r\nContent-Type: text/html\r\n\r\n<a href=y>\r\n--B--\r\n"
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", `multipart/related; boundary="B"`)
		w.Header().Set("Content-Location", "http://not-the-base/")
		fmt.Fprint(w, body)
	}))
	defer s.Close()
	out, errs, code := runLinksCmd(t, "", false, s.URL+"/a.mht")
	want := s.URL + "/a.mht#1\thttp://orig/page.html\theader\ta@href\tx\thttp://orig/x\n" +
		s.URL + "/a.mht#2\t" + s.URL + "/a.mht\tretrieval\ta@href\ty\t" + s.URL + "/y\n"
	if code != exitOK || out != want {
		t.Errorf("exit %d, stderr %q\ngot\n%s\nwant\n%s", code, errs, out, want)
	}
}

// TestLinksSniffStdin checks the rule that tells HTML from a message on
// standard input, and -type that overrides it.
func TestLinksSniffStdin(t *testing.T) {
	page := "Note: moved\r\n<a href=x>here</a>\r\n"
	msg := "MIME-Version: 1.0\r\nContent-Type: text/html\r\nContent-Base: http://h/d/\r\n\r\n<a href=y>\r\n"
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
		code  int
	}{
		{page, nil, "-\thttp://a/b\tretrieval\ta@href\tx\thttp://a/x\n", exitOK},                      // issue 11: HTML, not a text/plain message
		{msg, nil, "-\thttp://h/d/\theader\ta@href\ty\thttp://h/d/y\n", exitOK},                       // a MIME message
		{page, []string{"-type", "mime"}, "", exitRejected},                                           // forced: not a message, reported
		{msg, []string{"-type", "html"}, "-\thttp://a/b\tretrieval\ta@href\ty\thttp://a/y\n", exitOK}, // forced: the header is text
		{page, []string{"-type", "warc"}, "", exitRejected},                                           // forced: not an archive, reported
		{page, []string{"-type", "pdf"}, "", exitUsage},
	} {
		args := append(append([]string{"-url", "http://a/b"}, c.args...), "-")
		out, errs, code := runLinksCmd(t, c.stdin, false, args...)
		if out != c.want || code != c.code {
			t.Errorf("%q on %q: exit %d, got\n%s\nwant\n%s\nstderr %s", args, c.stdin, code, out, c.want, errs)
		}
	}
	// -type applies to files named as INPUT too.
	p := filepath.Join(t.TempDir(), "page.eml")
	os.WriteFile(p, []byte(page), 0o666)
	if out, _, _ := runLinksCmd(t, "", false, "-type", "html", p); !strings.Contains(out, "\ta@href\tx\t") {
		t.Errorf("-type html on a .eml file: %q", out)
	}
}

// TestLinksDenyPrivate fetches from a server on 127.0.0.1: allowed by
// default, refused with -deny-private.
func TestLinksDenyPrivate(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<a href=g>")
	}))
	defer s.Close()
	if out, errs, code := runLinksCmd(t, "", false, s.URL+"/p"); code != exitOK || !strings.Contains(out, "\tg\t"+s.URL+"/g\n") {
		t.Errorf("without -deny-private: exit %d, out %q, stderr %q", code, out, errs)
	}
	out, errs, code := runLinksCmd(t, "", false, "-deny-private", s.URL+"/p")
	if code != exitRejected || out != "" || !strings.Contains(errs, "address refused (-deny-private)") || !strings.Contains(errs, "127.0.0.1") {
		t.Errorf("with -deny-private: exit %d, out %q, stderr %q", code, out, errs)
	}
}

// TestLinksLimitFlags checks that the limit flags reach the crawler and
// are checked.
func TestLinksLimitFlags(t *testing.T) {
	doc := "<a href=short><a href=" + strings.Repeat("x", 300) + "><a href=also-short>"
	out, errs, code := runLinksCmd(t, doc, false, "-url", "http://a/", "-max-url", "200", "-")
	if code != exitRejected || strings.Count(out, "\n") != 2 || !strings.Contains(errs, "-: offset 14: a@href link of 300 bytes not written: exceeds the URL limit of 200") {
		t.Errorf("-max-url 200: exit %d, out %q, stderr %q", code, out, errs)
	}
	out, errs, code = runLinksCmd(t, doc, false, "-url", "http://a/", "-max-record", "100", "-")
	if code != exitRejected || out != "-\thttp://a/\tretrieval\ta@href\tshort\thttp://a/short\n" || !strings.Contains(errs, "exceeds the Record limit of 100") {
		t.Errorf("-max-record 100: exit %d, out %q, stderr %q", code, out, errs)
	}
	for _, f := range []string{"-max-token", "-max-header-line", "-max-header-block", "-max-record", "-max-depth", "-max-noscript", "-max-url"} {
		if _, errs, code := runLinksCmd(t, doc, false, f, "0", "-"); code != exitUsage || !strings.Contains(errs, "must be positive") {
			t.Errorf("%s 0: exit %d, stderr %q", f, code, errs)
		}
	}
}

// TestLinksDiffer checks -differ: the rows of the links two
// specifications resolve differently, and its usage errors.
func TestLinksDiffer(t *testing.T) {
	out, errs, code := runLinksCmd(t, `<a href="http:g"><a href="g">`, false, "-differ", "rfc1808,whatwg", "-url", "http://a/b", "-")
	if code != exitOK || errs != "" || out != "-\thttp://a/b\tretrieval\ta@href\thttp:g\thttp:g\thttp://a/g\t\n" {
		t.Errorf("exit %d, stderr %q, out %q", code, errs, out)
	}
	for _, args := range [][]string{{"-differ", "rfc1808"}, {"-differ", "rfc1808,nosuch"}, {"-differ", "rfc1808,whatwg", "-spec", "rfc3986"}} {
		if _, errs, code := runLinksCmd(t, "", false, append(args, "-")...); code != exitUsage || errs == "" {
			t.Errorf("links %q: exit %d, stderr %q", args, code, errs)
		}
	}
	// A -differ that does not name two specifications is a bad flag
	// value: the flag and the value named, then the hint (parseFlags).
	for _, bad := range []string{"rfc1808", "rfc1808,nosuch", "whatwg,whatwg"} {
		const hint = "\nrun \"relurl links -h\" for the flags and details\n"
		if _, errs, code := runLinksCmd(t, "", false, "-differ", bad, "-"); code != exitUsage || !strings.HasPrefix(errs, fmt.Sprintf("relurl links: invalid value %q for flag -differ: ", bad)) || !strings.HasSuffix(errs, hint) {
			t.Errorf("links -differ %q: exit %d, stderr %q; want %d and the hint", bad, code, errs, exitUsage)
		}
	}
}

// TestLinksWHATWGBase checks that under -spec whatwg a BASE href the URL
// Standard rejects leaves the retrieval URL as the base of the links, all
// written, with one line on standard error naming the document.
func TestLinksWHATWGBase(t *testing.T) {
	doc := `<head><base href="http://[::1"></head><a href="g"><img src="/i">`
	out, errs, code := runLinksCmd(t, doc, false, "-spec", "whatwg", "-url", "http://a/b/c", "-")
	if want := "-\thttp://a/b/c\tretrieval\ta@href\tg\thttp://a/b/g\n-\thttp://a/b/c\tretrieval\timg@src\t/i\thttp://a/i\n"; code != exitRejected || out != want {
		t.Errorf("exit %d, got %q, want %q", code, out, want)
	}
	if strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "-: at byte 6: BASE href not used") || !strings.Contains(errs, "IPv6-unclosed") {
		t.Errorf("stderr %q", errs)
	}
	// The RFCs take the href as the base, with no message.
	out, errs, code = runLinksCmd(t, doc, false, "-spec", "rfc3986", "-url", "http://a/b/c", "-")
	if code != exitOK || errs != "" || !strings.HasPrefix(out, "-\thttp://[::1\thtml\ta@href\tg\t") {
		t.Errorf("rfc3986: exit %d, stderr %q, out %q", code, errs, out)
	}
}
