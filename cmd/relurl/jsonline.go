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
// serve", so that the same thing has the same shape everywhere: the
// components of a URL in "relurl parse -json", /api/parse and the trace of
// "relurl explain -json" and /api/resolve.

// appendComponentsJSON appends c as a JSON object: the string split, as
// "url", then its six components by RFC 1808 section 2.4 in the order of
// section 2.1, each a string or null when absent (an absent component
// differs from an empty one).
func appendComponentsJSON(dst []byte, c relurl.Components) []byte {
	dst = append(dst, '{')
	dst = appendComponentsMembers(dst, c)
	return append(dst, '}')
}

// appendComponentsMembers appends the members of appendComponentsJSON's
// object without its braces, "url" first.
func appendComponentsMembers(dst []byte, c relurl.Components) []byte {
	dst = jsonline.AppendField(dst, true, "url", c.Input)
	for _, m := range [...]struct {
		name string
		c    relurl.Component
	}{
		{"scheme", c.Scheme}, {"net_loc", c.NetLoc}, {"path", c.Path},
		{"params", c.Params}, {"query", c.Query}, {"fragment", c.Fragment},
	} {
		dst = jsonline.AppendOptional(dst, m.name, m.c.Value, m.c.Present)
	}
	return dst
}

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

// appendTraceJSON appends t as a JSON object: "base" and "ref" as
// components, "steps" (each "step", "section", "detail"), "unrecorded"
// and "result".
func appendTraceJSON(dst []byte, t relurl.Trace) []byte {
	dst = append(dst, '{')
	dst = jsonline.AppendName(dst, true, "base")
	dst = appendComponentsJSON(dst, t.Base)
	dst = jsonline.AppendName(dst, false, "ref")
	dst = appendComponentsJSON(dst, t.Ref)
	dst = jsonline.AppendName(dst, false, "steps")
	dst = append(dst, '[')
	for i, s := range t.Steps {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '{')
		dst = jsonline.AppendField(dst, true, "step", s.Step)
		dst = jsonline.AppendField(dst, false, "section", s.Section)
		dst = jsonline.AppendField(dst, false, "detail", s.Detail)
		dst = append(dst, '}')
	}
	dst = append(dst, ']')
	dst = jsonline.AppendInt(dst, "unrecorded", t.Unrecorded)
	dst = jsonline.AppendField(dst, false, "result", t.Result)
	return append(dst, '}')
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
