package limits

import (
	"errors"
	"fmt"
	"testing"
)

func TestResolveFillsOnlyZeroFields(t *testing.T) {
	d := Default()
	if d.Token != DefaultToken || d.HeaderLine != DefaultHeaderLine || d.HeaderBlock != DefaultHeaderBlock ||
		d.Record != DefaultRecord || d.Depth != DefaultDepth || d.Noscript != DefaultNoscript || d.URL != DefaultURL {
		t.Fatalf("Default() = %+v", d)
	}
	got := Limits{Token: 5, URL: 7}.Resolve()
	if got.Token != 5 || got.URL != 7 || got.Record != DefaultRecord {
		t.Fatalf("Resolve kept or filled the wrong fields: %+v", got)
	}
}

func TestErrorIsFoundThroughWrapping(t *testing.T) {
	err := fmt.Errorf("a.warc.gz at offset 10: %w", &Error{Limit: "Record", Max: 64})
	var le *Error
	if !errors.As(err, &le) || le.Limit != "Record" {
		t.Fatalf("errors.As did not find the limit in %v", err)
	}
	if got, want := le.Error(), "exceeds the Record limit of 64"; got != want {
		t.Fatalf("Error() = %q, want %q", got, want)
	}
}
