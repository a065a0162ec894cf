package links

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/limits"
	"golang.org/x/net/html"
)

// The sources of issue 21, each with the rows it gives (written from the
// standards cited, not from a run).

// extractWith reads doc with an Extractor set up by set and returns its
// links as "elem@attr ref -> url [base]" lines, with the context when
// it is on.
func extractWith(t *testing.T, doc string, set func(*Extractor)) string {
	t.Helper()
	var x Extractor
	if set != nil {
		set(&x)
	}
	var b strings.Builder
	err := x.Extract(strings.NewReader(doc), base.Retrieved("http://h/d/p"), func(l Link) error {
		fmt.Fprintf(&b, "%s@%s %s -> %s", l.Element, l.Attr, l.Ref, l.URL)
		if l.Base.URL != "http://h/d/p" {
			fmt.Fprintf(&b, " [%s %s]", l.Base.URL, l.Base.Source)
		}
		for _, f := range []struct{ name, v string }{{"text", l.Text}, {"rel", l.Rel}, {"title", l.Title}} {
			if f.v != "" || f.name == "text" && l.Element == "a" && x.Context {
				fmt.Fprintf(&b, " %s=%q", f.name, f.v)
			}
		}
		b.WriteByte('\n')
		return nil
	})
	if err != nil {
		t.Fatalf("%q: %v", doc, err)
	}
	return b.String()
}

func TestSources(t *testing.T) {
	lazy := func(x *Extractor) { x.Lazy = true }
	tests := []struct {
		name, doc string
		set       func(*Extractor)
		want      string
	}{
		{"style element: url, quoted url(, @import string and url", // CSS Syntax 4.3.4, 4.3.6
			`<style>@import "i.css"; @import url(j.css); a{background:url( "k" )} b{x:url(l)}</style>`, nil,
			"style@import i.css -> http://h/d/i.css\nstyle@import j.css -> http://h/d/j.css\nstyle@url k -> http://h/d/k\nstyle@url l -> http://h/d/l\n"},
		{"comments and strings hold no url; escapes are decoded", // 4.3.2, 4.3.5, 4.3.7
			`<style>/* url(no) */ a{b:"url(no)"} c{d:URL(m\29 n)} e{f:u\72l(o)} g{h:url(\70)}</style>`, nil,
			"style@url m)n -> http://h/d/m)n\nstyle@url o -> http://h/d/o\nstyle@url p -> http://h/d/p\n"},
		{"a dimension or an ident that is not url", // 4.3.3: 1url is a dimension
			`<style>a{b:1url(no);c:-url(no);d:#url(no);e:@url(no);f:xurl(no)}</style>`, nil, ""},
		{"bad urls give nothing", // 4.3.6: a quote, '(' or white space inside
			`<style>a{b:url(x y);c:url(a"b);d:url(a(b)} e{f:url(ok)}</style>`, nil,
			"style@url ok -> http://h/d/ok\n"},
		{"url( with a string then something else: no link", // only url("x") counts
			`<style>a{b:url("x" y)} c{d:url("z"  )}</style>`, nil,
			"style@url z -> http://h/d/z\n"},
		{"unterminated url and string at the end of the style", // EOF ends the token
			`<style>a{b:url(p`, nil, "style@url p -> http://h/d/p\n"},
		{"unterminated quoted url at the end", `<style>a{b:url("q`, nil, "style@url q -> http://h/d/q\n"},
		{"a string broken by a newline is bad", "<style>@import 'r\n';</style>", nil, ""},
		{"style attributes, references decoded, on any element",
			`<div style="background:url(t)"><P STYLE='list-style: url(&quot;u&quot;)'><x-Y style=c:url(v)><s style="a:url&lpar;w)">`, nil,
			"div@style t -> http://h/d/t\np@style u -> http://h/d/u\nx-y@style v -> http://h/d/v\ns@style w -> http://h/d/w\n"},
		{"refresh with url=, quoted, in any case", // HTML 4.2.5.3 shared declarative refresh steps
			`<meta http-equiv=refresh content="5; url=r1"><meta content="0;URL='r2' x" http-equiv="REFRESH">`, nil,
			"meta@content r1 -> http://h/d/r1\nmeta@content r2 -> http://h/d/r2\n"},
		{"refresh without url=: the URL is the rest", `<meta http-equiv=refresh content=".5,r3"><meta http-equiv=refresh content="1;urlr5">`, nil,
			"meta@content r3 -> http://h/d/r3\nmeta@content urlr5 -> http://h/d/urlr5\n"},
		{"refresh of the document itself, no refresh, no http-equiv",
			`<meta http-equiv=refresh content="5"><meta http-equiv=refresh content="x; url=no"><meta content="1;url=no"><meta http-equiv=" refresh" content="1;url=no">`, nil, ""},
		{"pre-HTML5 attributes",
			`<img lowsrc=l1 dynsrc=d1><table background=t1><tr><td background=t2><th background=t3>`, nil,
			"img@lowsrc l1 -> http://h/d/l1\nimg@dynsrc d1 -> http://h/d/d1\ntable@background t1 -> http://h/d/t1\ntd@background t2 -> http://h/d/t2\nth@background t3 -> http://h/d/t3\n"},
		{"applet: codebase is the base of code and archive (a comma list)", // HTML 4.01 13.4
			`<applet code="A.class" archive="a.jar, b.jar" codebase="cb/"></applet>`, nil,
			"applet@code A.class -> http://h/d/cb/A.class [http://h/d/cb/ html]\napplet@archive a.jar -> http://h/d/cb/a.jar [http://h/d/cb/ html]\napplet@archive b.jar -> http://h/d/cb/b.jar [http://h/d/cb/ html]\n"},
		{"object: codebase is the base of data, classid and archive (a space list)", // HTML 4.01 13.3
			`<object codebase="http://o/x/" classid="clsid:x" data="d.swf" archive="e.jar  f.jar" style="a:url(s)"></object>`, nil,
			"object@classid clsid:x -> clsid:x [http://o/x/ html]\nobject@data d.swf -> http://o/x/d.swf [http://o/x/ html]\nobject@archive e.jar -> http://o/x/e.jar [http://o/x/ html]\nobject@archive f.jar -> http://o/x/f.jar [http://o/x/ html]\nobject@style s -> http://h/d/s\n"},
		{"codebase resolved against the BASE", `<base href="http://b/c/"><object codebase=../up/ data=d>`, nil,
			"object@data d -> http://b/up/d [http://b/up/ html]\n"},
		{"SVG href and xlink:href", `<svg><image href=i1 xlink:href=i2 /><use xlink:href="#u"/><feImage href=f1 /></svg>`, nil,
			"image@href i1 -> http://h/d/i1\nimage@xlink:href i2 -> http://h/d/i2\nuse@xlink:href #u -> http://h/d/p#u\nfeimage@href f1 -> http://h/d/f1\n"},
		{"link imagesrcset", `<link rel=preload imagesrcset="p1 1x, p2 2x" href=p0>`, nil,
			"link@imagesrcset p1 -> http://h/d/p1\nlink@imagesrcset p2 -> http://h/d/p2\nlink@href p0 -> http://h/d/p0\n"},
		{"lazy-loading attributes are off by default", `<img data-src=ds1 data-srcset="ds2 1x" src=s>`, nil,
			"img@src s -> http://h/d/s\n"},
		{"lazy-loading attributes with Lazy", `<img data-src=ds1 data-srcset="ds2 1x, ds3 2x" src=s data-original=ds4><video data-poster=dp>`, lazy,
			"img@data-src ds1 -> http://h/d/ds1\nimg@data-srcset ds2 -> http://h/d/ds2\nimg@data-srcset ds3 -> http://h/d/ds3\nimg@src s -> http://h/d/s\nimg@data-original ds4 -> http://h/d/ds4\nvideo@data-poster dp -> http://h/d/dp\n"},
	}
	for _, tt := range tests {
		if got := extractWith(t, tt.doc, tt.set); got != tt.want {
			t.Errorf("%s: %q:\ngot\n%swant\n%s", tt.name, tt.doc, got, tt.want)
		}
	}
}

func TestContext(t *testing.T) {
	ctx := func(x *Extractor) { x.Context = true }
	tests := []struct{ name, doc, want string }{
		{"text across tags, references decoded, white space collapsed, rel and title",
			"<a href=a1 rel=\"next nofollow\" title=\"The &amp; title\">  Some <b>bold</b>&amp;\n\t <i>text</i>&#32; </a>",
			`a@href a1 -> http://h/d/a1 text="Some bold& text" rel="next nofollow" title="The & title"` + "\n"},
		{"an <a> ends the anchor before it; document order kept",
			`<a href=a2>one<img src=i>two<a href=a3>three</a>four`,
			`a@href a2 -> http://h/d/a2 text="onetwo"` + "\nimg@src i -> http://h/d/i\n" + `a@href a3 -> http://h/d/a3 text="three"` + "\n"},
		{"raw text left out, comments split nothing",
			`<a href=a4>x<script>no</script>y<style>z{}</style>w<!-- c -->v</a>`,
			`a@href a4 -> http://h/d/a4 text="xywv"` + "\n"},
		{"a reference split by a comment is two texts", `<a href=a6>&am<!---->p;</a>`,
			`a@href a6 -> http://h/d/a6 text="&amp;"` + "\n"},
		{"unclosed anchor ends with the document", `<a href=a7 title=t>tail`,
			`a@href a7 -> http://h/d/a7 text="tail" title="t"` + "\n"},
		{"link rel and title; no text", `<link rel=stylesheet href=s.css title=Main>`,
			`link@href s.css -> http://h/d/s.css rel="stylesheet" title="Main"` + "\n"},
		{"an anchor's links in document order, each of the <a> with its context",
			`<a href=b1 style="background:url(b2)" rel=r>x<img src=b3>y</a><a href=b4>z</a>`,
			`a@href b1 -> http://h/d/b1 text="xy" rel="r"` + "\n" + `a@style b2 -> http://h/d/b2 text="xy" rel="r"` + "\n" +
				"img@src b3 -> http://h/d/b3\n" + `a@href b4 -> http://h/d/b4 text="z"` + "\n"},
		{"held for the head, then the anchor", `<link href=l><a href=a8>x</a><base href="http://no/">`,
			"link@href l -> http://h/d/l\n" + `a@href a8 -> http://h/d/a8 text="x"` + "\n"},
	}
	for _, tt := range tests {
		if got := extractWith(t, tt.doc, ctx); got != tt.want {
			t.Errorf("%s: %q:\ngot\n%swant\n%s", tt.name, tt.doc, got, tt.want)
		}
	}
	// Cut after AnchorTextMax characters (not bytes).
	got := extractWith(t, "<a href=x>"+strings.Repeat("é ", 100)+"</a>", ctx)
	want := strings.TrimSuffix(strings.Repeat("é ", AnchorTextMax/2), " ")
	if !strings.Contains(got, `text="`+want+`"`) {
		t.Errorf("long text: %s", got)
	}
	// Off, no context and the same order as without anchors.
	if got := extractWith(t, `<a href=a title=t>x<img src=i></a>`, nil); got != "a@href a -> http://h/d/a\nimg@src i -> http://h/d/i\n" {
		t.Errorf("off: %s", got)
	}
}

// TestContextHostile: anchor text across 10k nested tags, a million
// anchors, an anchor that never ends: the text stays bounded, the work
// (bytes looked at for the text) linear, the links held within the
// Token limit.
func TestContextHostile(t *testing.T) {
	work := func(n int) (int64, string) {
		doc := "<a href=x>" + strings.Repeat("<b>text ", n) + "</a>"
		x := Extractor{Context: true}
		var text string
		x.Extract(strings.NewReader(doc), base.Base{}, func(l Link) error {
			text = l.Text
			return nil
		})
		return x.anchor.work, text
	}
	w1, text := work(10000)
	w2, _ := work(20000)
	if w2 > 2*w1+1024 || w1 > 4096 {
		t.Errorf("anchor text across nested tags: work %d for 10k, %d for 20k", w1, w2)
	}
	if want := strings.Repeat("text ", 26)[:AnchorTextMax]; text != strings.TrimSpace(want) {
		t.Errorf("text %q, want %q", text, want)
	}
	// A million anchors: as many links, few allocations.
	doc := strings.Repeat("<a href=x>t</a>", 1<<20)
	x := Extractor{Context: true}
	n := 0
	allocs := testing.AllocsPerRun(1, func() {
		n = 0
		x.ExtractBytes(strings.NewReader(doc), base.Retrieved("http://h/"), func(l *LinkBytes) error {
			if string(l.Text) != "t" {
				t.Fatalf("text %q", l.Text)
			}
			n++
			return nil
		})
	})
	if n != 1<<20 || allocs > 100 {
		t.Errorf("a million anchors: %d links, %v allocations", n, allocs)
	}
	// An anchor that never ends, holding links: a warning at the Token
	// limit, every link passed on.
	x = Extractor{Context: true, Limits: limits.Limits{Token: 1 << 12}}
	var warnings []error
	x.Warn = func(err error) { warnings = append(warnings, err) }
	n = 0
	err := x.Extract(strings.NewReader("<body><a href=x>"+strings.Repeat("<img src=i>", 1000)), base.Base{}, func(l Link) error {
		n++
		return nil
	})
	if err != nil || n != 1001 || len(warnings) != 1 || !strings.Contains(warnings[0].Error(), "end of an anchor") {
		t.Errorf("unended anchor: %d links, %v, %v", n, warnings, err)
	}
}

// TestCommonRefs holds the allocation-free decoding of anchor texts to
// html.UnescapeString, which decodes them otherwise, on the references it
// takes and on near misses it must leave to UnescapeString.
func TestCommonRefs(t *testing.T) {
	for _, s := range []string{
		"a &amp; b", "&lt;code&gt;", "&quot;q&quot; &#39;s&#39;", "x&nbsp;y", "&amp;lt;", "no refs",
		"&amp", "&ampx;", "&AMP;", "&#x27;", "&nbsp", "&notin;", "&", "a&b", "&#39", "&amp;&amp;&",
		"&#x3C;a&#x3E; &#x3c;&#x3e; &#60;&#62; &#x26;&#38; &#x22;&#34; &#x27;&#39;", "&#x3C", "&#x3Cx;", "&#x003C;", "&#X3C;",
	} {
		got, ok := appendCommonRefs(nil, []byte(s))
		want := html.UnescapeString(s)
		if ok && string(got) != want {
			t.Errorf("%q: %q, UnescapeString %q", s, got, want)
		}
		if !ok && (s == "a &amp; b" || strings.HasPrefix(s, "&#x3C;a")) {
			t.Errorf("%q: left to UnescapeString", s)
		}
	}
	// Every name commonName knows, and numeric references around every
	// boundary of the rules (NUL, 0x80-0x9F, surrogates, U+10FFFF) and
	// through the first planes, in both forms, with and without the
	// semicolon: the same as UnescapeString whenever taken.
	var refs []string
	for _, n := range []string{"amp", "lt", "gt", "quot", "apos", "nbsp", "mdash", "ndash", "hellip", "lsquo", "rsquo",
		"ldquo", "rdquo", "laquo", "raquo", "copy", "reg", "trade", "middot", "bull", "times"} {
		if commonName([]byte(n)) == 0 {
			t.Errorf("commonName(%q) = 0", n)
		}
		refs = append(refs, "&"+n+";", "&"+n, "&"+n+"x;", "&"+strings.ToUpper(n)+";", "&"+n+"1;")
	}
	for r := rune(0); r < 0x110010; r++ {
		if r > 0x3100 && r%97 != 0 && !(0xd7f0 < r && r < 0xe010) && r < 0x10fff0 {
			continue
		}
		refs = append(refs, fmt.Sprintf("&#%d;", r), fmt.Sprintf("&#x%x;", r), fmt.Sprintf("&#X%04X;", r), fmt.Sprintf("&#%d", r), fmt.Sprintf("&#0000000%d;", r))
	}
	refs = append(refs, "&#;", "&#x;", "&#99999999999;", "&#x110000;", "&#xFFFFFFFFFF;", "&#12a;", "&#x12g;")
	taken := 0
	for _, ref := range refs {
		s := "a " + ref + " b"
		got, ok := appendCommonRefs(nil, []byte(s))
		if !ok {
			continue
		}
		taken++
		if want := html.UnescapeString(s); string(got) != want {
			t.Errorf("%q: %q, UnescapeString %q", s, got, want)
		}
	}
	if taken < len(refs)/3 {
		t.Errorf("only %d of %d references decoded without UnescapeString", taken, len(refs))
	}
}
