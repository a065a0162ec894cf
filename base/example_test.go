package base_test

import (
	"context"
	"fmt"
	"github.com/relurl/relurl/limits"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/relurl/relurl/base"
)

func ExampleFromHTML() {
	// Section 10: the BASE element sets the base, whatever the document
	// was retrieved by. A relative href is resolved against that URL.
	doc := `<HTML><HEAD><BASE href="../docs/"></HEAD><BODY><A href="x">`
	b, _ := base.FromHTML(strings.NewReader(doc), base.Retrieved("http://example.org/a/b/page.html"), limits.Limits{})
	fmt.Println(b.URL, b.Source)
	fmt.Println(b.Resolve("x"))
	// Output:
	// http://example.org/a/docs/ html
	// http://example.org/a/docs/x
}

func ExampleHeaderValue() {
	// Section 3.1's header, as unfolded from three lines.
	u, _ := base.HeaderValue("<URL:http://www.ics.uci.edu/ Test/a/ b/c>")
	fmt.Println(u)
	// Output:
	// http://www.ics.uci.edu/Test/a/b/c
}

func ExampleWalkMessage() {
	msg := "Base: <URL:http://example.org/mail/>\r\n" +
		"Content-Type: multipart/related; boundary=B\r\n" +
		"\r\n" +
		"--B\r\n" +
		"Content-Type: text/html\r\n" +
		"Content-Location: page.html\r\n" +
		"\r\n" +
		"<a href=x>\r\n" +
		"--B\r\n" +
		"Content-Type: text/css\r\n" +
		"\r\n" +
		"a {}\r\n" +
		"--B--\r\n"
	base.WalkMessage(strings.NewReader(msg), base.Retrieved("file:///tmp/m.eml"), func(p *base.Part) error {
		body, _ := io.ReadAll(p.Body)
		fmt.Printf("part %s %s: base %s (%s), %d bytes\n", p.Position, p.MediaType, p.Base.URL, p.Base.Source, len(body))
		return nil
	})
	// Output:
	// part 1 text/html: base http://example.org/mail/page.html (header), 10 bytes
	// part 2 text/css: base http://example.org/mail/ (enclosing), 4 bytes
}

func ExampleFetcher() {
	// A server on loopback that redirects once, relatively.
	mux := http.NewServeMux()
	mux.HandleFunc("/old/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", "../new/page.html")
		w.WriteHeader(http.StatusMovedPermanently)
	})
	mux.HandleFunc("/new/page.html", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<a href="x">`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	f := base.Fetcher{Timeout: 5 * time.Second, MaxBody: 1 << 20}
	resp, err := f.Fetch(context.Background(), srv.URL+"/old/")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Section 3.3: the base is the last URL requested.
	fmt.Println(strings.TrimPrefix(resp.URL, srv.URL), resp.Base.Source, len(resp.Redirects), "redirect")
	// Output:
	// /new/page.html retrieval 1 redirect
}
