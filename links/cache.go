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
type resolveCache struct {
	slots *[cacheSlots]cacheSlot // allocated once a document is worth it
	seed  maphash.Seed
	gen   uint32
	seen  int // links looked up while slots is nil
	// Lookups and hits in the current generation: a document whose links
	// do not repeat stops paying for the hash.
	lookups, hits int
	off           bool
}

type cacheSlot struct {
	gen      uint32
	ref, url string
}

const (
	cacheSlots = 1024 // a power of two
	// cacheAfter is how many links an Extractor sends before it allocates
	// the slots: small documents do not pay for them.
	cacheAfter = 64
	// After cacheProbe lookups in a document with fewer than one hit in
	// cacheMinRate, the cache is off until the next document.
	cacheProbe   = 512
	cacheMinRate = 8
)

// reset forgets every entry, for a new base.
func (c *resolveCache) reset() {
	c.lookups, c.hits, c.off = 0, 0, false
	c.gen++
	if c.gen == 0 && c.slots != nil {
		// The generation counter wrapped: old entries could match again.
		clear(c.slots[:])
		c.gen = 1
	}
}

// lookup returns the slot for ref, and whether it holds ref's resolution.
// On a miss the caller may fill the returned slot, when not nil, with
// store.
func (c *resolveCache) lookup(ref []byte) (*cacheSlot, bool) {
	if c.off {
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
	} else if c.lookups >= cacheProbe && c.hits*cacheMinRate < c.lookups {
		c.off = true
	}
	return s, hit
}

// store records a resolution in a slot returned by lookup.
func (c *resolveCache) store(s *cacheSlot, ref, url string) {
	*s = cacheSlot{gen: c.gen, ref: ref, url: url}
}
