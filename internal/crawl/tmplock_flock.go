//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package crawl

import (
	"errors"
	"os"
	"syscall"
)

// renameOpen: an output file is renamed before it is closed, so that its
// lock is held until it has its name (outdir.go).
const renameOpen = true

// errTmpLocked: another open file holds the lock.
var errTmpLocked = errors.New("temporary file in use")

// lockTmp takes an exclusive lock on f without waiting (flock(2)): it is
// held until f is closed, and the kernel releases it when the process
// dies, however it dies.
func lockTmp(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) {
		ferr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB)
	}); err != nil {
		return err
	}
	if errors.Is(ferr, syscall.EWOULDBLOCK) {
		return errTmpLocked
	}
	return ferr
}
