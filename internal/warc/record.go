package warc

import (
	"io"

	"github.com/relurl/relurl/internal/ascii"
)

// A Record is one WARC record: its header and its block.
type Record struct {
	// Offset is the byte offset in the file of the record (plain WARC) or
	// of the gzip member that holds it (".warc.gz"); the offset a WARC
	// index (CDX) gives, and the one errors name.
	Offset int64
	// Version is the version line, such as "WARC/1.0" or "WARC/1.1".
	Version string
	// Header holds every header field in file order.
	Header Header

	// The named fields of Header, for convenience ("" when absent).
	Type          string // WARC-Type: "response", "request", "metadata", "warcinfo"...
	TargetURI     string // WARC-Target-URI, without the "<" ">" some writers put around it
	ID            string // WARC-Record-ID, such as "<urn:uuid:...>"
	ContentType   string // Content-Type of the block, such as "application/http; msgtype=response"
	ContentLength int64  // Content-Length: the length of Block in bytes

	// Block reads the record block: exactly ContentLength bytes, straight
	// from the file. It is valid until the next call to Next; the part not
	// read is skipped by Next. A read error is an *Error (ErrTruncated,
	// ErrGzip or ErrIO), reported once: Next does not report it again.
	Block io.Reader

	r *Reader
}

// needsTargetURI reports whether the WARC-Type requires WARC-Target-URI
// (WARC/1.1 section 5.12: "all records of types request, response,
// resource, revisit, conversion and continuation").
func needsTargetURI(typ string) bool {
	switch ascii.Lower(typ) {
	case "request", "response", "resource", "revisit", "conversion", "continuation":
		return true
	}
	return false
}

// TrimAngles removes one pair of angle brackets around a URI. The grammar
// of WARC/1.0 section 5.12 writes WARC-Target-URI as a bare URI but some
// writers, following the "<uri>" form of WARC-Record-ID, enclose it; the
// brackets are framing, not part of the retrieval URL. The WAT reader
// takes the WARC-Target-URI a WAT record copies by it too.
func TrimAngles(s string) string {
	if len(s) >= 2 && s[0] == '<' && s[len(s)-1] == '>' {
		return s[1 : len(s)-1]
	}
	return s
}
