package e2e

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestScripts runs the txtar scripts of ../testdata/script: each runs the
// built relurl and compares its standard output, standard error and exit
// status with the script's expectations.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "../testdata/script",
		Setup: func(e *testscript.Env) error {
			e.Setenv("PATH", binDir+string(os.PathListSeparator)+e.Getenv("PATH"))
			return nil
		},
	})
}
