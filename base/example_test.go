package base_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/whatwg"
)

func ExampleFromHTML() {
	// Section 10: the BASE element sets the base, whatever the document
	// was retrieved by. A relative href is resolved against that URL.
	doc := `<HTML><HEAD><BASE href="../docs/"></HEAD><BODY><A href="x">`
	b, _ := base.FromHTML(strings.NewReader(doc), base.Retrieved("http://example.org/a/b/page.html"), relurl.RFC1808, limits.Limits{})
	fmt.Println(b.URL, b.Source)
	fmt.Println(relurl.Resolve(b.URL, "x"))
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

func ExampleSource() {
	// Each rule of section 3 names its Source, as the links command
	// prints it.
	for _, s := range []base.Source{base.HTML, base.Header, base.Enclosing, base.Retrieval, base.None} {
		fmt.Print(s, " ")
	}
	fmt.Println()
	// Output:
	// html header enclosing retrieval none
}

func ExampleBase() {
	// Section 3.4: with no base, a reference is taken as it is.
	var none base.Base
	fmt.Printf("%q %q\n", none.Source, relurl.Resolve(none.URL, "g"))
	// Output:
	// "none" "g"
}

func ExampleRetrieved() {
	// Section 3.3: the retrieval URL is the base when the document
	// embeds none.
	b := base.Retrieved("http://a/b/c/d;p?q")
	fmt.Println(b.Source, relurl.Resolve(b.URL, "../g"))
	// Output:
	// retrieval http://a/b/g
}

func ExampleBase_Within() {
	// A BASE href or base header is established inside the next layer
	// out: a relative one is resolved against it (section 3.1), by the
	// specification the document is read by.
	out := base.Retrieved("http://a/b/c/d")
	b, _ := out.Within("../e/", base.HTML, relurl.RFC1808, limits.Limits{})
	fmt.Println(b.URL, b.Source)
	b, _ = out.Within("..;x/", base.HTML, relurl.RFC3986, limits.Limits{})
	fmt.Println(b.URL, b.Source)
	// Under the URL Standard a base it rejects is not used: the base
	// outside stands, with a *FallbackError.
	b, err := out.Within("http://a:99999/", base.HTML, relurl.WHATWG, limits.Limits{})
	fmt.Println(b.URL, b.Source, errors.Is(err, whatwg.PortOutOfRange))
	// Output:
	// http://a/b/e/ html
	// http://a/b/c/..;x/ html
	// http://a/b/c/d retrieval true
}

func ExampleBase_WithinEncoding() {
	// The BASE href of a Shift_JIS page, decoded: under the URL
	// Standard its query is encoded in the page's encoding (the HTML
	// Standard's frozen base URL), its path in UTF-8.
	out := base.Retrieved("http://a/b/c/d")
	b, _ := out.WithinEncoding("/検索/?q=検索", base.HTML, relurl.WHATWG, limits.Limits{}, "shift_jis")
	fmt.Println(b.URL)
	b, _ = out.WithinEncoding("/検索/?q=検索", base.HTML, relurl.WHATWG, limits.Limits{}, "")
	fmt.Println(b.URL)
	// Output:
	// http://a/%E6%A4%9C%E7%B4%A2/?q=%8C%9F%8D%F5
	// http://a/%E6%A4%9C%E7%B4%A2/?q=%E6%A4%9C%E7%B4%A2
}

func ExampleMessageHeader() {
	// Base, Content-Base and Content-Location, in that order (section
	// 3.1, RFC 2110, RFC 2557).
	h := textproto.MIMEHeader{"Content-Location": {"page.html"}, "Content-Base": {"http://b/dir/"}}
	b, ok, err := base.MessageHeader(h, base.Retrieved("file:///m.eml"), relurl.RFC1808, limits.Limits{})
	fmt.Println(b.URL, b.Source, ok, err)
	// Output:
	// http://b/dir/ header true <nil>
}

func ExampleHTTPHeader() {
	// In HTTP, Content-Location names the entity, not its base.
	h := textproto.MIMEHeader{"Content-Location": {"http://elsewhere/"}}
	b, ok, _ := base.HTTPHeader(h, base.Retrieved("http://a/page"), relurl.RFC1808, limits.Limits{})
	fmt.Println(b.URL, b.Source, ok)
	// Output:
	// http://a/page retrieval false
}

func ExampleHeaderError() {
	_, _, err := base.MessageHeader(textproto.MIMEHeader{"Base": {"<URL:http://a/" + strings.Repeat("x", 1000)}}, base.Base{}, relurl.RFC1808, limits.Limits{})
	var he *base.HeaderError
	if errors.As(err, &he) {
		// The message quotes at most 120 bytes of the value, and its length.
		fmt.Println(he.Name, he.Offset, he.Reason, len(err.Error()))
	}
	// Output:
	// Base 0 no '>' closes the '<' 196
}

func ExampleFallbackError() {
	// A BASE href over the URL limit is not used: the retrieval URL stays
	// the base (section 3.3).
	doc := `<base href="http://example.org/` + strings.Repeat("x", 100) + `/">`
	b, err := base.FromHTML(strings.NewReader(doc), base.Retrieved("http://r/"), relurl.RFC1808, limits.Limits{URL: 64})
	var fe *base.FallbackError
	if errors.As(err, &fe) {
		fmt.Println(b.URL, b.Source, fe.Name, fe.Offset, fe.Length)
	}
	var le *limits.Error
	if errors.As(err, &le) {
		fmt.Println(le.Limit, le.Max)
	}
	// Output:
	// http://r/ retrieval BASE href 0 120
	// URL 64
}

func ExampleWalker() {
	// Limits bound what a message may cost; a part that breaks one is
	// reported, and the walk goes on with the next.
	w := base.Walker{Limits: limits.Limits{HeaderLine: 100}}
	msg := "Content-Type: multipart/mixed; boundary=B\r\n\r\n" +
		"--B\r\nX-Long: " + strings.Repeat("x", 1000) + "\r\n\r\nlost\r\n" +
		"--B\r\nContent-Type: text/html\r\n\r\n<a href=x>\r\n" +
		"--B--\r\n"
	err := w.WalkMessage(strings.NewReader(msg), base.Base{}, func(p *base.Part) error {
		fmt.Println("part", p.Position, p.MediaType)
		return nil
	})
	var pe *base.PartError
	if errors.As(err, &pe) {
		fmt.Println("error in part", pe.Position, "at byte", pe.Offset)
	}
	// Output:
	// part 2 text/html
	// error in part 1 at byte 50
}

func ExampleWalker_WalkMessage() {
	// A message/rfc822 part's message takes the part's position.
	msg := "Content-Type: multipart/mixed; boundary=B\r\n\r\n" +
		"--B\r\nContent-Type: message/rfc822\r\n\r\n" +
		"Content-Type: text/html\r\nContent-Base: http://inner/\r\n\r\n<p>\r\n" +
		"--B--\r\n"
	var w base.Walker
	w.WalkMessage(strings.NewReader(msg), base.Base{}, func(p *base.Part) error {
		fmt.Println(p.Position, p.MediaType, p.Base.URL, p.Base.Source)
		return nil
	})
	// Output:
	// 1 text/html http://inner/ header
}

func ExampleWalker_WalkEntity() {
	// An HTTP response's header is already read: walk its body.
	h := textproto.MIMEHeader{"Content-Type": {"multipart/related; boundary=R"}}
	body := "--R\r\nContent-Location: a.html\r\nContent-Type: text/html\r\n\r\n<p>\r\n--R--\r\n"
	var w base.Walker
	w.WalkEntity(h, strings.NewReader(body), base.Retrieved("http://a/dir/m"), func(p *base.Part) error {
		fmt.Println(p.Position, p.Base.URL, p.Base.Source)
		return nil
	})
	// Output:
	// 1 http://a/dir/a.html header
}

func ExamplePart() {
	// A part's Body is decoded from its transfer encoding.
	msg := "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nPGEgaHJlZj14Pg==\r\n"
	base.WalkMessage(strings.NewReader(msg), base.Base{}, func(p *base.Part) error {
		body, _ := io.ReadAll(p.Body)
		fmt.Printf("%q %s %s %q\n", p.Position, p.MediaType, p.Params["charset"], body)
		return nil
	})
	// Output:
	// "" text/html utf-8 "<a href=x>"
}

func ExamplePartError() {
	// A multipart body cut before its closing delimiter.
	msg := "Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\n\r\ncut"
	err := base.WalkMessage(strings.NewReader(msg), base.Base{}, func(*base.Part) error { return nil })
	fmt.Println(err)
	// Output:
	// part 1 at byte 55: multipart/mixed truncated: no closing delimiter (boundary "B"): unexpected EOF
}

func ExampleErrTooDeep() {
	msg := "Content-Type: message/rfc822\r\n\r\nContent-Type: message/rfc822\r\n\r\nA: b\r\n\r\nx"
	w := base.Walker{Limits: limits.Limits{Depth: 1}}
	err := w.WalkMessage(strings.NewReader(msg), base.Base{}, func(*base.Part) error { return nil })
	fmt.Println(errors.Is(err, base.ErrTooDeep))
	fmt.Println(err)
	// Output:
	// true
	// message at byte 72: MIME entities nested too deep: exceeds the Depth limit of 1
}

func ExampleFileURL() {
	// Bytes that would start params, a query or a fragment are escaped.
	u, _ := base.FileURL("/tmp/a b;c?d#e.html")
	fmt.Println(u)
	// Output:
	// file:///tmp/a%20b%3Bc%3Fd%23e.html
}

func ExampleErrHeaderMalformed() {
	// Part 1's header has a line with no colon: the part is reported and
	// not walked, part 2 is.
	msg := "Content-Type: multipart/mixed; boundary=B\r\n\r\n" +
		"--B\r\nContent-Type text/html\r\n\r\n<a href=lost>\r\n" +
		"--B\r\nContent-Type: text/html\r\n\r\n<a href=kept>\r\n--B--\r\n"
	err := base.WalkMessage(strings.NewReader(msg), base.Base{}, func(p *base.Part) error {
		fmt.Println("walked part", p.Position)
		return nil
	})
	fmt.Println(errors.Is(err, base.ErrHeaderMalformed))
	fmt.Println(err)
	// Output:
	// walked part 2
	// true
	// part 1 at byte 50: malformed header line "Content-Type text/html"
}
