package main

// The HTTP plumbing of the API of "relurl serve": parameters in, one JSON
// line out. What the answers hold is built by explain.go and parse.go.

import (
	"net/http"
	"net/url"

	"github.com/relurl/relurl"
)

// apiResolve answers GET /api/resolve?base=...&ref=...[&spec=...].
func (s *server) apiResolve(w http.ResponseWriter, r *http.Request) {
	q, ok := queryParams(w, r, []string{"base", "ref"}, []string{"spec"})
	if !ok {
		return
	}
	spec, ok := specParam(w, q)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, appendResolveJSON(nil, newResolveResponse(q["base"], q["ref"], spec)))
}

// specParam reads the optional parameter spec, RFC 1808 when absent, or
// answers 400.
func specParam(w http.ResponseWriter, q map[string]string) (relurl.Spec, bool) {
	name, ok := q["spec"]
	if !ok {
		return relurl.RFC1808, true
	}
	// In any case, as -spec takes it.
	spec, err := relurl.ParseSpec(name)
	if err != nil {
		writeError(w, http.StatusBadRequest, "spec", "%v", err)
		return spec, false
	}
	return spec, true
}

// apiParse answers GET /api/parse?url=...[&spec=...].
func (s *server) apiParse(w http.ResponseWriter, r *http.Request) {
	q, ok := queryParams(w, r, []string{"url"}, []string{"spec"})
	if !ok {
		return
	}
	spec, ok := specParam(w, q)
	if !ok {
		return
	}
	// The same object as a line of "relurl parse -json -spec NAME".
	writeJSON(w, http.StatusOK, appendParseJSON(nil, spec, q["url"]))
}

// queryParams decodes the query of r, which must hold each required
// parameter and may hold the optional ones, each once, as valid UTF-8. It
// writes a 400 error and returns false otherwise: nothing is ignored. A
// value may hold any bytes: the answer carries them (NAME_base64).
func queryParams(w http.ResponseWriter, r *http.Request, required, optional []string) (map[string]string, bool) {
	vs, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		writeError(w, http.StatusBadRequest, "", "malformed query string: %v (percent-encode the values, as encodeURIComponent does)", err)
		return nil, false
	}
	known := map[string]bool{}
	for _, n := range required {
		known[n] = true
	}
	for _, n := range optional {
		known[n] = false
	}
	out := map[string]string{}
	for name, v := range vs {
		if _, ok := known[name]; !ok {
			writeError(w, http.StatusBadRequest, name, "unknown parameter %q", name)
			return nil, false
		}
		if len(v) > 1 {
			writeError(w, http.StatusBadRequest, name, "parameter %q given %d times", name, len(v))
			return nil, false
		}
		out[name] = v[0]
	}
	for _, n := range required {
		if _, ok := out[n]; !ok {
			writeError(w, http.StatusBadRequest, n, "missing parameter %q (give %s= for an empty one)", n, n)
			return nil, false
		}
	}
	return out, true
}

// writeJSON answers one JSON object, body, on one line.
func writeJSON(w http.ResponseWriter, status int, body []byte) {
	setJSONHeaders(w.Header())
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// setJSONHeaders sets the headers of every JSON answer, errors included.
func setJSONHeaders(h http.Header) {
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
}
