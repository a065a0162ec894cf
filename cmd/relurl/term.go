package main

import "os"

// isTerminal reports whether f is a character device, as a terminal is.
// Standard output redirected to a file or a pipe is not.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
