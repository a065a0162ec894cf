package graph

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// duckDB runs query in a real DuckDB, through its Node package
// (@duckdb/node-api, which ships its engine), and returns the rows as
// JSON objects. .ci/run installs the package and sets
// RELURL_DUCKDB_NODE_PATH to its node_modules; under CI=true the test
// fails without it, elsewhere it skips, saying how to install it.
func duckDB(t *testing.T, query string) []map[string]any {
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

// TestParquetInDuckDB: DuckDB reads the Parquet file of a page graph with
// dates and of a host graph: the column names and types of the schema,
// and every edge as the TSV form gives it.
func TestParquetInDuckDB(t *testing.T) {
	rows, _ := genRows(4, 500)
	rows += "d\thttp://a/\u00e9\tretrieval\ta@href\tx\thttp://b/\t\n"
	for _, level := range []Level{Page, Host} {
		g, _ := build(t, rows, level, 0)
		file := filepath.Join(t.TempDir(), "g.parquet")
		if err := os.WriteFile(file, write(t, g, Parquet), 0o666); err != nil {
			t.Fatal(err)
		}
		lit := "'" + strings.ReplaceAll(file, "'", "''") + "'"
		schema := duckDB(t, "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet("+lit+"))")
		var types []string
		for _, c := range schema {
			types = append(types, c["column_name"].(string)+" "+c["column_type"].(string))
		}
		if got := strings.Join(types, ", "); got != "source VARCHAR, target VARCHAR, date VARCHAR, count BIGINT" {
			t.Errorf("%v: schema %s", level, got)
		}
		got := duckDB(t, "SELECT source, target, coalesce(date, '<null>') AS date, count FROM read_parquet("+lit+")")
		var want []map[string]any
		g.Edges(func(e Edge) error {
			d := e.Date
			if d == "" {
				d = "<null>"
			}
			// getRowObjectsJson gives BIGINT as a string.
			want = append(want, map[string]any{"source": e.Source, "target": e.Target, "date": d, "count": strings.TrimSpace(jsonInt(e.Count))})
			return nil
		})
		if len(got) != len(want) {
			t.Fatalf("%v: DuckDB reads %d rows, want %d", level, len(got), len(want))
		}
		for i := range want {
			for k, v := range want[i] {
				if g := got[i][k]; g != v {
					t.Errorf("%v: row %d %s = %v (%T), want %v", level, i, k, g, g, v)
				}
			}
		}
	}
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }
