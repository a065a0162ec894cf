package links

import "io"

// scan reads the document of r with the scanner.
func (x *Extractor) scan(r io.Reader) error { return x.reference(r) }
