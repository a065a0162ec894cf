package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/rfcexamples"
)

// noLimit is the configuration of tests that make many requests.
var noLimit = serveConfig{maxQuery: 8 << 10, rate: 0, burst: 1, maxClients: 10}

// get requests path from the server and returns the status, the headers
// and the body.
func get(t *testing.T, srv *httptest.Server, path string) (int, http.Header, []byte) {
	t.Helper()
	res, err := srv.Client().Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, body
}

func resolvePath(base, ref string) string {
	return "/api/resolve?base=" + url.QueryEscape(base) + "&ref=" + url.QueryEscape(ref)
}

func TestAPIResolve(t *testing.T) {
	srv := httptest.NewServer(newServer(noLimit).handler())
	defer srv.Close()
	for _, ex := range append(rfcexamples.Section5, rfcexamples.Notes...) {
		st, h, body := get(t, srv, resolvePath(rfcexamples.Base, ex.Ref))
		if st != http.StatusOK || h.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Fatalf("%q: status %d, type %q: %s", ex.Ref, st, h.Get("Content-Type"), body)
		}
		var r jsonResolve
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatalf("%q: %v", ex.Ref, err)
		}
		if r.Result != ex.Want || r.Trace.Result != ex.Want {
			t.Errorf("%q: result %q, trace %q, want %q", ex.Ref, r.Result, r.Trace.Result, ex.Want)
		}
		if want := relurl.Explain(rfcexamples.Base, ex.Ref); len(r.Trace.Steps) != len(want.Steps) || r.Trace.Steps[len(want.Steps)-1] != want.Steps[len(want.Steps)-1] {
			t.Errorf("%q: steps %+v, want %+v", ex.Ref, r.Trace.Steps, want.Steps)
		}
	}
	// The spec parameter picks the answer; an unknown one is an error.
	st, _, body := get(t, srv, resolvePath(rfcexamples.Base, "../g")+"&spec=rfc1808")
	if st != http.StatusOK || !strings.Contains(string(body), `"result":"http://a/b/g"`) {
		t.Errorf("spec=rfc1808: %d %s", st, body)
	}
	// Bytes JSON can carry but a terminal would not show survive.
	st, _, body = get(t, srv, resolvePath("http://a/b", "x\x00y\ny"))
	if st != http.StatusOK || !strings.Contains(string(body), `"result":"http://a/x\u0000y\ny"`) {
		t.Errorf("NUL and newline: %d %s", st, body)
	}
}

func TestAPIParse(t *testing.T) {
	srv := httptest.NewServer(newServer(noLimit).handler())
	defer srv.Close()
	st, _, body := get(t, srv, "/api/parse?url="+url.QueryEscape("http://a/b;p?#f"))
	var r jsonParse
	if err := json.Unmarshal(body, &r); err != nil || st != http.StatusOK {
		t.Fatalf("%d %v %s", st, err, body)
	}
	if r.URL != "http://a/b;p?#f" || *r.Scheme != "http" || *r.Params != "p" || !r.Valid || r.Offset != nil {
		t.Errorf("got %+v", r)
	}
	if r.Query == nil || *r.Query != "" {
		t.Errorf("empty query not told from absent: %v", r.Query)
	}
	// The answer is a line of "relurl parse -json", byte for byte.
	for _, u := range []string{"http://a/b;p?#f", "http://a b", "x\xffy"} {
		_, _, body = get(t, srv, "/api/parse?url="+url.QueryEscape(u))
		if want := string(appendParseJSON(nil, relurl.RFC1808, u)) + "\n"; string(body) != want {
			t.Errorf("/api/parse?url=%q: %s, parse -json gives %s", u, body, want)
		}
	}
	st, _, body = get(t, srv, "/api/parse?url="+url.QueryEscape("http://a b"))
	r = jsonParse{}
	json.Unmarshal(body, &r)
	if st != http.StatusOK || r.Valid || r.Offset == nil || *r.Offset != 8 || r.Rule != "uchar" || r.Reason == "" {
		t.Errorf("invalid URL: %d %s", st, body)
	}
}

// TestAPIErrors sends malformed, incomplete and oversized requests: each
// gets a JSON error with a 4xx status naming what is wrong.
func TestAPIErrors(t *testing.T) {
	srv := httptest.NewServer(newServer(noLimit).handler())
	defer srv.Close()
	long := strings.Repeat("a", noLimit.maxQuery)
	cases := []struct {
		path   string
		status int
		param  string
		msg    string
	}{
		{"/api/resolve?base=x", 400, "ref", `missing parameter "ref"`},
		{"/api/resolve?ref=x", 400, "base", `missing parameter "base" (give base= for an empty one)`},
		{"/api/resolve", 400, "base", `missing parameter "base"`},
		{"/api/resolve?base=a&ref=b&ref=c", 400, "ref", `parameter "ref" given 2 times`},
		{"/api/resolve?base=a&ref=b&x=1", 400, "x", `unknown parameter "x"`},
		{"/api/resolve?base=a&ref=%zz", 400, "", `malformed query string: invalid URL escape "%zz"`},
		{"/api/resolve?base=a&ref=%", 400, "", `malformed query string`},
		{"/api/resolve?base=http://a/b;p&ref=g", 400, "", `malformed query string: invalid semicolon separator`},
		{"/api/resolve?base=a&ref=b&spec=rfc9999", 400, "spec", `unknown specification "rfc9999": want one of rfc1808, rfc2396, rfc3986`},
		{"/api/parse", 400, "url", `missing parameter "url"`},
		{"/api/parse?url=a&url=b", 400, "url", `given 2 times`},
		{"/api/resolve?base=a&ref=" + long, 414, "", "query string of 8203 bytes is over the limit of 8192 (-max-query)"},
		{"/api/nothing", 404, "", "no such API: /api/nothing"},
		{"/nothing.html", 404, "", "no such page: /nothing.html"},
	}
	for _, tc := range cases {
		st, h, body := get(t, srv, tc.path)
		if st != tc.status {
			t.Errorf("%.60s: status %d, want %d: %s", tc.path, st, tc.status, body)
			continue
		}
		if tc.msg == "" {
			continue
		}
		var e jsonError
		if err := json.Unmarshal(body, &e); err != nil || h.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Errorf("%.60s: not a JSON error (%v): %s", tc.path, err, body)
			continue
		}
		if e.Error.Status != tc.status || e.Error.Param != tc.param || !strings.Contains(e.Error.Message, tc.msg) {
			t.Errorf("%.60s: error %+v, want param %q and message with %q", tc.path, e.Error, tc.param, tc.msg)
		}
	}
	// Only GET and HEAD.
	res, err := srv.Client().Post(srv.URL+"/api/parse?url=a", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d, Allow %q", res.StatusCode, res.Header.Get("Allow"))
	}
}

func TestServeStatic(t *testing.T) {
	srv := httptest.NewServer(newServer(noLimit).handler())
	defer srv.Close()
	st, h, body := get(t, srv, "/")
	if st != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/html") || !strings.Contains(string(body), `<script src="app.js"`) {
		t.Fatalf("/: %d %q", st, h.Get("Content-Type"))
	}
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("CSP %q", csp)
	}
	// No external assets: every URL in the files is relative or an API
	// path of this server (works offline).
	ext := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	for _, f := range []string{"/", "/app.js", "/style.css"} {
		st, _, body := get(t, srv, f)
		if st != 200 || len(body) == 0 {
			t.Errorf("%s: %d", f, st)
		}
		if m := ext.Find(body); m != nil {
			t.Errorf("%s refers to %q, outside the server", f, m)
		}
	}
}

// TestRateLimit makes requests faster than the limit allows from one
// client: those over the burst get 429 with Retry-After.
func TestRateLimit(t *testing.T) {
	cfg := serveConfig{maxQuery: 1024, rate: 1, burst: 3, maxClients: 10}
	srv := httptest.NewServer(newServer(cfg).handler())
	defer srv.Close()
	var codes []int
	for range 5 {
		st, h, body := get(t, srv, "/api/parse?url=a")
		codes = append(codes, st)
		if st == http.StatusTooManyRequests {
			var e jsonError
			if json.Unmarshal(body, &e) != nil || !strings.Contains(e.Error.Message, "too many requests from 127.0.0.1") || h.Get("Retry-After") == "" {
				t.Errorf("429 answer: %q, Retry-After %q", body, h.Get("Retry-After"))
			}
		}
	}
	if codes[0] != 200 || codes[2] != 200 || codes[3] != 429 || codes[4] != 429 {
		t.Errorf("statuses %v, want 3 × 200 then 429", codes)
	}
}

func TestLimiter(t *testing.T) {
	l := newLimiter(serveConfig{rate: 2, burst: 2, maxClients: 2})
	t0 := time.Unix(1e9, 0)
	for i, want := range []bool{true, true, false} {
		if ok, _ := l.allow("a", t0); ok != want {
			t.Fatalf("request %d at t0: %v", i, ok)
		}
	}
	if ok, wait := l.allow("a", t0); ok || wait != 500*time.Millisecond {
		t.Errorf("wait %v, want 500ms", wait)
	}
	if ok, _ := l.allow("a", t0.Add(500*time.Millisecond)); !ok {
		t.Error("no token after 500ms at 2/s")
	}
	// Other clients have their own buckets; the table stays bounded.
	l.allow("b", t0)
	l.allow("c", t0.Add(time.Second))
	if len(l.clients) > 2 {
		t.Errorf("%d clients remembered, limit 2", len(l.clients))
	}
	if _, ok := l.clients["c"]; !ok {
		t.Error("the newest client was forgotten")
	}
	// After a while every bucket is full again: idle ones are forgotten.
	l.allow("d", t0.Add(time.Hour))
	if len(l.clients) != 1 {
		t.Errorf("%d clients after an hour, want only the new one", len(l.clients))
	}
	// Rate 0 is no limit.
	u := newLimiter(serveConfig{rate: 0, burst: 1, maxClients: 1})
	for range 100 {
		if ok, _ := u.allow("a", t0); !ok {
			t.Fatal("rate 0 limited")
		}
	}
}

// buildRelurl builds the command into a temporary directory.
func buildRelurl(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "relurl")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestServeSignals starts the built binary, uses it, signals it, and
// checks that it stops cleanly with status 0.
func TestServeSignals(t *testing.T) {
	bin := buildRelurl(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		cmd := exec.CommandContext(ctx, bin, "serve", "-addr", "127.0.0.1:0", "-max-query", "1000")
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stderr)
		if !sc.Scan() {
			t.Fatalf("no output: %v", sc.Err())
		}
		m := regexp.MustCompile(`^relurl: serve: listening on (http://127\.0\.0\.1:\d+/) `).FindStringSubmatch(sc.Text())
		if m == nil {
			t.Fatalf("first line %q does not give the address", sc.Text())
		}
		res, err := http.Get(m[1] + "api/resolve?base=http://a/b/c&ref=../g")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), `"result":"http://a/g"`) {
			t.Errorf("%d %s", res.StatusCode, body)
		}
		// Past -max-query (414), and past the longest request head, where
		// net/http would answer in plain text (431): each a JSON error
		// with the server's headers.
		for _, tc := range []struct{ n, status int }{{2000, 414}, {100 << 10, 431}, {1 << 20, 431}} {
			res, err := http.Get(m[1] + "api/parse?url=" + strings.Repeat("a", tc.n))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var e jsonError
			if res.StatusCode != tc.status || json.Unmarshal(body, &e) != nil || e.Error.Status != tc.status ||
				res.Header.Get("Content-Security-Policy") == "" || res.Header.Get("Content-Type") != "application/json; charset=utf-8" {
				t.Errorf("query of %d bytes: status %d, headers %v, body %.200s", tc.n, res.StatusCode, res.Header, body)
			}
		}
		// The same for header fields.
		req, _ := http.NewRequest("GET", m[1]+"api/parse?url=a", nil)
		req.Header.Set("X-Big", strings.Repeat("b", 64<<10))
		res, err = http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ = io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 431 || !strings.Contains(string(body), `"status":431`) {
			t.Errorf("64 KiB header field: status %d, body %.200s", res.StatusCode, body)
		}
		// A request within the limits still gets its answer after them.
		res, err = http.Get(m[1] + "api/parse?url=a")
		if err != nil || res.StatusCode != 200 {
			t.Errorf("after the errors: %v %v", res, err)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		var rest []string
		for sc.Scan() {
			rest = append(rest, sc.Text())
		}
		err = cmd.Wait()
		cancel()
		if err != nil {
			t.Errorf("%v: %v (stderr %q)", sig, err, rest)
		}
		if len(rest) != 1 || rest[0] != "relurl: serve: shutting down" {
			t.Errorf("%v: stderr after the signal: %q", sig, rest)
		}
	}
}

func TestServeFlags(t *testing.T) {
	// Usage errors: exit 2, before listening.
	for _, args := range [][]string{
		{"-rate", "-1"}, {"-burst", "0"}, {"-max-query", "0"}, {"extra"},
		// NaN is no number of requests: taken, it turned the limit off.
		{"-rate", "NaN"},
		{"-addr", "127.0.0.1:99999"}, {"-addr", "nonsense"}, {"-addr", "127.0.0.1:-1"}, {"-addr", "127.0.0.1:nosuchservice"},
	} {
		var errb strings.Builder
		e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errb}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if st := serve(ctx, e, args); st != exitUsage || !strings.HasPrefix(errb.String(), "relurl: serve: ") {
			t.Errorf("%q: exit %d, stderr %q", args, st, errb.String())
		}
	}
	// A port in use, or a host that does not resolve, is a failure of
	// the run, reported.
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	for _, addr := range []string{busy.Addr().String(), "256.0.0.1:1"} {
		var errb strings.Builder
		e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errb}
		if st := serve(context.Background(), e, []string{"-addr", addr}); st != exitRejected || !strings.Contains(errb.String(), "relurl: serve: listen tcp") {
			t.Errorf("-addr %s: exit %d, stderr %q", addr, st, errb.String())
		}
	}
}

// TestServeHelp: the help names every specification the API takes.
func TestServeHelp(t *testing.T) {
	var errb strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: &errb, stderr: &errb}
	serve(context.Background(), e, []string{"-h"})
	for _, s := range relurl.Specs() {
		if !strings.Contains(errb.String(), s.String()) {
			t.Errorf("serve -h does not name %s:\n%s", s, errb.String())
		}
	}
}
