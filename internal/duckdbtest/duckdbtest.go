// Package duckdbtest runs queries in a real DuckDB for tests: the tests
// that read relurl's Parquet files (packages graph and rows) share it.
package duckdbtest

import (
	"encoding/json"
	"os"
	"os/exec"
	"testing"
)

// Query runs query in a real DuckDB, through its Node package
// (@duckdb/node-api, which ships its engine), and returns the rows as
// JSON objects (getRowObjectsJson: a BIGINT is a string, a BLOB a string
// of its bytes with \xNN escapes). .ci/run installs the package and sets
// RELURL_DUCKDB_NODE_PATH to its node_modules; under CI=true the test
// fails without it, elsewhere it skips, saying how to install it.
func Query(t testing.TB, query string) []map[string]any {
	t.Helper()
	dir := os.Getenv("RELURL_DUCKDB_NODE_PATH")
	if dir == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true and RELURL_DUCKDB_NODE_PATH is not set: .ci/run installs @duckdb/node-api")
		}
		t.Skip("no DuckDB: npm install --prefix DIR @duckdb/node-api, then RELURL_DUCKDB_NODE_PATH=DIR/node_modules")
	}
	script := `const { DuckDBInstance } = require('@duckdb/node-api');
(async () => {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const r = await c.runAndReadAll(process.argv[1]);
  process.stdout.write(JSON.stringify(r.getRowObjectsJson()));
})().catch(e => { console.error(e.message); process.exit(1); });`
	cmd := exec.Command("node", "-e", script, query)
	cmd.Env = append(os.Environ(), "NODE_PATH="+dir)
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("DuckDB: %v: %s", err, msg)
	}
	var rows []map[string]any
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatalf("DuckDB's answer %q: %v", out, err)
	}
	return rows
}
