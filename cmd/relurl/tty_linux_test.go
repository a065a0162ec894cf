//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal pair with the Linux ioctls (TIOCSPTLCK,
// TIOCGPTN), so that a test can give the built command a real terminal.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		m.Close()
		t.Skipf("unlockpt: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		m.Close()
		t.Skipf("ptsname: %v", e)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("open slave: %v", err)
	}
	return m, s
}

// TestLinksProgressOnTerminal runs the built command over a directory with
// standard error on a real terminal: a progress line (files, links, MB/s)
// appears there, and standard output holds only the rows. With standard
// error not a terminal, nothing is written there.
func TestLinksProgressOnTerminal(t *testing.T) {
	dir := t.TempDir()
	const files = 50
	for i := range files {
		doc := fmt.Sprintf(`<base href="http://h/%d/"><a href="a%d">x</a><img src="i.png">`, i, i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%02d.html", i)), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	master, slave := openPTY(t)
	defer master.Close()
	cmd := exec.Command(relurlBin, "links", dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, slave
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close() // the child holds its copy
	tty := make(chan string)
	go func() {
		b, _ := io.ReadAll(master) // ends with EIO once the child exits
		tty <- string(b)
	}()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("relurl links: %v", err)
	}
	screen := <-tty
	if n := strings.Count(out.String(), "\n"); n != 2*files {
		t.Errorf("stdout has %d rows, want %d", n, 2*files)
	}
	want := fmt.Sprintf("relurl: links: %d files, %d links, ", files, 2*files)
	if !strings.Contains(screen, want) || !strings.Contains(screen, "MB/s") {
		t.Errorf("terminal shows %q, want a progress line with %q and MB/s", screen, want)
	}

	// Not a terminal: nothing on standard error.
	r := relurlRun(t, "", "links", dir)
	if r.status != 0 || r.stderr != "" {
		t.Errorf("stderr not a terminal: status %d, stderr %q", r.status, r.stderr)
	}
}

// TestIsTerminal checks the terminal test on a real terminal and on
// character devices, files and pipes that are not terminals: /dev/null is
// a character device, and progress output must not go there.
func TestIsTerminal(t *testing.T) {
	_, slave := openPTY(t)
	defer slave.Close()
	if !isTerminal(slave) {
		t.Errorf("isTerminal(%s) = false on a pseudo-terminal", slave.Name())
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if fi, err := null.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s is not a character device (%v): the test proves nothing", os.DevNull, err)
	}
	if isTerminal(null) {
		t.Errorf("isTerminal(%s) = true", os.DevNull)
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Errorf("isTerminal(a regular file) = true")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if isTerminal(w) {
		t.Errorf("isTerminal(a pipe) = true")
	}
}
