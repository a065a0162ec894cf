package crawl

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/whatwg"
)

// baseSource is one way a document gets a base (issue 19, items 1 and 2):
// input writes an input whose embedded base is href, inside the retrieval
// URL http://a/b/c/d, with one link "g"; src is the base_source column.
type baseSource struct {
	name  string
	src   string
	input func(t *testing.T, dir, href string) (in string, c Config)
}

const tableOuter = "http://a/b/c/d"

// watBlock is a WAT record's JSON for a 200 response of tableOuter with
// the given HTTP headers and HTML metadata members.
func watBlock(headers, meta string) []byte {
	return []byte(`{"Envelope":{"WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"` + tableOuter + `"},"Payload-Metadata":{"Actual-Content-Type":"application/http; msgtype=response","HTTP-Response-Metadata":` +
		`{"Response-Message":{"Status":"200"},"Headers":{` + headers + `},"HTML-Metadata":{` + meta + `"Links":[{"path":"A@/href","url":"g"}]}}}}}`)
}

func writeArchive(t *testing.T, dir string, rec warctest.Record) string {
	var b bytes.Buffer
	if _, err := warctest.NewWriter(&b, false).Write(rec); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "a.warc")
	if err := os.WriteFile(name, b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	return name
}

func stdin(doc string, kind Kind) Config {
	return Config{Stdin: strings.NewReader(doc), URL: tableOuter, Type: kind}
}

var baseSources = []baseSource{
	{"HTML <base>", "html", func(t *testing.T, dir, href string) (string, Config) {
		return "-", stdin(`<base href="`+href+`"><a href="g">`, HTML)
	}},
	{"MIME Content-Base", "header", func(t *testing.T, dir, href string) (string, Config) {
		return "-", stdin("Content-Base: "+href+"\nContent-Type: text/html\n\n<a href=\"g\">\n", Message)
	}},
	{"MIME Base", "header", func(t *testing.T, dir, href string) (string, Config) {
		return "-", stdin("Base: <URL:"+href+">\nContent-Type: text/html\n\n<a href=\"g\">\n", Message)
	}},
	{"MIME Content-Location", "header", func(t *testing.T, dir, href string) (string, Config) {
		return "-", stdin("Content-Location: "+href+"\nContent-Type: text/html\n\n<a href=\"g\">\n", Message)
	}},
	{"MIME nesting", "enclosing", func(t *testing.T, dir, href string) (string, Config) {
		return "-", stdin("MIME-Version: 1.0\nContent-Base: "+href+"\nContent-Type: multipart/related; boundary=B\n\n--B\nContent-Type: text/html\n\n<a href=\"g\">\n--B--\n", Message)
	}},
	{"WARC HTTP Content-Base", "header", func(t *testing.T, dir, href string) (string, Config) {
		return writeArchive(t, dir, warctest.Response(tableOuter, 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Base", href}}, `<a href="g">`)), Config{}
	}},
	{"WAT HTTP Content-Base", "header", func(t *testing.T, dir, href string) (string, Config) {
		return writeArchive(t, dir, warctest.Record{Type: "metadata", TargetURI: tableOuter, ContentType: "application/json",
			Block: watBlock(`"Content-Base":"`+href+`"`, "")}), Config{}
	}},
	{"WAT Head.Base", "html", func(t *testing.T, dir, href string) (string, Config) {
		return writeArchive(t, dir, warctest.Record{Type: "metadata", TargetURI: tableOuter, ContentType: "application/json",
			Block: watBlock("", `"Head":{"Base":"`+href+`"},`)}), Config{}
	}},
	{"fetch Content-Base after a redirect", "header", func(t *testing.T, dir, href string) (string, Config) {
		// The server answers /b/c/r with a redirect to d (resolved by the
		// Spec too), then d with the base header.
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/b/c/r" {
				w.Header().Set("Location", "d")
				w.WriteHeader(http.StatusFound)
				return
			}
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Content-Base", strings.ReplaceAll(href, "http://a/", "http://"+r.Host+"/"))
			fmt.Fprint(w, `<a href="g">`)
		}))
		t.Cleanup(srv.Close)
		return srv.URL + "/b/c/r", Config{}
	}},
}

// TestBaseSourcesBySpec is the table of issue 19: each base source under
// each of the four specifications. A relative base is resolved by the
// chosen specification (RFC 1808 reads "..;x/" as ".." with params, the
// others as a segment "..;x"), the link against that base by the same
// one; a base the URL Standard rejects falls back to the base outside,
// with one warning naming the document, the same for every source, while
// the RFCs take it.
func TestBaseSourcesBySpec(t *testing.T) {
	relative := map[relurl.Spec]string{
		relurl.RFC1808: "http://a/b/;x/", // section 4 step 6: ".." then the params ";x/"
		relurl.RFC2396: "http://a/b/c/..;x/",
		relurl.RFC3986: "http://a/b/c/..;x/",
		relurl.WHATWG:  "http://a/b/c/..;x/",
	}
	for _, src := range baseSources {
		for _, spec := range relurl.Specs() {
			for _, tc := range []struct {
				href, base string // base: "" for the fallback
			}{
				{"..;x/", relative[spec]},
				{"http://a:99999/", map[bool]string{false: "http://a:99999/", true: ""}[spec == relurl.WHATWG]},
			} {
				name := fmt.Sprintf("%s/%v/%s", src.name, spec, tc.href)
				in, c := src.input(t, t.TempDir(), tc.href)
				var out, errs bytes.Buffer
				c.Stdout, c.Stderr, c.Spec = &out, &errs, spec
				s, err := c.Run([]string{in})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				cols := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\t")
				if strings.Count(out.String(), "\n") != 1 || len(cols) != 6 {
					t.Errorf("%s: output %q, stderr %q", name, out.String(), errs.String())
					continue
				}
				host := "http://a/"
				if strings.HasPrefix(in, "http://") {
					// The fetch: the server's address stands for a.
					host = in[:strings.Index(in[len("http://"):], "/")+len("http://")+1]
				}
				gotBase := strings.ReplaceAll(cols[1], host, "http://a/")
				if tc.base == "" {
					// Rejected by the URL Standard: the retrieval URL
					// stands, one warning names the document and reason.
					lines := strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n")
					if gotBase != tableOuter || cols[2] != "retrieval" || len(lines) != 1 || !s.Failed ||
						!strings.HasPrefix(lines[0], in) || !strings.Contains(lines[0], "not used (") ||
						!strings.Contains(lines[0], whatwg.PortOutOfRange.Error()) {
						t.Errorf("%s: base %q %s, stderr %q: want the retrieval URL and one warning", name, gotBase, cols[2], errs.String())
					}
				} else if gotBase != tc.base || cols[2] != src.src || errs.Len() != 0 || s.Failed {
					t.Errorf("%s: base %q %s, stderr %q: want %q %s", name, gotBase, cols[2], errs.String(), tc.base, src.src)
				}
				if want := spec.Resolve(cols[1], "g"); cols[4] != "g" || cols[5] != want {
					t.Errorf("%s: link %q %q, want g %q", name, cols[4], cols[5], want)
				}
			}
		}
	}
}

// TestRedirectBySpec checks the redirect of an archive under each
// specification: its Location is resolved by it, and under the URL
// Standard one it rejects is written with an empty url and its failure
// reported once, naming the record (the failure the extractor gives).
func TestRedirectBySpec(t *testing.T) {
	for _, spec := range relurl.Specs() {
		for _, tc := range []struct{ loc, want, reason string }{
			{"..;x/", map[bool]string{true: "http://a/b/;x/", false: "http://a/b/c/..;x/"}[spec == relurl.RFC1808], ""},
			{"http://a:99999/", map[bool]string{true: "", false: "http://a:99999/"}[spec == relurl.WHATWG], "port-out-of-range at offset 9"},
		} {
			name := writeArchive(t, t.TempDir(), warctest.Response(tableOuter, 301, [][2]string{{"Location", tc.loc}}, ""))
			var out, errs bytes.Buffer
			c := &Config{Stdout: &out, Stderr: &errs, Spec: spec}
			if _, err := c.Run([]string{name}); err != nil {
				t.Fatal(err)
			}
			want := name + "#0\t" + tableOuter + "\tretrieval\thttp@location\t" + tc.loc + "\t" + tc.want + "\n"
			if out.String() != want {
				t.Errorf("%v %s: %q, want %q", spec, tc.loc, out.String(), want)
			}
			wantErr := ""
			if tc.want == "" {
				wantErr = name + "#0: http@location link: whatwg: parse \"" + tc.loc + "\": " + tc.reason + "\n"
			}
			if errs.String() != wantErr {
				t.Errorf("%v %s: stderr %q, want %q", spec, tc.loc, errs.String(), wantErr)
			}
		}
	}
}
