package links

// The URL-valued attributes that Extract reads, by element. Names are lower
// case, as html.Tokenizer returns them. The list holds the attributes of
// HTML 4.01 and the HTML Living Standard whose value is a URL (or, for
// srcset, a list of image candidates each starting with a URL), except
// those that do not name a resource to follow on their own (object@codebase,
// applet@codebase, which only set a base for other attributes; img@usemap,
// a fragment of the document itself; head@profile, a list).
type elemSpec struct {
	name  string
	attrs []attrSpec
}

type attrSpec struct {
	name   string
	srcset bool // a srcset list: each candidate's URL is a link
}

var (
	hrefAttrs  = []attrSpec{{name: "href"}}
	srcAttrs   = []attrSpec{{name: "src"}}
	citeAttrs  = []attrSpec{{name: "cite"}}
	frameAttrs = []attrSpec{{name: "src"}, {name: "longdesc"}}
	elemA      = &elemSpec{"a", hrefAttrs}
	elemArea   = &elemSpec{"area", hrefAttrs}
	elemLink   = &elemSpec{"link", hrefAttrs}
	elemImg    = &elemSpec{"img", []attrSpec{{name: "src"}, {name: "srcset", srcset: true}, {name: "longdesc"}}}
	elemScript = &elemSpec{"script", srcAttrs}
	elemIframe = &elemSpec{"iframe", frameAttrs}
	elemFrame  = &elemSpec{"frame", frameAttrs}
	elemForm   = &elemSpec{"form", []attrSpec{{name: "action"}}}
	elemEmbed  = &elemSpec{"embed", srcAttrs}
	elemObject = &elemSpec{"object", []attrSpec{{name: "data"}}}
	elemSource = &elemSpec{"source", []attrSpec{{name: "src"}, {name: "srcset", srcset: true}}}
	elemVideo  = &elemSpec{"video", []attrSpec{{name: "src"}, {name: "poster"}}}
	elemAudio  = &elemSpec{"audio", srcAttrs}
	elemTrack  = &elemSpec{"track", srcAttrs}
	elemInput  = &elemSpec{"input", []attrSpec{{name: "src"}, {name: "formaction"}}}
	elemButton = &elemSpec{"button", []attrSpec{{name: "formaction"}}}
	elemQuote  = &elemSpec{"blockquote", citeAttrs}
	elemQ      = &elemSpec{"q", citeAttrs}
	elemIns    = &elemSpec{"ins", citeAttrs}
	elemDel    = &elemSpec{"del", citeAttrs}
	elemBody   = &elemSpec{"body", []attrSpec{{name: "background"}}}
	elemHTML   = &elemSpec{"html", []attrSpec{{name: "manifest"}}}
)

// match returns the index in e.attrs of the attribute whose key, as
// written, is key (in any case), or -1.
func (e *elemSpec) match(key []byte) int {
	for i := range e.attrs {
		if equalLower(key, e.attrs[i].name) {
			return i
		}
	}
	return -1
}

// lookup returns the spec of the element with the given lower-case name,
// or nil when it has no URL-valued attribute. A switch on string(name)
// compiles to a comparison without converting name.
func lookup(name []byte) *elemSpec {
	switch string(name) {
	case "a":
		return elemA
	case "area":
		return elemArea
	case "link":
		return elemLink
	case "img":
		return elemImg
	case "script":
		return elemScript
	case "iframe":
		return elemIframe
	case "frame":
		return elemFrame
	case "form":
		return elemForm
	case "embed":
		return elemEmbed
	case "object":
		return elemObject
	case "source":
		return elemSource
	case "video":
		return elemVideo
	case "audio":
		return elemAudio
	case "track":
		return elemTrack
	case "input":
		return elemInput
	case "button":
		return elemButton
	case "blockquote":
		return elemQuote
	case "q":
		return elemQ
	case "ins":
		return elemIns
	case "del":
		return elemDel
	case "body":
		return elemBody
	case "html":
		return elemHTML
	}
	return nil
}

// Attributes returns the element@attribute pairs that Extract reads, in
// the order of the table above, for documentation and tests.
func Attributes() []string {
	var out []string
	for _, e := range []*elemSpec{elemA, elemArea, elemLink, elemImg, elemScript, elemIframe, elemFrame, elemForm, elemEmbed, elemObject, elemSource, elemVideo, elemAudio, elemTrack, elemInput, elemButton, elemQuote, elemQ, elemIns, elemDel, elemBody, elemHTML} {
		for _, a := range e.attrs {
			out = append(out, e.name+"@"+a.name)
		}
	}
	return out
}
