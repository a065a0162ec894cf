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

// renameOpen: an output file is closed before it is renamed (an open file
// may not be renamed on some systems; nothing is locked here).
const renameOpen = false
