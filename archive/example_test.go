package archive_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/relurl/relurl/archive"
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
