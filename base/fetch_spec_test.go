package base

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/whatwg"
)

// TestFetchSpec checks that a fetch reads its document by the Fetcher's
// Spec throughout: each Location is resolved by it (RFC 1808 takes
// "..;x/" as ".." with params, the others as a segment), so is a relative
// Content-Base against the URL retrieved; a Location the URL Standard
// rejects fails the fetch with the reason, and a Content-Base it rejects
// leaves the retrieval URL with a *FallbackError.
func TestFetchSpec(t *testing.T) {
	s := server(t, map[string]http.HandlerFunc{
		"/b/c/d":     redirect("..;x/", http.StatusFound),
		"/b/;x/":     page("<a href=g>", "Content-Type", "text/html", "Content-Base", "..;y/"),
		"/b/c/..;x/": page("<a href=g>", "Content-Type", "text/html", "Content-Base", "..;y/"),
		"/bad":       redirect("http://a:99999/", http.StatusFound),
		"/badbase":   page("x", "Content-Base", "http://a:99999/"),
	})
	for _, tc := range []struct {
		spec      relurl.Spec
		url, base string // paths after the server's address
	}{
		{relurl.RFC1808, "/b/;x/", "/;y/"},
		{relurl.RFC2396, "/b/c/..;x/", "/b/c/..;x/..;y/"},
		{relurl.RFC3986, "/b/c/..;x/", "/b/c/..;x/..;y/"},
		{relurl.WHATWG, "/b/c/..;x/", "/b/c/..;x/..;y/"},
	} {
		f := Fetcher{Spec: tc.spec}
		resp, err := f.Fetch(context.Background(), s.URL+"/b/c/d")
		if err != nil {
			t.Fatalf("%v: %v", tc.spec, err)
		}
		if resp.URL != s.URL+tc.url || resp.Base != (Base{s.URL + tc.base, Header}) || resp.BaseErr != nil {
			t.Errorf("%v: retrieved %s, base %v (%v); want %s, %s", tc.spec, resp.URL, resp.Base, resp.BaseErr, tc.url, tc.base)
		}
	}
	f := Fetcher{Spec: relurl.WHATWG}
	_, err := f.Fetch(context.Background(), s.URL+"/bad")
	var fe *FetchError
	if !errors.As(err, &fe) || !errors.Is(err, whatwg.PortOutOfRange) || fe.Last != s.URL+"/bad" {
		t.Errorf("rejected Location: %v", err)
	}
	resp, err := f.Fetch(context.Background(), s.URL+"/badbase")
	var fb *FallbackError
	if err != nil || resp.Base != Retrieved(s.URL+"/badbase") || !errors.As(resp.BaseErr, &fb) || !errors.Is(resp.BaseErr, whatwg.PortOutOfRange) {
		t.Errorf("rejected Content-Base: %v, %v, %v", resp, err, resp.BaseErr)
	}
}
