// Package wpt reads the test data files of the web-platform-tests that
// the tests of several packages run (urltestdata.json,
// percent-encoding.json, ...): a JSON array of cases, in which a string
// is a comment.
package wpt

import (
	"encoding/json"
	"fmt"
	"os"
)

// Load returns the cases of the WPT data file at path, each decoded into
// a T, the comments (strings) left out.
func Load[T any](path string) ([]T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var cases []T
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var c T
		if err := json.Unmarshal(r, &c); err != nil {
			return nil, fmt.Errorf("%s: case %s: %w", path, r, err)
		}
		cases = append(cases, c)
	}
	return cases, nil
}
