package canon_test

import (
	"fmt"

	"github.com/relurl/relurl/canon"
)

func Example() {
	in := "HTTPS://www.Example.com:443/a/./b/../%7Ec/?b=2&a=1&PHPSESSID=0123456789abcdef0123456789abcdef#top"
	for _, c := range canon.All {
		s, err := c.Canonicalize(in)
		if err != nil {
			fmt.Println(c.Name(), "fails:", err)
			continue
		}
		fmt.Printf("%-16s %s\n", c.Name(), s)
	}
	// Output:
	// whatwg           https://www.example.com/a/%7Ec/?b=2&a=1&PHPSESSID=0123456789abcdef0123456789abcdef#top
	// google           https://www.example.com/a/~c/?b=2&a=1&PHPSESSID=0123456789abcdef0123456789abcdef
	// semantic_precise https://www.example.com/a/~c/?PHPSESSID=0123456789abcdef0123456789abcdef&a=1&b=2#top
	// semantic         https://www.example.com/a/~c/?PHPSESSID=0123456789abcdef0123456789abcdef&a=1&b=2
	// aggressive       http://example.com/a/~c?a=1&b=2
	// ia               HTTPS://example.com/a/~c?&a=1&b=2
}

func ExampleCDXKey() {
	for _, u := range []string{
		"http://www.Example.com/A/?b=2&a=1",
		"https://example.com:443/a?jsessionid=0123456789ABCDEF0123456789abcdef",
		"http://192.168.1.254/info/",
		"dns:example.com",
		"",
		"http://example.com:99999/",
	} {
		key, err := canon.CDXKey(u)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(key)
	}
	// Output:
	// com,example)/a?a=1&b=2
	// com,example)/a
	// 254,1,168,192)/info
	// dns:example.com
	// -
	// canon: cdx "http://example.com:99999/": port is not a number from 0 to 65535 (the surt library fails)
}

func ExampleCanonicalizer_SURT() {
	u := "http://user@www.example.org:8080/a?q#f"
	for _, o := range []canon.SURTOptions{
		{},
		{OmitTrailingComma: true},
		{OmitScheme: true, OmitTrailingComma: true, StripWWW: true},
	} {
		s, _ := canon.WHATWG.SURT(u, o)
		fmt.Println(s)
	}
	s, _ := canon.Semantic.SURT(u, canon.SURTOptions{OmitScheme: true})
	fmt.Println(s)
	ss, _ := canon.WHATWG.SSURT(u)
	fmt.Println(ss)
	// Output:
	// http://(org,example,www,:8080)/a?q#f
	// http://(org,example,www:8080)/a?q#f
	// org,example:8080)/a?q#f
	// org,example,www,:8080)/a?q
	// org,example,www,//8080:http@user:/a?q#f
}

// The reading as urlcanon parses gives urlcanon's result, byte for byte,
// where the URL Standard reading rejects the input or reads it otherwise.
// (The expected lines are urlcanon 0.4.1's, from its Python code.)
func ExampleURLCanon() {
	for _, in := range []string{
		"http://%20leadingspace.com/",   // no host to the URL Standard
		"gopher://foo:70/",              // gopher was special, port 70 its default
		"www.www.example.com/a//b/?b&a", // one "www" label, one "/" a round
		`http:/\user:pw@Host:080/x`,     // the port as it is written
	} {
		for _, c := range []*canon.Canonicalizer{canon.Semantic, canon.Aggressive} {
			s, _ := canon.URLCanon(c).Canonicalize(in)
			fmt.Println(canon.URLCanon(c).Name(), s)
		}
	}
	// Output:
	// urlcanon.semantic http://%20leadingspace.com/
	// urlcanon.aggressive http://%20leadingspace.com/
	// urlcanon.semantic gopher://foo/
	// urlcanon.aggressive gopher://foo/
	// urlcanon.semantic http://www.www.example.com/a/b/?a&b
	// urlcanon.aggressive http://www.example.com/a/b?a&b
	// urlcanon.semantic http://host:080/x
	// urlcanon.aggressive http://host:080/x
}

func ExampleParseURLCanon() {
	u := canon.ParseURLCanon(` http:/\user:pw@Host:080/x?q#f`)
	fmt.Printf("%q %q %q %q %q %q %q %q %q\n", u.LeadingJunk, u.Scheme, u.Slashes, u.Username, u.Password, u.Host, u.Port, u.Path, u.Query)
	fmt.Println(u.SURT(canon.SURTOptions{}))
	fmt.Println(u.SSURT())
	// Output:
	// " " "http" "/\\" "user" "pw" "Host" "080" "/x" "q"
	//  http:/\(Host,:080)/x?q#f
	//  Host,/\080:http@user:pw:/x?q#f
}

// ByName finds a canonicalizer by the name a flag or a configuration gives
// ("-" for "_", "urlcanon." for the reading as urlcanon parses); here the
// canonicalizers side by side on one URL, from the mildest to the most
// aggressive.
func ExampleByName() {
	in := "https://user@www.Example.com/A//b/?y=2&x=1#f"
	for _, name := range []string{"whatwg", "google", "semantic-precise", "semantic", "aggressive", "urlcanon.aggressive", "ia", "surt"} {
		c, ok := canon.ByName(name)
		if !ok {
			fmt.Println(name, "is no canonicalizer")
			continue
		}
		s, _ := c.Canonicalize(in)
		fmt.Printf("%-19s %s\n", c.Name(), s)
	}
	// Output:
	// whatwg              https://user@www.example.com/A//b/?y=2&x=1#f
	// google              https://user@www.example.com/A/b/?y=2&x=1
	// semantic_precise    https://www.example.com/A/b/?x=1&y=2#f
	// semantic            https://www.example.com/A/b/?x=1&y=2
	// aggressive          http://example.com/a/b?x=1&y=2
	// urlcanon.aggressive http://example.com/a/b?x=1&y=2
	// ia                  https://example.com/a/b?x=1&y=2
	// surt is no canonicalizer
}

// SURTOptions choose the SURT form: without the scheme and trailing comma
// (as pywb writes), without a leading www label, and with an IPv4 address
// reversed as the surt library reverses it (the CDX key's host).
func ExampleSURTOptions() {
	for _, o := range []canon.SURTOptions{
		{OmitScheme: true, OmitTrailingComma: true},
		{OmitScheme: true, OmitTrailingComma: true, StripWWW: true},
		{OmitScheme: true, OmitTrailingComma: true, ReverseIPv4: true},
	} {
		a, _ := canon.WHATWG.SURT("http://www2.example.org/a", o)
		b, _ := canon.WHATWG.SURT("http://192.168.1.254/info/", o)
		fmt.Println(a, b)
	}
	// Output:
	// org,example,www2)/a 192.168.1.254)/info/
	// org,example)/a 192.168.1.254)/info/
	// org,example,www2)/a 254,1,168,192)/info/
}

// ReverseHost reverses any host's labels; SSURTHost, the host of an SSURT,
// leaves an IP address (in any form the URL Standard reads) as it is.
func ExampleSSURTHost() {
	for _, h := range []string{"www.example.org", "a,b.example", "192.168.1.254", "0x7f.1", "[2001:db8::1]"} {
		fmt.Println(h, canon.ReverseHost(h), canon.SSURTHost(h))
	}
	// Output:
	// www.example.org org,example,www, org,example,www,
	// a,b.example example,a.b, example,a.b,
	// 192.168.1.254 254,1,168,192, 192.168.1.254
	// 0x7f.1 1,0x7f, 0x7f.1
	// [2001:db8::1] [2001:db8::1], [2001:db8::1]
}

// CDXOptions are the surt library's other options, for an index written
// with them; the zero value gives CDXKey.
func ExampleCDXOptions() {
	for _, o := range []canon.CDXOptions{
		{},
		{WithScheme: true},
		{TrailingComma: true},
		{KeepWWW: true},
		{KeepIPOrder: true},
	} {
		a, _ := o.Key("http://www.Example.com/A/?b=2&a=1")
		b, _ := o.Key("http://192.168.1.254/info/")
		fmt.Println(a, b)
	}
	// Output:
	// com,example)/a?a=1&b=2 254,1,168,192)/info
	// http://(com,example)/a?a=1&b=2 http://(254,1,168,192)/info
	// com,example,)/a?a=1&b=2 254,1,168,192,)/info
	// com,example,www)/a?a=1&b=2 254,1,168,192)/info
	// com,example)/a?a=1&b=2 192.168.1.254)/info
}
