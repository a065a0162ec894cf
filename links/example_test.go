package links_test

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/links"
)

func ExampleExtract() {
	doc := `<html><head>
<link rel=stylesheet href="style.css">
<base href="../docs/">
</head><body>
<a href="intro.html#start">Intro</a>
<img src="fig.png" srcset="fig-2x.png 2x, /img/fig-3x.png 3x">
<noscript><a href="?js=off">without scripts</a></noscript>
</body></html>`
	// The document was retrieved by this URL (RFC 1808 section 3.3); its
	// BASE element (3.1) is resolved against it.
	outer := base.Retrieved("http://example.org/a/b/page.html")
	links.Extract(strings.NewReader(doc), outer, func(l links.Link) error {
		fmt.Printf("%s@%s\t%s\t%s\t(%s)\n", l.Element, l.Attr, l.Ref, l.URL, l.Base.Source)
		return nil
	})
	// Output:
	// link@href	style.css	http://example.org/a/docs/style.css	(html)
	// a@href	intro.html#start	http://example.org/a/docs/intro.html#start	(html)
	// img@src	fig.png	http://example.org/a/docs/fig.png	(html)
	// img@srcset	fig-2x.png	http://example.org/a/docs/fig-2x.png	(html)
	// img@srcset	/img/fig-3x.png	http://example.org/img/fig-3x.png	(html)
	// a@href	?js=off	http://example.org/a/docs/?js=off	(html)
}
