package whatwg

import (
	"github.com/relurl/relurl/internal/percent"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
)

// SearchParams is the URL Standard's URLSearchParams (section 6.2): a list
// of name-value pairs, parsed from and serialized to
// application/x-www-form-urlencoded (section 5). Names and values are
// strings of Unicode scalar values: a string that is not valid UTF-8 is
// taken with each ill-formed sequence replaced by U+FFFD, as the URL API's
// USVString conversion does for lone surrogates.
//
// A SearchParams from URL.SearchParams is bound to that URL variable and
// kept in step with it both ways, as the URL API's searchParams is: each
// mutation (Append, Set, Delete, Sort) sets the variable to the URL with
// the serialized list as its query (none when the list is empty), and a
// change made to the variable by other means (u = u.SetSearch("x=1")) is
// seen by the next call. A SearchParams from ParseSearchParams is bound to
// nothing. The zero SearchParams is an empty list bound to nothing. A
// SearchParams is not safe for concurrent use.
type SearchParams struct {
	list []param
	url  *URL
	seen string // the href the list was parsed from, when bound
}

type param struct{ name, value string }

// ParseSearchParams parses s (a leading "?" is removed, as the
// URLSearchParams constructor does) as application/x-www-form-urlencoded.
func ParseSearchParams(s string) *SearchParams {
	p := new(SearchParams)
	p.list = parseForm(p.list, strings.TrimPrefix(s, "?"))
	return p
}

// SearchParams returns the URL's query as a SearchParams bound to *u: its
// mutations update *u. u must not be nil.
func (u *URL) SearchParams() *SearchParams {
	p := &SearchParams{url: u}
	p.sync()
	return p
}

// sync parses the bound URL's query again if the URL changed since.
func (p *SearchParams) sync() {
	if p.url == nil || p.url.href == p.seen {
		return
	}
	q, _ := p.url.Query()
	p.list = parseForm(p.list[:0], q)
	p.seen = p.url.href
}

// update is the standard's update steps: the bound URL's query becomes the
// serialization, null when it is empty.
func (p *SearchParams) update() {
	if p.url == nil {
		return
	}
	u := *p.url
	if u.href == "" {
		return
	}
	s := p.String()
	head := u.href[:u.queryStart]
	if s != "" {
		head += "?" + s
	}
	*p.url = u.reparse(head, u.href[u.fragStart:])
	p.seen = p.url.href
}

// Size is the number of pairs.
func (p *SearchParams) Size() int {
	p.sync()
	return len(p.list)
}

// Get returns the value of the first pair named name, and whether there is
// one (the URL API's get returns null when there is none).
func (p *SearchParams) Get(name string) (string, bool) {
	p.sync()
	name = toScalars(name)
	for _, kv := range p.list {
		if kv.name == name {
			return kv.value, true
		}
	}
	return "", false
}

// GetAll returns the values of the pairs named name, in order, in a new
// slice (nil when there are none).
func (p *SearchParams) GetAll(name string) []string {
	p.sync()
	name = toScalars(name)
	var out []string
	for _, kv := range p.list {
		if kv.name == name {
			out = append(out, kv.value)
		}
	}
	return out
}

// Has reports whether a pair is named name, and, when a value is given,
// has that value (only the first value given is used).
func (p *SearchParams) Has(name string, value ...string) bool {
	p.sync()
	name = toScalars(name)
	for _, kv := range p.list {
		if kv.name == name && (len(value) == 0 || kv.value == toScalars(value[0])) {
			return true
		}
	}
	return false
}

// Append adds a pair at the end.
func (p *SearchParams) Append(name, value string) {
	p.sync()
	p.list = append(p.list, param{toScalars(name), toScalars(value)})
	p.update()
}

// Set gives the first pair named name the value and removes the others
// named name, or appends the pair when there is none.
func (p *SearchParams) Set(name, value string) {
	p.sync()
	name, value = toScalars(name), toScalars(value)
	found := false
	p.list = slices.DeleteFunc(p.list, func(kv param) bool {
		if kv.name != name {
			return false
		}
		if found {
			return true
		}
		found = true
		return false
	})
	if found {
		for i := range p.list {
			if p.list[i].name == name {
				p.list[i].value = value
				break
			}
		}
	} else {
		p.list = append(p.list, param{name, value})
	}
	p.update()
}

// Delete removes the pairs named name, or, when a value is given, those
// named name with that value (only the first value given is used).
func (p *SearchParams) Delete(name string, value ...string) {
	p.sync()
	name = toScalars(name)
	var v string
	if len(value) > 0 {
		v = toScalars(value[0])
	}
	p.list = slices.DeleteFunc(p.list, func(kv param) bool {
		return kv.name == name && (len(value) == 0 || kv.value == v)
	})
	p.update()
}

// Sort sorts the pairs by name, in the order of their UTF-16 code units as
// the standard says, keeping the order of pairs with equal names.
func (p *SearchParams) Sort() {
	p.sync()
	slices.SortStableFunc(p.list, func(a, b param) int { return compareUTF16(a.name, b.name) })
	p.update()
}

// All iterates over the pairs, name and value, in order. The list must not
// be changed during the iteration.
func (p *SearchParams) All() iter.Seq2[string, string] {
	p.sync()
	return func(yield func(string, string) bool) {
		for _, kv := range p.list {
			if !yield(kv.name, kv.value) {
				return
			}
		}
	}
}

// String is the application/x-www-form-urlencoded serialization of the
// list (section 5.2): pairs joined by "&", name and value by "=", each
// percent-encoded with the application/x-www-form-urlencoded
// percent-encode set and a space written "+".
func (p *SearchParams) String() string {
	p.sync()
	return string(p.AppendTo(nil))
}

// AppendTo appends String's serialization to b.
func (p *SearchParams) AppendTo(b []byte) []byte {
	p.sync()
	for i, kv := range p.list {
		if i > 0 {
			b = append(b, '&')
		}
		b = appendForm(b, kv.name)
		b = append(b, '=')
		b = appendForm(b, kv.value)
	}
	return b
}

// appendForm percent-encodes s with the application/x-www-form-urlencoded
// percent-encode set (all but ASCII alphanumerics and "*-._"), a space as
// "+". s holds scalar values only.
func appendForm(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			dst = append(dst, '+')
		case !formSet.Contains(c):
			dst = append(dst, c)
		default:
			dst = percent.AppendByte(dst, c)
		}
	}
	return dst
}

// parseForm is the application/x-www-form-urlencoded parser (section 5.1):
// the sequences between "&" that are not empty, split at the first "=",
// "+" read as a space, percent-decoded, and UTF-8 decoded without BOM with
// replacement.
func parseForm(list []param, s string) []param {
	for s != "" {
		seq, rest, _ := strings.Cut(s, "&")
		s = rest
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		list = append(list, param{decodeForm(name), decodeForm(value)})
	}
	return list
}

func decodeForm(s string) string {
	if strings.IndexByte(s, '+') < 0 && strings.IndexByte(s, '%') < 0 && utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+':
			b = append(b, ' ')
		case c == '%' && i+2 < len(s) && percent.IsHex(s[i+1]) && percent.IsHex(s[i+2]):
			b = append(b, percent.Unhex(s[i+1])<<4|percent.Unhex(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return toScalars(string(b))
}

// toScalars is the Encoding Standard's "UTF-8 decode without BOM" on the
// bytes of s: each maximal ill-formed subsequence becomes one U+FFFD (as
// the WHATWG decoder, and unlike strings.ToValidUTF8, which replaces a run).
func toScalars(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			b.WriteByte(c)
			i++
			continue
		}
		if _, n := utf8.DecodeRuneInString(s[i:]); n > 1 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		// Ill-formed: the maximal subsequence is one U+FFFD.
		i += illFormedLen(s[i:])
		b.WriteString("\uFFFD")
	}
	return b.String()
}

// compareUTF16 compares a and b by their UTF-16 code units.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ua, ub := firstUnit(ra), firstUnit(rb)
			if ua != ub {
				return int(ua) - int(ub)
			}
			// Two supplementary code points with the same high surrogate.
			return int(ra) - int(rb)
		}
		a, b = a[na:], b[nb:]
	}
	return len(a) - len(b)
}

// firstUnit is the first UTF-16 code unit of r.
func firstUnit(r rune) rune {
	if r >= 0x10000 {
		return 0xD800 + (r-0x10000)>>10
	}
	return r
}
