package main

import (
	"errors"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/jsonline"
)

// JSON lines: the -json output of the commands is one JSON object per
// line, written by package jsonline so that any bytes survive (see its
// documentation for NAME_base64).

// The objects below are shared by the commands and the API of "relurl
// serve", so that the same thing has the same shape everywhere. The
// components of a URL and a trace are the library's JSON forms
// (relurl.Components.AppendJSON, relurl.Trace.AppendJSON).

// appendValidityMembers appends "valid" and, for an invalid URL, where and
// why by the BNF of RFC 1808 section 2.2: "offset" (bytes from 0), "rule"
// and "reason". It is shared by "relurl check -json", "relurl parse -json"
// and /api/parse.
func appendValidityMembers(dst []byte, verr *relurl.ValidationError) []byte {
	dst = jsonline.AppendBool(dst, "valid", verr == nil)
	if verr != nil {
		dst = jsonline.AppendInt(dst, "offset", verr.Offset)
		dst = jsonline.AppendField(dst, false, "rule", verr.Err.Error())
		dst = jsonline.AppendField(dst, false, "reason", verr.Reason)
	}
	return dst
}

// validate checks s by the BNF of section 2.2, as a *ValidationError or
// nil.
func validate(s string) *relurl.ValidationError {
	err := relurl.Validate(s)
	if err == nil {
		return nil
	}
	var verr *relurl.ValidationError
	if !errors.As(err, &verr) {
		// Validate documents only *ValidationError; keep any other error
		// visible rather than call the URL valid.
		verr = &relurl.ValidationError{Input: s, Offset: 0, Err: errors.New("?"), Reason: err.Error()}
	}
	return verr
}

// appendJSONStrings appends the member "name":[...] of strings that are
// valid UTF-8 by construction (names of specifications).
func appendJSONStrings(dst []byte, name string, ss []string) []byte {
	dst = jsonline.AppendName(dst, false, name)
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonline.AppendString(dst, s)
	}
	return append(dst, ']')
}
