package graph

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/duckdbtest"
	"github.com/relurl/relurl/internal/parquettest"
)

// duckDB runs query in a real DuckDB (package duckdbtest).
func duckDB(t *testing.T, query string) []map[string]any { return duckdbtest.Query(t, query) }

// TestParquetInDuckDB: DuckDB reads the Parquet file of a page graph with
// dates and of a host graph: the column names and types of the schema,
// and every edge as the TSV form gives it.
func TestParquetInDuckDB(t *testing.T) {
	rows, _ := genRows(4, 500)
	rows += "d\thttp://a/\u00e9\tretrieval\ta@href\tx\thttp://b/\t\n"
	// Not UTF-8: DuckDB reads the STRING column, U+FFFD for the bad byte.
	rows += "d\thttp://a/\xff\tretrieval\ta@href\tx\thttp://b/\xfe\n"
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
		if got := strings.Join(types, ", "); got != "source VARCHAR, target VARCHAR, date VARCHAR, count BIGINT, "+
			"source_bytes BLOB, target_bytes BLOB, date_bytes BLOB" {
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
			want = append(want, map[string]any{"source": strings.ToValidUTF8(e.Source, "\uFFFD"),
				"target": strings.ToValidUTF8(e.Target, "\uFFFD"), "date": d, "count": strings.TrimSpace(jsonInt(e.Count))})
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

// TestParquetSparkTypes: every column of a graph's Parquet file has a
// type Spark's reader maps as docs/graphs.md#parquet says, within the
// set every Spark from 2.4 on reads alike (package parquettest: Spark is
// not run here).
func TestParquetSparkTypes(t *testing.T) {
	rows, _ := genRows(2, 50)
	for _, level := range []Level{Page, Host} {
		g, _ := build(t, rows, level, 0)
		got, err := parquettest.SparkTypes(write(t, g, Parquet))
		if want := "source StringType, target StringType, date StringType, count LongType, " +
			"source_bytes BinaryType, target_bytes BinaryType, date_bytes BinaryType"; err != nil || strings.Join(got, ", ") != want {
			t.Errorf("%v: %q, %v\nwant %s", level, got, err, want)
		}
	}
}
