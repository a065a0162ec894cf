package links

import "hash/maphash"

// A resolveCache remembers the latest resolutions of one document's
// references, so that a reference written again (menus, footers, tables
// of contents: two thirds of the links of the real documents measured in
// BenchmarkRatio) costs neither a resolution nor an allocation: the link
// gets the same strings as before. It is direct-mapped: a fixed number of
// slots, each holding the last reference whose hash falls there, so that a
// miss costs one hash and no bookkeeping, and memory stays fixed.
//
// Entries are valid for one base: reset starts a new generation, which
// empties every slot at once.
//
// Where links seldom repeat (a generated site whose every link differs),
// the hash and the store are pure cost: the cache watches its hit rate
// over windows of cacheProbe lookups, across documents, and after a window
// with less than one hit in cacheMinRate it stays off for the next
// cacheRest links, then probes again.
type resolveCache struct {
	slots *[cacheSlots]cacheSlot // allocated once an Extractor is worth it
	seed  maphash.Seed
	gen   uint32
	seen  int // links looked up while slots is nil
	// Lookups and hits in the current window.
	lookups, hits int
	rest          int // links left to pass while off
}

type cacheSlot struct {
	gen      uint32
	ref, url string
	err      error // the failure of the resolution (WHATWG only), or nil
}

const (
	cacheSlots = 1024 // a power of two
	// cacheAfter is how many links an Extractor sends before it allocates
	// the slots: small documents do not pay for them.
	cacheAfter = 64
	// A window of cacheProbe lookups with fewer than one hit in
	// cacheMinRate turns the cache off for cacheRest links.
	cacheProbe   = 512
	cacheMinRate = 8
	cacheRest    = 16384
)

// reset forgets every entry, for a new base.
func (c *resolveCache) reset() {
	c.gen++
	if c.gen == 0 && c.slots != nil {
		// The generation counter wrapped: old entries could match again.
		clear(c.slots[:])
		c.gen = 1
	}
}

// off reports whether the cache is off.
func (c *resolveCache) off() bool { return c.rest > 0 }

// lookup returns the slot for ref, and whether it holds ref's resolution.
// On a miss the caller may fill the returned slot, when not nil, with
// store.
func (c *resolveCache) lookup(ref []byte) (*cacheSlot, bool) {
	if c.rest > 0 {
		c.rest--
		return nil, false
	}
	if c.slots == nil {
		if c.seen++; c.seen < cacheAfter {
			return nil, false
		}
		c.slots = new([cacheSlots]cacheSlot)
		c.seed = maphash.MakeSeed()
		if c.gen == 0 {
			c.gen = 1
		}
	}
	s := &c.slots[maphash.Bytes(c.seed, ref)&(cacheSlots-1)]
	hit := s.gen == c.gen && s.ref == string(ref)
	c.lookups++
	if hit {
		c.hits++
	}
	if c.lookups == cacheProbe {
		if c.hits*cacheMinRate < c.lookups {
			c.rest = cacheRest
		}
		c.lookups, c.hits = 0, 0
	}
	return s, hit
}

// store records a resolution in a slot returned by lookup.
func (c *resolveCache) store(s *cacheSlot, ref, url string, err error) {
	*s = cacheSlot{gen: c.gen, ref: ref, url: url, err: err}
}
