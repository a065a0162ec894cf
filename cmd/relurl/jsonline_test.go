package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"reflect"
	"runtime"
	"strings"
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

// TestJSONInvalidUTF8Memory checks that the -json filters stay within a
// small constant times the line on a line of bytes that are not UTF-8
// (issue 23: compare -json on 16 MiB of 0x80 reached 3.1 GB, with an
// output 38 times the input). It counts bytes allocated and written, not
// time. The bounds, per byte of the line:
//
//   - output: compare's whatwg answer is 9 bytes for each bad byte (the
//     URL Standard reads it as U+FFFD, then percent-encodes its 3 UTF-8
//     bytes); every other member holding the line costs 4/3 (base64) and
//     a few bytes (one U+FFFD for the run). parse's url and path hold it,
//     check's url.
//   - allocation: before the compact encoding, 251 (compare), 83 (parse)
//     and 44 (check) bytes per byte; the bounds leave room above today's
//     21, 18 and 12 (difftable.Compare takes 16 of compare's: the four
//     answers, the WHATWG one 9).
func TestJSONInvalidUTF8Memory(t *testing.T) {
	const n = 1 << 20
	bad := strings.Repeat("\x80", n)
	for _, c := range []struct {
		args          []string
		in            string
		output, alloc float64 // bytes per byte of the line, at most
	}{
		{[]string{"compare", "-json"}, "http://a/b\t" + bad + "\n", 9 + 4*4.0/3 + 0.1, 30},
		{[]string{"parse", "-json"}, bad + "\n", 2*4.0/3 + 0.1, 30},
		{[]string{"check", "-json"}, bad + "\n", 4.0/3 + 0.1, 20},
	} {
		var out countWriter
		var ms0, ms1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms0)
		run(&env{stdin: strings.NewReader(c.in), stdout: &out, stderr: io.Discard}, c.args)
		runtime.ReadMemStats(&ms1)
		perByte := float64(ms1.TotalAlloc-ms0.TotalAlloc) / n
		t.Logf("%v: %.1f bytes out, %.1f allocated per byte of the line", c.args, float64(out.n)/n, perByte)
		if float64(out.n)/n > c.output {
			t.Errorf("%v: %d bytes out for a line of %d: %.1f per byte, want at most %.1f", c.args, out.n, n, float64(out.n)/n, c.output)
		}
		if perByte > c.alloc {
			t.Errorf("%v: %.1f bytes allocated per byte of the line, want at most %.0f", c.args, perByte, c.alloc)
		}
	}
}

// countWriter counts the bytes written to it.
type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return len(p), nil
}
