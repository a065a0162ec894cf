package base

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/coding"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// server starts an HTTP server on loopback with handlers by path.
func server(t *testing.T, routes map[string]http.HandlerFunc) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	for p, h := range routes {
		mux.HandleFunc(p, h)
	}
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

func redirect(to string, code int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", to)
		w.WriteHeader(code)
	}
}

func page(body string, header ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, body)
	}
}

func TestFetchRedirectChain(t *testing.T) {
	// Absolute, absolute-path and relative Locations, each resolved by
	// RFC 1808 against the URL that answered: the base is the last URL
	// (section 3.3).
	var s *httptest.Server
	s = server(t, map[string]http.HandlerFunc{
		"/start":        func(w http.ResponseWriter, r *http.Request) { redirect(s.URL+"/a/one", 301)(w, r) },
		"/a/one":        redirect("/b/c/two", 302),
		"/b/c/two":      redirect("../three?q=1", 303),
		"/b/three":      redirect("four", 307),
		"/b/four":       redirect("./final.html", 308),
		"/b/final.html": page("<a href=x>"),
	})
	var f Fetcher
	resp, err := f.Fetch(context.Background(), s.URL+"/start")
	if err != nil {
		t.Fatal(err)
	}
	want := s.URL + "/b/final.html"
	if resp.URL != want || resp.Base != (Base{want, Retrieval}) {
		t.Errorf("URL %q, base %v; want %q (retrieval)", resp.URL, resp.Base, want)
	}
	wantChain := []string{s.URL + "/start", s.URL + "/a/one", s.URL + "/b/c/two", s.URL + "/b/three?q=1", s.URL + "/b/four"}
	if fmt.Sprint(resp.Redirects) != fmt.Sprint(wantChain) {
		t.Errorf("redirects %v, want %v", resp.Redirects, wantChain)
	}
	if string(resp.Body) != "<a href=x>" {
		t.Errorf("body %q", resp.Body)
	}
}

// TestFetchRedirectHeaders: the header of each redirect is kept, in the
// order of Redirects, with its Link field as sent; the last response's
// header is Header, as before.
func TestFetchRedirectHeaders(t *testing.T) {
	hop := func(to, link string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if link != "" {
				w.Header().Set("Link", link)
			}
			redirect(to, 302)(w, r)
		}
	}
	s := server(t, map[string]http.HandlerFunc{
		"/one":   hop("/two", "<a.css>; rel=preload"),
		"/two":   hop("/three", ""),
		"/three": hop("/final", "<b>"),
		"/final": page("<a href=x>", "Link", "<c>"),
	})
	var f Fetcher
	resp, err := f.Fetch(context.Background(), s.URL+"/one")
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.RedirectHeaders) != len(resp.Redirects) || len(resp.Redirects) != 3 {
		t.Fatalf("%d redirects, %d headers", len(resp.Redirects), len(resp.RedirectHeaders))
	}
	for i, want := range []string{"<a.css>; rel=preload", "", "<b>"} {
		h := resp.RedirectHeaders[i]
		if got := h.Get("Link"); got != want || h.Get("Location") == "" {
			t.Errorf("redirect %d (%s): Link %q, Location %q; want Link %q", i, resp.Redirects[i], got, h.Get("Location"), want)
		}
	}
	if got := resp.Header.Get("Link"); got != "<c>" {
		t.Errorf("last response: Link %q", got)
	}
	// No redirect, no header of one.
	if resp, err = f.Fetch(context.Background(), s.URL+"/final"); err != nil || resp.RedirectHeaders != nil {
		t.Errorf("%v, %v", resp.RedirectHeaders, err)
	}
}

func TestFetchBaseHeaders(t *testing.T) {
	s := server(t, map[string]http.HandlerFunc{
		"/base/":     page("", "Base", "<URL: http://h/base/ >", "Content-Base", "http://no/"),
		"/cbase/x":   page("", "Content-Base", "../rel/"),
		"/location/": page("", "Content-Location", "http://no/"),
		"/bad/":      page("", "Base", "<URL:http://unclosed/"),
	})
	tests := []struct {
		path string
		want Base
		err  bool
	}{
		{"/base/", Base{"http://h/base/", Header}, false},
		{"/cbase/x", Base{s.URL + "/rel/", Header}, false},
		// Content-Location does not set an HTTP response's base.
		{"/location/", Base{s.URL + "/location/", Retrieval}, false},
		{"/bad/", Base{s.URL + "/bad/", Retrieval}, true},
	}
	var f Fetcher
	for _, tt := range tests {
		resp, err := f.Fetch(context.Background(), s.URL+tt.path)
		if err != nil {
			t.Fatal(err)
		}
		if resp.Base != tt.want || (resp.BaseErr != nil) != tt.err {
			t.Errorf("%s: base %v, %v; want %v (error %v)", tt.path, resp.Base, resp.BaseErr, tt.want, tt.err)
		}
	}
}

func TestFetchErrors(t *testing.T) {
	s := server(t, map[string]http.HandlerFunc{
		"/loop1":    redirect("/loop2", 302),
		"/loop2":    redirect("/loop1#frag", 302),
		"/self":     redirect("", 302),
		"/ftp":      redirect("ftp://example.invalid/x", 302),
		"/missing":  http.NotFound,
		"/big":      page(strings.Repeat("x", 2000)),
		"/slow":     func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() },
		"/hop/":     func(w http.ResponseWriter, r *http.Request) { redirect(r.URL.Path+"x", 302)(w, r) },
		"/location": func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(302) },
	})
	tests := []struct {
		f    Fetcher
		url  string
		want error
	}{
		{Fetcher{}, s.URL + "/loop1", ErrRedirectLoop},
		{Fetcher{}, s.URL + "/ftp", ErrScheme},
		{Fetcher{}, "file:///etc/passwd", ErrScheme},
		{Fetcher{}, s.URL + "/missing", ErrHTTPStatus},
		{Fetcher{MaxBody: 1000}, s.URL + "/big", ErrBodyTooLarge},
		{Fetcher{Timeout: 100 * time.Millisecond}, s.URL + "/slow", context.DeadlineExceeded},
		{Fetcher{}, s.URL + "/hop/", ErrTooManyHops},
		{Fetcher{MaxRedirects: -1}, s.URL + "/loop1", ErrTooManyHops},
		{Fetcher{}, s.URL + "/location", ErrNoLocation},
	}
	for _, tt := range tests {
		_, err := tt.f.Fetch(context.Background(), tt.url)
		var fe *FetchError
		if !errors.Is(err, tt.want) || !errors.As(err, &fe) || fe.URL != tt.url {
			t.Errorf("Fetch(%s): %v, want a FetchError wrapping %v", tt.url, err, tt.want)
		}
	}
	// The redirect to an empty Location resolves to the same URL: a loop.
	if _, err := (&Fetcher{}).Fetch(context.Background(), s.URL+"/self"); !errors.Is(err, ErrRedirectLoop) {
		t.Errorf("empty Location: %v, want a loop", err)
	}
	// Exactly ten redirects are followed.
	_, err := (&Fetcher{}).Fetch(context.Background(), s.URL+"/hop/")
	if !strings.Contains(err.Error(), "more than 10") {
		t.Errorf("hops: %v", err)
	}
}

func TestFetchDenyPrivate(t *testing.T) {
	s := server(t, map[string]http.HandlerFunc{
		"/doc":   func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "<a href=x>") },
		"/hop":   redirect("/doc", 302),
		"/other": redirect("http://localhost:1/doc", 302),
	})
	ctx := context.Background()
	// Without the flag, the loopback server answers.
	if _, err := (&Fetcher{}).Fetch(ctx, s.URL+"/hop"); err != nil {
		t.Fatalf("allowed fetch: %v", err)
	}
	// With it, the address dialled (127.0.0.1) is refused, whatever the
	// URL says: an IP literal, a name resolving to loopback.
	deny := &Fetcher{DenyPrivate: true}
	for _, u := range []string{s.URL + "/doc", strings.Replace(s.URL, "127.0.0.1", "localhost", 1) + "/doc"} {
		_, err := deny.Fetch(ctx, u)
		if !errors.Is(err, ErrDeniedAddr) {
			t.Errorf("Fetch(%s) with DenyPrivate: %v, want ErrDeniedAddr", u, err)
		}
	}
	// A custom transport that is not an *http.Transport cannot be checked.
	odd := &Fetcher{DenyPrivate: true, Transport: roundTripFunc(func(*http.Request) (*http.Response, error) { return nil, io.EOF })}
	if _, err := odd.Fetch(ctx, s.URL+"/doc"); err == nil || !strings.Contains(err.Error(), "DenyPrivate needs") {
		t.Errorf("DenyPrivate with a custom RoundTripper: %v", err)
	}
}

// TestFetchDenyPrivateRedirect checks each hop of a fetch: a server
// allowed (by a test rule) redirects to one denied.
func TestFetchDenyPrivateRedirect(t *testing.T) {
	target := server(t, map[string]http.HandlerFunc{
		"/doc": func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "<a href=x>") },
	})
	first := server(t, map[string]http.HandlerFunc{"/hop": redirect(target.URL+"/doc", 302)})
	tu, _ := url.Parse(target.URL)
	deniedPort := tu.Port()
	old := deniedAddrPort
	deniedAddrPort = func(ap netip.AddrPort) bool { return fmt.Sprint(ap.Port()) == deniedPort }
	defer func() { deniedAddrPort = old }()
	_, err := (&Fetcher{DenyPrivate: true}).Fetch(context.Background(), first.URL+"/hop")
	var fe *FetchError
	if !errors.Is(err, ErrDeniedAddr) || !errors.As(err, &fe) || fe.Last != target.URL+"/doc" {
		t.Errorf("redirect to a denied address: %v", err)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestFetchDecodesEveryCoding: every Content-Encoding token of every
// field is undone in order (issue 23.3), or the fetch fails naming it.
func TestFetchDecodesEveryCoding(t *testing.T) {
	const doc = `<a href="x">x</a>`
	enc := warctest.Encode
	coded := func(body []byte, fields ...string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			for _, f := range fields {
				w.Header().Add("Content-Encoding", f)
			}
			w.Header().Set("Content-Type", "text/html")
			w.Write(body)
		}
	}
	s := server(t, map[string]http.HandlerFunc{
		"/gzgz":     coded(enc([]byte(doc), "gzip", "gzip"), "gzip, gzip"),
		"/two":      coded(enc([]byte(doc), "gzip", "x-gzip"), "gzip", "x-gzip"),
		"/gzid":     coded(enc([]byte(doc), "gzip"), "gzip, identity"),
		"/br":       coded(enc([]byte(doc), "br"), "br"),
		"/zstd-gz":  coded(enc([]byte(doc), "zstd", "gzip"), "zstd, gzip"),
		"/compress": coded([]byte(doc), "compress"),
		"/bomb":     coded(enc(make([]byte, 10<<20), "gzip", "gzip"), "gzip, gzip"),
	})
	for _, p := range []string{"/gzgz", "/two", "/gzid", "/br", "/zstd-gz"} {
		resp, err := (&Fetcher{}).Fetch(context.Background(), s.URL+p)
		if err != nil || string(resp.Body) != doc || resp.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s: %v", p, err)
		}
	}
	if _, err := (&Fetcher{}).Fetch(context.Background(), s.URL+"/compress"); !errors.Is(err, coding.ErrUnsupported) || !strings.Contains(err.Error(), `"compress"`) {
		t.Errorf("compress: %v, want a coding.ErrUnsupported naming it", err)
	}
	if _, err := (&Fetcher{MaxBody: 1 << 20}).Fetch(context.Background(), s.URL+"/bomb"); !errors.Is(err, ErrBodyTooLarge) {
		t.Errorf("bomb: %v, want ErrBodyTooLarge", err)
	}
}
