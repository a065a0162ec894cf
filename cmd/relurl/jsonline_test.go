package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relurl/relurl"
)

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// checkJSONField checks that appendJSONField wrote s losslessly: the value
// decodes to s where s is valid UTF-8, and NAME_base64 holds its bytes
// otherwise.
func checkJSONField(t *testing.T, s string) {
	t.Helper()
	line := append(appendJSONField([]byte{'{'}, true, "v", s), '}')
	var m map[string]string
	if err := json.Unmarshal(line, &m); err != nil {
		t.Fatalf("%q gives invalid JSON %q: %v", s, line, err)
	}
	if utf8.ValidString(s) {
		if m["v"] != s || len(m) != 1 {
			t.Errorf("%q: got %q", s, line)
		}
		return
	}
	raw, err := base64.StdEncoding.DecodeString(m["v_base64"])
	if err != nil || string(raw) != s || !sameReplaced(m["v"], s) {
		t.Errorf("%q: got %q", s, line)
	}
}

// sameReplaced reports whether got is s with each invalid byte replaced by
// U+FFFD, as ranging over a string decodes it.
func sameReplaced(got, s string) bool {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r)
	}
	return got == b.String()
}

func TestJSONString(t *testing.T) {
	for _, s := range []string{
		"", "http://a/b", `q"uote\back`, "nul\x00ctl\x01\x1f\x7f", "tab\tcr\rlf\n",
		"<>&", "é☃😀", "\u2028\u2029", "bad\xffbyte", "\xc0\x80", "\xed\xa0\x80", "trunc\xe2\x82",
	} {
		checkJSONField(t, s)
	}
	if got := string(appendJSONString(nil, "\x00<")); got != `"\u0000<"` {
		t.Errorf("got %s", got)
	}
}

func FuzzJSONString(f *testing.F) {
	f.Add("http://a/b")    // plain ASCII
	f.Add("a\x00\x1f\"\\") // escapes
	f.Add("\xff\xfe")      // invalid UTF-8
	f.Add("é\xe2\x82")     // valid then truncated rune
	f.Fuzz(checkJSONField)
}

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
	Base    string   `json:"base"`
	Ref     string   `json:"ref"`
	RFC1808 string   `json:"rfc1808"`
	RFC2396 string   `json:"rfc2396"`
	RFC3986 string   `json:"rfc3986"`
	Differs []string `json:"differs"`
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
	if err := json.Unmarshal(appendParseJSON(nil, s), &p); err != nil {
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
