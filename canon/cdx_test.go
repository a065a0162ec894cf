package canon

import (
	"errors"
	"testing"
)

// TestCDXKey: the surt library's own tests of surt() (tests/test_surt.py of
// github.com/internetarchive/surt 0.3.1: test_surt, test_surt_nonascii,
// test_surt_ipaddress, test_options), with their options.
func TestCDXKey(t *testing.T) {
	tests := []struct {
		in   string
		o    CDXOptions
		want string
	}{
		{"", CDXOptions{}, "-"},
		{"filedesc:foo.arc.gz", CDXOptions{}, "filedesc:foo.arc.gz"},
		{"filedesc://foo.arc.gz", CDXOptions{}, "filedesc://foo.arc.gz"},
		{"warcinfo:foo.warc.gz", CDXOptions{}, "warcinfo:foo.warc.gz"},
		{"dns:alexa.com", CDXOptions{}, "dns:alexa.com"},
		{"http://www.archive.org/", CDXOptions{}, "org,archive)/"},
		{"http://archive.org/goo/?", CDXOptions{}, "org,archive)/goo"},
		{"http://archive.org/goo/?b&a", CDXOptions{}, "org,archive)/goo?a&b"},
		{"http://archive.org/goo/?a=2&b&a=1", CDXOptions{}, "org,archive)/goo?a=1&a=2&b"},
		{"http://archive.org/goo/?a=2&b&a=1", CDXOptions{TrailingComma: true}, "org,archive,)/goo?a=1&a=2&b"},
		{"dns:archive.org", CDXOptions{TrailingComma: true}, "dns:archive.org"},
		{"whois://whois.isoc.org.il/shaveh.co.il", CDXOptions{}, "il,org,isoc,whois)/shaveh.co.il"},
		{"mailto:foo@example.com", CDXOptions{}, "mailto:foo@example.com"},
		{"mailto:foo@example.com", CDXOptions{WithScheme: true, TrailingComma: true}, "mailto:foo@example.com"},
		{"http://www.example.com/", CDXOptions{WithScheme: true}, "http://(com,example)/"},
		{"http://www.example.com/", CDXOptions{WithScheme: true, TrailingComma: true}, "http://(com,example,)/"},
		{"https://www.example.com/", CDXOptions{WithScheme: true, TrailingComma: true}, "https://(com,example,)/"},
		{"ftp://www.example.com/", CDXOptions{TrailingComma: true}, "com,example,)/"},
		{"ftp://www.example.com/", CDXOptions{WithScheme: true, TrailingComma: true}, "ftp://(com,example,)/"},
		{"http://www.example.com/", CDXOptions{WithScheme: true, KeepWWW: true}, "http://(com,example,www)/"},
		{"http://www.example.com/", CDXOptions{KeepWWW: true}, "com,example,www)/"},
		{"ftp://www.example.com/", CDXOptions{WithScheme: true, TrailingComma: true, KeepWWW: true}, "ftp://(com,example,www,)/"},
		{"dns:archive.org", CDXOptions{WithScheme: true}, "dns:archive.org"},
		{"whois://whois.isoc.org.il/shaveh.co.il", CDXOptions{WithScheme: true}, "whois://(il,org,isoc,whois)/shaveh.co.il"},
		{"whois://whois.isoc.org.il/shaveh.co.il", CDXOptions{WithScheme: true, TrailingComma: true}, "whois://(il,org,isoc,whois,)/shaveh.co.il"},
		{"http://example.com/app?item=Wroc%C5%82aw", CDXOptions{}, "com,example)/app?item=wroc%c5%82aw"},
		{"http://192.168.1.254/info/", CDXOptions{}, "254,1,168,192)/info"},
		{"http://192.168.1.254/info/", CDXOptions{KeepIPOrder: true}, "192.168.1.254)/info"},
		{"http://www.example.com/", CDXOptions{KeepIPOrder: true}, "com,example)/"},
		{"http://example.com/foo?X=Y", CDXOptions{}, "com,example)/foo?x=y"},
		// handyurl.parse's own cases (test_handyurl_parse).
		{"http:////////////////www.vikings.com", CDXOptions{}, "com,vikings)/"},
		{"http://https://order.1and1.com", CDXOptions{WithScheme: true}, "https://(com,1and1,order)/"},
		{"http://mineral.galleries.com:/minerals/silicate/chabazit/chabazit.htm", CDXOptions{}, "com,galleries,mineral)/minerals/silicate/chabazit/chabazit.htm"},
		// UTF-8 input (test_GoogleURLCanonicalizer's unicode cases).
		{"Bücher.ch:8080", CDXOptions{}, "ch,xn--bcher-kva:8080)/"},
		{"☃.com", CDXOptions{}, "com,xn--n3h)/"},
		{"http://\u0001\u0080.com/", CDXOptions{}, "com,%01%c2%80)/"},
		// Default ports go, others stay; a port 0 is none.
		{"http://example.com:80/", CDXOptions{}, "com,example)/"},
		{"https://example.com:80/", CDXOptions{}, "com,example:80)/"},
		{"http://example.com:0/", CDXOptions{}, "com,example)/"},
		// attemptIPFormats: a number is an address modulo 2^32, octal parts.
		{"http://3279880203/blah", CDXOptions{}, "11,0,127,195)/blah"},
		{"http://39024579298/", CDXOptions{}, "226,210,11,22)/"},
		{"http://017.0.0.1/", CDXOptions{KeepIPOrder: true}, "15.0.0.1)/"},
		{"http://10.0.258/", CDXOptions{KeepIPOrder: true}, "10.0.1.2)/"},
		{"http://1.2.3.256/", CDXOptions{}, "256,3,2,1)/"},
		// Session ids.
		{"http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221", CDXOptions{}, "org,archive)/index.php?action=profile;u=4221"},
		{"http://legislature.mi.gov/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx", CDXOptions{}, "gov,mi,legislature)/mileg.aspx"},
	}
	for _, tt := range tests {
		got, err := tt.o.Key(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("%+v.Key(%q) = %q, %v; want %q", tt.o, tt.in, got, err, tt.want)
		}
	}
}

// TestCDXKeyErrors: the inputs on which the surt library raises an
// exception are errors naming the input; everything else has a key.
func TestCDXKeyErrors(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want error
	}{
		{" \t ", ErrBlank},
		{"http://example.com:x/", ErrPort},
		{"http://example.com:65536/", ErrPort},
		{"http://example.com:+1/", ErrPort},
	} {
		_, err := CDXKey(tt.in)
		var e *Error
		if !errors.As(err, &e) || e.Input != tt.in || e.Op != "cdx" || !errors.Is(err, tt.want) {
			t.Errorf("CDXKey(%q): error %v, want an *Error naming it, wrapping %v", tt.in, err, tt.want)
		}
	}
}

func TestInetAton(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // "" for a failure
	}{
		{"127.0.0.1", "127.0.0.1"},
		{"017.0.0.1", "15.0.0.1"},
		{"10.0.258", "10.0.1.2"},
		{"1.2.3.256", ""},
		{"1.16777215", "1.255.255.255"},
		{"1.16777216", ""},
		{"08.1.1.1", ""},
		{"4294967295", "255.255.255.255"},
	} {
		v, ok := inetAton(tt.in)
		got := ""
		if ok {
			got = dotted(v)
		}
		if got != tt.want {
			t.Errorf("inetAton(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
