package whatwg

import (
	"strconv"

	qt "github.com/relurl/relurl/internal/quote" // whatwg tests declare a quote
)

// Reason is why the basic URL parser returned failure. Its values are the
// validation errors of the URL Standard that end in "return failure", named
// as the standard names them; each is an error, so errors.Is(err, HostMissing)
// tells one reason from the others.
type Reason uint8

// The failures of the basic URL parser and of the host parser, in the
// standard's order (URL Standard, sections 3.5 and 4.4).
const (
	_ Reason = iota
	// MissingSchemeNonRelativeURL: no scheme and no base it could be relative to.
	MissingSchemeNonRelativeURL
	// HostMissing: a special URL, or credentials, without a host.
	HostMissing
	// PortOutOfRange: the port is above 65535.
	PortOutOfRange
	// PortInvalid: the port holds a code point that is not a digit.
	PortInvalid
	// DomainToASCII: UTS #46 ToASCII failed on a non-ASCII domain.
	DomainToASCII
	// DomainInvalidCodePoint: the domain holds a forbidden domain code point.
	DomainInvalidCodePoint
	// HostInvalidCodePoint: an opaque host holds a forbidden host code point.
	HostInvalidCodePoint
	// IPv4TooManyParts: an IPv4 address with more than four parts.
	IPv4TooManyParts
	// IPv4NonNumericPart: a host that ends in a number has a non-numeric part.
	IPv4NonNumericPart
	// IPv4OutOfRangePart: an IPv4 part, or the address, is too large.
	IPv4OutOfRangePart
	// IPv6Unclosed: "[" without the closing "]".
	IPv6Unclosed
	// IPv6InvalidCompression: an IPv6 address starts with a single ":".
	IPv6InvalidCompression
	// IPv6TooManyPieces: more than eight IPv6 pieces.
	IPv6TooManyPieces
	// IPv6MultipleCompression: more than one "::".
	IPv6MultipleCompression
	// IPv6InvalidCodePoint: a code point that has no place in an IPv6 address.
	IPv6InvalidCodePoint
	// IPv6TooFewPieces: fewer than eight pieces and no "::".
	IPv6TooFewPieces
	// IPv4InIPv6TooManyPieces: an embedded IPv4 address after piece 6.
	IPv4InIPv6TooManyPieces
	// IPv4InIPv6InvalidCodePoint: a malformed embedded IPv4 address.
	IPv4InIPv6InvalidCodePoint
	// IPv4InIPv6OutOfRangePart: an embedded IPv4 part above 255.
	IPv4InIPv6OutOfRangePart
	// IPv4InIPv6TooFewParts: an embedded IPv4 address of fewer than four parts.
	IPv4InIPv6TooFewParts
	numReasons
)

var reasonNames = [numReasons]string{
	MissingSchemeNonRelativeURL: "missing-scheme-non-relative-URL",
	HostMissing:                 "host-missing",
	PortOutOfRange:              "port-out-of-range",
	PortInvalid:                 "port-invalid",
	DomainToASCII:               "domain-to-ASCII",
	DomainInvalidCodePoint:      "domain-invalid-code-point",
	HostInvalidCodePoint:        "host-invalid-code-point",
	IPv4TooManyParts:            "IPv4-too-many-parts",
	IPv4NonNumericPart:          "IPv4-non-numeric-part",
	IPv4OutOfRangePart:          "IPv4-out-of-range-part",
	IPv6Unclosed:                "IPv6-unclosed",
	IPv6InvalidCompression:      "IPv6-invalid-compression",
	IPv6TooManyPieces:           "IPv6-too-many-pieces",
	IPv6MultipleCompression:     "IPv6-multiple-compression",
	IPv6InvalidCodePoint:        "IPv6-invalid-code-point",
	IPv6TooFewPieces:            "IPv6-too-few-pieces",
	IPv4InIPv6TooManyPieces:     "IPv4-in-IPv6-too-many-pieces",
	IPv4InIPv6InvalidCodePoint:  "IPv4-in-IPv6-invalid-code-point",
	IPv4InIPv6OutOfRangePart:    "IPv4-in-IPv6-out-of-range-part",
	IPv4InIPv6TooFewParts:       "IPv4-in-IPv6-too-few-parts",
}

// Error returns the standard's name of the validation error.
func (r Reason) Error() string {
	if r < numReasons && reasonNames[r] != "" {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// Error is a failure of the basic URL parser: the input, the byte offset in
// it where the parser gave up, and the reason. Unwrap gives the Reason.
type Error struct {
	Input  string // the input as given
	Offset int    // byte offset in Input
	Reason Reason
	Base   bool // Input is the base given to Resolve, not the reference
}

func (e *Error) Error() string {
	in := e.Input
	q := qt.Excerpt(in, len(in))
	what := "whatwg: parse "
	if e.Base {
		what = "whatwg: parse base "
	}
	return what + q + ": " + e.Reason.Error() + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns the Reason, for errors.Is.
func (e *Error) Unwrap() error { return e.Reason }
