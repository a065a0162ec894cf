package main

import (
	"os"

	"golang.org/x/term"
)

// isTerminal reports whether f is a terminal. A character device is not
// enough (/dev/null is one): term.IsTerminal asks the terminal driver
// (an ioctl on Unix, GetConsoleMode on Windows).
func isTerminal(f *os.File) bool {
	return term.IsTerminal(int(f.Fd()))
}
