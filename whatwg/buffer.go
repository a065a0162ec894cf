package whatwg

import "unsafe"

// A Buffer parses URLs into memory it keeps and reuses, for a loop that
// parses many URLs and reads each one's components before the next: once
// its memory has grown to the longest href, Parse and ParseRef allocate
// nothing (but for an input holding tabs or newlines, a non-ASCII domain,
// and the *Error of a failure).
//
// A URL a Buffer returns shares the Buffer's memory: it is valid until the
// Buffer's next call, after which its href changes under it. URL.Clone
// gives a URL of its own. The zero Buffer is ready to use; a Buffer is not
// safe for concurrent use.
type Buffer struct {
	b []byte
}

// Parse is the package's Parse into b's memory.
func (b *Buffer) Parse(input string) (URL, error) { return b.parse(input, nil) }

// ParseRef is base.Parse(ref) into b's memory; a nil or zero base is none.
// A base that b itself returned is copied first (b's memory is about to be
// written over), at the cost of an allocation.
func (b *Buffer) ParseRef(base *URL, ref string) (URL, error) {
	if base != nil && base.href == "" {
		base = nil
	}
	if base != nil && b.holds(base.href) {
		c := base.Clone()
		base = &c
	}
	return b.parse(ref, base)
}

// holds reports whether s lies in b's memory.
func (b *Buffer) holds(s string) bool {
	if cap(b.b) == 0 || s == "" {
		return false
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b.b[:1])))
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	return start <= p && p < start+uintptr(cap(b.b))
}

func (b *Buffer) parse(input string, base *URL) (URL, error) {
	out, u, err := parse(b.b[:0], input, base, nil, nil)
	if err != nil {
		return URL{}, err
	}
	b.b = out
	u.href = unsafe.String(unsafe.SliceData(out), len(out))
	return u, nil
}

// Clone returns u with an href of its own, for keeping a URL a Buffer
// returned past the Buffer's next call. Other URLs need no Clone.
func (u URL) Clone() URL {
	u.href = string([]byte(u.href))
	return u
}
