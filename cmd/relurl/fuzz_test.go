package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// inputLines splits data as the filters read it: lines end in "\n" or
// "\r\n", a last line may lack its newline, and a final "\r" is dropped.
func inputLines(data []byte) []string {
	if len(data) == 0 {
		return nil
	}
	s := strings.TrimSuffix(string(data), "\n")
	ls := strings.Split(s, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// FuzzFilters feeds arbitrary bytes to every filter as standard input. None
// may panic or hang, and each must write exactly one line per input line:
// resolve writes Resolve(BASE, REF) (or an empty line and an error for a
// line without TAB), parse -json and check -json give back each line's
// bytes exactly.
func FuzzFilters(f *testing.F) {
	f.Add([]byte("http://a/b/c/d;p?q#f\tg\n"))         // a plain pair
	f.Add([]byte("http://a/b\t../../x\r\n\tg\r\n"))    // CRLF, empty base
	f.Add([]byte("no tab\n\n\n"))                      // lines without TAB, empty lines
	f.Add([]byte("a\x00b\t\xff\xfe\n\xc0"))            // NUL, invalid UTF-8, no final newline
	f.Add([]byte("\r\r\n\r"))                          // stray CRs
	f.Add([]byte("h://a b/\t%zz#x#y\n//a//b\t;x?y\n")) // -strict rejects both fields
	f.Fuzz(func(t *testing.T, data []byte) {
		in := inputLines(data)
		runCmd := func(args ...string) []string {
			var out, errb bytes.Buffer
			st := run(&env{stdin: bytes.NewReader(data), stdout: &out, stderr: &errb}, args)
			if st != exitOK && st != exitRejected {
				t.Fatalf("%v: status %d", args, st)
			}
			if out.Len() > 0 && !bytes.HasSuffix(out.Bytes(), []byte{'\n'}) {
				t.Fatalf("%v: output does not end in a newline: %q", args, out.String())
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if out.Len() == 0 {
				got = nil
			}
			if len(got) != len(in) {
				t.Fatalf("%v: %d input lines, %d output lines\nin %q\nout %q", args, len(in), len(got), data, out.String())
			}
			return got
		}

		for i, res := range runCmd("resolve") {
			base, ref, ok := strings.Cut(in[i], "\t")
			if want := relurl.Resolve(base, ref); ok && res != want || !ok && res != "" {
				t.Errorf("resolve line %d %q: got %q, want %q", i+1, in[i], res, want)
			}
		}
		for i, res := range runCmd("resolve", "http://a/b/c") {
			if want := relurl.Resolve("http://a/b/c", in[i]); res != want {
				t.Errorf("resolve BASE line %d: got %q, want %q", i+1, res, want)
			}
		}
		runCmd("resolve", "-strict")
		runCmd("parse")
		runCmd("check")
		for _, args := range [][]string{{"parse", "-json"}, {"check", "-json"}, {"parse", "-json", "-spec", "rfc3986"}, {"parse", "-json", "-spec", "whatwg"}} {
			for i, line := range runCmd(args...) {
				var v map[string]any
				if err := json.Unmarshal([]byte(line), &v); err != nil {
					t.Fatalf("%v line %d: %v: %q", args, i+1, err, line)
				}
				url, _ := v["url"].(string)
				if b, ok := v["url_base64"].(string); ok {
					raw, _ := base64.StdEncoding.DecodeString(b)
					url = string(raw)
				}
				if url != in[i] {
					t.Errorf("%v line %d: url %q, input %q", args, i+1, url, in[i])
				}
			}
		}
	})
}

// The fuzzer also runs the filters on a big input once, as a test: a
// million short lines must come out as a million lines.
func TestFiltersManyLines(t *testing.T) {
	data := bytes.Repeat([]byte("http://a/b/c\t../g\r\n"), 1_000_000)
	var out bytes.Buffer
	if st := run(&env{stdin: bytes.NewReader(data), stdout: &out, stderr: io.Discard}, []string{"resolve"}); st != exitOK {
		t.Fatalf("status %d", st)
	}
	if out.String() != strings.Repeat("http://a/g\n", 1_000_000) {
		t.Errorf("output is not a million resolutions (%d bytes)", out.Len())
	}
}

// FuzzCompareInput feeds any standard input to the three input modes:
// never a panic, and exactly one output line (one row after the header
// with -markdown) per input line.
func FuzzCompareInput(f *testing.F) {
	f.Add("http://a/b/c/d;p?q\t;x\n")         // a pair
	f.Add("no tab\n\t\n\t\t\n")               // no TAB, empty BASE, TAB in REF
	f.Add("a\r\n\xff\tb\r\nlast")             // CRLF, invalid UTF-8, no final newline
	f.Add("\n\n\n")                           // empty lines
	f.Add("x\t" + strings.Repeat("../", 100)) // dots above the root
	f.Fuzz(func(t *testing.T, in string) {
		n := strings.Count(in, "\n")
		if in != "" && !strings.HasSuffix(in, "\n") {
			n++
		}
		for _, args := range [][]string{nil, {"http://a/b"}, {"-json"}, {"-markdown"}} {
			out, _, st := compareTestRun(t, in, args...)
			if st != exitOK && st != exitRejected {
				t.Fatalf("compare %q: status %d", args, st)
			}
			lines := strings.Count(out, "\n")
			if len(args) == 1 && args[0] == "-markdown" {
				lines -= 2
			}
			if lines != n {
				t.Fatalf("compare %q on %q: %d output lines for %d input lines:\n%q", args, in, lines, n, out)
			}
		}
	})
}

// FuzzArchive feeds bytes to "relurl links" as a WARC file on standard
// input, as they are and gzip-compressed: whatever they hold, every row
// has six columns and names a record, and nothing panics.
func FuzzArchive(f *testing.F) {
	var b bytes.Buffer
	w := warctest.NewWriter(&b, false)
	for _, rec := range crawlRecords() {
		w.Write(rec)
	}
	f.Add(b.Bytes())                                                                                                                                                                       // every kind of record the command handles
	f.Add([]byte("WARC/1.1\r\nWARC-Type: response\r\nContent-Type: application/http\r\nWARC-Target-URI: http://a/\r\nContent-Length: 60\r\n\r\nHTTP/1.1 302 x\r\nLocation: ../b\r\n\r\n")) // a short redirect
	f.Add([]byte("WARC/1.0\r\nWARC-Type: metadata\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{\"Envelope\":{\"Payl\r\n\r\n"))                                          // broken WAT JSON
	f.Add([]byte("WARC/1.1\r\nContent-Length: -1\r\n\r\n"))                                                                                                                                // a bad length
	f.Fuzz(func(t *testing.T, data []byte) {
		if !bytes.HasPrefix(data, []byte("WARC/")) {
			data = append([]byte("WARC/1.1\r\n"), data...)
		}
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(data)
		zw.Close()
		for _, in := range [][]byte{data, gz.Bytes()} {
			out, _, code := runLinksCmd(t, string(in), false, "-")
			if code != exitOK && code != exitRejected {
				t.Fatalf("exit %d", code)
			}
			for _, r := range strings.SplitAfter(out, "\n") {
				if r == "" {
					continue
				}
				if !strings.HasSuffix(r, "\n") || strings.Count(r, "\t") != 5 || !strings.HasPrefix(r, "-#") {
					t.Fatalf("row %q", r)
				}
			}
		}
	})
}

// FuzzRelCommand feeds arbitrary standard input to "relurl rel" (lines
// BASE<TAB>TARGET) and checks the line-for-line guarantee: one output line
// per input line, each resolving back to its target or empty with an
// error naming the line.
func FuzzRelCommand(f *testing.F) {
	f.Add("http://a/b/c\thttp://a/b/g\n")              // a plain pair
	f.Add("http://a/b\tg\r\nno tab\n\t\n")             // unreachable, CRLF, no TAB, empty base and target
	f.Add("http://a/b\thttp://a/b")                    // empty reference, no final newline
	f.Add("a\tb\tc\n\n\n")                             // a TAB inside the target, empty lines
	f.Add("http://a/b/c/d;p?q#f\thttp://a/../g\x00\n") // ".." above the root, NUL
	f.Fuzz(func(t *testing.T, in string) {
		out, errOut, code := runRelCmd(t, in, "rel")
		var lines []string
		if in != "" {
			lines = strings.Split(strings.TrimSuffix(in, "\n"), "\n")
		}
		got := strings.Split(out, "\n")
		if len(got) != len(lines)+1 || got[len(got)-1] != "" {
			t.Fatalf("%d input lines, output %q", len(lines), out)
		}
		bad := false
		for i, line := range lines {
			line = strings.TrimSuffix(line, "\r")
			base, target, ok := strings.Cut(line, "\t")
			if ok && relurl.Resolve(base, got[i]) == target {
				continue
			}
			bad = true
			if got[i] != "" || !strings.Contains(errOut, fmt.Sprintf("line %d:", i+1)) {
				t.Fatalf("line %d %q: output %q, stderr %q", i+1, line, got[i], errOut)
			}
		}
		if bad != (code == exitRejected) || !bad && code != exitOK {
			t.Fatalf("exit %d, rejected lines: %v", code, bad)
		}
	})
}

// FuzzAPI sends any query string to the API: the answer is one line of
// JSON with a 200 or a 4xx, never a 500.
func FuzzAPI(f *testing.F) {
	f.Add("resolve", "base=http%3A%2F%2Fa%2Fb&ref=..%2Fg")           // a good request
	f.Add("resolve", "base=a&ref=%zz")                               // bad escape
	f.Add("resolve", "base=a&ref=%ff")                               // invalid UTF-8
	f.Add("resolve", "base=a;b&ref=c")                               // semicolon separator
	f.Add("parse", "url=a%20b")                                      // invalid by 2.2
	f.Add("parse", "url=&url=")                                      // repeated
	f.Add("resolve", "base=&ref=&spec=")                             // all empty
	f.Add("parse", "url=http%3A%2F%2Fa%3A99999%2F&spec=whatwg")      // a URL the URL Standard rejects
	f.Add("resolve", "base=http%3A%2F%2Fa%2F&ref=%3Bx&spec=rfc3986") // RFC 3986's trace
	f.Add("resolve", "base=http%3A%2F%2Fa%2F&ref=g&spec=WHATWG")     // the URL API's components
	h := newServer(serveConfig{maxQuery: 4096, rate: 0, burst: 1, maxClients: 1}).handler()
	f.Fuzz(func(t *testing.T, api, query string) {
		if api != "parse" {
			api = "resolve"
		}
		req := httptest.NewRequest("GET", "/api/"+api, nil)
		req.URL.RawQuery = query
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != 200 && (w.Code < 400 || w.Code > 499) {
			t.Fatalf("query %q: status %d: %s", query, w.Code, w.Body)
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("query %q: not JSON: %s", query, w.Body)
		}
		// One object on one line, with the headers of every answer.
		if bytes.IndexByte(w.Body.Bytes(), '\n') != w.Body.Len()-1 || w.Header().Get("Content-Type") != "application/json; charset=utf-8" ||
			w.Header().Get("Content-Security-Policy") == "" {
			t.Fatalf("query %q: headers %v, body %q", query, w.Header(), w.Body)
		}
	})
}

// FuzzGuardConn feeds request bytes, in chunks of any sizes, to the
// connection that checks request heads: wherever the reads cut the input,
// it hands on exactly the heads a plain reading of RFC 9112 finds and
// checkHead takes (and after one with a body, everything), writes nothing
// until Close, and then only the JSON error of the head it refused.
func FuzzGuardConn(f *testing.F) {
	f.Add([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), []byte{0}, 64)                                                                        // a head within the limit, byte by byte
	f.Add([]byte("GET /"+strings.Repeat("a", 100)+" HTTP/1.1\r\n\r\n"), []byte{7, 200}, 64)                                                  // a request line over it
	f.Add([]byte("GET / HTTP/1.1\nHost: x\nX: "+strings.Repeat("b", 80)+"\n\nbody"), []byte{3}, 64)                                          // LF only, a header over it
	f.Add([]byte("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n"+strings.Repeat("c", 500)), []byte{255}, 64)                      // a body is not counted
	f.Add([]byte("\r\n\r\nGET / HTTP/1.0\r\n\r\n"), []byte{1, 2}, 64)                                                                        // empty lines first
	f.Add([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET * HTTP/1.1\r\nHost: x\r\n\r\n"), []byte{5}, 64)                                       // pipelined, the second refused
	f.Add([]byte("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n\r\nGET / HTTP/1.1\r\n\r\n"), []byte{9}, 64) // a chunked body, then anything
	f.Add([]byte("nonsense\r\n\r\n"), []byte{}, 64)                                                                                          // not a request
	f.Fuzz(func(t *testing.T, data, sizes []byte, max int) {
		if max < 1 || max > 1<<16 {
			return
		}
		// The plain reading: heads one after the other, each after
		// empty lines and up to the first empty line.
		var want []byte
		wantStatus := 0
		for rest := data; ; {
			rest = bytes.TrimLeft(rest, "\r\n")
			end := -1
			if i := bytes.Index(rest, []byte("\n\n")); i >= 0 {
				end = i + 2
			}
			if i := bytes.Index(rest, []byte("\n\r\n")); i >= 0 && (end < 0 || i+3 < end) {
				end = i + 3
			}
			if end < 0 {
				if len(rest) > max {
					wantStatus = 431
				}
				break
			}
			if end > max {
				wantStatus = 431
				break
			}
			req, status, _ := checkHead(rest[:end])
			if req == nil {
				wantStatus = status
				break
			}
			want = append(want, rest[:end]...)
			rest = rest[end:]
			if req.ContentLength != 0 {
				want = append(want, rest...)
				break
			}
		}
		c := &chunkConn{data: data, sizes: sizes}
		g := &guardConn{Conn: c, max: max}
		var got []byte
		buf := make([]byte, 512)
		var rerr error
		for rerr == nil {
			var n int
			n, rerr = g.Read(buf)
			got = append(got, buf[:n]...)
		}
		if rerr != io.EOF || !bytes.Equal(got, want) || c.out.Len() != 0 {
			t.Fatalf("read error %v; passed %q, want %q; wrote %q before Close", rerr, got, want, c.out.String())
		}
		g.Close()
		if wantStatus == 0 {
			if c.out.Len() != 0 {
				t.Fatalf("nothing refused, yet wrote %q", c.out.String())
			}
			return
		}
		res, err := http.ReadResponse(bufio.NewReader(&c.out), nil)
		if err != nil {
			t.Fatalf("refusal %d: %v in %q", wantStatus, err, c.out.String())
		}
		body, _ := io.ReadAll(res.Body)
		var e jsonError
		if res.StatusCode != wantStatus || json.Unmarshal(body, &e) != nil || e.Error.Status != wantStatus || !res.Close {
			t.Fatalf("refusal %d: %q", wantStatus, c.out.String())
		}
	})
}
