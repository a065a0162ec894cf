package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/relurl/relurl"
)

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// The shapes of the shared JSON objects, for decoding in tests.

// jsonComponents is appendComponentsJSON's object.
type jsonComponents struct {
	URL      string  `json:"url"`
	Scheme   *string `json:"scheme"`
	NetLoc   *string `json:"net_loc"`
	Path     *string `json:"path"`
	Params   *string `json:"params"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
}

// jsonParse is a line of "relurl parse -json" and the answer of
// /api/parse.
type jsonParse struct {
	jsonComponents
	Valid  bool   `json:"valid"`
	Offset *int   `json:"offset"`
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

// jsonResolve is the answer of "relurl explain -json" and /api/resolve.
type jsonResolve struct {
	Spec             string         `json:"spec"`
	Result           string         `json:"result"`
	ResultComponents jsonComponents `json:"result_components"`
	Trace            struct {
		Base       jsonComponents `json:"base"`
		Ref        jsonComponents `json:"ref"`
		Steps      []relurl.Step  `json:"steps"`
		Unrecorded int            `json:"unrecorded"`
		Result     string         `json:"result"`
	} `json:"trace"`
	Answers []struct {
		Spec    string `json:"spec"`
		Result  string `json:"result"`
		Differs bool   `json:"differs"`
	} `json:"answers"`
}

// jsonCompare is a line of "relurl compare -json".
type jsonCompare struct {
	Base        string   `json:"base"`
	Ref         string   `json:"ref"`
	RFC1808     string   `json:"rfc1808"`
	RFC2396     string   `json:"rfc2396"`
	RFC3986     string   `json:"rfc3986"`
	WHATWG      string   `json:"whatwg"`
	WHATWGError string   `json:"whatwg_error"`
	Differs     []string `json:"differs"`
}

// jsonError is the answer of the API to a request it refuses.
type jsonError struct {
	Error struct {
		Status  int    `json:"status"`
		Param   string `json:"param"`
		Message string `json:"message"`
	} `json:"error"`
}

// TestComponentsShape checks that the components of a URL have one shape
// in every answer: "relurl parse -json", the trace's base and reference
// and the result's components.
func TestComponentsShape(t *testing.T) {
	const s = "http://a/b?"
	var p jsonParse
	if err := json.Unmarshal(appendParseJSON(nil, relurl.RFC1808, s), &p); err != nil {
		t.Fatal(err)
	}
	var r jsonResolve
	out := appendResolveJSON(nil, newResolveResponse(s, "", relurl.RFC1808))
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	if p.jsonComponents.URL != s || *p.Query != "" || p.Fragment != nil || !p.Valid {
		t.Errorf("parse: %+v", p)
	}
	for _, c := range []jsonComponents{r.Trace.Base, r.ResultComponents} {
		if !reflect.DeepEqual(c, p.jsonComponents) {
			t.Errorf("components %+v, parse gives %+v", c, p.jsonComponents)
		}
	}
	if bytes.Count(out, []byte("\n")) != 0 {
		t.Errorf("resolve JSON spans lines: %s", out)
	}
}
