package limits_test

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/relurl/relurl/archive"
	"github.com/relurl/relurl/limits"
)

// Default gives every bound its default value.
func ExampleDefault() {
	d := limits.Default()
	fmt.Println(d.URL, d.Record, d.Token, d.Depth)
	// Output:
	// 8192 67108864 4194304 64
}

// Resolve keeps the fields set, fills those zero or negative with their
// defaults, and caps those above Max.
func ExampleLimits_Resolve() {
	l := limits.Limits{URL: 2048, Record: -1, HeaderLine: math.MaxInt}.Resolve()
	fmt.Println(l.URL, l.Record, l.HeaderLine == limits.Max, l.Noscript)
	// Output:
	// 2048 67108864 true 8
}

// A Reader gives out the bytes up to its limit, then fails with an
// *Error, which errors.As finds through the errors that wrap it.
func ExampleNewReader() {
	r := limits.NewReader(strings.NewReader("<p>hello, world</p>"), "Record", 8)
	b, err := io.ReadAll(r)
	fmt.Printf("%q %d\n", b, r.N())
	err = fmt.Errorf("page.html: %w", err)
	fmt.Println(err)
	var le *limits.Error
	if errors.As(err, &le) {
		fmt.Println(le.Limit, le.Max)
	}
	exact := limits.NewReader(strings.NewReader("12345678"), "Record", 8)
	b, err = io.ReadAll(exact)
	fmt.Printf("%q %v\n", b, err)
	// Output:
	// "<p>hello" 8
	// page.html: exceeds the Record limit of 8
	// Record 8
	// "12345678" <nil>
}

// A reader takes a Limits as a field: here an archive record longer than
// Limits.Record is cut there, with an error naming the limit, and the
// next record is read.
func ExampleLimits() {
	warc := "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.com/a\r\n" +
		"Content-Type: text/html\r\nContent-Length: 40\r\n\r\n" +
		`<a href="next.html">Next</a><img src=/i>` + "\r\n\r\n" +
		"WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.com/b\r\n" +
		"Content-Type: text/html\r\nContent-Length: 15\r\n\r\n" +
		`<a href=c>c</a>` + "\r\n\r\n"
	a := archive.Reader{File: "crawl.warc", Limits: limits.Limits{Record: 30}}
	for link, err := range a.All(strings.NewReader(warc)) {
		var le *limits.Error
		var re *archive.RecordError
		if errors.As(err, &le) && errors.As(err, &re) {
			fmt.Println(re.Offset, errors.Is(err, archive.ErrTooLarge), le.Limit, le.Max)
		} else if err != nil {
			fmt.Println(err)
		} else {
			fmt.Println(link.URL)
		}
	}
	// Output:
	// http://example.com/next.html
	// 0 true Record 30
	// http://example.com/c
}
