// Package bytestr views bytes as a string without copying them: the one
// place of the unsafe conversion the hot paths of the row writer, the
// link extractor, the canonicalizers and the command's filters share.
package bytestr

import "unsafe"

// View returns b as a string without copying it. The string is valid only
// while b is not written: use it for a value that does not outlive the
// bytes (a link's bytes during the extractor's callback, the current
// line of a filter).
func View(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}
