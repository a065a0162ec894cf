package main

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEMainCommand runs the README's main command and checks that it
// prints what the README says it prints.
func TestREADMEMainCommand(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	const cmdPrefix = "go run ./cmd/relurl "
	i := strings.Index(readme, cmdPrefix)
	if i < 0 {
		t.Fatal("README has no main command")
	}
	line := readme[i+len(cmdPrefix) : i+strings.IndexByte(readme[i:], '\n')]
	j := strings.Index(readme, "The first prints:\n\n```\n")
	if j < 0 {
		t.Fatal(`README has no "The first prints:" block`)
	}
	block := readme[j+len("The first prints:\n\n```\n"):]
	block = block[:strings.Index(block, "```")]

	// The command line is simple: words, some in single quotes.
	var args []string
	for _, f := range strings.Fields(line) {
		args = append(args, strings.Trim(f, "'"))
	}
	relurlRun(t, "", args...).want(t, block, 0)
}
