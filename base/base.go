// Package base establishes the base URL of a document by the rules of RFC
// 1808 section 3, innermost first:
//
//  1. (3.1) a base embedded in the document's content: the href of the
//     first BASE element in an HTML document's head (see HTML), or a
//     message header: Base (RFC 1808), Content-Base (RFC 2110) or
//     Content-Location (RFC 2557, as MHTML uses it) (see MessageHeader);
//  2. (3.2) the base of the entity that encloses the document: a MIME
//     multipart/* or message/* entity, to any depth (see WalkMessage);
//  3. (3.3) the URL the document was retrieved by, after redirects (see
//     Fetcher and FileURL);
//  4. (3.4) otherwise none: every reference is taken as absolute.
//
// A Base is the URL together with the rule that set it. Each layer is
// established against the next layer out: a relative BASE href or Base
// header is resolved against the base of the enclosing layer (Within).
// Every resolution goes through the root package relurl (RFC 1808 section
// 4); this package never resolves a URL any other way.
//
// The readers of documents, FromHTML and Walker, take outside input: what
// they hold at once is bounded by a limits.Limits (token, header line,
// header block, record, nesting depth, URL), never by the input, and their
// time is linear in it. An input that breaks a limit gives an error naming
// the limit, the offset and at most 120 bytes of the input with its
// length; the base then comes from the next rule of section 3, and a
// message's walk goes on with its next part.
package base

import (
	"strconv"

	"github.com/relurl/relurl"
)

// Source says which rule of RFC 1808 section 3 established a base.
type Source uint8

// The rules of section 3. The zero Source is None.
const (
	None      Source = iota // 3.4: no base; references are taken as absolute
	Retrieval               // 3.3: the URL used to retrieve the document
	Enclosing               // 3.2: the base of an enclosing entity
	Header                  // 3.1: a message or HTTP header (Base, Content-Base, Content-Location)
	HTML                    // 3.1: the href of an HTML BASE element
)

var sourceNames = [...]string{None: "none", Retrieval: "retrieval", Enclosing: "enclosing", Header: "header", HTML: "html"}

// String returns the source's name as the links command prints it:
// "none", "retrieval", "enclosing", "header" or "html".
func (s Source) String() string {
	if int(s) < len(sourceNames) {
		return sourceNames[s]
	}
	return "Source(" + strconv.Itoa(int(s)) + ")"
}

// Base is an established base URL and the rule that set it. The zero Base
// is no base (section 3.4). Base is comparable.
type Base struct {
	URL    string // the base URL; empty for Source None
	Source Source
}

// Retrieved returns the base of a document retrieved by url (section 3.3),
// or no base when url is empty.
func Retrieved(url string) Base {
	if url == "" {
		return Base{}
	}
	return Base{URL: url, Source: Retrieval}
}

// Within returns the base embedded at an inner layer (a BASE href or a
// Base header) as established inside the layer whose base is b: a relative
// href is resolved against b (section 3: each rule applies when the inner
// ones give no absolute base), an absolute one stands as written.
func (b Base) Within(href string, src Source) Base {
	return Base{URL: relurl.Resolve(b.URL, href), Source: src}
}

// enclosed returns the base that an entity enclosed in a layer with base b
// inherits when it embeds none (section 3.2). A base embedded in the
// encloser (html, header) or inherited by it (enclosing) becomes
// Enclosing; a retrieval URL or no base passes down as it is, since the
// enclosed entity was retrieved by the same URL.
func (b Base) enclosed() Base {
	switch b.Source {
	case Header, HTML, Enclosing:
		return Base{URL: b.URL, Source: Enclosing}
	}
	return b
}

// Resolve resolves ref against the base by RFC 1808 section 4 (with no
// base, ref is returned as it is: section 3.4 and step 1).
func (b Base) Resolve(ref string) string { return relurl.Resolve(b.URL, ref) }
