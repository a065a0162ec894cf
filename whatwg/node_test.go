package whatwg_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relurl/relurl/internal/benchmix"
	"github.com/relurl/relurl/whatwg"
)

// The differential tests against Node's URL and URLSearchParams (Node's
// URL is ada inside). They run when node is on PATH, and fail without it
// under CI=true, where .ci/run installs it.

// runNode runs the JavaScript program script with input on its standard
// input and returns its standard output.
func runNode(t *testing.T, script string, input []byte) []byte {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed: the differential tests need it under CI=true")
		}
		t.Skip("node is not installed")
	}
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	return out
}

// nodeURLScript reads a JSON array of [input, base] pairs (base null for
// none) and writes, one JSON line each, null for a failure or the href and
// the getters in the order of urlGetters.
const nodeURLScript = `
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = [];
for (const [input, base] of cases) {
  let u;
  try { u = base === null ? new URL(input) : new URL(input, base); } catch (e) { out.push('null'); continue; }
  out.push(JSON.stringify([u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash]));
}
process.stdout.write(out.join('\n') + '\n');
`

var urlGetters = []struct {
	name string
	get  func(whatwg.URL) string
}{
	{"href", whatwg.URL.Href}, {"origin", whatwg.URL.Origin}, {"protocol", whatwg.URL.Protocol},
	{"username", whatwg.URL.Username}, {"password", whatwg.URL.Password}, {"host", whatwg.URL.Host},
	{"hostname", whatwg.URL.Hostname}, {"port", whatwg.URL.Port}, {"pathname", whatwg.URL.Pathname},
	{"search", whatwg.URL.Search}, {"hash", whatwg.URL.Hash},
}

// compareWithNode parses every pair with Node and with the package and
// reports each difference in failure or in any getter.
func compareWithNode(t *testing.T, what string, pairs [][2]*string) {
	t.Helper()
	in, err := json.Marshal(pairs)
	if err != nil {
		t.Fatal(err)
	}
	out := runNode(t, nodeURLScript, in)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(pairs) {
		t.Fatalf("%s: node gave %d lines for %d inputs", what, len(lines), len(pairs))
	}
	bad := 0
	for i, p := range pairs {
		var u whatwg.URL
		var err error
		if p[1] == nil {
			u, err = whatwg.Parse(*p[0])
		} else {
			var b whatwg.URL
			if b, err = whatwg.Parse(*p[1]); err == nil {
				u, err = b.Parse(*p[0])
			}
		}
		var theirs []string
		if lines[i] != "null" {
			if jerr := json.Unmarshal([]byte(lines[i]), &theirs); jerr != nil || len(theirs) != len(urlGetters) {
				t.Fatalf("%s: node's line %q: %v", what, lines[i], jerr)
			}
		}
		var diff string
		switch {
		case err != nil && theirs != nil:
			diff = fmt.Sprintf("we fail (%v), node gives %q", err, theirs[0])
		case err == nil && theirs == nil:
			diff = fmt.Sprintf("we give %q, node fails", u.Href())
		case err == nil:
			for k, g := range urlGetters {
				if got := g.get(u); got != theirs[k] {
					diff += fmt.Sprintf(" %s %q, node %q;", g.name, got, theirs[k])
				}
			}
		}
		if diff != "" {
			bad++
			if bad <= 20 {
				base := "no base"
				if p[1] != nil {
					base = "base " + *p[1]
				}
				t.Errorf("%s: %q (%s): %s", what, *p[0], base, diff)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d inputs differ from node", what, bad, len(pairs))
	}
	t.Logf("%s: %d inputs compared with node", what, len(pairs))
}

// TestNodeURLDatasets: Node's URL and the package agree on failure, href
// and every getter for every line of both datasets, and on the crawl mix
// resolved against its bases.
func TestNodeURLDatasets(t *testing.T) {
	for _, name := range []string{"kasztp", "node_files"} {
		lines := benchmix.Dataset(t, "testdata/datasets/"+name+".txt.gz")
		pairs := make([][2]*string, len(lines))
		for i := range lines {
			if !utf8.ValidString(lines[i]) {
				t.Fatalf("%s line %d is not UTF-8: JSON would change it", name, i+1)
			}
			pairs[i][0] = &lines[i]
		}
		compareWithNode(t, name, pairs)
	}
	mix := benchmix.CrawlMix(20000)
	pairs := make([][2]*string, len(mix))
	for i := range mix {
		pairs[i] = [2]*string{&mix[i].Ref, &mix[i].Base}
	}
	compareWithNode(t, "crawl mix", pairs)
}

// nodeParamsScript runs each case's operations on a URLSearchParams made
// from its init string and on the searchParams of a URL whose query is that
// string, and writes, one JSON line per case, what each operation returned
// and the serialization (and the URL's href) after each.
const nodeParamsScript = `
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = [];
for (const c of cases) {
  const r = [];
  const u = new URL(c.url);
  for (const p of [new URLSearchParams(c.init), u.searchParams]) {
    for (const [op, name, value, withValue] of c.ops) {
      switch (op) {
      case 'append': p.append(name, value); break;
      case 'set': p.set(name, value); break;
      case 'delete': withValue ? p.delete(name, value) : p.delete(name); break;
      case 'sort': p.sort(); break;
      case 'get': r.push(String(p.get(name))); break;
      case 'getAll': r.push(JSON.stringify(p.getAll(name))); break;
      case 'has': r.push(String(withValue ? p.has(name, value) : p.has(name))); break;
      case 'size': r.push(String(p.size)); break;
      case 'entries': r.push(JSON.stringify([...p])); break;
      case 'search': u.search = value; break;
      }
      r.push(p.toString(), u.href, u.search);
    }
  }
  out.push(JSON.stringify(r));
}
process.stdout.write(out.join('\n') + '\n');
`

type paramsCase struct {
	Init string  `json:"init"`
	URL  string  `json:"url"`
	Ops  [][]any `json:"ops"` // op, name, value, withValue
}

// runParams runs a case's operations as nodeParamsScript does.
func runParams(c paramsCase) []string {
	var r []string
	u := whatwg.MustParse(c.URL)
	for _, p := range []*whatwg.SearchParams{whatwg.ParseSearchParams(c.Init), u.SearchParams()} {
		for _, op := range c.Ops {
			name, value, withValue := op[1].(string), op[2].(string), op[3].(bool)
			var vals []string
			if withValue {
				vals = []string{value}
			}
			switch op[0] {
			case "append":
				p.Append(name, value)
			case "set":
				p.Set(name, value)
			case "delete":
				p.Delete(name, vals...)
			case "sort":
				p.Sort()
			case "get":
				v, ok := p.Get(name)
				if !ok {
					v = "null"
				}
				r = append(r, v)
			case "getAll":
				all := p.GetAll(name)
				if all == nil {
					all = []string{}
				}
				r = append(r, jsonText(all))
			case "has":
				r = append(r, fmt.Sprint(p.Has(name, vals...)))
			case "size":
				r = append(r, fmt.Sprint(p.Size()))
			case "entries":
				all := [][2]string{}
				for k, v := range p.All() {
					all = append(all, [2]string{k, v})
				}
				r = append(r, jsonText(all))
			case "search":
				u = u.SetSearch(value)
			}
			r = append(r, p.String(), u.Href(), u.Search())
		}
	}
	return r
}

// encodeNonASCII percent-encodes the bytes of s above 0x7F.
func encodeNonASCII(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			fmt.Fprintf(&b, "%%%02X", s[i])
		} else {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// jsonText is JSON.stringify's text of v (no HTML escaping).
func jsonText(v any) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// TestNodeSearchParams: URLSearchParams agrees with Node's on 10,000
// generated init strings and operation sequences (parse, each mutator,
// sort, serialize, and the URL kept in step, also when its search is set).
// Node 20's URLSearchParams constructor garbles a string that holds a "%"
// before a non-ASCII code point (new URLSearchParams("%41é") gives
// "A%EF%BF%BD=", new URLSearchParams("é%FF") "%EF%BF%BD%EF%BF%BD=", where
// the standard says "A%C3%A9=" and "%C3%A9%EF%BF%BD="): in such an init
// string the non-ASCII code points are written percent-encoded, which the
// standard decodes to the same list; percent-encoded bytes that are not
// UTF-8 are left out, and TestNodeUTF8Decode checks their decoding against
// Node's TextDecoder instead. The URL's query reaches the parser
// percent-encoded already, so it needs no such care.
func TestNodeSearchParams(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	pieces := []string{"a", "b", "c", "A", "Z", "0", "9", "=", "&", "&&", "+", "%", "%2", "%20", "%3D", "%26", "%2B", "%zz",
		" ", "é", "€", "😀", "\uFFFD", "\uFF61", "\uE000", "?", "#", "/", "~", "*", "-", ".", "_", "!", "'", "(", ")",
		"%C3%A9", "%F0%9F%98%80", "%EF%BB%BF", "\x00", "\x7f", "\t", "\\", "\"", "<", ">", "`", "^", "{", "}", "|", "\u00a0"}
	names := []string{"a", "b", "A", "é", "😀", "", "a b", "+", "%61", "\uFFFD", "z", "\uFF61", "\uE000", "a=b"}
	str := func(n int) string {
		var b strings.Builder
		for range rng.IntN(n + 1) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	ops := []string{"append", "set", "delete", "sort", "get", "getAll", "has", "size", "entries", "search"}
	bases := []string{"https://example.org/p", "sc://h/p", "sc:opaque", "http://h/x#frag", "file:///x"}
	cases := make([]paramsCase, 10000)
	for i := range cases {
		c := &cases[i]
		c.Init = str(8)
		if strings.Contains(c.Init, "%") {
			c.Init = encodeNonASCII(c.Init)
		}
		if rng.IntN(3) == 0 {
			c.Init = "?" + c.Init
		}
		c.URL = bases[rng.IntN(len(bases))]
		if rng.IntN(4) > 0 {
			c.URL += "?" + strings.ReplaceAll(str(6), "#", "")
		}
		if rng.IntN(3) == 0 {
			c.URL += "#" + str(2)
		}
		for range 1 + rng.IntN(8) {
			name := names[rng.IntN(len(names))]
			if rng.IntN(4) == 0 {
				name = str(3)
			}
			c.Ops = append(c.Ops, []any{ops[rng.IntN(len(ops))], name, str(4), rng.IntN(2) == 0})
		}
	}
	for i := range cases {
		// JSON carries strings as UTF-8; inputs are valid UTF-8 so that node
		// and the package read the same ones.
		if _, err := whatwg.Parse(cases[i].URL); err != nil {
			t.Fatalf("case %d: base %q: %v", i, cases[i].URL, err)
		}
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	out := runNode(t, nodeParamsScript, in)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("node gave %d lines for %d cases", len(lines), len(cases))
	}
	bad := 0
	for i, c := range cases {
		var theirs []string
		if err := json.Unmarshal([]byte(lines[i]), &theirs); err != nil {
			t.Fatal(err)
		}
		ours := runParams(c)
		if strings.Join(ours, "\x00") != strings.Join(theirs, "\x00") {
			bad++
			if bad <= 10 {
				for k := range min(len(ours), len(theirs)) {
					if ours[k] != theirs[k] {
						t.Errorf("case %+v: result %d: %q, node %q", c, k, ours[k], theirs[k])
						break
					}
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ from node", bad, len(cases))
	}
}

// TestNodeUTF8Decode: the UTF-8 decoding of percent-decoded bytes in
// SearchParams (the Encoding Standard's "UTF-8 decode without BOM", one
// U+FFFD per maximal ill-formed subsequence) agrees with Node's
// TextDecoder on 10,000 generated byte strings.
func TestNodeUTF8Decode(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 3))
	interesting := []byte{0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf8, 0xfe, 0xff}
	inputs := make([][]byte, 10000)
	for i := range inputs {
		b := make([]byte, rng.IntN(9))
		for k := range b {
			b[k] = interesting[rng.IntN(len(interesting))]
		}
		inputs[i] = b
	}
	hexes := make([]string, len(inputs))
	for i, b := range inputs {
		hexes[i] = fmt.Sprintf("%x", b)
	}
	in, _ := json.Marshal(hexes)
	out := runNode(t, `
const hexes = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const d = new TextDecoder('utf-8');
process.stdout.write(hexes.map(h => JSON.stringify(d.decode(Buffer.from(h, 'hex')))).join('\n') + '\n');
`, in)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(inputs) {
		t.Fatalf("node gave %d lines for %d inputs", len(lines), len(inputs))
	}
	bad := 0
	for i, b := range inputs {
		var want string
		if err := json.Unmarshal([]byte(lines[i]), &want); err != nil {
			t.Fatal(err)
		}
		var q strings.Builder
		for _, c := range b {
			fmt.Fprintf(&q, "%%%02X", c)
		}
		got, _ := whatwg.ParseSearchParams("a=" + q.String()).Get("a")
		if got != want {
			if bad++; bad <= 10 {
				t.Errorf("bytes %x: decoded %q, node's TextDecoder %q", b, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d byte strings differ", bad, len(inputs))
	}
}
