package archive_test

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/relurl/relurl/archive"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/links"
)

// warcFile is a WARC file of two records: an HTML page, whose links are
// resolved against its retrieval URL (RFC 1808 section 3.3), and a
// response record that lacks its WARC-Target-URI, at offset 171 (the
// first record: a 127-byte header, 40 bytes of content, CRLF CRLF).
const warcFile = "WARC/1.1\r\n" +
	"WARC-Type: resource\r\n" +
	"WARC-Target-URI: http://example.com/a/page.html\r\n" +
	"Content-Type: text/html\r\n" +
	"Content-Length: 40\r\n" +
	"\r\n" +
	`<a href="next.html">Next</a><img src=/i>` +
	"\r\n\r\n" +
	"WARC/1.1\r\n" +
	"WARC-Type: response\r\n" +
	"Content-Length: 0\r\n" +
	"\r\n" +
	"\r\n\r\n"

// All gives each link as a value, and each error where it is met.
func ExampleReader_All() {
	a := archive.Reader{File: "crawl.warc"}
	for link, err := range a.All(strings.NewReader(warcFile)) {
		if errors.Is(err, archive.ErrMissingTargetURI) {
			fmt.Println("skipped:", err)
			continue
		}
		fmt.Println(link.Doc.Name, link.Element, link.Attr, link.URL)
	}
	// Output:
	// crawl.warc#0 a href http://example.com/a/next.html
	// crawl.warc#0 img src http://example.com/i
	// skipped: warc: crawl.warc: offset 171: missing WARC-Target-URI in response record ""
}

// Read with Link and Error gives each link as a view of the Reader's
// buffers, valid until Link returns: no string is made for a link, for a
// program that writes each one out at once.
func ExampleReader_Read() {
	a := archive.Reader{
		File: "crawl.warc",
		Link: func(d *archive.Document, k *links.LinkBytes) error {
			_, err := fmt.Fprintf(os.Stdout, "%s\t%s@%s\t%s\n", d.Name, k.Element, k.Attr, k.URL)
			return err
		},
		Error: func(err error) {
			var re *archive.RecordError
			if errors.As(err, &re) {
				fmt.Printf("record at offset %d of %s not read\n", re.Offset, re.File)
			}
		},
	}
	a.Read(strings.NewReader(warcFile))
	// Output:
	// crawl.warc#0	a@href	http://example.com/a/next.html
	// crawl.warc#0	img@src	http://example.com/i
	// record at offset 171 of crawl.warc not read
}

// warcRecord returns a WARC/1.1 record of the header fields given (each
// ending in CRLF) and block, with the block's Content-Length.
func warcRecord(fields, block string) string {
	return "WARC/1.1\r\n" + fields + "Content-Length: " + strconv.Itoa(len(block)) + "\r\n\r\n" + block + "\r\n\r\n"
}

// Record tells what each record was: an HTML page, a redirect (its
// Location, http@location) or a revisit (warc@revisit: the URL of the
// capture it refers to, its date as the Ref).
func ExampleReader_Record() {
	http := "Content-Type: application/http; msgtype=response\r\n"
	warc := warcRecord("WARC-Type: response\r\nWARC-Target-URI: http://example.com/a/\r\nWARC-Date: 2026-11-21T00:00:00Z\r\n"+http,
		"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=b>b</a>") +
		warcRecord("WARC-Type: response\r\nWARC-Target-URI: http://example.com/old\r\nWARC-Date: 2026-11-21T00:00:01Z\r\n"+http,
			"HTTP/1.1 301 Moved Permanently\r\nLocation: /a/\r\n\r\n") +
		warcRecord("WARC-Type: revisit\r\nWARC-Target-URI: http://example.com/a/\r\nWARC-Date: 2026-11-22T00:00:00Z\r\n"+
			"WARC-Refers-To-Date: 2026-11-21T00:00:00Z\r\n", "")
	a := archive.Reader{File: "crawl.warc", Record: func(k archive.Kind) { fmt.Println("record:", k) }}
	for link, err := range a.All(strings.NewReader(warc)) {
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(link.Doc.Name, link.Doc.Date, link.Element+"@"+link.Attr, link.Ref, link.URL)
	}
	// Output:
	// crawl.warc#0 2026-11-21T00:00:00Z a@href b http://example.com/a/b
	// record: Page
	// crawl.warc#239 2026-11-21T00:00:01Z http@location /a/ http://example.com/a/
	// record: Redirect
	// crawl.warc#469 2026-11-22T00:00:00Z warc@revisit 2026-11-21T00:00:00Z http://example.com/a/
	// record: Revisit
}

// A damaged record gives a *RecordError naming its offset and wrapping a
// sentinel; the Reader reads on from the next record.
func ExampleRecordError() {
	warc := "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.com/a\r\n" +
		"Content-Type: text/html\r\nContent-Length: 17\r\n\r\n" + // too small: the block is 34 bytes
		`<a href="x">x</a><a href="y">y</a>` + "\r\n\r\n" +
		"WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.com/b\r\n" +
		"Content-Type: text/html\r\n\r\n" + // no Content-Length
		`<a href=w>w</a>` + "\r\n\r\n" +
		"WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.com/c\r\n" +
		"Content-Type: text/html\r\nContent-Length: 15\r\n\r\n" +
		`<a href=z>z</a>` + "\r\n\r\n"
	a := archive.Reader{File: "crawl.warc"}
	for link, err := range a.All(strings.NewReader(warc)) {
		var re *archive.RecordError
		switch {
		case err == nil:
			fmt.Println(link.Doc.Name, link.URL)
		case errors.As(err, &re) && errors.Is(err, archive.ErrTrailer):
			fmt.Println(re.File, re.Offset, "ErrTrailer")
		case errors.As(err, &re) && errors.Is(err, archive.ErrContentLength):
			fmt.Println(re.File, re.Offset, "ErrContentLength")
		default:
			fmt.Println(err)
		}
	}
	// Output:
	// crawl.warc#0 http://example.com/x
	// crawl.warc 0 ErrTrailer
	// crawl.warc 155 ErrContentLength
	// crawl.warc#271 http://example.com/z
}

// A link over Limits.URL is not given: its document's *DocError wraps a
// *links.LimitError, which wraps the *limits.Error.
func ExampleDocError() {
	warc := warcRecord("WARC-Type: revisit\r\nWARC-Target-URI: http://example.com/\r\n"+
		"WARC-Refers-To-Target-URI: http://example.com/a-much-longer-path\r\n", "")
	a := archive.Reader{File: "crawl.warc", Limits: limits.Limits{URL: 32}}
	for link, err := range a.All(strings.NewReader(warc)) {
		var de *archive.DocError
		var le *links.LimitError
		var limit *limits.Error
		if errors.As(err, &de) && errors.As(err, &le) && errors.As(err, &limit) {
			fmt.Println(de.Doc, le.Element+"@"+le.Attr, le.Length, limit.Limit, limit.Max)
		} else {
			fmt.Println(link.URL, err)
		}
	}
	// Output:
	// crawl.warc#0 warc@revisit 37 URL 32
}
