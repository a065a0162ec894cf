//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package crawl

import (
	"errors"
	"os"
)

var errTmpLocked = errors.New("temporary file in use")

// lockTmp cannot lock here: no temporary file is provably dead, so none
// is removed (removeStaleTmp).
func lockTmp(*os.File) error { return errors.ErrUnsupported }
